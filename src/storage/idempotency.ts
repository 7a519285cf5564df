import type { Kysely, Updateable } from 'kysely';
import { addSeconds } from '../clock.ts';
import { randomBase62 } from '../ids.ts';
import type { Database, IdempotencyRecordsTable } from './schema.ts';

export type Claim =
  | {
      kind: 'claimed';
      lockToken: string;
      /**
       * The earlier attempt whose holder died, when this claim took it over: its lock token and its
       * recovery points (JSON).
       */
      takenOver: { lockToken: string; recovery: string | null } | undefined;
    }
  | { kind: 'replay'; outcome: string }
  | { kind: 'in_flight'; retryAfterSeconds: number }
  | { kind: 'mismatch'; tool: string };

export interface ClaimRequest {
  userId: string;
  key: string;
  tool: string;
  fingerprint: string;
  /**
   * Another fingerprint an existing record may carry and still be this call's: one of an earlier
   * version, for records written before the fingerprint changed.
   */
  earlierFingerprint?: string | undefined;
  now: Date;
  /** How long the claim lasts unless its holder renews it. */
  leaseSeconds: number;
  ttlHours: number;
}

/** Identifies one attempt's hold on one record: only that attempt may renew or settle it. */
export interface ClaimHandle {
  userId: string;
  key: string;
  lockToken: string;
}

function secondsUntil(until: string, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
}

/**
 * Takes the key for one attempt, or says why not. The insert and the takeover of a dead holder's claim
 * (one that stopped renewing its lease) are each one conditional statement, so two instances racing
 * for the same key cannot both win.
 */
export async function claimIdempotencyKey(db: Kysely<Database>, request: ClaimRequest): Promise<Claim> {
  const { userId, key, now } = request;
  const lockToken = randomBase62(16);
  const lockedUntil = addSeconds(now, request.leaseSeconds).toISOString();
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
        recovery: null,
        created_at: now.toISOString(),
        expires_at: addSeconds(now, request.ttlHours * 3600).toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { kind: 'claimed', lockToken, takenOver: undefined };

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
    const sameCall =
      existing.fingerprint === request.fingerprint ||
      (request.earlierFingerprint !== undefined && existing.fingerprint === request.earlierFingerprint);
    if (existing.tool !== request.tool || !sameCall) {
      return { kind: 'mismatch', tool: existing.tool };
    }
    if (existing.outcome !== null) return { kind: 'replay', outcome: existing.outcome };
    if (existing.locked_until > now.toISOString()) {
      return { kind: 'in_flight', retryAfterSeconds: secondsUntil(existing.locked_until, now) };
    }

    const taken = await db
      .updateTable('idempotency_records')
      .set({ lock_token: lockToken, locked_until: lockedUntil })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('lock_token', '=', existing.lock_token)
      .where('outcome', 'is', null)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1
      ? {
          kind: 'claimed',
          lockToken,
          takenOver: { lockToken: existing.lock_token, recovery: existing.recovery },
        }
      : { kind: 'in_flight', retryAfterSeconds: request.leaseSeconds };
  }
  return { kind: 'in_flight', retryAfterSeconds: request.leaseSeconds };
}

/**
 * Changes the record only while this attempt still holds it (its lock token, no outcome yet): every
 * write of an attempt that was taken over changes nothing. Returns whether it did.
 */
async function updateHeld(
  db: Kysely<Database>,
  claim: ClaimHandle,
  set: Updateable<IdempotencyRecordsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_records')
    .set(set)
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('lock_token', '=', claim.lockToken)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends a live attempt's lease. False when the claim is no longer this attempt's (taken over). */
export function renewClaim(db: Kysely<Database>, claim: ClaimHandle, lockedUntil: string): Promise<boolean> {
  return updateHeld(db, claim, { locked_until: lockedUntil });
}

/** Stores the recovery points of the attempt. False when the claim is no longer this attempt's. */
export function saveRecovery(db: Kysely<Database>, claim: ClaimHandle, recovery: string): Promise<boolean> {
  return updateHeld(db, claim, { recovery });
}

/** Records the outcome a repeat replays. False when the claim is no longer this attempt's. */
export function recordIdempotentOutcome(
  db: Kysely<Database>,
  claim: ClaimHandle,
  outcome: string,
): Promise<boolean> {
  return updateHeld(db, claim, { outcome, recovery: null });
}

/**
 * Leaves the claim and its recovery points to the next retry at once, for an attempt that stopped without
 * knowing how far the platform got (its database went away): the retry takes over and resumes.
 */
export async function abandonClaim(db: Kysely<Database>, claim: ClaimHandle, now: Date): Promise<void> {
  await updateHeld(db, claim, { locked_until: now.toISOString() });
}

/** Gives the key back so that a retry runs again. */
export async function releaseIdempotencyKey(db: Kysely<Database>, claim: ClaimHandle): Promise<void> {
  await db
    .deleteFrom('idempotency_records')
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('lock_token', '=', claim.lockToken)
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
