// What views read from the test-call actor.
import type { SnapshotFrom } from 'xstate';
import type { testCallMachine } from './machine';

type TestCallSnapshot = SnapshotFrom<typeof testCallMachine>;

/** One word for where the panel stands, also given to the panel as `data-state`. */
export type TestCallStage = 'idle' | 'uploading' | 'processing' | 'done' | 'failed' | 'refused';

export function selectStage(snapshot: TestCallSnapshot): TestCallStage {
  if (snapshot.matches('Uploading')) return 'uploading';
  if (snapshot.matches('Processing') || snapshot.matches('Checking')) return 'processing';
  if (snapshot.matches('Refused')) return 'refused';
  if (snapshot.matches('Ended')) return snapshot.context.testCall?.status === 'done' ? 'done' : 'failed';
  return 'idle';
}

export const selectTestCall = (snapshot: TestCallSnapshot) => snapshot.context.testCall;
export const selectTestCallId = (snapshot: TestCallSnapshot) => snapshot.context.testCallId;
export const selectFileName = (snapshot: TestCallSnapshot) =>
  snapshot.context.testCall?.file_name ?? snapshot.context.fileName;
export const selectJob = (snapshot: TestCallSnapshot) => snapshot.context.job;
export const selectIsBusy = (snapshot: TestCallSnapshot) => snapshot.hasTag('busy');
export const selectUploadError = (snapshot: TestCallSnapshot) => snapshot.context.uploadError;
export const selectReadError = (snapshot: TestCallSnapshot) =>
  snapshot.matches({ Processing: 'Unreadable' }) ? snapshot.context.readError : null;
