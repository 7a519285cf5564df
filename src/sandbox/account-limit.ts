import type { Kysely } from 'kysely';
import { sandboxAccountsCreatedSince } from '../storage/sandbox-owners.ts';
import type { Database } from '../storage/schema.ts';

const WINDOW_MS = 86_400_000;

/**
 * Seconds until the owner may make another sandbox account (ADOPS_SANDBOX_ACCOUNTS_PER_DAY in a sliding
 * 24 hours, counted from the durable owners table, so every instance sees the same count); 0: now.
 */
export async function sandboxAccountWait(
  db: Kysely<Database>,
  userId: string,
  perDay: number,
  now: Date,
): Promise<number> {
  if (perDay === 0) return 0;
  const made = await sandboxAccountsCreatedSince(db, userId, new Date(now.getTime() - WINDOW_MS));
  const oldestCounted = made[made.length - perDay];
  if (oldestCounted === undefined) return 0;
  return Math.max(1, Math.ceil((Date.parse(oldestCounted) + WINDOW_MS - now.getTime()) / 1000));
}
