import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../server/domain/language-detection';

describe('detectLanguage', () => {
  it('tells English from French', () => {
    expect(detectLanguage('Hello, I am calling about my bill, which is far too high this month.')).toBe('en');
    expect(
      detectLanguage('Bonjour, je vous appelle au sujet de ma facture, beaucoup trop élevée ce mois-ci.'),
    ).toBe('fr');
  });

  it('says nothing about a text too short to tell', () => {
    expect(detectLanguage('ok')).toBeNull();
  });
});
