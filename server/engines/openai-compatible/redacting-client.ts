// A chat client that sends nothing personal: the user messages (the conversation, the questions, the texts to
// translate) are redacted (server/redaction/) before they leave; the instructions, the server's own text, go as
// they are. A campaign with `redact_for_providers` has its engines use it.
import { redactMessage } from '../../redaction/message';
import type { ChatClient } from './chat';

const redactingClients = new WeakMap<ChatClient, ChatClient>();

function redactingClient(client: ChatClient): ChatClient {
  let redacting = redactingClients.get(client);
  if (!redacting) {
    redacting = {
      model: client.model,
      completeJson: (request) =>
        client.completeJson({
          ...request,
          messages: request.messages.map((message) =>
            message.role === 'user' ? { ...message, content: redactMessage(message.content) } : message,
          ),
        }),
    };
    redactingClients.set(client, redacting);
  }
  return redacting;
}

/** The client to send a campaign's text with: redacting when the campaign asks for it; one per client. */
export const clientFor = (client: ChatClient, { redact }: { redact: boolean }): ChatClient =>
  redact ? redactingClient(client) : client;
