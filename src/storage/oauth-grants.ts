import type { Insertable, Kysely, Transaction } from 'kysely';
import { noteAuthChange } from './auth-changes.ts';
import type { Database, OAuthGrant, OAuthGrantsTable, OAuthOwnedClient } from './schema.ts';

export interface OAuthGrantWithOwner extends OAuthGrant {
  email: string;
  tier: string;
  agents_stopped_at: string | null;
}

export async function insertOAuthGrant(
  db: Kysely<Database>,
  grant: Insertable<OAuthGrantsTable>,
): Promise<void> {
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
    .select(['users.email', 'users.tier', 'users.agents_stopped_at'])
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

/**
 * Every app the owner ever allowed, revoked ones too (their calls stay in the history), each once with
 * the name of its latest grant, by name.
 */
export async function listAppsEverGranted(
  db: Kysely<Database>,
  userId: string,
): Promise<Array<{ client_id: string; client_name: string }>> {
  const grants = await db
    .selectFrom('oauth_grants')
    .select(['client_id', 'client_name'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const latest = new Map<string, string>();
  for (const grant of grants)
    if (!latest.has(grant.client_id)) latest.set(grant.client_id, grant.client_name);
  return [...latest]
    .map(([client_id, client_name]) => ({ client_id, client_name }))
    .sort((a, b) => a.client_name.localeCompare(b.client_name));
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

/**
 * Ends grants: their codes and tokens go (the next call with any of them is a 401, a refresh is refused)
 * and they leave the owner's Connected apps, in one transaction. The one way a grant ends: the owner
 * revokes it, approves its app again or deletes its client; the provider ends it (a code or refresh
 * token replayed, a refresh token revoked by its app).
 */
export async function endOAuthGrants(db: Kysely<Database>, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute((trx) => endGrantsWithin(trx, ids, now));
}

async function endGrantsWithin(trx: Transaction<Database>, ids: readonly string[], now: Date): Promise<void> {
  await trx.deleteFrom('oauth_records').where('grant_id', 'in', ids).execute();
  await trx
    .updateTable('oauth_grants')
    .set({ revoked_at: now.toISOString() })
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute();
  await noteAuthChange(trx);
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
 * Deletes an owner's client and ends every grant to it, whoever gave it; false when the owner has no
 * such client.
 */
export async function deleteOwnedClient(
  db: Kysely<Database>,
  userId: string,
  clientId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('oauth_owned_clients')
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return false;
    const grants = await trx
      .selectFrom('oauth_grants')
      .select('id')
      .where('client_id', '=', clientId)
      .where('revoked_at', 'is', null)
      .execute();
    await endGrantsWithin(
      trx,
      grants.map((grant) => grant.id),
      now,
    );
    return true;
  });
}
