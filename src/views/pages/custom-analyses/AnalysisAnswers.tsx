// What a campaign's conversations answered to one analysis: how many answered, then by type a chart of yes/no or
// of the options, the numbers' lowest, average and highest, or the free texts page by page.
import { useTranslation } from 'react-i18next';
import type { AnalysisDetails } from './answer-counts';
import { CountsView } from './CountsView';
import { FreeTextAnswers } from './FreeTextAnswers';
import { NumberView } from './NumberView';

export function AnalysisAnswers({ campaignId, details }: { campaignId: string; details: AnalysisDetails }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const answered = t('customAnalyses.answers.answered', {
    count: details.answered,
    answered: number(details.answered),
    unanswered: number(details.unanswered),
  });
  if (details.answered === 0 && details.unanswered === 0)
    return <p className="text-sm text-gray-600">{t('customAnalyses.answers.none')}</p>;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-gray-600">{answered}</p>
      {details.type === 'free_text' ? (
        <FreeTextAnswers campaignId={campaignId} analysisId={details.id} />
      ) : details.type === 'number' ? (
        details.number && <NumberView number={details.number} />
      ) : (
        details.answered > 0 && <CountsView details={details} />
      )}
    </div>
  );
}
