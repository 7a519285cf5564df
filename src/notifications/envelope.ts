import type { NotificationEvent } from '../storage/schema.ts';
import { signatureHeader } from './signature.ts';

/** Names the sender; its number is the version of this envelope and signature scheme. */
export const WEBHOOK_USER_AGENT = 'adops-webhooks/1';

/** The body of every delivery of an event: `{id, type, created, data, text}`, the same bytes each time. */
export function envelopeOf(event: NotificationEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: event.created_at,
    data: JSON.parse(event.data) as unknown,
    text: event.text,
  });
}

/** The headers of one attempt, signed at `at`. */
export function deliveryHeaders(
  event: NotificationEvent,
  body: string,
  secret: string,
  at: Date,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'adops-event-id': event.id,
    'adops-signature': signatureHeader(secret, body, at),
  };
}
