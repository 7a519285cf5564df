import type { Kysely } from 'kysely';
import type { Database, OAuthGrant, OAuthOwnedClient } from './schema.ts';

export interface OAuthGrantWithOwner extends OAuthGrant {
  email: string;
  tier: string;
}

export async function insertOAuthGrant(db: Kysely<Database>, grant: OAuthGrant): Promise<void> {
  await db.insertInto('oauth_grants').values(grant).execute();
}

export async function findOAuthGrant(
  db: Kysely<Database>,
  id: string,
): Promise<OAuthGrantWithOwner | undefined> {
  return db
    .selectFrom('oauth_grants')
    .innerJoin('users', 'users.id', 'oauth_grants.user_id')
    .selectAll('oauth_grants')
    .select(['users.email', 'users.tier'])
    .where('oauth_grants.id', '=', id)
    .executeTakeFirst();
}

/** The apps an owner allowed and has not revoked, newest first. */
export async function listOAuthGrants(db: Kysely<Database>, userId: string): Promise<OAuthGrant[]> {
  return db
    .selectFrom('oauth_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The ids of the owner's live grants to a client (one, unless a new approval is on its way). */
export async function liveGrantIdsOf(
  db: Kysely<Database>,
  userId: string,
  clientId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('oauth_grants')
    .select('id')
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

export async function touchOAuthGrant(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db
    .updateTable('oauth_grants')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** True when this owner had this grant live and it is now revoked. */
export async function revokeOAuthGrant(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('oauth_grants')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a grant ended by the authorization server itself (its app revoked it, or a token was replayed). */
export async function endOAuthGrant(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db
    .updateTable('oauth_grants')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertOwnedClient(db: Kysely<Database>, client: OAuthOwnedClient): Promise<void> {
  await db.insertInto('oauth_owned_clients').values(client).execute();
}

export async function listOwnedClients(db: Kysely<Database>, userId: string): Promise<OAuthOwnedClient[]> {
  return db
    .selectFrom('oauth_owned_clients')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * Deletes an owner's client and ends every grant to it, whoever gave it: the ids of those grants, whose
 * records (codes, tokens) the caller removes; undefined when the owner has no such client.
 */
export async function deleteOwnedClient(
  db: Kysely<Database>,
  userId: string,
  clientId: string,
  now: Date,
): Promise<string[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('oauth_owned_clients')
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return undefined;
    const grants = await trx
      .selectFrom('oauth_grants')
      .select('id')
      .where('client_id', '=', clientId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('oauth_grants')
      .set({ revoked_at: now.toISOString() })
      .where('client_id', '=', clientId)
      .where('revoked_at', 'is', null)
      .execute();
    return grants.map((grant) => grant.id);
  });
}
