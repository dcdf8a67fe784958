// Which live messages make a conversation's cached read stale: its status moved on, a person changed it (no job),
// another job's work moved on, or an evaluation was queued; an evaluation job that runs or ends is the
// evaluation flow's, which reads the result itself.
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../contract/conversations';
import type { ConversationProgress } from '../../../contract/live';
import type { JobProgress } from '../../../contract/jobs';
import { makesConversationStale } from '../../../src/services/live/conversation-cache';

const conversationId = '019a0000-0000-7000-8000-00000000a001';
const message = (
  job: JobProgress | null,
  status: ConversationProgress['status'] = 'ready',
): ConversationProgress => ({
  type: 'conversation',
  conversation_id: conversationId,
  campaign_id: '019a0000-0000-7000-8000-000000000301',
  status,
  status_reason: null,
  status_detail: null,
  job,
});
const job = (kind: JobProgress['kind'], status: JobProgress['status']): JobProgress => ({
  job_id: '019a0000-0000-7000-8000-0000000000f1',
  kind,
  status,
  progress: 0.5,
  error: null,
});
const cachedRead: Pick<Conversation, 'status'> = { status: 'ready' };

describe('makesConversationStale', () => {
  it('a message with no job (a person changed or validated it) makes it stale', () => {
    expect(makesConversationStale(message(null), cachedRead)).toBe(true);
  });

  it.each([
    ['transcription', 'running'],
    ['analysis', 'running'],
    ['analysis', 'done'],
    ['evaluation', 'queued'],
  ] as const)('a %s job %s makes it stale', (kind, status) => {
    expect(makesConversationStale(message(job(kind, status)), cachedRead)).toBe(true);
  });

  it.each(['running', 'done', 'failed'] as const)(
    'an evaluation job %s is left to the evaluation flow',
    (status) => {
      expect(makesConversationStale(message(job('evaluation', status)), cachedRead)).toBe(false);
    },
  );

  it('a status other than the cached one makes it stale, whatever the job', () => {
    expect(makesConversationStale(message(job('evaluation', 'running'), 'analysing'), cachedRead)).toBe(true);
  });

  it('with nothing cached, only the message decides', () => {
    expect(makesConversationStale(message(job('evaluation', 'done')), undefined)).toBe(false);
    expect(makesConversationStale(message(null), undefined)).toBe(true);
  });
});
