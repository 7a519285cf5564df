import type { NotificationServices } from './notification-services.ts';

export const WEBHOOK_QUEUE = 'webhooks.deliver';

/** A job of the queue: attempt number `attempt` (from 0) of one delivery. */
export interface DeliveryJob {
  delivery_id: string;
  attempt: number;
}

/**
 * Queues an attempt, at `at` (now when absent). The singleton key is the delivery and the attempt, so
 * the same attempt is queued once however often it is asked for.
 */
export async function queueAttempt(
  services: NotificationServices,
  deliveryId: string,
  attempt: number,
  at?: Date,
): Promise<void> {
  const job: DeliveryJob = { delivery_id: deliveryId, attempt };
  await services.jobs.send(WEBHOOK_QUEUE, job, {
    singletonKey: `${deliveryId}:${attempt}`,
    ...(at && { startAfter: at }),
  });
}
