import type { Kysely } from 'kysely';
import { newId } from '../ids.ts';
import type { Platform } from '../platforms/families.ts';
import type { AdAccount, Connection, Database } from './schema.ts';

export async function listAdAccounts(
  db: Kysely<Database>,
  userId: string,
  platform?: Platform,
): Promise<AdAccount[]> {
  let query = db.selectFrom('ad_accounts').selectAll().where('user_id', '=', userId);
  if (platform) query = query.where('platform', '=', platform);
  return query.orderBy('platform').orderBy('created_at').orderBy('account_id').execute();
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

/** Adds an account under the user's sandbox connection of that platform, made on first use. */
export async function addSandboxAccount(db: Kysely<Database>, fields: NewSandboxAccount): Promise<AdAccount> {
  return db.transaction().execute(async (trx) => {
    const now = fields.now.toISOString();
    let connection = await trx
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
      };
      await trx.insertInto('connections').values(connection).execute();
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
    };
    await trx.insertInto('ad_accounts').values(account).execute();
    return account;
  });
}
