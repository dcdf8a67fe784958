// Why a conversation failed, in the user's language: the server's reason code as a sentence. Conversations that
// failed before codes existed say the code `unexpected` stands for.
import type { TFunction } from 'i18next';
import type { ConversationSummary } from '../../../../contract/conversations';

export const failureReasonText = (
  t: TFunction,
  conversation: Pick<ConversationSummary, 'status_reason' | 'language'>,
): string =>
  t(`conversation.reasons.${conversation.status_reason ?? 'unexpected'}`, {
    language: t(`conversation.languages.${conversation.language}`),
  });
