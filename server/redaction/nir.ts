// French social security numbers (NIR): sex, year and month of birth, department (2A and 2B for Corsica, three
// digits overseas), commune, order number and the two-digit key, written together or in the usual groups. Only a
// number whose key is right counts: 97 minus the 13 digits modulo 97, Corsica's 2A and 2B counted as 19 and 18.
import type { PiiSpan } from './pii';

const candidate =
  /(?<![\p{L}\p{N}])([1-478])[ .]?(\d{2})[ .]?(\d{2})[ .]?(\d{2}|2[AB])[ .]?(\d{3})[ .]?(\d{3})[ .]?(\d{2})(?![\p{L}\p{N}])/giu;

export function nirKeyHolds(body: string, key: string): boolean {
  const upper = body.toUpperCase();
  const numeric = upper.includes('2A')
    ? BigInt(upper.replace('2A', '19'))
    : upper.includes('2B')
      ? BigInt(upper.replace('2B', '18'))
      : BigInt(upper);
  return 97n - (numeric % 97n) === BigInt(key);
}

export function findNirs(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  for (const match of text.matchAll(candidate)) {
    const [whole, sex, year, month, department, commune, order, key] = match as unknown as string[];
    const monthNumber = Number(month);
    // Months 20–42 and 50–99 stand for an unknown month in the register; 00 and 13–19 never occur.
    if (monthNumber === 0 || (monthNumber > 12 && monthNumber < 20)) continue;
    if (nirKeyHolds(`${sex}${year}${month}${department}${commune}${order}`, key!))
      spans.push({ type: 'nir', start: match.index, end: match.index + whole!.length });
  }
  return spans;
}
