// Intl formatters are built once per locale and options, and format as a new one would.
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, listFormat, numberFormat } from '../../src/views/components/intl-formatters';

describe('Intl formatters', () => {
  it('answers the same formatter for the same locale and options, another for other ones', () => {
    const paris = { timeZone: 'Europe/Paris', year: 'numeric', month: 'numeric', day: 'numeric' } as const;
    expect(dateTimeFormat('fr', paris)).toBe(dateTimeFormat('fr', { ...paris }));
    expect(dateTimeFormat('fr', paris)).not.toBe(dateTimeFormat('en', paris));
    expect(dateTimeFormat('fr', paris)).not.toBe(
      dateTimeFormat('fr', { ...paris, timeZone: 'Asia/Kolkata' }),
    );
    expect(numberFormat('fr', { maximumFractionDigits: 0 })).toBe(
      numberFormat('fr', { maximumFractionDigits: 0 }),
    );
    expect(numberFormat('fr', { maximumFractionDigits: 0 })).not.toBe(numberFormat('fr'));
    expect(listFormat('fr', { style: 'narrow' })).toBe(listFormat('fr', { style: 'narrow' }));
    expect(listFormat('fr', { style: 'narrow' })).not.toBe(listFormat('en', { style: 'narrow' }));
  });

  it('formats as a formatter built for the call', () => {
    const at = new Date(Date.UTC(2026, 10, 27, 23, 30));
    const options = { timeZone: 'Europe/Paris', dateStyle: 'long' } as const;
    expect(dateTimeFormat('fr', options).format(at)).toBe(new Intl.DateTimeFormat('fr', options).format(at));
    expect(numberFormat('fr', { maximumFractionDigits: 0 }).format(72.5)).toBe(
      new Intl.NumberFormat('fr', { maximumFractionDigits: 0 }).format(72.5),
    );
    expect(listFormat('fr', { style: 'narrow' }).format(['2 j', '3 h'])).toBe(
      new Intl.ListFormat('fr', { style: 'narrow' }).format(['2 j', '3 h']),
    );
  });
});
