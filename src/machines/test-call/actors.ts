// The test-call machine's side effects: sending the file, reading the test call, the live channel, and the list.
import { map, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { ConversationProgress, LiveMessage } from '../../../contract/live';
import { testCallFieldName, type testCallSchema, type TestCall } from '../../../contract/test-calls';
import type { ApiClient } from '../../services/api-client';
import { conversationMessages } from '../../services/live/streams';
import type { TestCallLiveEvent } from './machine';

export interface TestCallServices {
  api: ApiClient;
  liveMessages: Observable<LiveMessage>;
  /** Reads the campaign's list of test calls again. */
  refreshList(): void;
}

const testCallsPath = (campaignId: string) => `/campaigns/${campaignId}/test-calls`;

/** A live message about the test call's conversation as the machine's event. */
export const toTestCallEvent = ({ job }: ConversationProgress): TestCallLiveEvent => ({
  type: 'live.changed',
  job,
});

export const createTestCallImplementations = ({ api, liveMessages, refreshList }: TestCallServices) => ({
  actors: {
    uploadTestCall: fromPromise<TestCall, { campaignId: string; file: File }>(async ({ input }) => {
      const body = new FormData();
      body.append(testCallFieldName, input.file);
      const { data } = await api.submit<typeof testCallSchema>(testCallsPath(input.campaignId), { body });
      return data;
    }),
    loadTestCall: fromPromise<TestCall, { campaignId: string; testCallId: string }>(({ input, signal }) =>
      api.request<typeof testCallSchema>(`${testCallsPath(input.campaignId)}/${input.testCallId}`, {
        signal,
      }),
    ),
    liveTestCall: fromEventObservable<TestCallLiveEvent, { testCallId: string }>(({ input }) =>
      conversationMessages(liveMessages, input.testCallId).pipe(map(toTestCallEvent)),
    ),
  },
  actions: { refreshList: () => refreshList() },
});
