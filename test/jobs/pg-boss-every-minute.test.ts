import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBossJobEngine } from '../../src/jobs/pg-boss-engine.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { collectingLogger, testQueue } from './support/engines.ts';

interface Tick {
  id: string;
  engine: string;
  /** The minute it ran in, `2026-11-22T10:01`. */
  minute: string;
}

// Real minutes go by here: in a file of its own, so the others need not wait for it.
describe.runIf(TEST_DIALECTS.includes('postgres'))('an every-minute queue on pg-boss', () => {
  let database: TestDatabase;
  const engines: PgBossJobEngine[] = [];
  const ticks: Tick[] = [];

  function instance(name: string): PgBossJobEngine {
    const made = new PgBossJobEngine({
      connectionString: database.url,
      logger: collectingLogger().logger,
      stopTimeoutMs: 1000,
    });
    made.define(
      testQueue(
        'tick',
        async (job) =>
          void ticks.push({ id: job.id, engine: name, minute: new Date().toISOString().slice(0, 16) }),
        { everyMinute: true },
      ),
    );
    engines.push(made);
    return made;
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });

  afterAll(async () => {
    await Promise.all(engines.map((made) => made.close()));
    await database.drop();
  });

  it('runs once a minute across two instances, one of them restarted', { timeout: 170_000 }, async () => {
    const first = instance('first');
    await Promise.all([first.start(), instance('second').start()]);
    // The minute the instances start in is due at once; the next at its turn.
    await expect.poll(() => ticks.length, { timeout: 75_000, interval: 250 }).toBe(1);
    // A restart within the minute sends that minute's job again, which pg-boss's slot refuses.
    await first.stop();
    await instance('restarted').start();
    await expect.poll(() => ticks.length, { timeout: 80_000, interval: 250 }).toBe(2);
    // Long enough for a late duplicate of either minute to show.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const minutes = ticks.map((tick) => tick.minute);
    expect(new Set(minutes).size).toBe(ticks.length);
    expect(new Set(ticks.map((tick) => tick.id)).size).toBe(ticks.length);
    const [one, two] = minutes.map((minute) => Date.parse(`${minute}:00Z`));
    expect((two ?? 0) - (one ?? 0)).toBe(60_000);
    // Its jobs come from the schedule: a send with a key is refused, not silently left unguarded.
    await expect(engines[1]?.send('tick', {}, { singletonKey: 'x' })).rejects.toThrow(
      /take no singleton key/,
    );
  });
});
