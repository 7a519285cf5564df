import type { Kysely } from 'kysely';
import type { Database, WebhookDelivery } from './schema.ts';

/** Creates the deliveries of an event; one that exists (same endpoint and event) is left as it is. */
export async function insertWebhookDeliveries(
  db: Kysely<Database>,
  rows: readonly Pick<WebhookDelivery, 'id' | 'endpoint_id' | 'event_id' | 'created_at'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values(rows.map((row) => ({ ...row, status: 'pending', attempts: 0 })))
    .onConflict((conflict) => conflict.columns(['endpoint_id', 'event_id']).doNothing())
    .execute();
}

/** An event's deliveries not attempted yet: the ones its jobs are for. */
export async function listUnattemptedDeliveries(
  db: Kysely<Database>,
  eventId: string,
): Promise<WebhookDelivery[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .execute();
}

export async function findWebhookDelivery(
  db: Kysely<Database>,
  id: string,
): Promise<WebhookDelivery | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes a pending delivery for one attempt: only while no other attempt holds it and it has made
 * exactly `attempt` attempts, so an attempt is never made twice, nor two at once. Returns whether it
 * was taken.
 */
export async function claimWebhookDelivery(
  db: Kysely<Database>,
  id: string,
  attempt: number,
  now: Date,
  lockedUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: lockedUntil.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempts', '=', attempt)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What an attempt ended in. */
export type AttemptRecord = Pick<
  WebhookDelivery,
  'status' | 'last_status' | 'last_error' | 'first_attempt_at' | 'next_attempt_at' | 'delivered_at'
>;

/** Records attempt number `attempt` (from 0) and lets go of the delivery. */
export async function recordDeliveryAttempt(
  db: Kysely<Database>,
  id: string,
  attempt: number,
  record: AttemptRecord,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ ...record, attempts: attempt + 1, locked_until: null })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .execute();
}

/** Lets go of a delivery whose attempt could not be made (the database failed midway). */
export async function releaseWebhookDelivery(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ locked_until: null }).where('id', '=', id).execute();
}

/** Ends a pending delivery that will not be attempted again (its endpoint was disabled). */
export async function failWebhookDelivery(db: Kysely<Database>, id: string, reason: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason, next_attempt_at: null, locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export interface DeliveryListing extends WebhookDelivery {
  event_type: string;
}

/** An endpoint's deliveries with their event's type, newest first. */
export async function listEndpointDeliveries(
  db: Kysely<Database>,
  endpointId: string,
  limit: number,
): Promise<DeliveryListing[]> {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('notification_events', 'notification_events.id', 'webhook_deliveries.event_id')
    .selectAll('webhook_deliveries')
    .select('notification_events.type as event_type')
    .where('webhook_deliveries.endpoint_id', '=', endpointId)
    .orderBy('webhook_deliveries.created_at', 'desc')
    .orderBy('webhook_deliveries.id', 'desc')
    .limit(limit)
    .execute();
}
