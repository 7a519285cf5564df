import { type Kysely, sql } from 'kysely';
import { preparedQuery } from './prepared-query.ts';
import type { Database } from './schema.ts';

/**
 * Takes one unit of the period's allowance in a single atomic statement, only while `used < limit`.
 * Returns the count after the reservation, or null when the allowance is used up. Atomic on SQLite
 * (one writer) and on PostgreSQL (the conflicting row is locked and its WHERE re-checked).
 */
export async function reserveQuotaUnit(
  db: Kysely<Database>,
  userId: string,
  period: string,
  limit: number,
): Promise<number | null> {
  if (limit <= 0) return null;
  const row = await db
    .insertInto('quota_usage')
    .values({ user_id: userId, period, used: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'period'])
        .doUpdateSet({ used: sql`quota_usage.used + 1` })
        .where('quota_usage.used', '<', limit),
    )
    .returning('used')
    .executeTakeFirst();
  return row ? Number(row.used) : null;
}

export async function releaseQuotaUnit(db: Kysely<Database>, userId: string, period: string): Promise<void> {
  await db
    .updateTable('quota_usage')
    .set({ used: sql`used - 1` })
    .where('user_id', '=', userId)
    .where('period', '=', period)
    .where('used', '>', 0)
    .execute();
}

const selectUsed = preparedQuery<{ used: number }>(2, (db, userId, period) =>
  db
    .selectFrom('quota_usage')
    .select('used')
    .where('user_id', '=', userId as string)
    .where('period', '=', period as string),
);

export async function quotaUsed(db: Kysely<Database>, userId: string, period: string): Promise<number> {
  const [row] = await selectUsed(db, userId, period);
  return row ? Number(row.used) : 0;
}
