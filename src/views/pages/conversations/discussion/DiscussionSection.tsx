// The conversation's discussion: its messages, oldest first, with the people they mention set apart, and a box
// to post one, mentioning with "@" the people who read the conversation (each is notified).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscussionMessage, MentionableUser } from '../../../../../contract/discussion';
import { useDiscussion, usePostDiscussionMessage } from '../../../../services/queries/discussion';
import { Button } from '../../../components/Button';
import { formatDateTime } from '../../../components/format';
import { useDisplayTime } from '../../../components/use-display-time';
import { Loading } from '../../../components/Loading';
import { QueryError } from '../../../components/QueryError';
import { useNotify } from '../../../components/use-notify';
import { mentionedIds, messageParts } from './mention-text';
import { MentionTextarea } from './MentionTextarea';

function MessageBody({ message, users }: { message: DiscussionMessage; users: readonly MentionableUser[] }) {
  const mentioned = users.filter((user) => message.mentions.includes(user.id));
  return (
    <p className="mt-1 text-sm whitespace-pre-wrap text-gray-900">
      {messageParts(message.body, mentioned).map((part, index) =>
        'mention' in part ? (
          <strong key={index} className="rounded bg-purple-100 px-0.5 font-semibold text-purple-900">
            {part.mention}
          </strong>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function MessageList({ messages, users }: { messages: DiscussionMessage[]; users: MentionableUser[] }) {
  const { t, i18n } = useTranslation();
  const displayTime = useDisplayTime();
  if (messages.length === 0) {
    return <p className="text-sm text-gray-600">{t('conversation.discussion.empty')}</p>;
  }
  return (
    <ol className="grid gap-3">
      {messages.map((message) => (
        <li key={message.id} className="rounded-lg bg-gray-50 px-3 py-2">
          <p className="flex flex-wrap items-baseline gap-2">
            <span className="text-sm font-semibold text-gray-900">
              {message.author?.name ?? t('conversation.discussion.formerUser')}
            </span>
            <time
              dateTime={new Date(message.created_at * 1000).toISOString()}
              title={formatDateTime(message.created_at, i18n.language)}
              className="text-xs text-gray-600"
            >
              {displayTime(message.created_at)}
            </time>
          </p>
          <MessageBody message={message} users={users} />
        </li>
      ))}
    </ol>
  );
}

function MessageForm({ conversationId, users }: { conversationId: string; users: MentionableUser[] }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const post = usePostDiscussionMessage(conversationId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    if (!body.trim()) {
      setError('conversation.discussion.emptyMessage');
      return;
    }
    setError(null);
    post.mutate(
      { body, mentions: mentionedIds(body, users) },
      {
        onSuccess: () => {
          setBody('');
          notify.success('conversation.discussion.posted');
        },
        onError: (failure) => notify.failure('conversation.discussion.postFailed', failure),
      },
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-2">
      <MentionTextarea
        label={t('conversation.discussion.message')}
        value={body}
        users={users}
        disabled={post.isPending}
        onChange={setBody}
        onSubmitShortcut={send}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? t('common.working') : t('conversation.discussion.post')}
        </Button>
      </div>
    </form>
  );
}

export function DiscussionSection({ conversationId, userId }: { conversationId: string; userId: string }) {
  const { t } = useTranslation();
  const discussion = useDiscussion(conversationId);
  // Mentioning oneself notifies no one.
  const others = discussion.data?.mentionable.filter((user) => user.id !== userId) ?? [];
  return (
    <section
      aria-labelledby="discussion-title"
      className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id="discussion-title" className="mb-4 text-base font-semibold text-gray-900">
        {t('conversation.discussion.title')}
      </h2>
      {discussion.error ? (
        <QueryError error={discussion.error} onRetry={() => void discussion.refetch()} />
      ) : discussion.isPending ? (
        <Loading />
      ) : (
        <>
          <MessageList messages={discussion.data.messages} users={discussion.data.mentionable} />
          <MessageForm conversationId={conversationId} users={others} />
        </>
      )}
    </section>
  );
}
