// Changing a conversation after import: who may be its agent, and transcript edits (text and speakers only,
// against the version read, never while the call is being transcribed).
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../contract/conversations';
import {
  assertAgentOfOrganisation,
  editTranscript,
  searchTextOf,
} from '../../../server/domain/conversation-edits';
import { Conflict, Unprocessable } from '../../../server/errors';

const organisationId = '019a0000-0000-7000-8000-000000000001';

const segment = (speaker: Turn['speaker'], text: string, start: number): Turn => ({
  speaker,
  text,
  subject: null,
  start_s: start,
  end_s: start + 2,
  sent_at: null,
  sentiment: 'NEUTRAL',
});

describe('the agent of a conversation', () => {
  it('is an agent of the campaign’s organisation', () => {
    expect(() => assertAgentOfOrganisation({ role: 'agent', organisationId }, organisationId)).not.toThrow();
  });

  it.each([
    ['a supervisor', { role: 'supervisor' as const, organisationId }],
    [
      'an agent elsewhere',
      { role: 'agent' as const, organisationId: '019a0000-0000-7000-8000-000000000002' },
    ],
    ['an agent of no organisation', { role: 'agent' as const, organisationId: null }],
    ['an unknown user', undefined],
  ])('is never %s (422)', (_name, candidate) => {
    expect(() => assertAgentOfOrganisation(candidate, organisationId)).toThrow(Unprocessable);
  });
});

describe('transcript edits', () => {
  const stored = {
    turns: [segment('agent', 'Hello', 0), segment('customer', 'Hi there', 2)],
    transcriptVersion: 3,
    status: 'ready' as const,
  };

  it('changes text and speakers, keeps timestamps, and clears the sentiment of changed segments only', () => {
    const turns = editTranscript(stored, {
      transcript_version: 3,
      segments: [
        { speaker: 'agent', text: 'Hello' },
        { speaker: 'agent', text: 'Hi there, agent speaking' },
      ],
    });
    expect(turns).toEqual([
      stored.turns[0],
      { ...stored.turns[1], speaker: 'agent', text: 'Hi there, agent speaking', sentiment: null },
    ]);
  });

  it('refuses an edit of another version (409)', () => {
    expect(() => editTranscript(stored, { transcript_version: 2, segments: [] })).toThrow(Conflict);
  });

  it('refuses an edit while the call is being transcribed (409)', () => {
    expect(() =>
      editTranscript({ ...stored, status: 'transcribing' }, { transcript_version: 3, segments: [] }),
    ).toThrow(Conflict);
  });

  it('refuses segments added or removed (422)', () => {
    expect(() =>
      editTranscript(stored, { transcript_version: 3, segments: [{ speaker: 'agent', text: 'Hello' }] }),
    ).toThrow(Unprocessable);
  });

  it('searches subjects and texts', () => {
    expect(
      searchTextOf([{ ...segment('customer', 'Body', 0), subject: 'Subject' }, segment('agent', 'Reply', 2)]),
    ).toBe('Subject\nBody\nReply');
  });
});
