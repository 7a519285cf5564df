import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/jobs/job-engine.ts';
import { PgBossJobEngine } from '../../src/jobs/pg-boss-engine.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { killWorker, startWorker, type Worker } from './support/child.ts';
import { crashQueue } from './support/crash-queue.ts';
import { collectingLogger } from './support/engines.ts';

describe.runIf(TEST_DIALECTS.includes('postgres'))(
  'the pg-boss job engine when an instance is SIGKILLed mid-job',
  () => {
    let database: TestDatabase;
    let worker: Worker | undefined;
    let survivor: PgBossJobEngine | undefined;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
    });

    afterAll(async () => {
      if (worker) await killWorker(worker);
      await survivor?.close();
      await database.drop();
    });

    it('has another instance retry the job well within a minute', { timeout: 90_000 }, async () => {
      const seen: { job: Job<{ campaign: string }>; at: number }[] = [];
      survivor = new PgBossJobEngine({
        connectionString: database.url,
        logger: collectingLogger().logger,
        stopTimeoutMs: 1000,
      });
      survivor.define(
        crashQueue<{ campaign: string }>(
          'crash',
          async (job) => void seen.push({ job, at: performance.now() }),
        ),
      );
      // Sent before this instance works the queue, so the child is the one to take it.
      const id = await survivor.send('crash', { campaign: 'c-1' });
      worker = startWorker(['pg-boss', database.url, 'crash']);
      expect(await worker.jobId).toBe(id);
      await survivor.start();
      await killWorker(worker);
      const killedAt = performance.now();

      await expect.poll(() => seen.length, { timeout: 60_000, interval: 200 }).toBe(1);
      const retriedAfterMs = (seen[0]?.at ?? 0) - killedAt;
      expect(retriedAfterMs).toBeLessThan(60_000);
      expect(seen[0]?.job).toEqual({ id, data: { campaign: 'c-1' }, retryCount: 1 });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await expect
          .poll(
            async () =>
              (await client.query('select state from pgboss.job where id = $1', [id])).rows[0]?.state,
          )
          .toBe('completed');
      } finally {
        await client.end();
      }
      console.info(`pg-boss engine: job retried ${Math.round(retriedAfterMs)} ms after the SIGKILL`);
    });
  },
);
