import { addSeconds } from '../clock.ts';
import { findNotificationEvent } from '../storage/notification-events.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../storage/schema.ts';
import {
  type AttemptRecord,
  claimWebhookDelivery,
  failWebhookDelivery,
  findWebhookDelivery,
  recordDeliveryAttempt,
  releaseWebhookDelivery,
} from '../storage/webhook-deliveries.ts';
import {
  disableWebhookEndpoint,
  findWebhookEndpoint,
  noteEndpointFailure,
  noteEndpointSuccess,
  readEndpointSecret,
} from '../storage/webhook-endpoints.ts';
import { queueAttempt } from './delivery-jobs.ts';
import { deliveryHeaders, envelopeOf } from './envelope.ts';
import type { NotificationServices } from './notification-services.ts';
import { type PostAnswer, postWebhook } from './post-webhook.ts';
import { DISABLE_AFTER_SECONDS, nextAttemptAt } from './retry-schedule.ts';

/** Beyond the POST's own time limit: the writes around it. */
const LEASE_MARGIN_SECONDS = 30;

function answerWords(answer: PostAnswer): string {
  return 'status' in answer ? `HTTP ${answer.status}` : answer.error;
}

/**
 * Makes attempt number `attempt` (from 0) of a delivery: the work of a `webhooks.deliver` job. The
 * delivery is taken for the attempt only while pending, at exactly that many attempts made and held by
 * no other worker, so an attempt is made once, never two at once, and a delivered delivery is never sent
 * again. A 2xx answer delivers it; anything else (another status, a timeout, a refused connection) is
 * recorded and the next attempt queued by the schedule of retry-schedule.ts, until 24 hours after the
 * first attempt: then it has failed. An endpoint with no success for 3 days after a failure is disabled.
 */
export async function deliver(
  services: NotificationServices,
  deliveryId: string,
  attempt: number,
): Promise<void> {
  const { db } = services.storage;
  const delivery = await findWebhookDelivery(db, deliveryId);
  if (delivery?.status !== 'pending') return;
  if (delivery.attempts !== attempt) {
    // A job run again after its attempt was recorded: the next one may not have been queued yet.
    if (delivery.attempts === attempt + 1 && delivery.next_attempt_at)
      await queueAttempt(services, delivery.id, delivery.attempts, new Date(delivery.next_attempt_at));
    return;
  }
  const endpoint = await findWebhookEndpoint(db, delivery.endpoint_id);
  if (!endpoint) return;
  if (endpoint.disabled_at !== null) {
    await failWebhookDelivery(
      db,
      delivery.id,
      `not sent: the endpoint is disabled (${endpoint.disabled_reason})`,
    );
    return;
  }
  const event = await findNotificationEvent(db, delivery.event_id);
  if (!event) return;
  const now = services.clock.now();
  const lease = addSeconds(now, services.config.webhookTimeoutMs / 1000 + LEASE_MARGIN_SECONDS);
  if (!(await claimWebhookDelivery(db, delivery.id, attempt, now, lease))) return;
  let record: AttemptRecord;
  try {
    const body = envelopeOf(event);
    const headers = deliveryHeaders(event, body, readEndpointSecret(services.cipher, endpoint), now);
    const answer = await postWebhook(services.config, endpoint.url, headers, body);
    record = await settleAttempt(services, delivery, endpoint, answer, now);
    await recordDeliveryAttempt(db, delivery.id, attempt, record);
  } catch (error) {
    await releaseWebhookDelivery(db, delivery.id);
    throw error;
  }
  services.logger.info(
    {
      delivery_id: delivery.id,
      event_id: event.id,
      endpoint_id: endpoint.id,
      attempt,
      status: record.status,
      answer: record.last_status ?? record.last_error,
    },
    'webhook delivery attempted',
  );
  if (record.status === 'pending' && record.next_attempt_at)
    await queueAttempt(services, delivery.id, attempt + 1, new Date(record.next_attempt_at));
}

/** What the attempt's answer makes of the delivery, and of its endpoint. */
async function settleAttempt(
  services: NotificationServices,
  delivery: WebhookDelivery,
  endpoint: WebhookEndpoint,
  answer: PostAnswer,
  now: Date,
): Promise<AttemptRecord> {
  const { db } = services.storage;
  const at = now.toISOString();
  const firstAt = delivery.first_attempt_at ?? at;
  const status = 'status' in answer ? answer.status : null;
  if (status !== null && status >= 200 && status < 300) {
    await noteEndpointSuccess(db, endpoint.id);
    return {
      status: 'delivered',
      last_status: status,
      last_error: null,
      first_attempt_at: firstAt,
      next_attempt_at: null,
      delivered_at: at,
    };
  }
  const failed = { last_status: status, last_error: answerWords(answer), first_attempt_at: firstAt };
  const failingSince = await noteEndpointFailure(db, endpoint.id, now);
  if (now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_SECONDS * 1000) {
    const reason =
      `every delivery failed for 3 days, since ${failingSince} (last: ${answerWords(answer)}); ` +
      'fix the endpoint, then enable it again';
    if (await disableWebhookEndpoint(db, endpoint.id, reason, now)) {
      services.logger.warn(
        { endpoint_id: endpoint.id, user_id: endpoint.user_id },
        'webhook endpoint disabled',
      );
    }
    return { ...failed, status: 'failed', next_attempt_at: null, delivered_at: null };
  }
  const next = nextAttemptAt(delivery.attempts + 1, new Date(firstAt), now);
  return {
    ...failed,
    status: next ? 'pending' : 'failed',
    next_attempt_at: next?.toISOString() ?? null,
    delivered_at: null,
  };
}
