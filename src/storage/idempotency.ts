import type { Kysely } from 'kysely';
import { addSeconds } from '../clock.ts';
import { randomBase62 } from '../ids.ts';
import type { Database } from './schema.ts';

export type Claim =
  | { kind: 'claimed'; lockToken: string }
  | { kind: 'replay'; outcome: string }
  | { kind: 'in_flight' }
  | { kind: 'mismatch'; tool: string };

export interface ClaimRequest {
  userId: string;
  key: string;
  tool: string;
  fingerprint: string;
  now: Date;
  lockSeconds: number;
  ttlHours: number;
}

/**
 * Takes the key for one attempt, or says why not. The insert and the lock takeover are each one
 * conditional statement, so two instances racing for the same key cannot both win.
 */
export async function claimIdempotencyKey(db: Kysely<Database>, request: ClaimRequest): Promise<Claim> {
  const { userId, key, now } = request;
  const lockToken = randomBase62(16);
  const lockedUntil = addSeconds(now, request.lockSeconds).toISOString();
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insertInto('idempotency_records')
      .values({
        user_id: userId,
        key,
        tool: request.tool,
        fingerprint: request.fingerprint,
        lock_token: lockToken,
        locked_until: lockedUntil,
        outcome: null,
        created_at: now.toISOString(),
        expires_at: addSeconds(now, request.ttlHours * 3600).toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { kind: 'claimed', lockToken };

    const existing = await db
      .selectFrom('idempotency_records')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!existing) continue;
    if (existing.expires_at <= now.toISOString()) {
      await deleteExpired(db, now, { userId, key });
      continue;
    }
    if (existing.tool !== request.tool || existing.fingerprint !== request.fingerprint) {
      return { kind: 'mismatch', tool: existing.tool };
    }
    if (existing.outcome !== null) return { kind: 'replay', outcome: existing.outcome };
    if (existing.locked_until > now.toISOString()) return { kind: 'in_flight' };

    // The lock of an attempt that never settled (a crashed instance) has expired: take it over.
    const taken = await db
      .updateTable('idempotency_records')
      .set({ lock_token: lockToken, locked_until: lockedUntil })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('lock_token', '=', existing.lock_token)
      .where('outcome', 'is', null)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? { kind: 'claimed', lockToken } : { kind: 'in_flight' };
  }
  return { kind: 'in_flight' };
}

export async function recordIdempotentOutcome(
  db: Kysely<Database>,
  userId: string,
  key: string,
  lockToken: string,
  outcome: string,
): Promise<void> {
  await db
    .updateTable('idempotency_records')
    .set({ outcome })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('lock_token', '=', lockToken)
    .execute();
}

/** Gives the key back so that a retry runs again. */
export async function releaseIdempotencyKey(
  db: Kysely<Database>,
  userId: string,
  key: string,
  lockToken: string,
): Promise<void> {
  await db
    .deleteFrom('idempotency_records')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('lock_token', '=', lockToken)
    .where('outcome', 'is', null)
    .execute();
}

/** Removes records past their retention; with `only`, just that one record. Returns how many. */
export async function deleteExpired(
  db: Kysely<Database>,
  now: Date,
  only?: { userId: string; key: string },
): Promise<number> {
  let query = db.deleteFrom('idempotency_records').where('expires_at', '<=', now.toISOString());
  if (only) query = query.where('user_id', '=', only.userId).where('key', '=', only.key);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
