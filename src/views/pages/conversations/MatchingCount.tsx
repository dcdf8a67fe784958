// How many conversations match the list's filters: "312 conversations", "10,000+ conversations" past the count's
// cap (decision 0207), "Counting…" meanwhile, nothing when it could not be counted (the list still shows).
// Announced politely as the filters change it.
import { useTranslation } from 'react-i18next';
import type { ConversationCount } from '../../../../contract/conversations';
import { numberFormat } from '../../components/intl-formatters';

export function MatchingCount({ count }: { count: ConversationCount | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (count === null) return null;
  const text = count
    ? t(count.exact ? 'conversations.matching' : 'conversations.matchingAtLeast', {
        count: count.count,
        formatted: numberFormat(i18n.language).format(count.count),
      })
    : t('conversations.counting');
  return (
    <p role="status" className="text-sm font-medium text-gray-700 tabular-nums">
      {text}
    </p>
  );
}
