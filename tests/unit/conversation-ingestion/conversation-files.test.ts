// The upload pages' file readers: chats as CSV or JSON, emails as .eml threads or JSON, checked whole against the
// API contract with their agents settled, and the example files the pages offer read back by the same readers.
import { describe, expect, it } from 'vitest';
import { readChatCsv } from '../../../src/services/conversation-files/chat-csv';
import { readConversationJson } from '../../../src/services/conversation-files/conversation-json';
import { FileRefusal, finaliseDrafts, type Agent } from '../../../src/services/conversation-files/drafts';
import { emlThreadDraft, readEml, threadsOf } from '../../../src/services/conversation-files/email-eml';
import {
  chatCsvExample,
  chatJsonExample,
  emailJsonExample,
  emlExample,
} from '../../../src/services/conversation-files/examples';

const lucas: Agent = { id: '019a0000-0000-7000-8000-000000000201', email: 'agent@demo.local' };
const emma: Agent = { id: '019a0000-0000-7000-8000-000000000202', email: 'agent2@demo.local' };
const agents = [lucas, emma];

/** The refusal a reader or the final check throws, as the page would show it. */
function refusalOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof FileRefusal) return error.refusal;
    throw error;
  }
  throw new Error('Nothing was refused');
}

describe('chats as CSV', () => {
  const csv = [
    'Conversation_ID,speaker,text,sent_at,agent_email,metadata.channel',
    'c-1,customer,"Hello, my order is late.",2025-03-03T09:00:00Z,agent2@demo.local,web',
    'c-2,Client,Bonjour,1741000000,,',
    'c-1,Agent,"Sorry! Let me check, one moment.",2025-03-03 09:01:00Z,,',
    '',
  ].join('\n');

  it('groups rows into conversations by key, in English and French, with times, agent and metadata', () => {
    const [first, second] = finaliseDrafts(readChatCsv(csv), agents, lucas);
    expect(first?.conversation).toEqual({
      type: 'chat',
      agent_id: emma.id,
      external_id: 'c-1',
      metadata: { channel: 'web' },
      messages: [
        { speaker: 'customer', text: 'Hello, my order is late.', sent_at: 1_740_992_400 },
        { speaker: 'agent', text: 'Sorry! Let me check, one moment.', sent_at: 1_740_992_460 },
      ],
    });
    expect(second?.conversation).toMatchObject({
      agent_id: lucas.id,
      external_id: 'c-2',
      messages: [{ speaker: 'customer', text: 'Bonjour', sent_at: 1_741_000_000 }],
    });
  });

  it('refuses the whole file at its first problem, saying where', () => {
    expect(refusalOf(() => readChatCsv('conversation_id,text\nc-1,Hi'))).toEqual({
      key: 'csvColumns',
      values: { columns: 'speaker' },
    });
    expect(refusalOf(() => readChatCsv('conversation_id,speaker,text\nc-1,bot,Hi'))).toEqual({
      key: 'csvSpeaker',
      values: { line: 2, value: 'bot' },
    });
    expect(
      refusalOf(() => readChatCsv('conversation_id,speaker,text,sent_at\nc-1,agent,Hi,yesterday')),
    ).toEqual({ key: 'csvTime', values: { line: 2, value: 'yesterday' } });
    expect(
      refusalOf(() =>
        readChatCsv('conversation_id,speaker,text,agent_email\nc-1,agent,Hi,a@x.test\nc-1,agent,Yo,b@x.test'),
      ),
    ).toEqual({ key: 'csvConflict', values: { label: 'c-1', column: 'agent_email' } });
    expect(
      refusalOf(() => finaliseDrafts(readChatCsv('conversation_id,speaker,text\n'), agents, lucas)),
    ).toEqual({
      key: 'empty',
    });
  });

  it('refuses a conversation without an agent, or with one the organisation does not have', () => {
    const noAgent = readChatCsv('conversation_id,speaker,text\nc-9,agent,Hello');
    expect(refusalOf(() => finaliseDrafts(noAgent, agents, null))).toEqual({
      key: 'noAgent',
      values: { label: 'c-9' },
    });
    const stranger = readChatCsv('conversation_id,speaker,text,agent_email\nc-9,agent,Hello,who@else.test');
    expect(refusalOf(() => finaliseDrafts(stranger, agents, lucas))).toEqual({
      key: 'unknownAgent',
      values: { agent: 'who@else.test' },
    });
  });
});

describe('conversations as JSON', () => {
  it('takes one conversation or an array, the agent by address, and ids from the content when absent', () => {
    const one = readConversationJson(
      JSON.stringify({ agent_email: 'AGENT2@demo.local', messages: [{ speaker: 'agent', text: 'Hi' }] }),
      'chat',
    );
    const [final] = finaliseDrafts(one, agents, null);
    expect(final?.conversation).toMatchObject({ type: 'chat', agent_id: emma.id });
    expect(final?.conversation.external_id).toMatch(/^content-[0-9a-f-]{36}$/);
    const again = finaliseDrafts(
      readConversationJson(JSON.stringify([{ messages: [{ speaker: 'agent', text: 'Hi' }] }]), 'chat'),
      agents,
      lucas,
    );
    expect(again[0]?.conversation.external_id).toBe(final?.conversation.external_id);
  });

  it('refuses malformed JSON, another type, and what the API would refuse', () => {
    expect(refusalOf(() => readConversationJson('{"messages": [', 'chat'))).toEqual({ key: 'jsonSyntax' });
    expect(refusalOf(() => readConversationJson('[1]', 'chat'))).toEqual({
      key: 'jsonShape',
      values: { position: 1 },
    });
    expect(refusalOf(() => readConversationJson('{"type": "email", "emails": []}', 'chat'))).toEqual({
      key: 'jsonType',
      values: { position: 1, type: 'email' },
    });
    const unknownField = readConversationJson(
      JSON.stringify({ external_id: 'x-1', messages: [{ speaker: 'agent', text: 'Hi', mood: 'ok' }] }),
      'chat',
    );
    expect(refusalOf(() => finaliseDrafts(unknownField, agents, lucas))).toEqual({
      key: 'invalidConversation',
      values: { label: 'x-1', field: 'messages.0' },
    });
  });
});

