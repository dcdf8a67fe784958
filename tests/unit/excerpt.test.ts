// A message's first words, as a mention's notification quotes them.
import { describe, expect, it } from 'vitest';
import { excerptOf } from '../../server/domain/excerpt';

describe('excerptOf', () => {
  it('keeps a short text whole, its whitespace folded', () => {
    expect(excerptOf('  Could you\n\tlisten   again? ', 40)).toBe('Could you listen again?');
  });

  it('cuts a long text at the last word that fits, with an ellipsis within the length', () => {
    const cut = excerptOf('Could you listen to the greeting and the closing of this call?', 30);
    expect(cut).toBe('Could you listen to the…');
    expect(cut.length).toBeLessThanOrEqual(30);
  });

  it('cuts inside a word longer than the length', () => {
    expect(excerptOf('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
