// The dialog giving the list's selection to a reviewer: one of those who may review in the campaign and an
// optional due date; then what happened (how many were assigned, those left out because the reviewer is their
// agent, or why none were). Loaded when the user first shows interest in "Assign to a reviewer" (SelectionBar).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { maxAssignedAtOnce } from '../../../../../contract/values/reviews';
import { ApiError, errorMessageKey } from '../../../../services/api-error';
import {
  useAssignSelection,
  useCampaignReviewers,
  type ConversationSelection,
} from '../../../../services/queries/reviews';
import { Button } from '../../../components/Button';
import { DayField } from '../../../components/DayField';
import { controlClass } from '../../../components/fields';
import { numberFormat } from '../../../components/intl-formatters';
import { Modal } from '../../../components/Modal';

/** The end of a calendar day ("2026-11-22") in the browser's time zone, as Unix seconds. */
const endOfDay = (day: string) => Math.floor(new Date(`${day}T23:59:59`).getTime() / 1000);

const today = () => new Date().toLocaleDateString('sv');

export default function AssignDialog({
  campaignId,
  selection,
  count,
  onClose,
}: {
  campaignId: string;
  selection: ConversationSelection;
  /** How many conversations the selection holds, as the bar says it. */
  count: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const reviewers = useCampaignReviewers(campaignId);
  const assign = useAssignSelection(campaignId);
  const [reviewerId, setReviewerId] = useState('');
  const [due, setDue] = useState('');
  const reviewerField = useId();
  const reviewerName = reviewers.data?.find((reviewer) => reviewer.id === reviewerId)?.name ?? '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reviewerId) return;
    assign.mutate({ selection, reviewerId, dueAt: due ? endOfDay(due) : null });
  };
  const outcome = assign.data;
  const done = outcome?.outcome === 'assigned';

  return (
    <Modal
      open
      title={t('conversations.assign.title', {
        count,
        formatted: numberFormat(i18n.language).format(count),
      })}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={reviewerField} className="text-sm font-medium text-gray-700">
            {t('conversations.assign.reviewer')}
          </label>
          <select
            id={reviewerField}
            required
            value={reviewerId}
            disabled={done || assign.isPending}
            onChange={(event) => {
              setReviewerId(event.target.value);
              assign.reset();
            }}
            className={controlClass}
          >
            <option value="">{t('conversations.assign.chooseReviewer')}</option>
            {(reviewers.data ?? []).map((reviewer) => (
              <option key={reviewer.id} value={reviewer.id}>
                {reviewer.name}
              </option>
            ))}
          </select>
          {reviewers.data?.length === 0 && (
            <p className="text-sm text-gray-600">{t('conversations.assign.noReviewers')}</p>
          )}
          {reviewers.isError && (
            <p role="alert" className="text-sm text-red-700">
              {t(errorMessageKey(reviewers.error))}
            </p>
          )}
        </div>
        {!done && (
          <div className="grid">
            <DayField label={t('conversations.assign.due')} value={due} min={today()} onChange={setDue} />
          </div>
        )}
        <div aria-live="polite" className="text-sm">
          {outcome?.outcome === 'assigned' && (
            <p className="text-green-800">
              {t('conversations.assign.assigned', { count: outcome.assigned, name: reviewerName })}
              {outcome.ownAgent > 0 &&
                ` ${t('conversations.assign.ownAgent', { count: outcome.ownAgent, name: reviewerName })}`}
            </p>
          )}
          {outcome?.outcome === 'tooMany' && (
            <p className="text-red-700">{t('conversations.assign.tooMany', { max: maxAssignedAtOnce })}</p>
          )}
          {assign.isError && (
            <p className="text-red-700">
              {assign.error instanceof ApiError && assign.error.status === 400
                ? t('conversations.assign.refused', { name: reviewerName })
                : t(errorMessageKey(assign.error))}
            </p>
          )}
        </div>
        <div className="mt-2 flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={assign.isPending}>
            {done ? t('common.close') : t('common.cancel')}
          </Button>
          {!done && (
            <Button type="submit" disabled={!reviewerId || assign.isPending}>
              {assign.isPending ? t('common.working') : t('conversations.assign.submit')}
            </Button>
          )}
        </div>
      </form>
    </Modal>
  );
}
