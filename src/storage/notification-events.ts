import type { Kysely } from 'kysely';
import type { Database, NotificationEvent } from './schema.ts';

/**
 * Stores an event unless one with its id is stored already (the id is the dedupe key, so two
 * instances emitting the same event store it once). Returns whether this call stored it.
 */
export async function insertNotificationEvent(
  db: Kysely<Database>,
  event: NotificationEvent,
): Promise<boolean> {
  const inserted = await db
    .insertInto('notification_events')
    .values(event)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findNotificationEvent(
  db: Kysely<Database>,
  id: string,
): Promise<NotificationEvent | undefined> {
  return db.selectFrom('notification_events').selectAll().where('id', '=', id).executeTakeFirst();
}
