// The link back from the transcript editor to its conversation.
import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Conversation } from '../../../../contract/conversations';

export function BackToConversation({ conversation }: { conversation: Pick<Conversation, 'id'> }) {
  const { t } = useTranslation();
  return (
    <Link
      href={`/conversations/${conversation.id}`}
      className="mb-3 inline-flex items-center gap-1 text-sm text-purple-800 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {t('conversation.backToConversation')}
    </Link>
  );
}
