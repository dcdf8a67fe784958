// The translations' two parts (scripts/translation-parts.ts, decision 0200): which keys a module's code names, and
// how a file splits into the first route's keys and the others without losing or repeating one.
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import fr from '../../src/i18n/fr.json';
import { keysNamedIn, namesKey, pickKeys, type Translations } from '../../scripts/translation-parts';

const flatten = (tree: Translations, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );

describe('keysNamedIn', () => {
  it('finds quoted keys in either quote, and the fixed starts of keys built at run time', () => {
    const code = [
      't("nav.home")',
      "t('shell.skipToContent')",
      't(`nav.${entry.key}`)',
      't(`notifications.subjects.${condition.type}`, { name })',
      "t('errors.' + code)",
      'localStorage.getItem("qm.filters.home")',
      'import("./en.json?first-route")',
    ].join('\n');
    const { keys, prefixes } = keysNamedIn(code);
    expect([...keys].sort()).toEqual(['nav.home', 'qm.filters.home', 'shell.skipToContent']);
    expect([...prefixes].sort()).toEqual(['errors.', 'nav.', 'notifications.subjects.']);
  });
});

describe('namesKey', () => {
  const named = namesKey({
    keys: new Set(['filters.selected', 'pages.titles']),
    prefixes: new Set(['notifications.subjects.']),
  });

  it('takes a named key with its plural forms', () => {
    expect(named('filters.selected_one')).toBe(true);
    expect(named('filters.selected_other')).toBe(true);
    expect(named('filters.selectedAgents')).toBe(false);
  });

  it('takes the keys under a named branch or a fixed start, and no other', () => {
    expect(named('pages.titles.home')).toBe(true);
    expect(named('notifications.subjects.main_score')).toBe(true);
    expect(named('notifications.title')).toBe(false);
  });
});

describe('pickKeys', () => {
  it("splits each language's file into two parts that together hold every key once, nested as before", () => {
    const inFirstRoute = namesKey(keysNamedIn("t('nav.home'); t(`filters.presets.${preset}`)"));
    for (const translations of [en, fr] as Translations[]) {
      const first = pickKeys(translations, inFirstRoute);
      const rest = pickKeys(translations, (key) => !inFirstRoute(key));
      expect(flatten(first).sort()).toEqual(
        flatten(translations)
          .filter((key) => key === 'nav.home' || key.startsWith('filters.presets.'))
          .sort(),
      );
      expect([...flatten(first), ...flatten(rest)].sort()).toEqual(flatten(translations).sort());
      expect(first).toMatchObject({ nav: { home: (translations.nav as Translations).home } });
      expect(rest).not.toHaveProperty('nav.home');
    }
  });
});
