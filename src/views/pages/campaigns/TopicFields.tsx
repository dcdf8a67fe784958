// One topic of the topics form: its name, its keywords one per line, and a button that removes it.
import { TrashIcon } from '@heroicons/react/20/solid';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { TextAreaField, TextField } from '../../components/fields';
import type { TopicsForm } from './topics-form';

/** The keywords box grows with its lines between these, then scrolls: every keyword in sight for most topics. */
const minKeywordRows = 3;
const maxKeywordRows = 10;

export function TopicFields({
  form,
  index,
  onRemove,
}: {
  form: UseFormReturn<TopicsForm>;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const errors = form.formState.errors.topics?.[index];
  const name = form.watch(`topics.${index}.name`).trim();
  const keywordCount = form.watch(`topics.${index}.keywords`).split('\n').length;
  const label = name || t('topics.unnamed', { number: index + 1 });
  return (
    <fieldset className="grid gap-3 rounded-lg p-3 ring-1 sm:p-4 ring-gray-200 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-start">
      <legend className="sr-only">{label}</legend>
      <TextField
        label={t('topics.name')}
        error={errors?.name?.message}
        {...form.register(`topics.${index}.name`)}
      />
      <TextAreaField
        label={t('topics.keywords')}
        error={errors?.keywords?.message}
        rows={Math.min(maxKeywordRows, Math.max(minKeywordRows, keywordCount))}
        {...form.register(`topics.${index}.keywords`)}
      />
      <Button
        variant="secondary"
        className="justify-self-start sm:mt-6"
        aria-label={t('topics.remove', { name: label })}
        title={t('topics.remove', { name: label })}
        onClick={onRemove}
      >
        <TrashIcon className="size-4" aria-hidden="true" />
        <span className="sm:sr-only">{t('topics.removeShort')}</span>
      </Button>
    </fieldset>
  );
}
