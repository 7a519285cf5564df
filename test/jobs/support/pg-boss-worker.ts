// A process that takes a job and never finishes it, so a test can SIGKILL it mid-job:
// node test/jobs/support/pg-boss-worker.ts <postgres url> <queue>. Prints `working <job id>` once it has it.
import pino from 'pino';
import { PgBossJobEngine } from '../../../src/jobs/pg-boss-engine.ts';
import { crashQueue } from './crash-queue.ts';

const [url, queue] = process.argv.slice(2);
if (!url || !queue) throw new Error('usage: pg-boss-worker.ts <postgres url> <queue>');
const engine = new PgBossJobEngine({
  connectionString: url,
  logger: pino({ level: 'warn' }, pino.destination(2)),
  stopTimeoutMs: 1000,
});
engine.define(
  crashQueue(queue, async (job) => {
    process.stdout.write(`working ${job.id}\n`);
    await new Promise(() => {});
  }),
);
await engine.start();
