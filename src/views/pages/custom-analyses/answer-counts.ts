// An analysis's distribution as labelled counts: yes and no, or each option in the definition's order; what both
// the chart and its table show.
import type { CustomAnalysisDetails } from '../../../../contract/custom-analyses';

export type AnalysisDetails = CustomAnalysisDetails['analyses'][number];

export interface AnswerCount {
  label: string;
  count: number;
}

/** The counts of a yes/no or choice analysis; none for the other types. */
export function answerCounts(details: AnalysisDetails, yes: string, no: string): AnswerCount[] {
  if (details.type === 'yes_no')
    return [
      { label: yes, count: details.yes ?? 0 },
      { label: no, count: details.no ?? 0 },
    ];
  return (details.options ?? []).map(({ option, count }) => ({ label: option, count }));
}

/** A count's share of the answered conversations, 0 when none was answered. */
export const shareOf = (count: number, answered: number): number => (answered > 0 ? count / answered : 0);
