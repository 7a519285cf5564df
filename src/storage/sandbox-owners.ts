import type { Kysely } from 'kysely';
import type { Platform } from '../platform-families.ts';
import type { Dialect } from './database.ts';
import type { Database } from './schema.ts';

/** Records who created a sandbox account; the account's id is unique per platform, so once only. */
export async function recordSandboxOwner(
  db: Kysely<Database>,
  fields: { platform: Platform; accountId: string; userId: string; now: Date },
): Promise<void> {
  await db
    .insertInto('sandbox_account_owners')
    .values({
      platform: fields.platform,
      account_id: fields.accountId,
      user_id: fields.userId,
      created_at: fields.now.toISOString(),
    })
    .execute();
}

/** The owner of each of the given sandbox accounts that has one. */
export async function sandboxOwners(
  db: Kysely<Database>,
  platform: Platform,
  accountIds: readonly string[],
): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sandbox_account_owners')
    .select(['account_id', 'user_id'])
    .where('platform', '=', platform)
    .where('account_id', 'in', [...accountIds])
    .execute();
  return new Map(rows.map((row) => [row.account_id, row.user_id]));
}

/** When the owner's sandbox accounts made since `since` were made, oldest first (on every platform). */
export async function sandboxAccountsCreatedSince(
  db: Kysely<Database>,
  userId: string,
  since: Date,
): Promise<string[]> {
  const rows = await db
    .selectFrom('sandbox_account_owners')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since.toISOString())
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.created_at);
}

/** Holds the owner's row until the transaction ends, so two of its requests count and create one at a time. */
export async function lockOwner(db: Kysely<Database>, dialect: Dialect, userId: string) {
  // SQLite runs one transaction at a time already and has no FOR UPDATE.
  if (dialect !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
