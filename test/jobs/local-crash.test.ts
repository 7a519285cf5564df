import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import type { Job } from '../../src/jobs/job-engine.ts';
import { LocalJobEngine } from '../../src/jobs/local-engine.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { findJob } from '../../src/storage/jobs.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { killWorker, startWorker, type Worker } from './support/child.ts';
import { crashQueue } from './support/crash-queue.ts';
import { collectingLogger } from './support/engines.ts';

describe('the local job engine after its process was SIGKILLed mid-job', () => {
  let database: TestDatabase;
  let storage: Storage;
  let worker: Worker | undefined;
  let restarted: LocalJobEngine | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    storage = openStorage(database.url);
    await migrateToLatest(storage.db);
  });

  afterAll(async () => {
    if (worker) await killWorker(worker);
    await restarted?.close();
    await storage.close();
    await database.drop();
  });

  it('retries the job at the next start on the same file', async () => {
    const { logger, lines } = collectingLogger();
    const seen: Job<{ campaign: string }>[] = [];
    const define = (engine: LocalJobEngine) =>
      engine.define(crashQueue<{ campaign: string }>('crash', async (job) => void seen.push(job)));
    const sender = new LocalJobEngine({ db: storage.db, clock: systemClock, logger, stopTimeoutMs: 100 });
    define(sender);
    const id = await sender.send('crash', { campaign: 'c-1' });

    worker = startWorker(['local', database.url, 'crash']);
    expect(await worker.jobId).toBe(id);
    expect(await findJob(storage.db, id ?? '')).toMatchObject({ state: 'active', retry_count: 0 });
    await killWorker(worker);
    const killedAt = performance.now();

    restarted = new LocalJobEngine({ db: storage.db, clock: systemClock, logger, stopTimeoutMs: 100 });
    define(restarted);
    await restarted.start();
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(1);
    const retriedAfterMs = performance.now() - killedAt;
    // At start, not after a heartbeat period (10 s): the process that held it is gone.
    expect(retriedAfterMs).toBeLessThan(2000);
    expect(seen).toEqual([{ id, data: { campaign: 'c-1' }, retryCount: 1 }]);
    await expect.poll(async () => (await findJob(storage.db, id ?? ''))?.state).toBe('completed');
    expect(lines.some((line) => line.includes('a job whose worker died is retried'))).toBe(true);
    console.info(`local engine: job retried ${Math.round(retriedAfterMs)} ms after the SIGKILL`);
  });
});
