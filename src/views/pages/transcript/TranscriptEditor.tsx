// Correcting a call's transcript: each segment's speaker and text, saved against the version read. A save that
// meets a newer version (409) keeps the user's text on screen, shows the newer one beside it, and lets them
// choose; leaving with unsaved changes asks first; Ctrl+S (⌘S) saves.
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Conversation } from '../../../../contract/conversations';
import { ApiError } from '../../../services/api-error';
import { useSaveTranscript } from '../../../services/queries/conversations';
import { Button, ButtonLink } from '../../components/Button';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { useNotify } from '../../components/use-notify';
import { AudioPlayer } from '../conversations/turns/AudioPlayer';
import { ConflictNotice } from './ConflictNotice';
import { SegmentEditor } from './SegmentEditor';
import { differencesFrom, draftOf, sameSegments, type DraftSegment } from './transcript-draft';

interface TranscriptEditorProps {
  /** The conversation as last read: the version the edit started from, or a newer one after a conflict. */
  conversation: Conversation;
  reading: boolean;
  onReadAgain: () => void;
}

const ignore = () => undefined;

export function TranscriptEditor({ conversation, reading, onReadAgain }: TranscriptEditorProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const save = useSaveTranscript(conversation.id);
  const audio = useRef<HTMLAudioElement>(null);
  const [base, setBase] = useState(() => ({
    version: conversation.transcript_version,
    segments: draftOf(conversation.turns),
  }));
  const [draft, setDraft] = useState(base.segments);
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState(false);

  const latest = { version: conversation.transcript_version, segments: draftOf(conversation.turns) };
  const newer = conflict && latest.version !== base.version ? latest : null;
  const theirs = newer ? differencesFrom(draft, newer.segments) : [];
  const changed = !sameSegments(draft, base.segments);

  const submit = (version: number) => {
    if (save.isPending) return;
    save.mutate(
      { transcript_version: version, segments: draft },
      {
        onSuccess: () => {
          setSaved(true);
          notify.success('conversation.editor.saved');
          navigate(`/conversations/${conversation.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setConflict(true);
            onReadAgain();
          } else {
            notify.failure('conversation.editor.saveFailed', error);
          }
        },
      },
    );
  };
  const keepMine = () => {
    if (!newer) return;
    setBase(newer);
    setConflict(false);
    submit(newer.version);
  };
  const takeTheirs = () => {
    if (!newer) return;
    setBase(newer);
    setDraft(newer.segments);
    setConflict(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      if (changed && !conflict) submit(base.version);
    }
  };
  const play = (seconds: number) => {
    if (!audio.current) return;
    audio.current.currentTime = seconds;
    void audio.current.play().catch(ignore);
  };
  const change = (index: number, segment: DraftSegment) =>
    setDraft((segments) => segments.map((old, at) => (at === index ? segment : old)));

  return (
    <form
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        submit(base.version);
      }}
    >
      <UnsavedChangesGuard when={changed && !saved} />
      {conflict && (
        <ConflictNotice
          newerKnown={newer !== null}
          checking={reading}
          saving={save.isPending}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
          onCheckAgain={onReadAgain}
        />
      )}
      {conversation.has_audio && (
        <div className="sticky top-0 z-10 mb-4 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200">
          <AudioPlayer
            ref={audio}
            conversationId={conversation.id}
            onTimeUpdate={ignore}
            onPlayingChange={ignore}
          />
        </div>
      )}
      <ol className="grid gap-3">
        {draft.map((segment, index) => (
          <SegmentEditor
            key={index}
            number={index + 1}
            start={conversation.turns[index]?.start_s ?? null}
            end={conversation.turns[index]?.end_s ?? null}
            segment={segment}
            language={conversation.language}
            theirs={theirs[index] ?? null}
            onChange={(next) => change(index, next)}
            {...(conversation.has_audio ? { onPlay: play } : {})}
          />
        ))}
      </ol>
      <div className="sticky bottom-0 mt-6 flex flex-wrap items-center gap-3 border-t border-gray-200 bg-gray-50 py-3 shadow-[0_-4px_8px_-6px_rgb(0_0_0_/0.15)]">
        <Button type="submit" disabled={save.isPending || !changed || conflict}>
          {save.isPending ? t('common.working') : t('common.save')}
        </Button>
        <ButtonLink href={`/conversations/${conversation.id}`} variant="secondary">
          {t('common.cancel')}
        </ButtonLink>
        <span className="text-sm text-gray-600">
          {changed ? t('conversation.editor.unsaved') : t('forms.nothingChanged')}
        </span>
        <span className="ml-auto hidden text-xs text-gray-500 sm:inline">
          {t('conversation.editor.shortcut')}
        </span>
      </div>
    </form>
  );
}
