import type { QueueDefinition } from '../jobs/job-engine.ts';
import { deliver } from './deliver.ts';
import type { DeliveryJob } from './delivery-jobs.ts';
import { WEBHOOK_QUEUE } from './delivery-jobs.ts';
import type { NotificationServices } from './notification-services.ts';

/**
 * The queue's definition. Deliver records the answer of each attempt and queues the next itself, so the
 * engine retries a job only when its worker failed before recording (the database away, the instance
 * killed); that retry finds the attempt made, or makes it.
 */
export function webhookQueue(services: NotificationServices): QueueDefinition<DeliveryJob> {
  return {
    name: WEBHOOK_QUEUE,
    work: (job) => deliver(services, job.data.delivery_id, job.data.attempt),
    retryLimit: 10,
    retryDelaySeconds: 15,
    // The POST's own limit and the writes around it.
    heartbeatSeconds: Math.ceil(services.config.webhookTimeoutMs / 1000) + 30,
    concurrency: 4,
  };
}
