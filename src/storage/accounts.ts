import type { Kysely } from 'kysely';
import { newId } from '../ids.ts';
import type { Platform } from '../platform-families.ts';
import { preparedQuery } from './prepared-query.ts';
import type { AdAccount, Connection, Database } from './schema.ts';

// Every call on a platform lists the caller's accounts there: prepared once, in the listing index's order.
const selectPlatformAccounts = preparedQuery<AdAccount>(2, (db, userId, platform) =>
  db
    .selectFrom('ad_accounts')
    .selectAll()
    .where('user_id', '=', userId as string)
    .where('platform', '=', platform as Platform)
    .orderBy('created_at')
    .orderBy('account_id'),
);

const selectAccounts = preparedQuery<AdAccount>(1, (db, userId) =>
  db
    .selectFrom('ad_accounts')
    .selectAll()
    .where('user_id', '=', userId as string)
    .orderBy('platform')
    .orderBy('created_at')
    .orderBy('account_id'),
);

export async function listAdAccounts(
  db: Kysely<Database>,
  userId: string,
  platform?: Platform,
): Promise<AdAccount[]> {
  return platform ? selectPlatformAccounts(db, userId, platform) : selectAccounts(db, userId);
}

export async function listConnections(db: Kysely<Database>, userId: string): Promise<Connection[]> {
  return db.selectFrom('connections').selectAll().where('user_id', '=', userId).orderBy('platform').execute();
}

export interface NewSandboxAccount {
  userId: string;
  platform: Platform;
  accountId: string;
  name: string;
  currency: string;
  now: Date;
}

/**
 * Adds an account under the user's sandbox connection of that platform, made on first use. Takes a
 * transaction when the caller has more to do atomically (tokens, seed data).
 */
export async function addSandboxAccount(db: Kysely<Database>, fields: NewSandboxAccount): Promise<AdAccount> {
  const now = fields.now.toISOString();
  let connection = await db
    .selectFrom('connections')
    .selectAll()
    .where('user_id', '=', fields.userId)
    .where('platform', '=', fields.platform)
    .where('mode', '=', 'sandbox')
    .executeTakeFirst();
  if (!connection) {
    connection = {
      id: newId('con'),
      user_id: fields.userId,
      platform: fields.platform,
      mode: 'sandbox',
      status: 'active',
      token_expires_at: null,
      created_at: now,
      updated_at: now,
      access_token: null,
      refresh_token: null,
    };
    await db.insertInto('connections').values(connection).execute();
  }
  const account: AdAccount = {
    id: newId('acc'),
    user_id: fields.userId,
    connection_id: connection.id,
    platform: fields.platform,
    account_id: fields.accountId,
    name: fields.name,
    currency: fields.currency,
    status: 'active',
    created_at: now,
    // Sandbox reports count their days in UTC.
    time_zone: 'UTC',
    login_customer_id: null,
  };
  await db.insertInto('ad_accounts').values(account).execute();
  return account;
}

export async function listConnectionAccounts(
  db: Kysely<Database>,
  connectionId: string,
): Promise<AdAccount[]> {
  return db
    .selectFrom('ad_accounts')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .orderBy('account_id')
    .execute();
}

/** The owner's account of a platform, by its id. */
export async function findAdAccount(
  db: Kysely<Database>,
  userId: string,
  platform: string,
  accountId: string,
): Promise<AdAccount | undefined> {
  return db
    .selectFrom('ad_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}
