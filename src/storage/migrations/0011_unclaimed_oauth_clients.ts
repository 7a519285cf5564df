import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

// The tables as this migration knows them, whatever schema.ts says later.
type Tables = {
  oauth_records: { model: string; id_hash: string; expires_at: string | null };
  oauth_grants: { client_id: string };
  oauth_owned_clients: { client_id: string };
};

/** As src/oauth/oauth-adapter.ts gives clients that registered themselves. */
const UNCLAIMED_CLIENT_MS = 24 * 60 * 60 * 1000;
/** Ids per UPDATE, well under any dialect's limit on bound parameters. */
const CHUNK = 500;

/**
 * Clients that registered themselves now expire a day after registering unless an owner approves them.
 * Those registered before had no expiry: the ones no owner ever approved (no grant, not made in the
 * console) get a day from now, and are then swept like any expired OAuth record. Records are found by
 * the SHA-256 of the client id, as the adapter stores them.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped.withTables<Tables>();
  const approved = await db
    .selectFrom('oauth_grants')
    .select('client_id')
    .union(db.selectFrom('oauth_owned_clients').select('client_id'))
    .execute();
  const kept = new Set(approved.map((row) => createHash('sha256').update(row.client_id).digest('hex')));
  const clients = await db
    .selectFrom('oauth_records')
    .select('id_hash')
    .where('model', '=', 'Client')
    .where('expires_at', 'is', null)
    .execute();
  const unclaimed = clients.map((row) => row.id_hash).filter((idHash) => !kept.has(idHash));
  const expiresAt = new Date(Date.now() + UNCLAIMED_CLIENT_MS).toISOString();
  for (let start = 0; start < unclaimed.length; start += CHUNK) {
    await db
      .updateTable('oauth_records')
      .set({ expires_at: expiresAt })
      .where('model', '=', 'Client')
      .where('id_hash', 'in', unclaimed.slice(start, start + CHUNK))
      .execute();
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: the earlier code reads an expiry on a client as it reads any record's.
}
