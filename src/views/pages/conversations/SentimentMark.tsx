// A sentiment as an icon whose shape says it (smile, frown, level), never by colour alone, with its name for
// screen readers and on hover; `labelled` also writes the name beside it.
import { FaceFrownIcon, FaceSmileIcon, MinusCircleIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { Sentiment } from '../../../../contract/enums';

const looks = {
  POSITIVE: { Icon: FaceSmileIcon, colour: 'text-green-700' },
  NEGATIVE: { Icon: FaceFrownIcon, colour: 'text-red-700' },
  NEUTRAL: { Icon: MinusCircleIcon, colour: 'text-gray-500' },
} as const;

export function SentimentMark({ sentiment, labelled = false }: { sentiment: Sentiment; labelled?: boolean }) {
  const { t } = useTranslation();
  const { Icon, colour } = looks[sentiment];
  const name = t(`conversation.sentiments.${sentiment}`);
  return (
    <span className={`inline-flex items-center gap-1 ${colour}`} title={name}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className={labelled ? 'text-sm text-gray-900' : 'sr-only'}>{name}</span>
    </span>
  );
}
