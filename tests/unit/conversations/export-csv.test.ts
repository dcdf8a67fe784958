// The CSV export's cells that a spreadsheet would run as a formula get a leading apostrophe; others are kept.
import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from '../../../server/files/csv';

describe('CSV formula neutralisation', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '|cmd', '\tx', '\rx'])('neutralises %j', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  it.each(['plain', ' =1', '', "'quoted", 'a|b'])('keeps %j', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });
});
