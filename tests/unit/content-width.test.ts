// Spec §2 content width: below 630 px after the menu, all of it; above 1500, 1300; otherwise minus 100.
import { describe, expect, it } from 'vitest';
import { contentWidth } from '../../src/views/shell/content-width';

describe('contentWidth', () => {
  it.each([
    [390, 64, '100%'],
    [693, 64, '100%'],
    [694, 64, 530],
    [1280, 64, 1116],
    [1280, 220, 960],
    [1564, 64, 1400],
    [1565, 64, 1300],
    [2560, 220, 1300],
  ] as const)('is %s for a %i px window and a %i px menu', (viewport, menu, expected) => {
    expect(contentWidth(viewport, menu)).toBe(expected);
  });
});
