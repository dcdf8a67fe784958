// A stored grid version as the evaluation domain reads it. The contract's sub-items carry no type and no
// `allow_na` (they are answered yes or no), which the domain's sub-items spell out.
import type { EvaluationGridContent } from '../../../contract/evaluation-grids';
import type { Grid } from './grid';

export const toDomainGrid = (content: EvaluationGridContent): Grid => ({
  sections: content.sections.map((section) => ({
    ...section,
    items: section.items.map((item) =>
      item.type === 'composed_item'
        ? {
            ...item,
            sub_items: item.sub_items.map((sub) => ({
              ...sub,
              type: 'binary_item' as const,
              allow_na: false,
            })),
          }
        : item,
    ),
  })),
  additional_scores: content.additional_scores,
});
