// One review rule of the campaign's rules form: its place in the order, its name and whether it runs, which
// conversations it picks from, how many (quota), who reviews them and in how many days; buttons move it up or down
// (the keyboard focus follows the moved rule) or remove it.
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@heroicons/react/20/solid';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reviewPeriods, type CampaignReviewer } from '../../../../contract/reviews';
import { Button } from '../../components/Button';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import { MultiSelect, type Choice } from '../../components/MultiSelect';
import { quotaKinds, type ReviewRulesForm } from './review-rules-form';
import { ReviewRuleFilters } from './ReviewRuleFilters';

/** The id of a rule's move button, so that the focus can follow the rule to its new place. */
export const ruleMoveButtonId = (index: number, direction: 'up' | 'down') =>
  `review-rule-${index}-${direction}`;

interface ReviewRuleFieldsProps {
  campaignId: string;
  form: UseFormReturn<ReviewRulesForm>;
  index: number;
  count: number;
  /** Who may review in the campaign now. */
  reviewers: readonly CampaignReviewer[];
  onMove: (direction: 'up' | 'down') => void;
  onRemove: () => void;
}

/**
 * The reviewers to choose from: the campaign's, and any already chosen who no longer may review there (left the
 * campaign, lost the right), so that they show and can be unticked.
 */
function reviewerChoices(
  reviewers: readonly CampaignReviewer[],
  chosen: readonly string[],
  gone: string,
): Choice[] {
  const known = new Set(reviewers.map((reviewer) => reviewer.id));
  return [
    ...reviewers.map((reviewer) => ({ id: reviewer.id, name: reviewer.name })),
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, name: gone })),
  ];
}

export function ReviewRuleFields({
  campaignId,
  form,
  index,
  count,
  reviewers,
  onMove,
  onRemove,
}: ReviewRuleFieldsProps) {
  const { t } = useTranslation();
  const errors = form.formState.errors.rules?.[index];
  const name = form.watch(`rules.${index}.name`).trim();
  const quotaKind = form.watch(`rules.${index}.quota.kind`);
  const label = name || t('reviewRules.unnamed', { number: index + 1 });
  const numberProps = { type: 'text', inputMode: 'numeric', autoComplete: 'off' } as const;

  return (
    <fieldset className="grid gap-4 rounded-lg p-3 ring-1 ring-gray-200 sm:p-4">
      <legend className="sr-only">{t('reviewRules.ruleNumber', { number: index + 1, name: label })}</legend>
      <div className="flex flex-wrap items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-6 grid size-7 shrink-0 place-items-center rounded-full bg-purple-700 text-sm font-semibold text-white"
        >
          {index + 1}
        </span>
        <div className="min-w-0 flex-1 basis-48">
          <TextField
            label={t('reviewRules.name')}
            maxLength={100}
            error={errors?.name?.message}
            {...form.register(`rules.${index}.name`)}
          />
        </div>
        <div className="flex gap-2 sm:mt-6">
          <Button
            id={ruleMoveButtonId(index, 'up')}
            variant="secondary"
            disabled={index === 0}
            aria-label={t('reviewRules.moveUp', { name: label })}
            title={t('reviewRules.moveUp', { name: label })}
            onClick={() => onMove('up')}
          >
            <ArrowUpIcon className="size-4" aria-hidden="true" />
          </Button>
          <Button
            id={ruleMoveButtonId(index, 'down')}
            variant="secondary"
            disabled={index === count - 1}
            aria-label={t('reviewRules.moveDown', { name: label })}
            title={t('reviewRules.moveDown', { name: label })}
            onClick={() => onMove('down')}
          >
            <ArrowDownIcon className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="secondary"
            aria-label={t('reviewRules.remove', { name: label })}
            title={t('reviewRules.remove', { name: label })}
            onClick={onRemove}
          >
            <TrashIcon className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      {errors?.ruleId?.message && (
        <p role="alert" className="text-sm text-red-700">
          {t(errors.ruleId.message)}
        </p>
      )}
      <Controller
        control={form.control}
        name={`rules.${index}.enabled`}
        render={({ field }) => (
          <CheckboxField label={t('reviewRules.enabled')} checked={field.value} onChange={field.onChange} />
        )}
      />
      <Controller
        control={form.control}
        name={`rules.${index}.filters`}
        render={({ field, fieldState }) => (
          <ReviewRuleFilters
            campaignId={campaignId}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="grid gap-3 sm:grid-cols-3 sm:items-start">
        <SelectField
          label={t('reviewRules.quota.label')}
          error={errors?.quota?.kind?.message}
          options={quotaKinds.map((kind) => ({ value: kind, label: t(`reviewRules.quota.kinds.${kind}`) }))}
          {...form.register(`rules.${index}.quota.kind`)}
        />
        {quotaKind === 'per_agent' && (
          <>
            <TextField
              label={t('reviewRules.quota.perAgent')}
              error={errors?.quota?.perAgent?.message}
              {...numberProps}
              {...form.register(`rules.${index}.quota.perAgent`)}
            />
            <SelectField
              label={t('reviewRules.quota.period')}
              options={reviewPeriods.map((period) => ({
                value: period,
                label: t(`reviewRules.quota.periods.${period}`),
              }))}
              {...form.register(`rules.${index}.quota.period`)}
            />
          </>
        )}
        {quotaKind === 'percent' && (
          <TextField
            label={t('reviewRules.quota.percent')}
            error={errors?.quota?.percent?.message}
            {...numberProps}
            inputMode="decimal"
            {...form.register(`rules.${index}.quota.percent`)}
          />
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-3 sm:items-start">
        <Controller
          control={form.control}
          name={`rules.${index}.reviewers`}
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-1 sm:col-span-2">
              <MultiSelect
                label={t('reviewRules.reviewers')}
                choices={reviewerChoices(reviewers, field.value, t('reviewRules.reviewerGone'))}
                value={field.value}
                onChange={field.onChange}
              />
              {fieldState.error?.message && (
                <p role="alert" className="text-sm text-red-700">
                  {t(fieldState.error.message)}
                </p>
              )}
            </div>
          )}
        />
        <TextField
          label={t('reviewRules.dueInDays')}
          error={errors?.dueInDays?.message}
          {...numberProps}
          {...form.register(`rules.${index}.dueInDays`)}
        />
      </div>
    </fieldset>
  );
}