describe('emails as .eml files', () => {
  const eml = (headers: string[], body: string) =>
    new TextEncoder().encode([...headers, 'Content-Type: text/plain; charset=UTF-8', '', body].join('\r\n'))
      .buffer as ArrayBuffer;

  it('gathers replies into one thread, in time order, the agent’s messages by address or domain', async () => {
    const question = await readEml(
      'question.eml',
      eml(
        [
          'From: Alex <alex@customer.test>',
          'To: support@demo.local',
          'Subject: Refund',
          'Date: Mon, 03 Mar 2025 09:00:00 +0000',
          'Message-ID: <q1@customer.test>',
        ],
        'Can I get a refund?',
      ),
    );
    const answer = await readEml(
      'answer.eml',
      eml(
        [
          'From: Support <support@demo.local>',
          'To: alex@customer.test, agent2@demo.local',
          'Subject: Re: Refund',
          'Date: Mon, 03 Mar 2025 10:00:00 +0000',
          'Message-ID: <a1@demo.local>',
          'In-Reply-To: <q1@customer.test>',
        ],
        'Yes, it is on its way.',
      ),
    );
    const other = await readEml(
      'other.eml',
      eml(
        ['From: sam@customer.test', 'To: agent@demo.local', 'Subject: Hello', 'Message-ID: <s1@c.test>'],
        'Hi',
      ),
    );
    const threads = threadsOf([answer, other, question]);
    expect(threads.map((thread) => [thread.key, thread.messages.map((m) => m.fileName)])).toEqual([
      ['<q1@customer.test>', ['question.eml', 'answer.eml']],
      ['<s1@c.test>', ['other.eml']],
    ]);
    const [refund] = finaliseDrafts([emlThreadDraft(threads[0]!, agents)], agents, lucas);
    expect(refund?.conversation).toEqual({
      type: 'email',
      agent_id: emma.id,
      external_id: '<q1@customer.test>',
      emails: [
        { speaker: 'customer', subject: 'Refund', body: 'Can I get a refund?', sent_at: 1_740_992_400 },
        { speaker: 'agent', subject: 'Re: Refund', body: 'Yes, it is on its way.', sent_at: 1_740_996_000 },
      ],
    });
  });

  it('refuses a file that holds no message', async () => {
    await expect(readEml('empty.eml', new ArrayBuffer(0))).rejects.toMatchObject({
      refusal: { key: 'emlUnreadable', values: { file: 'empty.eml' } },
    });
  });
});

describe('the example files', () => {
  it.each(['en', 'fr'] as const)('read back whole in %s', async (language) => {
    expect(
      finaliseDrafts(readChatCsv(chatCsvExample(language, lucas.email).content), agents, null),
    ).toHaveLength(2);
    expect(
      finaliseDrafts(
        readConversationJson(chatJsonExample(language, lucas.email).content, 'chat'),
        agents,
        null,
      ),
    ).toHaveLength(2);
    expect(
      finaliseDrafts(
        readConversationJson(emailJsonExample(language, lucas.email).content, 'email'),
        agents,
        null,
      ),
    ).toHaveLength(1);
    const message = await readEml(
      'example.eml',
      new TextEncoder().encode(emlExample(language, lucas.email).content).buffer as ArrayBuffer,
    );
    const [thread] = finaliseDrafts([emlThreadDraft(threadsOf([message])[0]!, agents)], agents, null);
    expect(thread?.conversation).toMatchObject({ agent_id: lucas.id, emails: [{ speaker: 'customer' }] });
    expect((thread?.conversation as { emails: { subject: string }[] }).emails[0]?.subject).toMatch(/55-2024/);
  });

  it.each(['en', 'fr'] as const)(
    'happen the day before, inside every default period, in %s',
    async (language) => {
      const now = new Date('2026-11-27T08:00:00Z');
      const dayBefore = {
        from: Date.parse('2026-11-26T00:00:00Z') / 1000,
        to: Date.parse('2026-11-27T00:00:00Z') / 1000,
      };
      const sentTimes = (conversation: object) =>
        [
          ...((conversation as { messages?: { sent_at: number }[] }).messages ?? []),
          ...((conversation as { emails?: { sent_at: number }[] }).emails ?? []),
        ].map((message) => message.sent_at);
      const drafts = [
        ...finaliseDrafts(readChatCsv(chatCsvExample(language, lucas.email, now).content), agents, null),
        ...finaliseDrafts(
          readConversationJson(chatJsonExample(language, lucas.email, now).content, 'chat'),
          agents,
          null,
        ),
        ...finaliseDrafts(
          readConversationJson(emailJsonExample(language, lucas.email, now).content, 'email'),
          agents,
          null,
        ),
      ];
      const message = await readEml(
        'example.eml',
        new TextEncoder().encode(emlExample(language, lucas.email, now).content).buffer as ArrayBuffer,
      );
      drafts.push(...finaliseDrafts([emlThreadDraft(threadsOf([message])[0]!, agents)], agents, null));
      const times = drafts.flatMap((draft) => sentTimes(draft.conversation));
      expect(times).toHaveLength(13);
      for (const time of times) {
        expect(time).toBeGreaterThanOrEqual(dayBefore.from);
        expect(time).toBeLessThan(dayBefore.to);
      }
    },
  );
});
