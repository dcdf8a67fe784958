// What was said: a call with its recording and transcript, a call given as text, a chat thread or an email
// thread, in its own language or translated into the other one; grouped by the conversation's phases, with the
// phases' band above (on a call with its recording, the band is the recording's timeline).
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../contract/conversations';
import { useConversationTranslation } from '../../../services/queries/conversations';
import { PhaseBand } from './phases/PhaseBand';
import { CallRecording } from './turns/CallRecording';
import { ChatThread } from './turns/ChatThread';
import { EmailThread } from './turns/EmailThread';
import { shownTurns, type ShownTurn } from './turns/shown-turn';
import { TurnList } from './turns/TurnList';
import { useTurnFocus } from './turns/turn-focus';
import { TranslationState, TranslationToggle } from './TranslationToggle';

function Turns({ conversation, turns }: { conversation: Conversation; turns: ShownTurn[] }) {
  const { phases } = conversation;
  switch (conversation.type) {
    case 'chat':
      return <ChatThread turns={turns} phases={phases} />;
    case 'email':
      return <EmailThread turns={turns} phases={phases} />;
    default:
      return <TurnList turns={turns} phases={phases} />;
  }
}

export function ConversationContent({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const { focusTurn } = useTurnFocus();
  const titleId = useId();
  const [translating, setTranslating] = useState(false);
  const target = conversation.language === 'en' ? 'fr' : 'en';
  const translation = useConversationTranslation(
    conversation.id,
    target,
    conversation.transcript_version,
    translating,
  );
  const shownTranslation = translating ? (translation.data ?? null) : null;
  // The same turns from one render to the next, so that a call's memoised segments render only when they change.
  const turns = useMemo(
    () => shownTurns(conversation.turns, conversation.language, shownTranslation),
    [conversation.turns, conversation.language, shownTranslation],
  );
  const hasTurns = turns.length > 0;
  const withRecording = conversation.type === 'call' && conversation.has_audio;

  const header = (
    <div className="mb-4 grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold text-gray-900">
          {t(`conversation.turns.title.${conversation.type}`)}
        </h2>
        {hasTurns && (
          <TranslationToggle target={target} on={translating} onToggle={() => setTranslating(!translating)} />
        )}
      </div>
      {hasTurns && !withRecording && (
        <PhaseBand phases={conversation.phases} onSelect={(phase) => focusTurn(phase.first_turn, null)} />
      )}
      {translating && (
        <TranslationState
          translation={translation.data}
          pending={translation.isPending}
          error={translation.error}
          onRetry={() => void translation.refetch()}
        />
      )}
    </div>
  );
  const empty = (
    <p className="text-sm text-gray-600">
      {t(
        conversation.status === 'transcribing'
          ? 'conversation.turns.transcribing'
          : 'conversation.turns.none',
      )}
    </p>
  );

  if (withRecording) {
    return (
      <CallRecording
        conversationId={conversation.id}
        turns={turns}
        phases={conversation.phases}
        durationS={conversation.duration_s}
        header={header}
        labelledBy={titleId}
        empty={empty}
      />
    );
  }
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      {header}
      {hasTurns ? <Turns conversation={conversation} turns={turns} /> : empty}
    </section>
  );
}
