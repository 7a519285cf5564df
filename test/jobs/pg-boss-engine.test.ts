import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBossJobEngine } from '../../src/jobs/pg-boss-engine.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { collectingLogger, gate, testQueue } from './support/engines.ts';

interface Attempt {
  retryCount: number;
  at: number;
}

describe.runIf(TEST_DIALECTS.includes('postgres'))('the pg-boss job engine', () => {
  let database: TestDatabase;
  let client: pg.Client;
  const engines: PgBossJobEngine[] = [];

  function engine(): PgBossJobEngine {
    const made = new PgBossJobEngine({
      connectionString: database.url,
      logger: collectingLogger().logger,
      stopTimeoutMs: 1000,
    });
    engines.push(made);
    return made;
  }

  async function jobRow(id: string): Promise<{ state: string; retry_count: number } | undefined> {
    const result = await client.query('select state, retry_count from pgboss.job where id = $1', [id]);
    return result.rows[0];
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await Promise.all(engines.map((made) => made.close()));
    await client.end();
    await database.drop();
  });

  it('works a job sent once exactly once, with its data', async () => {
    const seen: unknown[] = [];
    const jobs = engine();
    jobs.define(testQueue<{ n: number }>('once', async (job) => void seen.push(job)));
    await jobs.start();
    const id = await jobs.send('once', { n: 7 });
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await jobRow(id ?? ''))?.state, { timeout: 5000 }).toBe('completed');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(seen).toEqual([{ id, data: { n: 7 }, retryCount: 0 }]);
  });

  it('refuses a second job of a singleton key while the first is queued or active, and takes one after', async () => {
    const held = gate();
    let runs = 0;
    const jobs = engine();
    jobs.define(
      testQueue('single', async () => {
        runs++;
        await held.promise;
      }),
    );
    // Queued: the engine sends before it starts working.
    expect(await jobs.send('single', {}, { singletonKey: 'acct-1' })).toBeTruthy();
    expect(await jobs.send('single', {}, { singletonKey: 'acct-1' })).toBeNull();
    // Jobs without a key never wait on one another.
    expect(await jobs.send('single', {})).toBeTruthy();
    await jobs.start();
    await expect.poll(() => runs, { timeout: 10_000 }).toBe(1);
    // Active now: still refused.
    expect(await jobs.send('single', {}, { singletonKey: 'acct-1' })).toBeNull();
    held.open();
    await expect.poll(() => runs, { timeout: 10_000 }).toBe(2);
    await expect
      .poll(async () => jobs.send('single', {}, { singletonKey: 'acct-1' }), { timeout: 10_000 })
      .toBeTruthy();
  });

  it('holds a job until its startAfter', async () => {
    const started: number[] = [];
    const jobs = engine();
    jobs.define(testQueue('later', async () => void started.push(Date.now())));
    await jobs.start();
    const sentAt = Date.now();
    await jobs.send('later', {}, { startAfter: new Date(sentAt + 4000) });
    await expect.poll(() => started.length, { timeout: 15_000 }).toBe(1);
    expect((started[0] ?? 0) - sentAt).toBeGreaterThanOrEqual(4000);
  });

  it('retries a failing job with exponential backoff and stops after retryLimit', async () => {
    const attempts: Attempt[] = [];
    const { logger, lines } = collectingLogger();
    const jobs = new PgBossJobEngine({ connectionString: database.url, logger, stopTimeoutMs: 1000 });
    engines.push(jobs);
    jobs.define(
      testQueue(
        'flaky',
        async (job) => {
          attempts.push({ retryCount: job.retryCount, at: Date.now() });
          throw new Error('upstream answered 500');
        },
        { retryLimit: 2, retryDelaySeconds: 1 },
      ),
    );
    await jobs.start();
    const id = (await jobs.send('flaky', {})) ?? '';
    await expect.poll(async () => (await jobRow(id))?.state, { timeout: 20_000 }).toBe('failed');
    expect(attempts.map((attempt) => attempt.retryCount)).toEqual([0, 1, 2]);
    const [first, second, third] = attempts.map((attempt) => attempt.at);
    // pg-boss waits retryDelay × 2^retry, plus up to as much again of jitter: 1–2 s, then 2–4 s.
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(1000);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(2000);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', retry_count: 2 });
    expect(lines.filter((line) => line.includes('upstream answered 500'))).toHaveLength(3);
  });

  it('has two engines on one database work 50 jobs, each exactly once', async () => {
    const worked = new Map<number, number>();
    const pair = [engine(), engine()];
    for (const jobs of pair) {
      jobs.define(
        testQueue<{ i: number }>(
          'shared',
          async (job) => {
            worked.set(job.data.i, (worked.get(job.data.i) ?? 0) + 1);
            await new Promise((resolve) => setTimeout(resolve, 20));
          },
          { concurrency: 4 },
        ),
      );
    }
    await Promise.all(pair.map((jobs) => jobs.start()));
    for (let i = 0; i < 50; i++) await pair[i % 2]?.send('shared', { i });
    await expect.poll(() => worked.size, { timeout: 30_000 }).toBe(50);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect([...worked.values()].every((count) => count === 1)).toBe(true);
    const left = await client.query(
      "select count(*)::int as n from pgboss.job where name = 'shared' and state <> 'completed'",
    );
    expect(left.rows[0].n).toBe(0);
  });
  it('takes sends after stop (calls ending in the drain), refuses them after close, and leaves no connection', async () => {
    const connections = async (): Promise<number> =>
      (
        await client.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'adops-jobs'",
        )
      ).rows[0].n;
    const seen: number[] = [];
    const jobs = engine();
    jobs.define(testQueue<{ i: number }>('drained', async (job) => void seen.push(job.data.i)));
    await jobs.start();
    await jobs.stop();
    const late = await jobs.send('drained', { i: 1 });
    expect((await jobRow(late ?? ''))?.state).toBe('created');
    expect(await connections()).toBeGreaterThan(0);
    // The last test: every engine of the file closed, pg-boss holds no connection to the database.
    await Promise.all(engines.map((made) => made.close()));
    // A backend leaves pg_stat_activity a moment after its client hung up: wait for that, not longer.
    for (let waited = 0; (await connections()) > 0 && waited < 5_000; waited += 100) await sleep(100);
    expect(await connections()).toBe(0);
    await expect(jobs.send('drained', { i: 2 })).rejects.toThrow(/closed/);
    expect(seen).toEqual([]);
  });
});
