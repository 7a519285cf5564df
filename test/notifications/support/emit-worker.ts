// A second instance of the service in a process of its own, which emits `approval.decided` again as an
// instance carrying out the same decision would: node test/notifications/support/emit-worker.ts
// <database url> <now, ISO 8601>, with ADOPS_ENCRYPTION_KEYS set. It prints `ready` once its services
// are built over the database (they share the job engine's queue with the test's), then, for each line
// `<owner id> <approval id>` on stdin, emits the approval's event and prints `emitted <approval id>`; at
// the end of stdin it closes its services and exits.
import { createInterface } from 'node:readline';
import pino from 'pino';
import { loadConfig } from '../../../src/config.ts';
import { approvalDecided } from '../../../src/notifications/approval-events.ts';
import { closeServices, createLogger, createServices } from '../../../src/services.ts';
import { findApproval } from '../../../src/storage/approvals.ts';
import { TestClock } from '../../support/clock.ts';

const [url, now] = process.argv.slice(2);
if (!url || !now) throw new Error('usage: emit-worker.ts <database url> <now>');
const config = loadConfig({
  ADOPS_DATABASE_URL: url,
  ADOPS_ENCRYPTION_KEYS: process.env.ADOPS_ENCRYPTION_KEYS,
  ADOPS_LOG_LEVEL: 'warn',
});
const services = createServices(config, {
  logger: createLogger(config, pino.destination(2)),
  clock: new TestClock(now),
});
process.stdout.write('ready\n');
try {
  for await (const line of createInterface({ input: process.stdin })) {
    const [userId = '', approvalId = ''] = line.trim().split(' ');
    const approval = await findApproval(services.storage.db, userId, approvalId);
    if (!approval) throw new Error(`no approval ${approvalId} of ${userId}`);
    await approvalDecided(services, approval);
    process.stdout.write(`emitted ${approvalId}\n`);
  }
} finally {
  await closeServices(services);
}
