// The evaluation's items by section, worked through from the keyboard (issue 21): one current item, marked and
// focused (so screen readers say it), moved with j/k or the arrows; y / n / a and 1–9 answer it, c opens its
// comment, e shows its first evidence in the conversation. A pointer or Tab into an item makes it the current one.
// While the items are not shown (another tab of the review screen), only e acts.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvaluationGrid, EvaluationItem } from '../../../../contract/evaluation-grids';
import type { Evaluation, EvaluationItemResult } from '../../../../contract/evaluations';
import { EvaluationActorContext } from '../../../machines/evaluation/provider';
import { selectCanChange } from '../../../machines/evaluation/selectors';
import { useReviewKeys } from '../conversations/review/use-review-keys';
import { useTurnFocus } from '../conversations/turns/turn-focus';
import { answerAfter, type AnswerChoice } from './answer-choice';
import { formatScore } from './answer-text';
import { EvaluationItemRow } from './EvaluationItemRow';

interface Row {
  item: EvaluationItem;
  result: EvaluationItemResult;
}

export function EvaluationItems({ evaluation, grid }: { evaluation: Evaluation; grid: EvaluationGrid }) {
  const { t, i18n } = useTranslation();
  const actor = EvaluationActorContext.useActorRef();
  const canChange = EvaluationActorContext.useSelector(selectCanChange);
  const { focusTurn } = useTurnFocus();
  const results = new Map(evaluation.items.map((result) => [result.item_id, result]));
  const rows: Row[] = grid.sections.flatMap((section) =>
    section.items.flatMap((item) => {
      const result = results.get(item.id);
      return result ? [{ item, result }] : [];
    }),
  );
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [commentingId, setCommentingId] = useState<string | null>(null);
  const elements = useRef(new Map<string, HTMLLIElement>());
  const currentIndex = rows.findIndex((row) => row.item.id === currentId);
  const current = rows[currentIndex];

  // In the review screen's tabs, the items' keys wait for the Evaluation tab: nothing is answered unseen.
  const shown = () => [...elements.current.values()].some((element) => element.getClientRects().length > 0);
  const moveTo = (index: number) => {
    if (!shown()) return;
    const row = rows[Math.min(Math.max(index, 0), rows.length - 1)];
    if (!row) return;
    setCurrentId(row.item.id);
    const element = elements.current.get(row.item.id);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'nearest' });
  };
  const answer = (choice: AnswerChoice) => {
    if (!current || !canChange || !shown()) return;
    const value = answerAfter(current.item, current.result.value, choice);
    if (value === null) return;
    actor.send({
      type: 'item.answer',
      itemId: current.item.id,
      itemType: current.item.type,
      value,
      comment: current.result.comment,
    });
  };
  useReviewKeys({
    'item.next': () => moveTo(currentIndex + 1),
    'item.previous': () => moveTo(currentIndex < 0 ? 0 : currentIndex - 1),
    'answer.yes': () => answer({ type: 'yes' }),
    'answer.no': () => answer({ type: 'no' }),
    'answer.na': () => answer({ type: 'na' }),
    'answer.number': ({ index }) => answer({ type: 'number', index }),
    comment: () => {
      if (current && canChange && shown()) setCommentingId(current.item.id);
    },
    evidence: () => {
      const quote = current?.result.evidence.find((evidence) => evidence.verified);
      if (quote) focusTurn(quote.turn, quote.start ?? null);
    },
  });

  const sectionScore = (id: string) =>
    evaluation.section_scores.find((score) => score.section_id === id)?.score ?? null;
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {current &&
          t('evaluationPanel.itemPosition', {
            position: currentIndex + 1,
            total: rows.length,
            name: current.item.name,
          })}
      </p>
      {grid.sections.map((section) => (
        <section key={section.id} aria-label={section.name}>
          <h3 className="flex items-baseline justify-between gap-3 border-b border-gray-200 pb-1 text-sm font-semibold text-purple-900">
            {section.name}
            <span className="tabular-nums">{formatScore(sectionScore(section.id), i18n.language)}</span>
          </h3>
          <ul className="divide-y divide-gray-100">
            {rows
              .filter((row) => section.items.includes(row.item))
              .map(({ item, result }) => (
                <EvaluationItemRow
                  key={item.id}
                  item={item}
                  result={result}
                  current={item.id === currentId}
                  rowRef={(element) => {
                    if (element) elements.current.set(item.id, element);
                    else elements.current.delete(item.id);
                  }}
                  onSelect={() => setCurrentId(item.id)}
                  commenting={commentingId === item.id}
                  onComment={(open) => {
                    setCommentingId(open ? item.id : null);
                    if (!open) elements.current.get(item.id)?.focus({ preventScroll: true });
                  }}
                />
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}
