// The review rules' period pass on a timer (decision 0205): every worker instance runs it once a minute, and once as
// it starts (catching up a period that opened while no worker ran); the pass itself holds each rule under an
// advisory lock and opens each period once, so instances never do its work twice.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { LiveHub } from '../live/hub';
import { runReviewPeriodPass } from '../reviews/period-pass';

export interface ReviewPeriodSchedule {
  start(): void;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

export function createReviewPeriodSchedule({
  db,
  hub,
  log,
  everySeconds = 60,
}: {
  db: Database;
  hub: LiveHub;
  log: FastifyBaseLogger;
  everySeconds?: number;
}): ReviewPeriodSchedule {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const run = () => {
    // A pass slower than the interval is not doubled: the next tick finds it under way and lets it be.
    running ??= runReviewPeriodPass(db, hub, log)
      .catch((error: unknown) => log.error({ err: error }, 'review period pass failed; next run tries again'))
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
