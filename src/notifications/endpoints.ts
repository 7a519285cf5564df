import { newId } from '../ids.ts';
import type { WebhookEndpoint } from '../storage/schema.ts';
import {
  deleteWebhookEndpoint,
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  replaceEndpointSecret,
} from '../storage/webhook-endpoints.ts';
import { emitEvent } from './emit-event.ts';
import { eventIdOf } from './event-id.ts';
import { EVENT_TYPES, isEventType, TEST_EVENT } from './event-types.ts';
import type { NotificationServices } from './notification-services.ts';
import { newWebhookSecret } from './signature.ts';
import { checkWebhookUrl } from './webhook-url.ts';

/** Endpoints one owner may register. */
export const MAX_ENDPOINTS = 10;

/** An endpoint the owner's form asked for cannot be made: the message says why and what to change. */
export class EndpointRefused extends Error {
  override readonly name = 'EndpointRefused';
}

/** A new endpoint and its signing secret, which is shown to the owner this once. */
export interface NewEndpoint {
  endpoint: WebhookEndpoint;
  secret: string;
}

/** Registers an endpoint: its URL checked like a media URL, at least one known event chosen. */
export async function createEndpoint(
  services: NotificationServices,
  userId: string,
  input: { url: string; events: readonly string[] },
): Promise<NewEndpoint> {
  const url = input.url.trim();
  if (url === '') throw new EndpointRefused('Give the https URL the events are sent to.');
  const events = EVENT_TYPES.filter((type) => input.events.includes(type));
  const unknown = input.events.filter((type) => !isEventType(type));
  if (unknown.length > 0) throw new EndpointRefused(`There is no event ${unknown.join(', ')}.`);
  if (events.length === 0) throw new EndpointRefused('Choose at least one event to send to this URL.');
  const checked = await checkWebhookUrl(services.config, url);
  if (!checked.ok) throw new EndpointRefused(checked.problem);
  const existing = await listWebhookEndpoints(services.storage.db, userId);
  if (existing.length >= MAX_ENDPOINTS)
    throw new EndpointRefused(
      `You have ${MAX_ENDPOINTS} endpoints, the most one owner may have: delete one first.`,
    );
  const secret = newWebhookSecret();
  const endpoint = await insertWebhookEndpoint(services.storage.db, services.cipher, {
    id: newId('whk'),
    userId,
    url: checked.url,
    events,
    secret,
    now: services.clock.now(),
  });
  return { endpoint, secret };
}

/** A new signing secret, in force from the next attempt on; the old one signs nothing more. */
export async function rotateEndpointSecret(
  services: NotificationServices,
  endpoint: WebhookEndpoint,
): Promise<string> {
  const secret = newWebhookSecret();
  await replaceEndpointSecret(services.storage.db, services.cipher, endpoint.id, secret);
  return secret;
}

export async function deleteEndpoint(
  services: NotificationServices,
  endpoint: WebhookEndpoint,
): Promise<void> {
  await deleteWebhookEndpoint(services.storage.db, endpoint.id);
}

/** The owner stops deliveries; the pending ones end failed when their next attempt comes. */
export async function disableEndpoint(
  services: NotificationServices,
  endpoint: WebhookEndpoint,
): Promise<void> {
  await disableWebhookEndpoint(services.storage.db, endpoint.id, 'disabled by you', services.clock.now());
}

export async function enableEndpoint(
  services: NotificationServices,
  endpoint: WebhookEndpoint,
): Promise<void> {
  await enableWebhookEndpoint(services.storage.db, endpoint.id);
}

/**
 * Sends a `test` event to one endpoint, delivered, signed and retried like any other, whatever events
 * it chose. Each press is its own event. A disabled endpoint's test delivery ends failed, unsent.
 */
export async function sendTestEvent(
  services: NotificationServices,
  endpoint: WebhookEndpoint,
): Promise<string> {
  const id = eventIdOf(TEST_EVENT, endpoint.id, newId('test'));
  await emitEvent(
    services,
    {
      id,
      userId: endpoint.user_id,
      type: TEST_EVENT,
      data: { endpoint_id: endpoint.id, url: endpoint.url },
      text: `adops test event: ${endpoint.url} receives adops notifications.`,
    },
    { to: endpoint.id },
  );
  return id;
}
