// A phase's marker phrases as chips: typed in a box and added with Enter (or the Add button), each removed with
// its own button; Backspace in the empty box removes the last one. The chips are a list, so they are read out.
import { PlusIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { controlClass } from '../../components/fields';
import { markerProblem } from './phases-form';

interface MarkerChipsProps {
  /** The phase as a person reads it, for the buttons' names. */
  phase: string;
  markers: string[];
  onChange: (markers: string[]) => void;
  /** An i18n key: what is wrong with the markers as saved. */
  error?: string | undefined;
}

export function MarkerChips({ phase, markers, onChange, error }: MarkerChipsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;

  const add = () => {
    const marker = draft.trim();
    if (!marker) return;
    const refused = markerProblem(marker, markers);
    setProblem(refused);
    if (refused) return;
    onChange([...markers, marker]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && markers.length > 0) {
      onChange(markers.slice(0, -1));
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-gray-700">
        {t('conversationPhases.markers')}
      </label>
      {markers.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('conversationPhases.markersOf', { phase })}>
          {markers.map((marker, index) => (
            <li
              key={marker}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-purple-50 py-0.5 pr-1 pl-2.5 text-sm text-purple-900 ring-1 ring-purple-200"
            >
              <span className="break-words">{marker}</span>
              <button
                type="button"
                className="rounded-full p-0.5 text-purple-700 hover:bg-purple-100 focus-visible:outline-2 focus-visible:outline-purple-600"
                aria-label={t('conversationPhases.removeMarker', { marker })}
                title={t('conversationPhases.removeMarker', { marker })}
                onClick={() => onChange(markers.filter((_, kept) => kept !== index))}
              >
                <XMarkIcon className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={`${id}-input`}
          className={controlClass}
          value={draft}
          aria-invalid={Boolean(shownError)}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={add} aria-label={t('conversationPhases.addMarkerTo', { phase })}>
          <PlusIcon className="size-4" aria-hidden="true" />
          <span className="max-sm:sr-only">{t('conversationPhases.addMarker')}</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-gray-500">
        {t('conversationPhases.markersHint')}
      </p>
      {shownError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {t(shownError)}
        </p>
      )}
    </div>
  );
}
