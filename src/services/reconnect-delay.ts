// How long to wait before the live channel's next connection attempt: exponential, capped, with jitter so that
// many tabs do not reconnect in step after a server restart.
export const reconnectPolicy = { baseMs: 1000, maxMs: 30_000 } as const;

/** The delay before attempt `attempt` (1 = the first retry); `random` returns a number in [0, 1). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(reconnectPolicy.maxMs, reconnectPolicy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.5 + random() / 2));
}
