// An item's answer, changed in place: yes / no (/ N/A) as a segmented control, a level picker, or a composed item's
// sub-items as checkboxes (ticked: yes). Each choice goes to the evaluation machine at once (shown before the server
// answers); the buttons are toggles, so arrow keys stay free for moving between items.
import { useTranslation } from 'react-i18next';
import type { EvaluationItem } from '../../../../contract/evaluation-grids';
import type { EvaluationValue } from '../../../../contract/evaluations';
import type { AnswerChoice } from './answer-choice';
import { subItemValues } from './answer-choice';
import { binaryAnswerText, formatScore } from './answer-text';

interface AnswerControlsProps {
  item: EvaluationItem;
  value: EvaluationValue | null;
  disabled: boolean;
  onChoose: (choice: AnswerChoice) => void;
}

const segmentClass =
  'min-w-12 px-3 py-1 text-sm font-medium ring-1 ring-gray-300 ring-inset first:rounded-l-lg last:rounded-r-lg ' +
  'focus-visible:relative focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-purple-600 ' +
  'aria-pressed:bg-purple-700 aria-pressed:text-white aria-pressed:ring-purple-700 ' +
  'not-aria-pressed:bg-white not-aria-pressed:text-gray-800 not-aria-pressed:hover:bg-purple-50 disabled:opacity-60';

interface Segment {
  key: string;
  label: string;
  pressed: boolean;
  choice: AnswerChoice;
}

function Segments({
  label,
  segments,
  disabled,
  onChoose,
}: {
  label: string;
  segments: Segment[];
  disabled: boolean;
  onChoose: (choice: AnswerChoice) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap -space-x-px">
      {segments.map((segment) => (
        <button
          key={segment.key}
          type="button"
          aria-pressed={segment.pressed}
          disabled={disabled}
          onClick={() => onChoose(segment.choice)}
          className={segmentClass}
        >
          {segment.label}
        </button>
      ))}
    </div>
  );
}

export function AnswerControls({ item, value, disabled, onChoose }: AnswerControlsProps) {
  const { t, i18n } = useTranslation();
  const na: Segment[] = item.allow_na
    ? [{ key: 'na', label: binaryAnswerText(t, 'na'), pressed: value === 'na', choice: { type: 'na' } }]
    : [];
  if (item.type === 'composed_item') {
    const answers = subItemValues(item, value);
    return (
      <fieldset>
        <legend className="sr-only">{t('evaluationPanel.subItemsOf', { name: item.name })}</legend>
        <ul className="grid gap-1">
          {item.sub_items.map((sub, index) => (
            <li key={sub.id}>
              <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-gray-800 has-disabled:cursor-default">
                <input
                  type="checkbox"
                  checked={value !== null && answers[sub.id] === 'yes'}
                  disabled={disabled}
                  onChange={() => onChoose({ type: 'number', index })}
                  className="size-4 accent-purple-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600"
                />
                <span className="w-4 text-xs text-gray-600 tabular-nums" aria-hidden="true">
                  {index < 9 ? index + 1 : ''}
                </span>
                {sub.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  }
  const segments: Segment[] =
    item.type === 'multiple_levels_item'
      ? item.levels.map((level, index) => ({
          key: String(index),
          label: t('evaluationPanel.levelChoice', {
            level: level.name,
            score: formatScore(level.score, i18n.language),
          }),
          pressed: value === index,
          choice: { type: 'number', index },
        }))
      : (['yes', 'no'] as const).map((answer) => ({
          key: answer,
          label: binaryAnswerText(t, answer),
          pressed: value === answer,
          choice: { type: answer },
        }));
  return (
    <Segments
      label={t('evaluationPanel.answerTo', { name: item.name })}
      segments={[...segments, ...na]}
      disabled={disabled}
      onChoose={onChoose}
    />
  );
}
