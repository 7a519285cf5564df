import type { Kysely } from 'kysely';
import { noteAuthChange } from './auth-changes.ts';
import type { Database } from './schema.ts';

export interface OAuthRecord {
  payload: string;
  grantId: string | null;
  consumedAt: string | null;
}

export async function upsertOAuthRecord(
  db: Kysely<Database>,
  record: {
    model: string;
    idHash: string;
    payload: string;
    grantId: string | null;
    uid: string | null;
    expiresAt: string | null;
  },
): Promise<void> {
  const row = {
    model: record.model,
    id_hash: record.idHash,
    payload: record.payload,
    grant_id: record.grantId,
    uid: record.uid,
    expires_at: record.expiresAt,
    consumed_at: null,
  };
  await db
    .insertInto('oauth_records')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['model', 'id_hash']).doUpdateSet({
        payload: row.payload,
        grant_id: row.grant_id,
        uid: row.uid,
        expires_at: row.expires_at,
      }),
    )
    .execute();
}

/** The live record (an expired one is as good as none). */
export async function findOAuthRecord(
  db: Kysely<Database>,
  where: { model: string; idHash: string } | { model: string; uid: string },
  now: Date,
): Promise<OAuthRecord | undefined> {
  const row = await db
    .selectFrom('oauth_records')
    .select(['payload', 'grant_id', 'consumed_at'])
    .where('model', '=', where.model)
    .$if('idHash' in where, (q) => q.where('id_hash', '=', 'idHash' in where ? where.idHash : ''))
    .$if('uid' in where, (q) => q.where('uid', '=', 'uid' in where ? where.uid : ''))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
    .executeTakeFirst();
  return row && { payload: row.payload, grantId: row.grant_id, consumedAt: row.consumed_at };
}

/**
 * Marks the record used, once: false when it already was (a code or refresh token presented twice at
 * the same moment; only one of the two requests may win).
 */
export async function consumeOAuthRecord(
  db: Kysely<Database>,
  model: string,
  idHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('oauth_records')
    .set({ consumed_at: now.toISOString() })
    .where('model', '=', model)
    .where('id_hash', '=', idHash)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes away a record's expiry: it is kept until deleted (a client an owner approved). */
export async function keepOAuthRecord(db: Kysely<Database>, model: string, idHash: string): Promise<void> {
  await db
    .updateTable('oauth_records')
    .set({ expires_at: null })
    .where('model', '=', model)
    .where('id_hash', '=', idHash)
    .where('expires_at', 'is not', null)
    .execute();
}

export async function deleteOAuthRecord(db: Kysely<Database>, model: string, idHash: string): Promise<void> {
  await db.deleteFrom('oauth_records').where('model', '=', model).where('id_hash', '=', idHash).execute();
  // An access token revoked by its app: the instances that cached it forget it.
  if (model === 'AccessToken') await noteAuthChange(db);
}

export async function deleteExpiredOAuthRecords(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('oauth_records').where('expires_at', '<=', now.toISOString()).execute();
}
