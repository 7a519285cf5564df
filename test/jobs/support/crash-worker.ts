// A process that takes a job and never finishes it, so a test can SIGKILL it mid-job:
// node test/jobs/support/crash-worker.ts <local|pg-boss> <database url> <queue>. Prints `working <job id>`
// once it has it.
import pino from 'pino';
import type { JobEngine } from '../../../src/jobs/job-engine.ts';
import { LocalJobEngine } from '../../../src/jobs/local-engine.ts';
import { PgBossJobEngine } from '../../../src/jobs/pg-boss-engine.ts';
import { openStorage } from '../../../src/storage/database.ts';
import { crashQueue } from './crash-queue.ts';

const [kind, url, queue] = process.argv.slice(2);
if (!url || !queue || (kind !== 'local' && kind !== 'pg-boss')) {
  throw new Error('usage: crash-worker.ts <local|pg-boss> <database url> <queue>');
}
const logger = pino({ level: 'warn' }, pino.destination(2));
const stopTimeoutMs = 1000;
const engine: JobEngine =
  kind === 'local'
    ? new LocalJobEngine({ db: openStorage(url).db, clock: { now: () => new Date() }, logger, stopTimeoutMs })
    : new PgBossJobEngine({ connectionString: url, logger, stopTimeoutMs });
engine.define(
  crashQueue(queue, async (job) => {
    process.stdout.write(`working ${job.id}\n`);
    await new Promise(() => {});
  }),
);
await engine.start();
