// Every browser flow's machine with what a graph traversal needs: where it starts, the events to try in each
// state (payloads included), and the synthetic events that stand in for invoked actors and delays.
import type {
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  ContextFrom,
  EventFromLogic,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import type { Evaluation } from '../../../contract/evaluations';
import type { HomeFilters } from '../../../contract/filters';
import type { Notification } from '../../../contract/notifications';
import type { TestCall } from '../../../contract/test-calls';
import type { CurrentUser } from '../../../contract/users';
import { authMachine } from '../../../src/machines/auth/machine';
import { bootMachine } from '../../../src/machines/boot/machine';
import { connectivityMachine } from '../../../src/machines/connectivity/machine';
import { conversationIngestionMachine } from '../../../src/machines/conversation-ingestion/machine';
import { evaluationMachine } from '../../../src/machines/evaluation/machine';
import { filtersMachine } from '../../../src/machines/filters/machine';
import { menuMachine } from '../../../src/machines/menu/machine';
import { notificationsMachine } from '../../../src/machines/notifications/machine';
import { testCallMachine } from '../../../src/machines/test-call/machine';
import { ApiError } from '../../../src/services/api-error';

/** One way the machine is started: traversals run once per start. */
export interface GraphStart {
  name: string;
  input: unknown;
}

export interface MachineGraph {
  /** The folder under `src/machines/`. */
  flow: string;
  machine: AnyStateMachine;
  starts: GraphStart[];
  /**
   * The events worth trying from a snapshot, payloads included. Events that no active state handles are dropped
   * before the traversal sees them (see `eventsFor`).
   */
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  /**
   * The context fields that change what can happen next; with the state value they identify a state. Everything
   * else in the context is left out so that traversal stays small and finite.
   */
  significantContext: (context: AnyMachineSnapshot['context']) => Record<string, unknown>;
  /**
   * False for a machine whose simple paths are too many to enumerate (they grow exponentially with the states
   * and events): its shortest paths, plus one more event from each, still take every transition.
   */
  simplePaths?: boolean;
}

/** What the machine receives when an invoked actor settles, or a delay elapses. */
type SyntheticEvent =
  | { type: `xstate.done.actor.${string}`; output: unknown; actorId: string }
  | { type: `xstate.error.actor.${string}`; error: unknown; actorId: string }
  | { type: `xstate.after.${string}` };

/** The invoked actor `invokeId` resolved with `output`. */
export const done = (invokeId: string, output: unknown): SyntheticEvent => ({
  type: `xstate.done.actor.${invokeId}`,
  output,
  actorId: invokeId,
});

/** The invoked actor `invokeId` failed with `error`. */
export const failure = (invokeId: string, error: unknown): SyntheticEvent => ({
  type: `xstate.error.actor.${invokeId}`,
  error,
  actorId: invokeId,
});

/** The named `delay` of the state `stateId` elapsed. */
export const after = (delay: string, stateId: string): SyntheticEvent => ({
  type: `xstate.after.${delay}.${stateId}`,
});

/** Checks each graph against its machine's types, then erases them so that graphs fit in one list. */
function defineGraph<TMachine extends AnyStateMachine>(graph: {
  flow: string;
  machine: TMachine;
  starts: Array<{ name: string; input: InputFrom<TMachine> }>;
  events: (snapshot: SnapshotFrom<TMachine>) => Array<EventFromLogic<TMachine> | SyntheticEvent>;
  significantContext: (context: ContextFrom<TMachine>) => Record<string, unknown>;
  simplePaths?: boolean;
}): MachineGraph {
  return graph as unknown as MachineGraph;
}

const doneEvaluation: Evaluation = {
  status: 'done',
  status_reason: null,
  grid_id: '00000000-0000-4000-8000-0000000000e0',
  grid_version: 1,
  engine: 'rules',
  model: null,
  main_score: 100,
  section_scores: [{ section_id: '00000000-0000-4000-8000-0000000000e1', score: 100 }],
  additional_scores: [],
  auto_failed: false,
  items: [
    {
      item_id: '00000000-0000-4000-8000-0000000000e2',
      value: 'yes',
      score: 100,
      justification: null,
      evidence: [{ text: 'Hello, this is Ada.', turn: 1, verified: true }],
      source: 'ai',
      comment: null,
      not_evaluated_reason: null,
      rule_reason: 'found',
      needs_review: false,
      failure_detail: null,
    },
  ],
  validated: false,
  validated_by: null,
  validated_at: null,
  updated_at: 1_767_225_600,
};

const doneTestCall: TestCall = {
  id: '00000000-0000-4000-8000-0000000000f1',
  campaign_id: '00000000-0000-4000-8000-0000000000f0',
  file_name: 'call.txt',
  source: 'transcript',
  status: 'done',
  status_reason: null,
  status_detail: null,
  main_score: 100,
  created_by: { id: '00000000-0000-4000-8000-000000000002', name: 'Sam Supervisor' },
  created_at: 1_767_225_600,
  turns: [],
  evaluation: doneEvaluation,
  timings: { queued_s: 0.1, transcription_s: null, analysis_s: 0.2, evaluation_s: 0.3, total_s: 0.7 },
};

export const fixtures = {
  loadedToken: { token: 'token-1', expiresIn: 900, impersonated: false },
  impersonationToken: { token: 'token-1', expiresIn: 0, impersonated: true },
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Ada Agent',
    email: 'ada@example.com',
    admin: false,
    role: 'agent',
    language: 'en',
    organisation_id: '00000000-0000-4000-8000-0000000000a1',
    config: { quality_monitoring: { role: 'agent', policy: {} } },
    features: { coaching: false },
    acting_admin_id: null,
  } satisfies CurrentUser,
  needsInvitation: new ApiError(401, 'NeedsInvitation'),
  serverError: new ApiError(500, 'Internal Server Error'),
  sessionExpired: new ApiError(401, 'Session expired, please log in again'),
  refreshedToken: { token: 'token-2', expiresIn: 900, impersonated: false },
  staleToken: 'token-0',
  notification: {
    id: '00000000-0000-4000-8000-0000000000b1',
    type: 'MENTIONED_IN_CONVERSATION',
    read: false,
    created_at: 1_767_225_600,
    conversation_id: '00000000-0000-4000-8000-0000000000c1',
    campaign_name: 'Support calls',
    conversation_type: 'call',
    agent_name: 'Lucas Petit',
    main_score: 72.5,
    excerpt: null,
    mentioned_by: { id: '00000000-0000-4000-8000-000000000002', name: 'Sam Supervisor' },
    alert_detail: null,
    assignment_count: null,
  } satisfies Notification,
  pushedNotification: {
    id: '00000000-0000-4000-8000-0000000000b2',
    type: 'ALERT',
    read: false,
    created_at: 1_767_229_200,
    conversation_id: '00000000-0000-4000-8000-0000000000c2',
    campaign_name: 'Support calls',
    conversation_type: 'call',
    agent_name: 'Lucas Petit',
    main_score: 72.5,
    excerpt: null,
    mentioned_by: null,
    alert_detail: { type: 'main_score', operator: 'lt', score: 50 },
    assignment_count: null,
  } satisfies Notification,
  conversationId: '00000000-0000-4000-8000-0000000000c1',
  doneEvaluation,
  queuedEvaluation: {
    ...doneEvaluation,
    status: 'queued',
    main_score: null,
    section_scores: [],
    items: [],
  } satisfies Evaluation,
  runningEvaluation: {
    ...doneEvaluation,
    status: 'running',
    main_score: null,
    section_scores: [],
    items: [],
  } satisfies Evaluation,
  failedEvaluation: {
    ...doneEvaluation,
    status: 'failed',
    status_reason: 'The worker stopped',
    main_score: null,
    section_scores: [],
    items: [],
  } satisfies Evaluation,
  validatedEvaluation: {
    ...doneEvaluation,
    validated: true,
    validated_by: '00000000-0000-4000-8000-000000000002',
    validated_at: 1_767_229_200,
  } satisfies Evaluation,
  doneTestCall,
  analysingTestCall: {
    ...doneTestCall,
    status: 'analysing',
    main_score: null,
    evaluation: null,
    timings: { queued_s: 0.1, transcription_s: null, analysis_s: null, evaluation_s: null, total_s: null },
  } satisfies TestCall,
  failedTestCall: {
    ...doneTestCall,
    status: 'failed',
    status_reason: 'no_speech',
    status_detail: 'No speech was recognised',
    main_score: null,
    evaluation: null,
  } satisfies TestCall,
  testCallFile: new File(['Agent: Hello.\nCustomer: Hi.'], 'call.txt', { type: 'text/plain' }),
  chatsFile: new File(
    ['conversation_id,speaker,text,sent_at\nweb-1,customer,Hello,2025-03-03T09:00:00Z\n'],
    'chats.csv',
    { type: 'text/csv' },
  ),
  agent: { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com' },
  homeFilters: {
    timeRange: { start: 1_764_547_200, end: 1_767_225_599 },
    agents: [],
    campaigns: [],
    metadata: {},
  } satisfies HomeFilters,
};

export const bootGraph = defineGraph({
  flow: 'boot',
  machine: bootMachine,
  starts: [{ name: 'app start', input: undefined }],
  events: () => [
    done('loadToken', fixtures.loadedToken),
    done('loadToken', fixtures.impersonationToken),
    done('loadToken', null),
    failure('loadToken', fixtures.sessionExpired),
    done('loadCurrentUser', { session: fixtures.loadedToken, user: fixtures.user }),
    failure('loadCurrentUser', fixtures.needsInvitation),
    failure('loadCurrentUser', fixtures.sessionExpired),
    failure('loadCurrentUser', fixtures.serverError),
    done('changeLanguage', null),
    failure('changeLanguage', new Error('The translations could not load')),
    done('auth', 'accessLost'),
    done('auth', 'signedOut'),
    failure('auth', new Error('The auth actor failed')),
    { type: 'user.updated', user: { ...fixtures.user, name: 'Ada Lovelace', language: 'fr' as const } },
  ],
  // Whether the token found is another user's decides what a 401 does.
  significantContext: ({ session }) => ({ impersonated: session?.impersonated ?? null }),
});

export const authGraph = defineGraph({
  flow: 'auth',
  machine: authMachine,
  starts: [
    { name: 'signed in', input: { token: 'token-1', expiresIn: 900, impersonated: false } },
    // The boot flow gives 0 as the lifetime of a token read from this tab's storage.
    { name: 'logged in as another user', input: { token: 'token-1', expiresIn: 0, impersonated: true } },
  ],
  events: (snapshot) => [
    { type: 'token.rejected', token: snapshot.context.token },
    { type: 'token.rejected', token: fixtures.staleToken },
    { type: 'access.lost' },
    after('refreshBeforeExpiry', 'auth.SignedIn'),
    done('refreshToken', fixtures.refreshedToken),
    failure('refreshToken', fixtures.sessionExpired),
  ],
  // The token itself changes on every refresh; which token is current is what `token.rejected` events carry.
  significantContext: ({ impersonated }) => ({ impersonated }),
});

export const menuGraph = defineGraph({
  flow: 'menu',
  machine: menuMachine,
  starts: [
    { name: 'wide screen', input: { mobile: false } },
    { name: 'mobile', input: { mobile: true } },
  ],
  events: () => [
    { type: 'menu.pointerEnter', pointerType: 'mouse' },
    { type: 'menu.pointerEnter', pointerType: 'touch' },
    { type: 'menu.entryChosen' },
    { type: 'menu.pointerLeave' },
    { type: 'menu.toggle' },
    { type: 'viewport.changed', mobile: true },
    { type: 'viewport.changed', mobile: false },
    after('hoverExpandDelay', 'menu.Hovering'),
  ],
  significantContext: ({ mobile }) => ({ mobile }),
});

export const connectivityGraph = defineGraph({
  flow: 'connectivity',
  machine: connectivityMachine,
  starts: [
    { name: 'started online', input: { online: true } },
    { name: 'started offline', input: { online: false } },
  ],
  events: () => [
    { type: 'browser.offline' },
    { type: 'browser.online' },
    { type: 'route.changed' },
    failure('watchBrowser', new Error('The browser cannot be watched')),
  ],
  significantContext: () => ({}),
});

export const notificationsGraph = defineGraph({
  flow: 'notifications',
  machine: notificationsMachine,
  starts: [
    { name: 'user on a wide screen', input: { admin: false, mobile: false } },
    { name: 'admin', input: { admin: true, mobile: false } },
  ],
  events: () => [
    { type: 'panel.toggle' },
    { type: 'panel.close' },
    { type: 'notification.open', notification: fixtures.notification },
    {
      type: 'notification.open',
      notification: { ...fixtures.notification, type: 'REVIEWS_ASSIGNED' as const, assignment_count: 2 },
    },
    { type: 'ws.notification', notification: fixtures.pushedNotification },
    { type: 'list.load' },
    { type: 'viewport.changed', mobile: true },
    { type: 'viewport.changed', mobile: false },
    done('loadNotifications', [fixtures.notification]),
    failure('loadNotifications', fixtures.serverError),
    failure('liveNotifications', new Error('The live channel closed')),
  ],
  // The items and the "new" flag only feed what is on screen: no guard reads them.
  significantContext: ({ mobile }) => ({ mobile }),
});

export const filtersGraph = defineGraph({
  flow: 'filters',
  machine: filtersMachine,
  starts: [{ name: 'saved home filters', input: { home: fixtures.homeFilters } }],
  events: () => [
    { type: 'home.update', filters: { agents: ['agent-1'] } },
    { type: 'campaign.enter', campaignId: 'campaign-1' },
    { type: 'campaign.enter', campaignId: 'campaign-2' },
    { type: 'campaign.update', filters: { topics: ['topic-1'] } },
    { type: 'campaign.leave' },
    { type: 'filters.reset' },
    { type: 'storage.campaignFiltersRead', campaignId: 'campaign-1', filters: { topics: ['topic-1'] } },
    { type: 'defaults.homeFiltersRead', home: fixtures.homeFilters },
    { type: 'walk.follow', campaignId: 'campaign-1' },
    { type: 'walk.follow', campaignId: 'campaign-2' },
  ],
  // Which campaigns are entered and walked is what the flow is about; the filters only feed what is on screen.
  significantContext: ({ campaignId, walkCampaignId }) => ({ campaignId, walkCampaignId }),
  // The campaign and the walk are parallel regions: their simple paths interleave every step of one with every step
  // of the other, too many to enumerate.
  simplePaths: false,
});

const evaluationStarts = {
  conversationId: fixtures.conversationId,
  userId: '00000000-0000-4000-8000-000000000002',
};
const answeredItem = { itemId: doneEvaluation.items[0]!.item_id, itemType: 'binary_item' } as const;

export const evaluationGraph = defineGraph({
  flow: 'evaluation',
  machine: evaluationMachine,
  starts: [
    { name: 'supervisor, not evaluated', input: { ...evaluationStarts, canChange: true, status: null } },
    { name: 'supervisor, evaluated', input: { ...evaluationStarts, canChange: true, status: 'done' } },
    { name: 'agent, evaluated', input: { ...evaluationStarts, canChange: false, status: 'done' } },
    { name: 'supervisor, job running', input: { ...evaluationStarts, canChange: true, status: 'running' } },
  ],
  events: () => [
    { type: 'evaluation.launch', itemId: null },
    { type: 'evaluation.launch', itemId: answeredItem.itemId },
    { type: 'job.queued' },
    { type: 'job.progressed', progress: 0.5 },
    { type: 'job.ended' },
    { type: 'item.answer', ...answeredItem, value: 'no' as const, comment: null },
    { type: 'item.comment', itemId: answeredItem.itemId, comment: 'Checked by ear' },
    { type: 'evaluation.validate', validated: true },
    { type: 'evaluation.validate', validated: true, then: 'next' as const },
    { type: 'evaluation.validate', validated: false },
    { type: 'failure.dismiss' },
    { type: 'rights.changed', canChange: false },
    done('launchEvaluation', fixtures.queuedEvaluation),
    failure('launchEvaluation', fixtures.serverError),
    done('saveAnswer', fixtures.doneEvaluation),
    failure('saveAnswer', fixtures.serverError),
    done('setValidation', fixtures.validatedEvaluation),
    failure('setValidation', new ApiError(409, 'The evaluation is not done')),
    done('readEvaluation', fixtures.doneEvaluation),
    done('readEvaluation', fixtures.runningEvaluation),
    done('readEvaluation', fixtures.failedEvaluation),
    done('readEvaluation', null),
    failure('readEvaluation', fixtures.serverError),
    failure('liveEvaluation', new Error('The live channel closed')),
    after('pollWhileWorking', 'evaluation.Working.Queued'),
    after('pollWhileWorking', 'evaluation.Working.Running'),
    after('retryResultRead', 'evaluation.Working.Collecting.Waiting'),
  ],
  // The status decides where a check goes.
  significantContext: ({ canChange, status }) => ({ canChange, status }),
  simplePaths: false,
});

export const testCallGraph = defineGraph({
  flow: 'test-call',
  machine: testCallMachine,
  starts: [{ name: 'evaluation page', input: { campaignId: doneTestCall.campaign_id } }],
  events: () => [
    { type: 'file.chosen', file: fixtures.testCallFile },
    { type: 'testCall.open', testCallId: doneTestCall.id },
    { type: 'reset' },
    {
      type: 'live.changed',
      job: {
        job_id: doneTestCall.id,
        kind: 'analysis' as const,
        status: 'running' as const,
        progress: 0.5,
        error: null,
      },
    },
    done('uploadTestCall', fixtures.analysingTestCall),
    failure('uploadTestCall', new ApiError(415, 'A test call must be an audio file or a text transcript')),
    done('loadTestCall', fixtures.analysingTestCall),
    done('loadTestCall', fixtures.doneTestCall),
    done('loadTestCall', fixtures.failedTestCall),
    failure('loadTestCall', fixtures.serverError),
    failure('liveTestCall', new Error('The live channel closed')),
    after('pollWhileProcessing', 'testCall.Processing.Waiting'),
    after('pollWhileProcessing', 'testCall.Processing.Unreadable'),
  ],
  // The status decides whether the test call has ended.
  significantContext: ({ testCall }) => ({ status: testCall?.status ?? null }),
});

export const conversationIngestionGraph = defineGraph({
  flow: 'conversation-ingestion',
  machine: conversationIngestionMachine,
  starts: [{ name: 'chats upload page', input: { kind: 'chats', campaignId: doneTestCall.campaign_id } }],
  events: () => [
    {
      type: 'files.added',
      files: [fixtures.chatsFile],
      agents: [fixtures.agent],
      batchAgent: fixtures.agent,
    },
    { type: 'files.added', files: [], agents: [fixtures.agent], batchAgent: null },
    { type: 'item.changed', id: 'upload-1', change: { status: 'sending' as const, progress: 0.5 } },
    { type: 'finished.clear' },
    done('sendBatch', null),
    failure('sendBatch', new Error('The file could not be read')),
  ],
  // Whether another batch waits decides where the end of a batch goes; two or more are alike.
  significantContext: ({ queue }) => ({ batches: Math.min(queue.length, 2) }),
});

export const machineGraphs: MachineGraph[] = [
  bootGraph,
  authGraph,
  menuGraph,
  connectivityGraph,
  notificationsGraph,
  filtersGraph,
  evaluationGraph,
  testCallGraph,
  conversationIngestionGraph,
];
