// The live channel's reconnect backoff: exponential from 1 s, capped at 30 s, with half-range jitter.
import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../../src/services/reconnect-delay';

describe('reconnectDelay', () => {
  it('doubles from one second and stops at thirty', () => {
    const top = () => 0.999999;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => reconnectDelay(attempt, top))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('spreads tabs over the upper half of the interval', () => {
    expect(reconnectDelay(3, () => 0)).toBe(2000);
    expect(reconnectDelay(3, () => 0.5)).toBe(3000);
  });
});
