import type { Kysely } from 'kysely';
import type { TokenCipher } from '../crypto/token-cipher.ts';
import { preparedQuery } from './prepared-query.ts';
import type { Connection, Database } from './schema.ts';

export interface ConnectionTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** Associated data of a token ciphertext: it decrypts only in this row and column. */
function boundTo(connectionId: string, column: 'access_token' | 'refresh_token'): string {
  return `connections/${connectionId}/${column}`;
}

// Every platform call reads its connection: prepared once.
const selectConnection = preparedQuery<Connection>(1, (db, id) =>
  db
    .selectFrom('connections')
    .selectAll()
    .where('id', '=', id as string),
);

export async function findConnection(db: Kysely<Database>, id: string): Promise<Connection | undefined> {
  const [row] = await selectConnection(db, id);
  return row;
}

export async function saveConnectionTokens(
  db: Kysely<Database>,
  cipher: TokenCipher,
  connectionId: string,
  tokens: ConnectionTokens,
  now: Date,
): Promise<void> {
  await db
    .updateTable('connections')
    .set({
      access_token: cipher.encrypt(tokens.accessToken, boundTo(connectionId, 'access_token')),
      refresh_token:
        tokens.refreshToken && cipher.encrypt(tokens.refreshToken, boundTo(connectionId, 'refresh_token')),
      token_expires_at: tokens.expiresAt?.toISOString() ?? null,
      status: 'active',
      updated_at: now.toISOString(),
    })
    .where('id', '=', connectionId)
    .execute();
}

export function readConnectionTokens(
  cipher: TokenCipher,
  connection: Connection,
): ConnectionTokens | undefined {
  if (!connection.access_token) return undefined;
  return {
    accessToken: cipher.decrypt(connection.access_token, boundTo(connection.id, 'access_token')),
    refreshToken: connection.refresh_token
      ? cipher.decrypt(connection.refresh_token, boundTo(connection.id, 'refresh_token'))
      : null,
    expiresAt: connection.token_expires_at ? new Date(connection.token_expires_at) : null,
  };
}

export async function setConnectionStatus(
  db: Kysely<Database>,
  connectionId: string,
  status: 'active' | 'expired' | 'revoked',
  now: Date,
): Promise<void> {
  await db
    .updateTable('connections')
    .set({ status, updated_at: now.toISOString() })
    .where('id', '=', connectionId)
    .execute();
}

/**
 * Marks an active connection expired; returns whether this call did (of two calls refused at once, one
 * does, so the owner is told once).
 */
export async function expireConnection(
  db: Kysely<Database>,
  connectionId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('connections')
    .set({ status: 'expired', updated_at: now.toISOString() })
    .where('id', '=', connectionId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
