// At most `max` tasks running at once; the others wait their turn in order.
export type ConcurrencyLimit = <Value>(task: () => Promise<Value>) => Promise<Value>;

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < max) running += 1;
    // A finishing task hands its place straight to the first waiter, so no newcomer slips in between.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
