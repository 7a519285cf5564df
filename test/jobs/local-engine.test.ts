import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/jobs/job-engine.ts';
import { LocalJobEngine } from '../../src/jobs/local-engine.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { findJob } from '../../src/storage/jobs.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { TestClock } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { collectingLogger, gate, testQueue } from './support/engines.ts';

// The runner is meant for SQLite; its storage is the same code on PostgreSQL, so it runs on both here.
describe.each(TEST_DIALECTS)('the local job engine on %s', (dialect) => {
  let database: TestDatabase;
  let storage: Storage;
  let clock: TestClock;
  const engines: LocalJobEngine[] = [];

  function engine(): LocalJobEngine {
    const made = new LocalJobEngine({
      db: storage.db,
      clock,
      logger: collectingLogger().logger,
      stopTimeoutMs: 200,
    });
    engines.push(made);
    return made;
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    storage = openStorage(database.url);
    await migrateToLatest(storage.db);
  });

  afterAll(async () => {
    await Promise.all(engines.map((made) => made.close()));
    await storage.close();
    await database.drop();
  });

  beforeEach(async () => {
    clock = new TestClock();
    await storage.db.deleteFrom('jobs').execute();
  });

  it('works a job sent once exactly once, with its data', async () => {
    const seen: Job<{ n: number }>[] = [];
    const jobs = engine();
    jobs.define(testQueue<{ n: number }>('once', async (job) => void seen.push(job)));
    const id = await jobs.send('once', { n: 7 });
    expect(await jobs.workDue()).toBe(1);
    expect(await jobs.workDue()).toBe(0);
    expect(seen).toEqual([{ id, data: { n: 7 }, retryCount: 0 }]);
    expect((await findJob(storage.db, id ?? ''))?.state).toBe('completed');
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
    expect(await jobs.send('single', {}, { singletonKey: 'acct-1' })).toMatch(/^job_/);
    expect(await jobs.send('single', {}, { singletonKey: 'acct-1' })).toBeNull();
    expect(await jobs.send('single', {}, { singletonKey: 'acct-2' })).toMatch(/^job_/);
    const working = jobs.workDue();
    await expect.poll(() => runs).toBe(1);
    // Active now: still refused.
    expect(await jobs.send('single', {}, { singletonKey: 'acct-1' })).toBeNull();
    held.open();
    await working;
    expect(runs).toBe(2);
    expect(await jobs.send('single', {}, { singletonKey: 'acct-1' })).toMatch(/^job_/);
  });

  it('holds a job until its startAfter on the service clock', async () => {
    let runs = 0;
    const jobs = engine();
    jobs.define(testQueue('later', async () => void runs++));
    await jobs.send('later', {}, { startAfter: new Date(clock.now().getTime() + 60_000) });
    expect(await jobs.workDue()).toBe(0);
    clock.advanceSeconds(59);
    expect(await jobs.workDue()).toBe(0);
    clock.advanceSeconds(1);
    expect(await jobs.workDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job with exponential backoff and stops after retryLimit', async () => {
    const attempts: number[] = [];
    const { logger, lines } = collectingLogger();
    const jobs = new LocalJobEngine({ db: storage.db, clock, logger, stopTimeoutMs: 200 });
    engines.push(jobs);
    jobs.define(
      testQueue(
        'flaky',
        async (job) => {
          attempts.push(job.retryCount);
          throw new Error('upstream answered 500');
        },
        { retryLimit: 3, retryDelaySeconds: 10 },
      ),
    );
    const id = (await jobs.send('flaky', {})) ?? '';
    expect(await jobs.workDue()).toBe(1);
    // Waits of 10, 20 and 40 seconds before the three retries.
    for (const wait of [10, 20, 40]) {
      clock.advanceSeconds(wait - 1);
      expect(await jobs.workDue()).toBe(0);
      clock.advanceSeconds(1);
      expect(await jobs.workDue()).toBe(1);
    }
    clock.advanceSeconds(3600);
    expect(await jobs.workDue()).toBe(0);
    expect(attempts).toEqual([0, 1, 2, 3]);
    const row = await findJob(storage.db, id);
    expect(row).toMatchObject({ state: 'failed', retry_count: 3 });
    expect(lines.filter((line) => line.includes('upstream answered 500'))).toHaveLength(4);
  });

  it('completes a job whose retry succeeds', async () => {
    const attempts: number[] = [];
    const jobs = engine();
    jobs.define(
      testQueue(
        'second-time',
        async (job) => {
          attempts.push(job.retryCount);
          if (job.retryCount === 0) throw new Error('first attempt fails');
        },
        { retryLimit: 5, retryDelaySeconds: 30 },
      ),
    );
    const id = (await jobs.send('second-time', {})) ?? '';
    await jobs.workDue();
    clock.advanceSeconds(30);
    await jobs.workDue();
    clock.advanceSeconds(3600);
    expect(await jobs.workDue()).toBe(0);
    expect(attempts).toEqual([0, 1]);
    expect(await findJob(storage.db, id)).toMatchObject({ state: 'completed', retry_count: 1 });
  });

  it('runs an every-minute queue once per clock minute, a restart within the minute included', async () => {
    let runs = 0;
    const first = engine();
    first.define(testQueue('tick', async () => void runs++, { everyMinute: true }));
    clock.set('2026-11-22T10:00:30.000Z');
    expect(await first.workDue()).toBe(1);
    clock.set('2026-11-22T10:00:59.000Z');
    expect(await first.workDue()).toBe(0);
    await first.stop();
    const restarted = engine();
    restarted.define(testQueue('tick', async () => void runs++, { everyMinute: true }));
    expect(await restarted.workDue()).toBe(0);
    clock.set('2026-11-22T10:01:00.000Z');
    expect(await restarted.workDue()).toBe(1);
    clock.set('2026-11-22T10:03:10.000Z');
    expect(await restarted.workDue()).toBe(1);
    expect(runs).toBe(3);
  });

  it('works no more jobs of a queue at once than its concurrency', async () => {
    let running = 0;
    let most = 0;
    const jobs = engine();
    jobs.define(
      testQueue(
        'pair',
        async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 30));
          running--;
        },
        { concurrency: 2 },
      ),
    );
    for (let i = 0; i < 7; i++) await jobs.send('pair', { i });
    expect(await jobs.workDue()).toBe(7);
    expect(most).toBe(2);
  });

  it('keeps queued jobs across a restart, and works them on its own once started', async () => {
    const seen: number[] = [];
    const before = engine();
    before.define(testQueue<{ i: number }>('kept', async (job) => void seen.push(job.data.i)));
    await before.send('kept', { i: 1 });
    await before.send('kept', { i: 2 });
    await before.stop();
    expect(seen).toEqual([]);
    const after = engine();
    after.define(testQueue<{ i: number }>('kept', async (job) => void seen.push(job.data.i)));
    await after.start();
    await expect.poll(() => seen.length).toBe(2);
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('leaves a job whose engine is alive alone, and retries it once that heartbeat lapsed', async () => {
    const held = gate();
    const seen: number[] = [];
    const working = engine();
    working.define(
      testQueue(
        'watched',
        async (job) => {
          seen.push(job.retryCount);
          await held.promise;
        },
        { retryLimit: 1 },
      ),
    );
    const id = (await working.send('watched', {})) ?? '';
    const first = working.workDue();
    await expect.poll(() => seen.length).toBe(1);
    const other = engine();
    other.define(testQueue('watched', async (job) => void seen.push(job.retryCount), { retryLimit: 1 }));
    expect(await other.workDue()).toBe(0);
    // The working engine goes quiet as a hung process would: its heartbeat stops.
    await storage.db
      .updateTable('jobs')
      .set({ heartbeat_at: new Date(Date.now() - 11_000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await other.workDue()).toBe(1);
    expect(seen).toEqual([0, 1]);
    expect(await findJob(storage.db, id)).toMatchObject({ state: 'completed', retry_count: 1 });
    // The first worker's late end changes nothing: the job is no longer its own.
    held.open();
    await first;
    expect(await findJob(storage.db, id)).toMatchObject({ state: 'completed', retry_count: 1 });
  });

  it('refuses a queue it cannot run, naming the field, and a send to an undefined queue', async () => {
    const jobs = engine();
    expect(() => jobs.define(testQueue('bad name!', async () => {}))).toThrow(/letters, digits/);
    expect(() => jobs.define(testQueue('fast', async () => {}, { heartbeatSeconds: 2 }))).toThrow(
      /heartbeatSeconds must be a whole number of at least 10, not 2/,
    );
    jobs.define(testQueue('twice', async () => {}));
    expect(() => jobs.define(testQueue('twice', async () => {}))).toThrow(/defined twice/);
    await expect(jobs.send('nowhere', {})).rejects.toThrow(/no queue "nowhere": define it/);
    jobs.define(testQueue('minutely', async () => {}, { everyMinute: true }));
    await expect(jobs.send('minutely', {}, { singletonKey: 'k' })).rejects.toThrow(/take no singleton key/);
  });
});
