import { type Kysely, sql } from 'kysely';
import type { Transact } from './group-commit.ts';
import { preparedQuery } from './prepared-query.ts';
import type { Database } from './schema.ts';

export type Reservation =
  | { ok: true /** Units counted after this one: settled plus held, this hold included. */; counted: number }
  | { ok: false; used: number; held: number };

export interface HoldRequest {
  holdId: string;
  userId: string;
  period: string;
  limit: number;
  leaseUntil: string;
  now: string;
}

const reserveUnit = preparedQuery<{ used: number; held: number }>(3, (db, userId, period, limit) =>
  db
    .insertInto('quota_usage')
    .values({ user_id: userId as string, period: period as string, used: 0, held: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'period'])
        .doUpdateSet({ held: sql`quota_usage.held + 1` })
        .where(sql<boolean>`quota_usage.used + quota_usage.held < ${limit}`),
    )
    .returning(['used', 'held']),
);

const selectUsage = preparedQuery<{ used: number; held: number }>(2, (db, userId, period) =>
  db
    .selectFrom('quota_usage')
    .select(['used', 'held'])
    .where('user_id', '=', userId as string)
    .where('period', '=', period as string),
);

const insertHold = preparedQuery(5, (db, id, userId, period, leaseUntil, createdAt) =>
  db.insertInto('quota_holds').values({
    id: id as string,
    user_id: userId as string,
    period: period as string,
    lease_until: leaseUntil as string,
    created_at: createdAt as string,
  }),
);

const deleteHold = preparedQuery<{ user_id: string; period: string }>(1, (db, holdId) =>
  db
    .deleteFrom('quota_holds')
    .where('id', '=', holdId as string)
    .returning(['user_id', 'period']),
);

const settleUnit = preparedQuery<{ used: number }>(3, (db, billed, userId, period) =>
  db
    .updateTable('quota_usage')
    .set({ held: sql`held - 1`, used: sql`used + ${billed}` })
    .where('user_id', '=', userId as string)
    .where('period', '=', period as string)
    .returning('used'),
);

/**
 * Holds one unit of the period's allowance for a call about to run, only while settled plus held units
 * stay under the limit. The counter update is one conditional statement (atomic on SQLite, one writer,
 * and on PostgreSQL, where the conflicting row is locked and its WHERE re-checked), and the hold row goes
 * in with it in one transaction, so a unit is never counted without the row that gives it back. Every
 * statement of a billable call is prepared once (prepared-query.ts).
 */
export async function reserveQuotaHold(transact: Transact, request: HoldRequest): Promise<Reservation> {
  const { userId, period, limit } = request;
  if (limit <= 0) return { ok: false, used: 0, held: 0 };
  return transact(async (trx) => {
    const [row] = await reserveUnit(trx, userId, period, limit);
    if (!row) {
      const [current] = await selectUsage(trx, userId, period);
      return { ok: false, used: Number(current?.used ?? 0), held: Number(current?.held ?? 0) };
    }
    await insertHold(trx, request.holdId, userId, period, request.leaseUntil, request.now);
    return { ok: true, counted: Number(row.used) + Number(row.held) };
  });
}

/**
 * Ends a hold inside the caller's transaction: its unit becomes used (the call succeeded) or is given
 * back. Returns the period's used units after it, or undefined when the hold was already reclaimed as
 * dead (its call could not renew it).
 */
export async function settleQuotaHold(
  trx: Kysely<Database>,
  holdId: string,
  billed: boolean,
): Promise<number | undefined> {
  const [hold] = await deleteHold(trx, holdId);
  if (!hold) return undefined;
  const [row] = await settleUnit(trx, billed ? 1 : 0, hold.user_id, hold.period);
  return Number(row?.used ?? 0);
}

/** Gives back the unit of one hold, if it still stands (a taken-over call's). */
export async function releaseQuotaHold(db: Kysely<Database>, holdId: string): Promise<void> {
  await db.transaction().execute((trx) => settleQuotaHold(trx, holdId, false));
}

/**
 * Bills a success whose hold was reclaimed while the call ran, only while the allowance has room, so
 * `used` never passes the limit. Returns the period's used units after it, undefined when not billed.
 */
export async function billWithoutHold(
  trx: Kysely<Database>,
  userId: string,
  period: string,
  limit: number,
): Promise<number | undefined> {
  const row = await trx
    .updateTable('quota_usage')
    .set({ used: sql`used + 1` })
    .where('user_id', '=', userId)
    .where('period', '=', period)
    .where(sql<boolean>`used + held < ${limit}`)
    .returning('used')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.used);
}

/** Extends the leases of holds whose calls still run. */
export async function renewQuotaHold(
  db: Kysely<Database>,
  holdId: string,
  leaseUntil: string,
): Promise<void> {
  await db.updateTable('quota_holds').set({ lease_until: leaseUntil }).where('id', '=', holdId).execute();
}

/**
 * Gives back the units of holds whose lease ran out (their call crashed or lost its database), all of
 * them or one owner's. Returns how many. Each hold is deleted and its unit returned in one transaction.
 */
export async function reclaimExpiredHolds(
  db: Kysely<Database>,
  now: string,
  userId?: string,
): Promise<number> {
  // Most sweeps find nothing: a plain read first keeps them from taking the write lock.
  let probe = db.selectFrom('quota_holds').select('id').where('lease_until', '<', now);
  if (userId) probe = probe.where('user_id', '=', userId);
  if (!(await probe.limit(1).executeTakeFirst())) return 0;
  return db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom('quota_holds').where('lease_until', '<', now);
    if (userId) query = query.where('user_id', '=', userId);
    const holds = await query.returning(['user_id', 'period']).execute();
    const counts = new Map<string, { userId: string; period: string; count: number }>();
    for (const hold of holds) {
      const id = `${hold.user_id}\u0000${hold.period}`;
      const entry = counts.get(id) ?? { userId: hold.user_id, period: hold.period, count: 0 };
      entry.count++;
      counts.set(id, entry);
    }
    for (const { userId: owner, period, count } of counts.values()) {
      await trx
        .updateTable('quota_usage')
        .set({ held: sql`case when held > ${count} then held - ${count} else 0 end` })
        .where('user_id', '=', owner)
        .where('period', '=', period)
        .execute();
    }
    return holds.length;
  });
}

/** Units of the period used by calls that succeeded (held units of running calls not counted). */
export async function quotaUsed(db: Kysely<Database>, userId: string, period: string): Promise<number> {
  const [row] = await selectUsage(db, userId, period);
  return row ? Number(row.used) : 0;
}

/** Settled and held units of the period. */
export async function quotaUsage(
  db: Kysely<Database>,
  userId: string,
  period: string,
): Promise<{ used: number; held: number }> {
  const [row] = await selectUsage(db, userId, period);
  return { used: Number(row?.used ?? 0), held: Number(row?.held ?? 0) };
}
