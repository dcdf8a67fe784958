// What keeping the dashboards' daily rollups current costs an evaluation: the time of the writes evaluations make
// (a score changed one evaluation at a time, as a completed evaluation or a person's change writes it, and many
// evaluations in one statement, as a re-launch writes them) with the rollup's triggers on `evaluations`, and with
// them disabled. Everything is done in one transaction rolled back at the end, so that the rollups stay right (the
// dashboards' bench keeps its seeded database for the next run); each write is thus timed without its commit.
import { inArray, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { evaluations } from '../server/db/schema';

const rollupTriggers = [
  'evaluations_dashboard_inserted',
  'evaluations_dashboard_updated',
  'evaluations_dashboard_deleted',
];

async function setRollupTriggers(db: Database, enabled: boolean) {
  for (const trigger of rollupTriggers) {
    await db.execute(sql.raw(`alter table evaluations ${enabled ? 'enable' : 'disable'} trigger ${trigger}`));
  }
}

/** Milliseconds per evaluation: each one's score changed by its own statement, then all of them by one. */
async function timeWrites(db: Database, ids: string[], round: number) {
  const started = performance.now();
  for (const [index, id] of ids.entries()) {
    await db
      .update(evaluations)
      .set({ mainScore: (index * 7 + round) % 101, updatedAt: new Date() })
      .where(inArray(evaluations.conversationId, [id]));
  }
  const single = (performance.now() - started) / ids.length;
  const batchStarted = performance.now();
  await db
    .update(evaluations)
    .set({ mainScore: sql`(${evaluations.mainScore}::int + 1) % 101`, updatedAt: new Date() })
    .where(inArray(evaluations.conversationId, ids));
  return { single, batch: (performance.now() - batchStarted) / ids.length };
}

/** Items answered per evaluation in the second measure: a grid of a realistic size (the bench seeds two). */
const realisticItems = 20;

/** Gives the evaluations `realisticItems` answered items: their own items repeated under other item ids. */
async function answerMoreItems(db: Database, ids: string[]) {
  await db.execute(sql`
    update evaluations set items = (
      select jsonb_agg(jsonb_set(item, '{item_id}', to_jsonb(item ->> 'item_id' || '-' || copy)))
      from jsonb_array_elements(items) as item, generate_series(1, ${realisticItems / 2}) as copy
    )
    where ${inArray(evaluations.conversationId, ids)}`);
}

/**
 * Prints the time per evaluation written with and without the rollups' triggers, rounds alternating: with the
 * evaluations as seeded, then with `realisticItems` items each (the items' rollup unnests them on every write).
 */
export async function measureRollupCost(db: Database, count: number, rounds = 3) {
  try {
    await db.transaction(async (tx) => {
      const ids = (
        await tx
          .select({ id: evaluations.conversationId })
          .from(evaluations)
          .orderBy(evaluations.conversationId)
          .limit(count)
      ).map((row) => row.id);
      await printRollupCost(tx, ids, rounds, 'as seeded');
      await answerMoreItems(tx, ids);
      await printRollupCost(tx, ids, rounds, `${realisticItems} items answered each`);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

async function printRollupCost(db: Database, ids: string[], rounds: number, label: string) {
  type Times = { single: number; batch: number };
  const times: { with: Times[]; without: Times[] } = { with: [], without: [] };
  for (let round = 0; round < rounds; round++) {
    times.with.push(await timeWrites(db, ids, round));
    await setRollupTriggers(db, false);
    times.without.push(await timeWrites(db, ids, round));
    await setRollupTriggers(db, true);
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const line = (kind: 'single' | 'batch') => {
    const [withTriggers, without] = [
      median(times.with.map((t) => t[kind])),
      median(times.without.map((t) => t[kind])),
    ];
    return `${withTriggers.toFixed(3)} ms with the rollup, ${without.toFixed(3)} ms without (+${(withTriggers - without).toFixed(3)} ms)`;
  };
  console.log(
    `  rollup upkeep per evaluation (${ids.length} evaluations, ${label}, median of ${rounds} rounds):`,
  );
  console.log(`    one statement each         ${line('single')}`);
  console.log(`    all in one statement       ${line('batch')}`);
}
