// A second instance of the service's notifications, in a process of its own, which emits
// `approval.decided` again as an instance carrying out the same decision would:
// node test/notifications/support/emit-worker.ts <database url> <now, ISO 8601>, with ADOPS_ENCRYPTION_KEYS
// set. It builds what emitting takes (NotificationServices: the config, the database, the job engine with
// the webhook queue, whose jobs the test's service works) and prints `ready`; then, for each line
// `<owner id> <approval id>` on stdin, emits the approval's event and prints `emitted <approval id>`. At
// the end of stdin it closes what it opened and exits. Only what emitting needs is loaded: a whole
// service (createServices) costs a few seconds more of start on a busy machine.
import { createInterface } from 'node:readline';
import pino from 'pino';
import { loadConfig } from '../../../src/config.ts';
import { loadTokenCipher } from '../../../src/crypto/key-ring.ts';
import { createJobEngine } from '../../../src/jobs/create-job-engine.ts';
import { approvalDecided } from '../../../src/notifications/approval-events.ts';
import type { NotificationServices } from '../../../src/notifications/notification-services.ts';
import { webhookQueue } from '../../../src/notifications/webhook-queue.ts';
import { findApproval } from '../../../src/storage/approvals.ts';
import { openStorage } from '../../../src/storage/database.ts';
import { TestClock } from '../../support/clock.ts';

const [url, now] = process.argv.slice(2);
if (!url || !now) throw new Error('usage: emit-worker.ts <database url> <now>');
const config = loadConfig({
  ADOPS_DATABASE_URL: url,
  ADOPS_ENCRYPTION_KEYS: process.env.ADOPS_ENCRYPTION_KEYS,
  ADOPS_LOG_LEVEL: 'warn',
});
const logger = pino({ level: 'warn' }, pino.destination(2));
const storage = openStorage(config.databaseUrl, logger);
const clock = new TestClock(now);
const jobs = createJobEngine(config, storage, clock, logger);
const services: NotificationServices = {
  config,
  storage,
  logger,
  clock,
  cipher: loadTokenCipher(config, logger),
  jobs,
};
jobs.define(webhookQueue(services));
process.stdout.write('ready\n');
try {
  for await (const line of createInterface({ input: process.stdin })) {
    const [userId = '', approvalId = ''] = line.trim().split(' ');
    const approval = await findApproval(storage.db, userId, approvalId);
    if (!approval) throw new Error(`no approval ${approvalId} of ${userId}`);
    await approvalDecided(services, approval);
    process.stdout.write(`emitted ${approvalId}\n`);
  }
} finally {
  await jobs.close();
  await storage.close();
}
