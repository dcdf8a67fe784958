// The frame of a home's filter bar (the supervisor's and agent's, the admin's): the filters in a row, "Reset
// filters", and a way to try again when the choices could not be loaded.
import { ArrowPathIcon } from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FilterBarFrameProps {
  onReset: () => void;
  /** Whether some filter's choices could not be loaded. */
  optionsFailed: boolean;
  onRetryOptions: () => void;
  children: ReactNode;
}

export function FilterBarFrame({ onReset, optionsFailed, onRetryOptions, children }: FilterBarFrameProps) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('filters.label')}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-wrap items-end gap-3">
        {children}
        <button
          type="button"
          onClick={onReset}
          className="ml-auto flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-purple-700 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
        >
          <ArrowPathIcon className="size-4" aria-hidden="true" />
          {t('filters.reset')}
        </button>
      </div>
      {optionsFailed && (
        <p role="alert" className="mt-3 flex items-center gap-3 text-sm text-red-700">
          {t('filters.optionsError')}
          <button type="button" onClick={onRetryOptions} className="font-medium underline">
            {t('filters.retry')}
          </button>
        </p>
      )}
    </section>
  );
}
