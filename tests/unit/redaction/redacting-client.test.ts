// The redacting chat client: the user messages it sends are redacted string by string (JSON stays JSON, nothing is
// read across two strings), the instructions go as they are, and the answer comes back untouched.
import { describe, expect, it } from 'vitest';
import type { ChatClient, JsonCompletionRequest } from '../../../server/engines/openai-compatible/chat';
import { clientFor } from '../../../server/engines/openai-compatible/redacting-client';

function recordingClient() {
  const sent: JsonCompletionRequest<unknown>[] = [];
  const client: ChatClient = {
    model: 'm',
    completeJson: async <Value>(request: JsonCompletionRequest<Value>) => {
      sent.push(request as JsonCompletionRequest<unknown>);
      return { value: request.parse({ ok: true }), usage: { promptTokens: 1, completionTokens: 1 } };
    },
  };
  return { client, sent };
}

const request = (messages: JsonCompletionRequest<unknown>['messages']): JsonCompletionRequest<unknown> => ({
  messages,
  schemaName: 's',
  schema: {},
  parse: (value) => value,
});

describe('clientFor', () => {
  it('sends the client itself when the campaign does not redact', () => {
    const { client } = recordingClient();
    expect(clientFor(client, { redact: false })).toBe(client);
    expect(clientFor(client, { redact: true })).toBe(clientFor(client, { redact: true }));
  });

  it('redacts each string of a JSON user message on its own, not the instructions', async () => {
    const { client, sent } = recordingClient();
    const answer = await clientFor(client, { redact: true }).completeJson(
      request([
        { role: 'system', content: 'Quote the turns. Example: 4111 1111 1111 1111.' },
        {
          role: 'user',
          content: JSON.stringify({
            turns: [
              { number: 1, text: 'Card 4111 1111 1111 1111' },
              { number: 2, text: 'oh six twelve' },
              { number: 3, text: 'thirty four fifty six seventy eight' },
            ],
          }),
        },
        { role: 'user', content: 'Mail a@b.fr\nagain' },
      ]),
    );
    expect(answer.value).toEqual({ ok: true });
    const [system, conversation, plain] = sent[0]!.messages;
    expect(system!.content).toContain('4111 1111 1111 1111');
    expect(JSON.parse(conversation!.content)).toEqual({
      turns: [
        { number: 1, text: 'Card [CARD]' },
        { number: 2, text: 'oh six twelve' },
        { number: 3, text: 'thirty four fifty six seventy eight' },
      ],
    });
    expect(plain!.content).toBe('Mail [EMAIL]\nagain');
  });
});
