// The metadata of a conversation as rows of key and value to change, add and remove, each with its mistake.
import { PlusIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { controlClass } from '../../components/fields';
import type { MetadataRow, RowErrors } from './metadata-rows';

interface MetadataRowsEditorProps {
  rows: MetadataRow[];
  errors: RowErrors[];
  tooMany: boolean;
  onChange: (rows: MetadataRow[]) => void;
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="text-xs text-red-700">
      {t(error)}
    </p>
  );
}

export function MetadataRowsEditor({ rows, errors, tooMany, onChange }: MetadataRowsEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const change = (index: number, changes: Partial<MetadataRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...changes } : row)));

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-gray-700">{t('conversation.facts.metadata')}</legend>
      {rows.length === 0 && <p className="text-sm text-gray-600">{t('conversation.facts.noMetadata')}</p>}
      {rows.map((row, index) => {
        const error = errors[index] ?? {};
        const number = index + 1;
        return (
          <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <div className="grid gap-1">
              <input
                className={controlClass}
                value={row.key}
                placeholder={t('conversation.edit.key')}
                aria-label={t('conversation.edit.keyOf', { number })}
                aria-invalid={error.key ? true : undefined}
                aria-describedby={error.key ? `${id}-key-${index}` : undefined}
                onChange={(event) => change(index, { key: event.target.value })}
              />
              <ErrorText id={`${id}-key-${index}`} error={error.key} />
            </div>
            <div className="grid gap-1">
              <input
                className={controlClass}
                value={row.value}
                placeholder={t('conversation.edit.value')}
                aria-label={t('conversation.edit.valueOf', { number })}
                aria-invalid={error.value ? true : undefined}
                aria-describedby={error.value ? `${id}-value-${index}` : undefined}
                onChange={(event) => change(index, { value: event.target.value })}
              />
              <ErrorText id={`${id}-value-${index}`} error={error.value} />
            </div>
            <button
              type="button"
              className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-purple-600"
              aria-label={t('conversation.edit.removeField', { number })}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <XMarkIcon className="size-4" aria-hidden="true" />
            </button>
          </div>
        );
      })}
      {tooMany && (
        <p role="alert" className="text-sm text-red-700">
          {t('conversation.edit.tooManyKeys')}
        </p>
      )}
      <div>
        <Button variant="secondary" onClick={() => onChange([...rows, { key: '', value: '' }])}>
          <PlusIcon className="size-4" aria-hidden="true" />
          {t('conversation.edit.addField')}
        </Button>
      </div>
    </fieldset>
  );
}
