import { newId } from '../ids.ts';
import { insertNotificationEvent } from '../storage/notification-events.ts';
import type { NotificationEvent } from '../storage/schema.ts';
import { insertWebhookDeliveries, listUnattemptedDeliveries } from '../storage/webhook-deliveries.ts';
import { endpointEvents, listWebhookEndpoints } from '../storage/webhook-endpoints.ts';
import { queueAttempt } from './delivery-jobs.ts';
import type { EventType, TEST_EVENT } from './event-types.ts';
import type { NotificationServices } from './notification-services.ts';

/** An event to tell an owner about. */
export interface EventInput {
  /** The dedupe key, made from what makes it one event (eventIdOf): the same id is delivered once. */
  id: string;
  userId: string;
  type: EventType | typeof TEST_EVENT;
  /** What receivers read (docs/notifications.md): ids, values and words, never a secret or a token. */
  data: Record<string, unknown>;
  /** One line for people: chat tools (a Slack incoming webhook) show it as the message. */
  text: string;
}

const MAX_TEXT_LENGTH = 500;

/** The summary on one line, as chat tools show it. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_TEXT_LENGTH ? `${line.slice(0, MAX_TEXT_LENGTH - 1)}…` : line;
}

/**
 * Stores the event (once: an id stored already is not stored again), makes one delivery for each of
 * the owner's enabled endpoints that chose its type (or for the one endpoint `to` names: the console's
 * test event), and queues a job for each on `webhooks.deliver`. Emitting an id again stores and delivers
 * nothing new; it only queues again a delivery whose job was lost before its first attempt.
 */
export async function emitEvent(
  services: NotificationServices,
  input: EventInput,
  options: { to?: string } = {},
): Promise<void> {
  const { db } = services.storage;
  const now = services.clock.now();
  const event: NotificationEvent = {
    id: input.id,
    user_id: input.userId,
    type: input.type,
    created_at: now.toISOString(),
    data: JSON.stringify(input.data),
    text: oneLine(input.text),
  };
  await db.transaction().execute(async (trx) => {
    if (!(await insertNotificationEvent(trx, event))) return;
    const endpoints = (await listWebhookEndpoints(trx, input.userId)).filter((endpoint) =>
      options.to === undefined
        ? endpoint.disabled_at === null && endpointEvents(endpoint).includes(input.type)
        : endpoint.id === options.to,
    );
    await insertWebhookDeliveries(
      trx,
      endpoints.map((endpoint) => ({
        id: newId('dlv'),
        endpoint_id: endpoint.id,
        event_id: event.id,
        created_at: event.created_at,
      })),
    );
  });
  for (const delivery of await listUnattemptedDeliveries(db, event.id)) {
    await queueAttempt(services, delivery.id, 0);
  }
}

/**
 * Emits the event of something that already happened (an approval stored, a connection expired): a
 * failure to emit is logged, never made the failure of what it reports.
 */
export async function tellOwner(services: NotificationServices, input: EventInput): Promise<void> {
  try {
    await emitEvent(services, input);
  } catch (error) {
    services.logger.error(
      { err: error, event_id: input.id, event_type: input.type, user_id: input.userId },
      'a notification could not be emitted',
    );
  }
}
