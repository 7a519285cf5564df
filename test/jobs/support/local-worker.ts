// A process that takes a job and never finishes it, so a test can SIGKILL it mid-job:
// node test/jobs/support/local-worker.ts <sqlite:path> <queue>. Prints `working <job id>` once it has it.
import pino from 'pino';
import { LocalJobEngine } from '../../../src/jobs/local-engine.ts';
import { openStorage } from '../../../src/storage/database.ts';

const [url, queue] = process.argv.slice(2);
if (!url || !queue) throw new Error('usage: local-worker.ts <sqlite:path> <queue>');
const storage = openStorage(url);
const engine = new LocalJobEngine({
  db: storage.db,
  clock: { now: () => new Date() },
  logger: pino({ level: 'warn' }, pino.destination(2)),
  stopTimeoutMs: 1000,
});
engine.define({
  name: queue,
  work: async (job) => {
    process.stdout.write(`working ${job.id}\n`);
    await new Promise(() => {});
  },
  retryLimit: 2,
  retryDelaySeconds: 1,
  heartbeatSeconds: 10,
  concurrency: 1,
});
await engine.start();
