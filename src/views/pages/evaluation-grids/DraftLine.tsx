// The line above a grid editor holding a saved draft: when it was saved and by whom, that it is not published, and
// discarding it after a confirmation.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvaluationGridDraft } from '../../../../contract/evaluation-grids';
import { useDiscardEvaluationGridDraft } from '../../../services/queries/evaluation-grids';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { useNotify } from '../../components/use-notify';

export function DraftLine({ gridId, draft }: { gridId: string; draft: EvaluationGridDraft }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const discard = useDiscardEvaluationGridDraft(gridId);
  const [confirming, setConfirming] = useState(false);
  const date = formatDateTime(draft.updated_at, i18n.language);
  return (
    <section
      aria-label={t('evaluationGrid.draft.title')}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200"
    >
      <div role="status" className="min-w-0 text-sm text-amber-900">
        <p className="font-medium">
          {draft.updated_by
            ? t('evaluationGrid.draft.savedBy', { date, name: draft.updated_by.name })
            : t('evaluationGrid.draft.saved', { date })}
        </p>
        <p>{t('evaluationGrid.draft.notPublished')}</p>
      </div>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('evaluationGrid.draft.discard')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('evaluationGrid.draft.discardTitle')}
        body={t('evaluationGrid.draft.discardBody')}
        confirmLabel={t('evaluationGrid.draft.discardConfirm')}
        pending={discard.isPending}
        onConfirm={() =>
          discard.mutate(undefined, {
            onSuccess: () => notify.success('evaluationGrid.draft.discarded'),
            onError: (error) => notify.failure('evaluationGrid.draft.discardFailed', error),
            onSettled: () => setConfirming(false),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
