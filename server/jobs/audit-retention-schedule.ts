// The audit log's retention pass on a timer: every worker instance runs it once an hour and once as it starts;
// the pass holds each organisation's chain lock, so instances running it at once purge each entry once.
import type { FastifyBaseLogger } from 'fastify';
import { runAuditRetentionPass } from '../audit-log/retention';
import type { Database } from '../db/client';

export interface AuditRetentionSchedule {
  start(): void;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

export function createAuditRetentionSchedule({
  db,
  log,
  everySeconds = 60 * 60,
}: {
  db: Database;
  log: FastifyBaseLogger;
  everySeconds?: number;
}): AuditRetentionSchedule {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const run = () => {
    running ??= runAuditRetentionPass(db)
      .then((purged) => {
        for (const [organisationId, count] of purged) log.info({ organisationId, count }, 'audit log purged');
      })
      .catch((error: unknown) =>
        log.error({ err: error }, 'audit retention pass failed; next run tries again'),
      )
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
