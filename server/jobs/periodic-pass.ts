// A pass a worker process runs on a timer, and once as it starts: the review rules' period pass (decision 0205) and
// the audit log's retention pass (decision 0226). Each pass takes its own locks, so instances running it at once never
// do its work twice; a pass slower than its interval is not doubled, the next tick finds it under way and lets it be.
import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicPass {
  start(): void;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

export function createPeriodicPass({
  name,
  everySeconds,
  log,
  pass,
}: {
  /** How the log names it when it fails. */
  name: string;
  everySeconds: number;
  log: FastifyBaseLogger;
  pass: () => Promise<void>;
}): PeriodicPass {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const run = () => {
    running ??= pass()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed; next run tries again`))
      .finally(() => {
        running = null;
      });
  };

  return {
    start() {
      timer = setInterval(run, everySeconds * 1000).unref();
      run();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
