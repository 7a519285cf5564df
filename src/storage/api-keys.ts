import type { Kysely } from 'kysely';
import { newId } from '../ids.ts';
import { type KeyLimits, limitsOfRow, rowOfLimits } from '../key-limits.ts';
import { isPlatform } from '../platform-families.ts';
import { noteAuthChange } from './auth-changes.ts';
import { accountsOfClient } from './clients.ts';
import { preparedQuery } from './prepared-query.ts';
import type { ApiKey, Database } from './schema.ts';

export interface ApiKeyWithOwner extends ApiKey {
  email: string;
  tier: string;
  agents_stopped_at: string | null;
}

export async function insertApiKey(
  db: Kysely<Database>,
  fields: {
    userId: string;
    /** The member who made it in the console, or null. */
    createdBy: string | null;
    name: string;
    prefix: string;
    hash: string;
    expiresAt: Date | null;
    now: Date;
    limits: KeyLimits;
  },
): Promise<ApiKey> {
  const stored = rowOfLimits(fields.limits);
  const row: ApiKey = {
    id: newId('key'),
    user_id: fields.userId,
    name: fields.name,
    prefix: fields.prefix,
    hash: fields.hash,
    created_at: fields.now.toISOString(),
    expires_at: fields.expiresAt?.toISOString() ?? null,
    revoked_at: null,
    last_used_at: null,
    ...stored,
    // A client key's accounts are read from its client at each call, never kept with the key.
    account_limits: stored.agency_client_id === null ? stored.account_limits : null,
    created_by: fields.createdBy,
  };
  await db.insertInto('api_keys').values(row).execute();
  return row;
}

// On every call: prepared once. The owner's fields come from subqueries, which SQLite plans better than a join here.
const selectKeyByHash = preparedQuery<ApiKeyWithOwner>(1, (db, hash) =>
  db
    .selectFrom('api_keys')
    .selectAll('api_keys')
    .select((eb) => [
      eb.selectFrom('users').select('users.email').whereRef('users.id', '=', 'api_keys.user_id').as('email'),
      eb.selectFrom('users').select('users.tier').whereRef('users.id', '=', 'api_keys.user_id').as('tier'),
      eb
        .selectFrom('users')
        .select('users.agents_stopped_at')
        .whereRef('users.id', '=', 'api_keys.user_id')
        .as('agents_stopped_at'),
    ])
    .where('api_keys.hash', '=', hash as string),
);

export async function findApiKeyByHash(
  db: Kysely<Database>,
  hash: string,
): Promise<ApiKeyWithOwner | undefined> {
  const [row] = await selectKeyByHash(db, hash);
  return row;
}

export async function listApiKeys(db: Kysely<Database>, userId: string): Promise<ApiKey[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Returns whether a key that was not yet revoked is now revoked. */
export async function revokeApiKey(db: Kysely<Database>, keyId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await noteAuthChange(db);
  return Number(result.numUpdatedRows) === 1;
}

export async function findApiKeyById(db: Kysely<Database>, keyId: string): Promise<ApiKey | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirst();
}

/** Sets a key's limits; the caller has checked that they only narrow it (key-limits.ts `wideningOf`). */
export async function setApiKeyLimits(db: Kysely<Database>, keyId: string, limits: KeyLimits): Promise<void> {
  const stored = rowOfLimits(limits);
  await db
    .updateTable('api_keys')
    .set({ ...stored, account_limits: stored.agency_client_id === null ? stored.account_limits : null })
    .where('id', '=', keyId)
    .execute();
  await noteAuthChange(db);
}

export async function touchApiKey(db: Kysely<Database>, keyId: string, now: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', keyId).execute();
}

export async function findApiKeyName(db: Kysely<Database>, keyId: string): Promise<string | undefined> {
  const row = await db.selectFrom('api_keys').select('name').where('id', '=', keyId).executeTakeFirst();
  return row?.name;
}

/** A key's limits as they are now: a client key's accounts are its client's, those assigned later too. */
export async function keyLimits(db: Kysely<Database>, key: ApiKey): Promise<KeyLimits> {
  if (key.agency_client_id === null) return limitsOfRow(key);
  const accounts = (await accountsOfClient(db, key.agency_client_id)).flatMap((a) =>
    isPlatform(a.platform) ? [{ platform: a.platform, accountId: a.account_id }] : [],
  );
  return limitsOfRow(key, accounts);
}
