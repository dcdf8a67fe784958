// Email addresses, written (`jean.dupont@example.fr`) or spoken as a transcript spells them out
// (`john dot smith at gmail dot com`, `jean point dupont arobase orange point fr`).
import type { PiiSpan } from './pii';

const written = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

const word = String.raw`[\p{L}\p{N}]+`;
const dot = String.raw`\s+(?:dot|point)\s+`;
const joiner = String.raw`\s+(?:dot|point|underscore|tiret|dash|hyphen|tiret\s+bas)\s+`;
const at = String.raw`\s+(?:at|arobase|arrobase|arobas)\s+`;
const topLevel = String.raw`(?:com|fr|net|org|io|co|uk|de|eu|be|ch|ca|info|biz)`;
const spoken = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${word}(?:${joiner}${word})*${at}${word}(?:(?:${dot}|-)${word})*${dot}${topLevel}(?![\p{L}\p{N}])`,
  'giu',
);

export function findEmails(text: string): PiiSpan[] {
  return [...text.matchAll(written), ...text.matchAll(spoken)].map((match) => ({
    type: 'email',
    start: match.index,
    end: match.index + match[0].length,
  }));
}
