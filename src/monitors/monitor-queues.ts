import type { JobEngine, QueueDefinition } from '../jobs/job-engine.ts';
import type { PipelineServices } from '../pipeline/pipeline-services.ts';
import type { Platform } from '../platform-families.ts';
import { checkedAt } from '../storage/monitor-history.ts';
import { monitorsDueAt } from '../storage/monitors.ts';
import { type AccountCheck, checkAccount, type Fired } from './check-account.ts';

export const TICK_QUEUE = 'monitors.tick';
export const CHECK_QUEUE = 'monitors.check';

function minuteOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 60_000) * 60_000);
}

/**
 * The account checks due at a minute and not yet made: one per account, whatever its number of monitors,
 * so each report is read once per account.
 */
export async function dueAccountChecks(services: PipelineServices, minute: Date): Promise<AccountCheck[]> {
  const db = services.storage.db;
  const slot = minute.toISOString();
  const [due, done] = await Promise.all([monitorsDueAt(db, minute), checkedAt(db, slot)]);
  const accounts = new Map<string, AccountCheck>();
  for (const monitor of due.filter((m) => !done.has(m.id))) {
    const key = `${monitor.user_id}\u0000${monitor.platform}\u0000${monitor.account_id}`;
    accounts.set(key, {
      userId: monitor.user_id,
      platform: monitor.platform as Platform,
      accountId: monitor.account_id,
      minute: slot,
    });
  }
  return [...accounts.values()];
}

/**
 * The monitors' two queues: a tick every minute that queues one check per account due (this minute's,
 * and the last minute's if a tick was late or lost with its instance), and the checks. A check's
 * singleton key is its account and minute: two ticks never queue it twice while it waits or runs.
 */
export function monitorQueues(
  services: PipelineServices,
  jobs: Pick<JobEngine, 'send'>,
  onFired: (fired: Fired) => Promise<void>,
): [QueueDefinition<Record<string, never>>, QueueDefinition<AccountCheck>] {
  return [
    {
      name: TICK_QUEUE,
      everyMinute: true,
      retryLimit: 2,
      retryDelaySeconds: 5,
      heartbeatSeconds: 10,
      concurrency: 1,
      async work() {
        const now = minuteOf(services.clock.now());
        for (const minute of [new Date(now.getTime() - 60_000), now]) {
          for (const check of await dueAccountChecks(services, minute)) {
            await jobs.send(CHECK_QUEUE, check, {
              singletonKey: `${check.userId}:${check.platform}:${check.accountId}:${check.minute}`,
            });
          }
        }
      },
    },
    {
      name: CHECK_QUEUE,
      retryLimit: 5,
      retryDelaySeconds: 5,
      heartbeatSeconds: 10,
      concurrency: 4,
      async work(job) {
        const result = await checkAccount(services, job.data, onFired);
        services.logger.info(
          {
            account_id: job.data.accountId,
            minute: job.data.minute,
            checked: result.checked,
            fired: result.fired.length,
            reports: result.reportsRead,
          },
          'monitors checked',
        );
      },
    },
  ];
}
