// The form that changes one item's answer and its comment: yes / no (/ N/A), a level, or yes / no per sub-item,
// plus a comment. A comment alone can be changed; the machine sends whichever changed.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvaluationItem } from '../../../../contract/evaluation-grids';
import {
  evaluationCommentMaxLength,
  type EvaluationItemResult,
  type EvaluationValue,
} from '../../../../contract/evaluations';
import { errorMessageKey } from '../../../services/api-error';
import { EvaluationActorContext } from '../../../machines/evaluation/provider';
import { selectFailure, selectIsSaving } from '../../../machines/evaluation/selectors';
import { TextAreaField } from '../../components/fields';
import { FormDialog } from '../../components/FormDialog';
import { binaryAnswerText, formatScore } from './answer-text';

interface Choice {
  value: string;
  label: string;
}

function ChoiceGroup({
  legend,
  name,
  choices,
  chosen,
  onChoose,
}: {
  legend: string;
  name: string;
  choices: Choice[];
  chosen: string | undefined;
  onChoose: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-700">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="inline-flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm ring-1 ring-gray-300 has-checked:bg-purple-50 has-checked:ring-2 has-checked:ring-purple-600 has-focus-visible:outline-2 has-focus-visible:outline-purple-600"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={chosen === choice.value}
              onChange={() => onChoose(choice.value)}
              className="accent-purple-700"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The form's answer: one choice, or one per sub-item id. */
type Draft = Record<string, string>;

const wholeAnswer = '';

function draftOf(value: EvaluationValue | null): Draft {
  if (value === null) return {};
  if (typeof value === 'object') return { ...value };
  return { [wholeAnswer]: String(value) };
}

/** The answer the form holds, or null while something is left to choose. */
function valueOf(item: EvaluationItem, draft: Draft): EvaluationValue | null {
  if (item.type === 'composed_item') {
    const answers = item.sub_items.map((sub) => [sub.id, draft[sub.id]] as const);
    if (answers.some(([, answer]) => answer !== 'yes' && answer !== 'no')) return null;
    return Object.fromEntries(answers) as Record<string, 'yes' | 'no'>;
  }
  const chosen = draft[wholeAnswer];
  if (chosen === undefined) return null;
  if (item.type === 'multiple_levels_item' && chosen !== 'na') return Number(chosen);
  return chosen as 'yes' | 'no' | 'na';
}

function AnswerChoices({
  item,
  draft,
  onChange,
}: {
  item: EvaluationItem;
  draft: Draft;
  onChange: (draft: Draft) => void;
}) {
  const { t, i18n } = useTranslation();
  const na = item.allow_na ? [{ value: 'na', label: binaryAnswerText(t, 'na') }] : [];
  const yesNo = ['yes', 'no'].map((value) => ({ value, label: binaryAnswerText(t, value) }));
  if (item.type === 'composed_item') {
    return (
      <>
        {item.sub_items.map((sub) => (
          <ChoiceGroup
            key={sub.id}
            legend={sub.name}
            name={`answer-${sub.id}`}
            choices={yesNo}
            chosen={draft[sub.id]}
            onChoose={(value) => onChange({ ...draft, [sub.id]: value })}
          />
        ))}
      </>
    );
  }
  const choices =
    item.type === 'multiple_levels_item'
      ? item.levels.map((level, index) => ({
          value: String(index),
          label: `${level.name} (${formatScore(level.score, i18n.language)})`,
        }))
      : yesNo;
  return (
    <ChoiceGroup
      legend={t('evaluationPanel.answer')}
      name={`answer-${item.id}`}
      choices={[...choices, ...na]}
      chosen={draft[wholeAnswer]}
      onChoose={(value) => onChange({ [wholeAnswer]: value })}
    />
  );
}

export function ItemAnswerDialog({ item, result }: { item: EvaluationItem; result: EvaluationItemResult }) {
  const { t } = useTranslation();
  const actor = EvaluationActorContext.useActorRef();
  const saving = EvaluationActorContext.useSelector(selectIsSaving);
  const failure = EvaluationActorContext.useSelector(selectFailure);
  const [draft, setDraft] = useState(() => draftOf(result.value));
  const [comment, setComment] = useState(result.comment ?? '');
  const [incomplete, setIncomplete] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = valueOf(item, draft);
    if (value === null) {
      setIncomplete(true);
      return;
    }
    const trimmed = comment.trim();
    actor.send({
      type: 'edit.submit',
      itemId: item.id,
      itemType: item.type,
      value,
      comment: trimmed === '' ? null : trimmed,
    });
  };

  return (
    <FormDialog
      open
      title={t('evaluationPanel.changeTitle', { name: item.name })}
      submitLabel={t('evaluationPanel.save')}
      pending={saving}
      onSubmit={submit}
      onClose={() => actor.send({ type: 'edit.cancel' })}
    >
      <AnswerChoices
        item={item}
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          setIncomplete(false);
        }}
      />
      {incomplete && (
        <p role="alert" className="text-sm text-red-700">
          {t('evaluationPanel.chooseAnswer')}
        </p>
      )}
      <TextAreaField
        label={t('evaluationPanel.commentLabel')}
        value={comment}
        maxLength={evaluationCommentMaxLength}
        rows={3}
        onChange={(event) => setComment(event.target.value)}
      />
      {failure && (failure.action === 'saveAnswer' || failure.action === 'saveComment') && (
        <p role="alert" className="text-sm text-red-700">
          {t(`evaluationPanel.failures.${failure.action}`)} {t(errorMessageKey(failure.error))}
        </p>
      )}
    </FormDialog>
  );
}
