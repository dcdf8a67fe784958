// Which of the product's languages a text is written in, by character trigrams (franc-min); null when the text
// is too short to tell.
import { franc } from 'franc-min';
import type { Language } from '../../contract/enums';

const languagesByCode: Record<string, Language> = { eng: 'en', fra: 'fr' };

export function detectLanguage(text: string): Language | null {
  return languagesByCode[franc(text, { only: Object.keys(languagesByCode), minLength: 10 })] ?? null;
}
