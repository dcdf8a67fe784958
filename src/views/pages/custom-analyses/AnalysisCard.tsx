// One custom analysis: its name, type, question and options; for those who may edit the campaign's settings,
// buttons that change or delete it; below, what the conversations answered.
import { PencilSquareIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomAnalysis } from '../../../../contract/custom-analyses';
import { useDeleteCustomAnalysis } from '../../../services/queries/custom-analyses';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading } from '../../components/Loading';
import { useNotify } from '../../components/use-notify';
import { AnalysisAnswers } from './AnalysisAnswers';
import type { AnalysisDetails } from './answer-counts';

interface AnalysisCardProps {
  analysis: CustomAnalysis;
  /** Its answers' figures; undefined while they load or when they failed (the page says so once). */
  details: AnalysisDetails | undefined;
  detailsPending: boolean;
  /** Opens the analysis for a change; absent for readers who may not edit. */
  onEdit?: () => void;
}

function DeleteButton({ analysis }: { analysis: CustomAnalysis }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const remove = useDeleteCustomAnalysis(analysis.campaign_id);
  const [confirming, setConfirming] = useState(false);
  const label = t('customAnalyses.delete', { name: analysis.name });
  return (
    <>
      <Button variant="secondary" aria-label={label} title={label} onClick={() => setConfirming(true)}>
        <TrashIcon className="size-4" aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('customAnalyses.deleteTitle', { name: analysis.name })}
        body={t('customAnalyses.deleteBody')}
        confirmLabel={t('customAnalyses.deleteConfirm')}
        pending={remove.isPending}
        // Awaited rather than given callbacks: the card leaves the page once the list no longer holds it.
        onConfirm={() =>
          void remove.mutateAsync(analysis.id).then(
            () => notify.success('customAnalyses.deleted'),
            (error: unknown) => {
              setConfirming(false);
              notify.failure('customAnalyses.deleteFailed', error);
            },
          )
        }
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

export function AnalysisCard({ analysis, details, detailsPending, onEdit }: AnalysisCardProps) {
  const { t } = useTranslation();
  return (
    <article
      aria-labelledby={`analysis-${analysis.id}`}
      className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`analysis-${analysis.id}`} className="text-base font-semibold break-words text-gray-900">
              {analysis.name}
            </h2>
            <span className="rounded-full bg-purple-50 px-2 py-0.5 text-xs font-medium text-purple-800 ring-1 ring-purple-200">
              {t(`customAnalyses.types.${analysis.type}`)}
            </span>
            {!analysis.rules && (
              <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
                {t('customAnalyses.noRules')}
              </span>
            )}
          </div>
          <p className="mt-1 text-sm break-words text-gray-700">{analysis.question}</p>
          {analysis.options && (
            <p className="mt-1 text-xs text-gray-500">
              {t('customAnalyses.optionsList', { options: analysis.options.join(' · ') })}
            </p>
          )}
        </div>
        {onEdit && (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              aria-label={t('customAnalyses.edit', { name: analysis.name })}
              title={t('customAnalyses.edit', { name: analysis.name })}
              onClick={onEdit}
            >
              <PencilSquareIcon className="size-4" aria-hidden="true" />
              <span className="max-sm:sr-only">{t('customAnalyses.editShort')}</span>
            </Button>
            <DeleteButton analysis={analysis} />
          </div>
        )}
      </header>
      <section aria-label={t('customAnalyses.answers.title', { name: analysis.name })}>
        {details ? (
          <AnalysisAnswers campaignId={analysis.campaign_id} details={details} />
        ) : detailsPending ? (
          <Loading />
        ) : null}
      </section>
    </article>
  );
}
