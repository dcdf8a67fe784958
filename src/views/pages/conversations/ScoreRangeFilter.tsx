// The main-score filter: a lowest and a highest score, 0–100, both included; an empty field drops its bound.
// A bound out of range, or a lowest above the highest, is said next to the fields and not applied.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ScoreRange {
  min?: number | undefined;
  max?: number | undefined;
}

const controlClass =
  'w-20 rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600 aria-invalid:ring-red-500 max-sm:min-w-0 max-sm:flex-1';

type Bound = 'min' | 'max';

/** The text of a bound as a score: undefined when empty, null when not a score from 0 to 100. */
function scoreOf(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  const score = Number(text);
  return Number.isFinite(score) && score >= 0 && score <= 100 ? score : null;
}

/** The bounds the fields say, or what is wrong with them. */
function problemOf(
  texts: Record<Bound, string>,
): { problem: null; range: ScoreRange } | { problem: 'outOfRange' | 'reversed' } {
  const min = scoreOf(texts.min);
  const max = scoreOf(texts.max);
  if (min === null || max === null) return { problem: 'outOfRange' };
  if (min !== undefined && max !== undefined && min > max) return { problem: 'reversed' };
  return { problem: null, range: { min, max } };
}

export function ScoreRangeFilter({
  value,
  onChange,
}: {
  value: ScoreRange;
  onChange: (value: ScoreRange) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [texts, setTexts] = useState<Record<Bound, string>>({
    min: value.min === undefined ? '' : String(value.min),
    max: value.max === undefined ? '' : String(value.max),
  });
  const problem = problemOf(texts).problem;

  const change = (bound: Bound, text: string) => {
    const next = { ...texts, [bound]: text };
    setTexts(next);
    const read = problemOf(next);
    if (read.problem === null) onChange(read.range);
  };

  const field = (bound: Bound) => (
    <div className="flex flex-col gap-1 max-sm:flex-1">
      <label htmlFor={`${id}-${bound}`} className="text-xs font-medium text-gray-600 sm:sr-only">
        {t(`conversations.filters.score.${bound}`)}
      </label>
      <input
        id={`${id}-${bound}`}
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step="any"
        value={texts[bound]}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => change(bound, event.target.value)}
        className={controlClass}
      />
    </div>
  );

  return (
    <fieldset className="max-sm:w-full">
      <legend className="mb-1 text-xs font-medium text-gray-600 max-sm:sr-only">
        {t('conversations.filters.score.label')}
      </legend>
      <div className="flex items-end gap-1 max-sm:gap-2">
        {field('min')}
        <span aria-hidden="true" className="self-center max-sm:hidden">
          –
        </span>
        {field('max')}
      </div>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-xs text-red-700">
          {t(`conversations.filters.score.${problem}`)}
        </p>
      )}
    </fieldset>
  );
}
