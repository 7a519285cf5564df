import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** Runs `work` in a transaction and resolves once it committed. `work` must use only the `trx` it is given. */
export type Transact = <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

interface Unit {
  work: (trx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Units per transaction: a batch holds the one SQLite connection while it runs. */
const MAX_UNITS = 200;

/**
 * Group commit for SQLite, where one connection runs one transaction at a time and each commit costs more
 * than the few statements of a call's hold or settlement: the transactions asked for while a batch runs
 * make the next batch, one BEGIN ... COMMIT, each in a savepoint of its own. A unit that fails is rolled
 * back to its savepoint and fails alone, at once; the others resolve only once the batch has committed,
 * so whoever waits for a unit still waits for its commit. If the commit fails, every unit of it fails.
 */
export function groupCommit(db: Kysely<Database>): Transact {
  let queue: Unit[] = [];
  let draining = false;

  async function runBatch(batch: Unit[]): Promise<void> {
    const committed: Array<() => void> = [];
    const pending = new Set(batch);
    try {
      await db.transaction().execute(async (trx) => {
        for (const unit of batch) {
          await sql`savepoint adops_unit`.execute(trx);
          try {
            const value = await unit.work(trx);
            await sql`release adops_unit`.execute(trx);
            committed.push(() => unit.resolve(value));
          } catch (error) {
            await sql`rollback to adops_unit`.execute(trx);
            await sql`release adops_unit`.execute(trx);
            pending.delete(unit);
            unit.reject(error);
          }
        }
      });
      for (const resolve of committed) resolve();
    } catch (error) {
      for (const unit of pending) unit.reject(error);
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_UNITS);
      queue = queue.slice(MAX_UNITS);
      await runBatch(batch);
    }
    draining = false;
  }

  return <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (draining) return;
      draining = true;
      // The transactions asked for in this turn of the event loop join the first batch.
      setImmediate(() => void drain());
    });
}
