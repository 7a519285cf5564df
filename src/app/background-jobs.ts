import type { Services } from '../context.ts';
import { checkEnvelopes } from '../envelopes/check-envelopes.ts';
import { tellMonitorFired } from '../monitors/monitor-fired.ts';
import { monitorQueues } from '../monitors/monitor-queues.ts';
import { warnLapsingConnections } from '../notifications/connection-expiring.ts';
import { webhookQueue } from '../notifications/webhook-queue.ts';
import { sweepExpired } from './maintenance.ts';

/**
 * Every queue of the service, defined in one place before the engine starts (src/server.ts starts it
 * once the listener is up). Each instance defines them all, so any instance may take any job.
 */
export function defineBackgroundJobs(services: Services): void {
  services.jobs.define({
    name: 'maintenance',
    everyMinute: true,
    work: () => sweepExpired(services),
    // The next minute's sweep does what a failed one left.
    retryLimit: 0,
    retryDelaySeconds: 60,
    heartbeatSeconds: 30,
    concurrency: 1,
  });
  // A week before a connection lapses, its owner is told (docs/notifications.md, connection.failing).
  services.jobs.define({
    name: 'connections.lapsing',
    everyMinute: true,
    work: async () => {
      await warnLapsingConnections(services);
    },
    // Each event is stored once by its id: the next minute's run does what a failed one left.
    retryLimit: 0,
    retryDelaySeconds: 60,
    heartbeatSeconds: 30,
    concurrency: 1,
  });
  // Clients' monthly envelopes (docs/teams.md): every minute, each notice and pause once a month.
  services.jobs.define({
    name: 'envelopes.check',
    everyMinute: true,
    work: async () => {
      const checks = await checkEnvelopes(services);
      const paused = checks.reduce((sum, check) => sum + check.paused.length, 0);
      const unread = checks.flatMap((check) => check.unread);
      if (checks.length > 0)
        services.logger.info({ clients: checks.length, paused, unread }, 'envelopes checked');
    },
    // Each notice and pause is made once by its key: the next minute's run does what a failed one left.
    retryLimit: 0,
    retryDelaySeconds: 60,
    heartbeatSeconds: 30,
    concurrency: 1,
  });
  const [tick, check] = monitorQueues(services, services.jobs, (fired) => tellMonitorFired(services, fired));
  services.jobs.define(tick);
  services.jobs.define(check);
  // Webhook deliveries (docs/notifications.md): each attempt a job, the next one queued by the last.
  services.jobs.define(webhookQueue(services));
}
