// A call's recording in the browser's own player (keyboard and screen-reader ready), from a signed URL that
// expires: when the URL stops working (a seek after it expired), a new one is asked and playback resumes where
// it was.
import { forwardRef, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudioUrl } from '../../../../services/queries/conversations';
import { QueryError } from '../../../components/QueryError';

interface AudioPlayerProps {
  conversationId: string;
  onTimeUpdate: (seconds: number) => void;
  onPlayingChange: (playing: boolean) => void;
}

export const AudioPlayer = forwardRef<HTMLAudioElement, AudioPlayerProps>(function AudioPlayer(
  { conversationId, onTimeUpdate, onPlayingChange },
  ref,
) {
  const { t } = useTranslation();
  const audioUrl = useAudioUrl(conversationId, true);
  const resume = useRef<{ at: number; playing: boolean } | null>(null);
  const failedUrl = useRef<string | null>(null);
  const element = useRef<HTMLAudioElement | null>(null);

  // A new URL loads from the start: put the listener back where it was.
  useEffect(() => {
    const audio = element.current;
    const wanted = resume.current;
    if (!audio || !wanted) return;
    const restore = () => {
      audio.currentTime = wanted.at;
      if (wanted.playing) void audio.play().catch(() => onPlayingChange(false));
      resume.current = null;
    };
    audio.addEventListener('loadedmetadata', restore, { once: true });
    return () => audio.removeEventListener('loadedmetadata', restore);
  }, [audioUrl.data?.url, onPlayingChange]);

  if (audioUrl.error) return <QueryError error={audioUrl.error} onRetry={() => void audioUrl.refetch()} />;
  return (
    <audio
      ref={(audio) => {
        element.current = audio;
        if (typeof ref === 'function') ref(audio);
        else if (ref) ref.current = audio;
      }}
      controls
      preload="metadata"
      src={audioUrl.data?.url}
      aria-label={t('conversation.audio.label')}
      className="w-full"
      onTimeUpdate={(event) => onTimeUpdate(event.currentTarget.currentTime)}
      onSeeked={(event) => onTimeUpdate(event.currentTarget.currentTime)}
      onPlay={() => onPlayingChange(true)}
      onPause={() => onPlayingChange(false)}
      onEnded={() => onPlayingChange(false)}
      onError={(event) => {
        // Each URL is replaced once at most: a recording that is broken, not expired, would loop otherwise.
        const audio = event.currentTarget;
        if (!audio.src || failedUrl.current === audio.src) return;
        failedUrl.current = audio.src;
        resume.current = { at: audio.currentTime, playing: !audio.paused };
        void audioUrl.refetch();
      }}
    >
      {t('conversation.audio.unsupported')}
    </audio>
  );
});
