// The plan form, for a new plan and an existing one: title, status, start day, notes, and the focus items with
// their goals (target score, due day), added from the agent's weakest items or the grid. Leaving with unsaved
// changes asks first.
import { zodResolver } from '@hookform/resolvers/zod';
import { TrashIcon } from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../../contract/campaigns';
import { coachingStatuses } from '../../../../contract/coaching';
import { Button } from '../../components/Button';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { SaveButton } from '../../components/SaveButton';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { useNotify } from '../../components/use-notify';
import { FocusItemPicker } from './FocusItemPicker';
import { planFormSchema, type PlanForm } from './plan-form';

interface PlanEditorProps {
  agentId: string;
  values: PlanForm;
  campaigns: Campaign[];
  mode: 'create' | 'edit';
  /** Sends the values; rejects with the server's answer when it refuses them. */
  onSubmit: (values: PlanForm) => Promise<unknown>;
  onCancel: () => void;
  /** More actions beside the submit (delete). */
  actions?: ReactNode;
}

export function PlanEditor({
  agentId,
  values,
  campaigns,
  mode,
  onSubmit,
  onCancel,
  actions,
}: PlanEditorProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const form = useForm<PlanForm>({
    resolver: zodResolver(planFormSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const focusItems = useFieldArray({ control: form.control, name: 'focusItems', keyName: 'key' });
  const { errors, isDirty, isSubmitting } = form.formState;
  const chosen = new Set(focusItems.fields.map((item) => item.item_id));

  const submit = form.handleSubmit(async (chosenValues) => {
    try {
      await onSubmit(chosenValues);
    } catch (error) {
      notify.failure(mode === 'create' ? 'coaching.createFailed' : 'coaching.saveFailed', error);
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(mode === 'create' ? 'coaching.newPlan' : 'coaching.editPlan')}
      className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <TextField label={t('coaching.form.title')} error={errors.title?.message} {...form.register('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="date"
          label={t('coaching.form.startedOn')}
          error={errors.startedOn?.message}
          {...form.register('startedOn')}
        />
        {mode === 'edit' && (
          <SelectField
            label={t('coaching.form.status')}
            options={coachingStatuses.map((status) => ({
              value: status,
              label: t(`coaching.statuses.${status}`),
            }))}
            {...form.register('status')}
          />
        )}
      </div>
      <TextAreaField
        label={t('coaching.form.notes')}
        error={errors.notes?.message}
        {...form.register('notes')}
      />

      <section aria-label={t('coaching.form.focusItems')} className="grid gap-3">
        <h3 className="text-sm font-semibold text-gray-900">{t('coaching.form.focusItems')}</h3>
        {focusItems.fields.length === 0 ? (
          <p className="text-sm text-gray-600">{t('coaching.form.noFocusItems')}</p>
        ) : (
          <ul className="grid gap-3">
            {focusItems.fields.map((field, index) => (
              <li key={field.key}>
                <div
                  role="group"
                  aria-label={field.item_name}
                  className="grid gap-3 rounded-lg bg-gray-50 p-3"
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="min-w-0 text-sm">
                      <span className="font-medium text-gray-900">{field.item_name}</span>
                      <span className="block text-xs text-gray-600">
                        {field.campaign_name} · {field.section_name}
                      </span>
                    </p>
                    <Button
                      variant="secondary"
                      aria-label={t('coaching.form.removeItem', { item: field.item_name })}
                      onClick={() => focusItems.remove(index)}
                    >
                      <TrashIcon className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <TextField
                      inputMode="decimal"
                      label={t('coaching.form.target')}
                      hint={t('coaching.form.targetHint')}
                      error={errors.focusItems?.[index]?.target?.message}
                      {...form.register(`focusItems.${index}.target`)}
                    />
                    <TextField
                      type="date"
                      label={t('coaching.form.dueDate')}
                      {...form.register(`focusItems.${index}.due_date`)}
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        {errors.focusItems?.message && (
          <p role="alert" className="text-sm text-red-700">
            {t(errors.focusItems.message)}
          </p>
        )}
        <FocusItemPicker
          agentId={agentId}
          campaigns={campaigns}
          chosen={chosen}
          onAdd={(item) => focusItems.append(item, { shouldFocus: false })}
        />
      </section>

      <div className="flex flex-wrap items-center gap-3">
        {mode === 'create' ? (
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('common.working') : t('coaching.createPlan')}
          </Button>
        ) : (
          <SaveButton changed={isDirty} pending={isSubmitting} />
        )}
        <Button variant="secondary" onClick={onCancel}>
          {t(mode === 'create' ? 'common.cancel' : 'coaching.backToPlans')}
        </Button>
        {actions}
      </div>
    </form>
  );
}
