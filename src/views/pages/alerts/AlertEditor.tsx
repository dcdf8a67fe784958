// The alert form, for a new alert and an existing one: name, what it watches, recipients, on or off. Mistakes
// show at their field, the server's refusals too (an element gone from the grid, a recipient gone from the
// campaign); leaving with unsaved changes asks first.
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CampaignMember } from '../../../../contract/campaigns';
import type { EvaluationGrid } from '../../../../contract/evaluation-grids';
import { ApiError } from '../../../services/api-error';
import { Button, ButtonLink } from '../../components/Button';
import { TextField } from '../../components/fields';
import { SaveButton } from '../../components/SaveButton';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { useNotify } from '../../components/use-notify';
import { alertFormSchema, formFieldOf, type AlertForm } from './alert-form';
import { EnabledSwitch } from './EnabledSwitch';
import { RecipientsField } from './RecipientsField';
import { WatchFields } from './WatchFields';

interface AlertEditorProps {
  values: AlertForm;
  grid: EvaluationGrid;
  members: CampaignMember[];
  /** A new alert gets an always-enabled submit; an existing one the save rule (enabled once changed). */
  mode: 'create' | 'edit';
  readOnly: boolean;
  /** Sends the values; rejects with the server's answer when it refuses them. */
  onSubmit: (values: AlertForm) => Promise<unknown>;
  /** Called when the server refused fields: what the form offers (grid, members) may have changed since. */
  onRefused: () => void;
  /** The i18n key of the toast when the call fails for another reason than the fields. */
  failure: string;
  cancelHref: string;
  /** More actions beside the submit (delete). */
  actions?: ReactNode;
}

/** Shows each field the server refused at its field; says whether any could be placed. */
function placeRefusals(form: ReturnType<typeof useForm<AlertForm>>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = [...new Set(error.errors.flatMap(({ path }) => formFieldOf(path) ?? []))];
  for (const [index, field] of fields.entries()) {
    form.setError(
      field as FieldPath<AlertForm>,
      { type: 'server', message: `alerts.refused.${field}` },
      { shouldFocus: index === 0 },
    );
  }
  return fields.length > 0;
}

export function AlertEditor({
  values,
  grid,
  members,
  mode,
  readOnly,
  onSubmit,
  onRefused,
  failure,
  cancelHref,
  actions,
}: AlertEditorProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const form = useForm<AlertForm>({
    resolver: zodResolver(alertFormSchema),
    values,
    // New values from the server (after a save, or a refetch after a refusal) keep what the user is editing.
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (chosen) => {
    try {
      await onSubmit(chosen);
    } catch (error) {
      if (placeRefusals(form, error)) {
        notify.error('alerts.refusedFields');
        onRefused();
      } else {
        notify.failure(failure, error);
      }
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(mode === 'create' ? 'pages.titles.alertCreate' : 'pages.titles.alert')}
      className="max-w-2xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <fieldset disabled={readOnly} className="grid gap-4">
        <TextField label={t('alerts.form.name')} error={errors.name?.message} {...form.register('name')} />
        <WatchFields form={form} grid={grid} />
        <Controller
          control={form.control}
          name="recipients"
          render={({ field, fieldState }) => (
            <RecipientsField
              members={members}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={readOnly}
            />
          )}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <div className="flex items-center gap-3">
              <EnabledSwitch
                label={t('alerts.enabled')}
                checked={field.value}
                onChange={field.onChange}
                disabled={readOnly}
              />
              <span className="text-sm text-gray-800" aria-hidden="true">
                {t(field.value ? 'alerts.on' : 'alerts.off')}
              </span>
            </div>
          )}
        />
      </fieldset>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {readOnly ? null : mode === 'create' ? (
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('common.working') : t('alerts.submitCreate')}
          </Button>
        ) : (
          <SaveButton changed={isDirty} pending={isSubmitting} />
        )}
        <ButtonLink href={cancelHref} variant="secondary">
          {t(mode === 'create' ? 'common.cancel' : 'alerts.backToList')}
        </ButtonLink>
        {!readOnly && actions}
      </div>
    </form>
  );
}
