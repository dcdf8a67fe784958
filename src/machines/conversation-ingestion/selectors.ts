// What the upload page reads from the conversation-ingestion actor.
import type { SnapshotFrom } from 'xstate';
import { batchTotals } from '../../services/conversation-ingestion/upload-items';
import type { conversationIngestionMachine } from './machine';

type ConversationIngestionSnapshot = SnapshotFrom<typeof conversationIngestionMachine>;

export const selectItems = (snapshot: ConversationIngestionSnapshot) => snapshot.context.items;
/** Compare with `shallowEqual`: the totals are computed afresh. */
export const selectTotals = (snapshot: ConversationIngestionSnapshot) => batchTotals(snapshot.context.items);
export const selectIsBusy = (snapshot: ConversationIngestionSnapshot) => snapshot.hasTag('busy');
