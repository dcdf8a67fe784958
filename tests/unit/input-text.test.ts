// A call given as text read into turns, and what a posted conversation becomes: turns, search text, language,
// start and duration.
import { describe, expect, it } from 'vitest';
import type { NewConversation } from '../../contract/conversation-ingestion';
import { parseInputText } from '../../server/domain/input-text';
import { conversationContent } from '../../server/domain/new-conversation';
import { HttpError } from '../../server/errors';

describe('parseInputText', () => {
  it('gives one turn per labelled line, in English and in French', () => {
    expect(parseInputText('Agent: Hello, how can I help?\nCustomer: My internet is down.')).toEqual([
      { speaker: 'agent', text: 'Hello, how can I help?' },
      { speaker: 'customer', text: 'My internet is down.' },
    ]);
    expect(parseInputText('AGENT : Bonjour.\r\nClient : Bonjour, ma box ne marche plus.')).toEqual([
      { speaker: 'agent', text: 'Bonjour.' },
      { speaker: 'customer', text: 'Bonjour, ma box ne marche plus.' },
    ]);
  });

  it('joins a line without a known label to the turn before it, blank lines aside', () => {
    expect(
      parseInputText(
        'Agent: Let me check.\nNote: this is a continuation\n\n  still the agent\nclient: Merci.\nRe: the bill',
      ),
    ).toEqual([
      { speaker: 'agent', text: 'Let me check.\nNote: this is a continuation\nstill the agent' },
      { speaker: 'customer', text: 'Merci.\nRe: the bill' },
    ]);
  });

  it('keeps a label alone on its line for the lines that follow, and drops a turn left empty', () => {
    expect(parseInputText('Agent:\nHello there.\nCustomer:\nAgent: Goodbye.')).toEqual([
      { speaker: 'agent', text: 'Hello there.' },
      { speaker: 'agent', text: 'Goodbye.' },
    ]);
  });

  it('refuses a text whose first line names no speaker', () => {
    expect(() => parseInputText('Hello?\nAgent: Hi.')).toThrow(HttpError);
    expect(() => parseInputText('Hello?\nAgent: Hi.')).toThrow(/must start with a speaker label/);
  });
});

describe('conversationContent', () => {
  const now = new Date('2025-03-01T10:00:00Z');
  const agent = '019a0000-0000-7000-8000-000000000001';

  it('dates a chat by its messages and searches their text', () => {
    const chat: NewConversation = {
      type: 'chat',
      agent_id: agent,
      messages: [
        { speaker: 'customer', text: 'Hello, my parcel has not arrived yet.', sent_at: 1_700_000_100 },
        { speaker: 'agent', text: 'I am sorry, let me look at the tracking number.', sent_at: 1_700_000_400 },
      ],
    };
    const content = conversationContent(chat, 'fr', now);
    expect(content.startedAt.getTime()).toBe(1_700_000_100_000);
    expect(content.durationSeconds).toBe(300);
    expect(content.language).toBe('en');
    expect(content.searchText).toBe(
      'Hello, my parcel has not arrived yet.\nI am sorry, let me look at the tracking number.',
    );
    expect(content.turns[1]).toEqual({
      speaker: 'agent',
      text: 'I am sorry, let me look at the tracking number.',
      subject: null,
      start_s: null,
      end_s: null,
      sent_at: 1_700_000_400,
      sentiment: null,
    });
  });

  it('keeps what the sender says over what it would work out', () => {
    const email: NewConversation = {
      type: 'email',
      agent_id: agent,
      language: 'en',
      started_at: 1_600_000_000,
      duration_s: 42,
      emails: [
        { speaker: 'customer', subject: 'Facture', body: 'Bonjour, ma facture est fausse.', sent_at: 5 },
      ],
    };
    const content = conversationContent(email, 'fr', now);
    expect(content).toMatchObject({ language: 'en', durationSeconds: 42 });
    expect(content.startedAt.getTime()).toBe(1_600_000_000_000);
    expect(content.searchText).toBe('Facture\nBonjour, ma facture est fausse.');
    expect(content.turns[0]?.subject).toBe('Facture');
  });

  it('starts an undated call now, lasting 0 (unknown), in the campaign language when too short to tell', () => {
    const call: NewConversation = { type: 'call', agent_id: agent, input_text: 'Agent: Hi.\nCustomer: Ok.' };
    const content = conversationContent(call, 'fr', now);
    expect(content).toMatchObject({ language: 'fr', durationSeconds: 0, startedAt: now });
    expect(content.turns.map((turn) => turn.speaker)).toEqual(['agent', 'customer']);
  });

  it('detects French', () => {
    const call: NewConversation = {
      type: 'call',
      agent_id: agent,
      input_text:
        'Agent: Bonjour, vous êtes bien au service client, que puis-je faire pour vous ?\n' +
        'Client: Bonjour, je vous appelle parce que ma facture de ce mois est beaucoup trop élevée.',
    };
    expect(conversationContent(call, 'en', now).language).toBe('fr');
  });
});
