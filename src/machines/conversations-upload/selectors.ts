// What the upload page reads from the conversations-upload actor.
import type { SnapshotFrom } from 'xstate';
import { batchTotals } from '../../services/conversations-upload/upload-items';
import type { conversationsUploadMachine } from './machine';

type ConversationsUploadSnapshot = SnapshotFrom<typeof conversationsUploadMachine>;

export const selectItems = (snapshot: ConversationsUploadSnapshot) => snapshot.context.items;
/** Compare with `shallowEqual`: the totals are computed afresh. */
export const selectTotals = (snapshot: ConversationsUploadSnapshot) => batchTotals(snapshot.context.items);
export const selectIsBusy = (snapshot: ConversationsUploadSnapshot) => snapshot.hasTag('busy');
