// A turn as the page shows it: its own text, or its translation when the user asked for one.
import type { Turn } from '../../../../../contract/conversations';
import type { Language } from '../../../../../contract/enums';

export interface ShownTurn extends Turn {
  /** The language the text is in, for the `lang` attribute screen readers pronounce it by. */
  lang: Language;
}

/** The turns in their own language, or with the translated text and subject where a translation is given. */
export function shownTurns(
  turns: readonly Turn[],
  language: Language,
  translation: { target_language: Language; turns: { text: string; subject: string | null }[] } | null,
): ShownTurn[] {
  return turns.map((turn, index) => {
    const translated = translation?.turns[index];
    return translated
      ? { ...turn, text: translated.text, subject: translated.subject, lang: translation.target_language }
      : { ...turn, lang: language };
  });
}
