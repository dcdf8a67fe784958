// The usage figures as the page shows them: which ones, in what order, and each written in the reader's locale
// (audio as hours and minutes, the others as counts).
import type { UsageFigures } from '../../../../contract/usage';
import { formatCount, formatDuration } from '../dashboards/graph-format';

/** The figures a card, a column or the chart shows: tokens are one figure (in and out together). */
export const usageMeasures = ['conversations', 'audio', 'evaluations', 'tokens', 'characters'] as const;
export type UsageMeasure = (typeof usageMeasures)[number];

export function measureValue(figures: UsageFigures, measure: UsageMeasure): number {
  switch (measure) {
    case 'conversations':
      return figures.conversations;
    case 'audio':
      return figures.audio_seconds;
    case 'evaluations':
      return figures.evaluations;
    case 'tokens':
      return figures.tokens_in + figures.tokens_out;
    case 'characters':
      return figures.translated_characters;
  }
}

export const formatMeasure = (measure: UsageMeasure, value: number, locale: string): string =>
  measure === 'audio' ? formatDuration(value, locale) : formatCount(Math.round(value), locale);

/** Whether any figure is above zero. */
export const anyUsage = (figures: UsageFigures): boolean => Object.values(figures).some((value) => value > 0);
