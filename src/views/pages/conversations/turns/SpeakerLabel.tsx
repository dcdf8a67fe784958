// Who speaks in a turn, written out (the side it sits on is only a visual aid).
import { useTranslation } from 'react-i18next';
import type { Speaker } from '../../../../../contract/conversations';

export function SpeakerLabel({ speaker }: { speaker: Speaker }) {
  const { t } = useTranslation();
  return (
    <span className={`text-xs font-semibold ${speaker === 'agent' ? 'text-purple-800' : 'text-gray-700'}`}>
      {t(`conversation.speakers.${speaker}`)}
    </span>
  );
}
