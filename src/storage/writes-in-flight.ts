import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Notes an agent's write about to reach the platform; the caller then checks that agents still run. */
export async function beginWrite(
  db: Kysely<Database>,
  write: { id: string; userId: string; now: string; leaseUntil: string },
): Promise<void> {
  await db
    .insertInto('writes_in_flight')
    .values({ id: write.id, user_id: write.userId, started_at: write.now, lease_until: write.leaseUntil })
    .execute();
}

export async function renewWrite(db: Kysely<Database>, id: string, leaseUntil: string): Promise<void> {
  await db.updateTable('writes_in_flight').set({ lease_until: leaseUntil }).where('id', '=', id).execute();
}

/** The write ended: settled with its call, or refused before it reached the platform. */
export async function endWrite(db: Kysely<Database> | Transaction<Database>, id: string): Promise<void> {
  await db.deleteFrom('writes_in_flight').where('id', '=', id).execute();
}

/** How many of the owner's agent writes are still in flight (a crashed call's lapses with its lease). */
export async function writesInFlight(db: Kysely<Database>, userId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('writes_in_flight')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('lease_until', '>', now)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Rows of crashed calls, long lapsed: the maintenance queue clears them. */
export async function deleteLapsedWrites(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('writes_in_flight').where('lease_until', '<', before).execute();
}
