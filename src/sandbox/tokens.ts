import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Platform } from '../platform-families.ts';
import { preparedQuery } from '../storage/prepared-query.ts';
import type { Database } from '../storage/schema.ts';
import { foreignSandboxAccounts, SandboxOwnershipError } from './ownership.ts';

export type SandboxTokenKind = 'access' | 'refresh' | 'code';

/** Sandbox access tokens last an hour, like Google's, so refreshing is part of every long-lived setup. */
export const ACCESS_TOKEN_SECONDS = 3600;
const LIFETIME_SECONDS: Record<SandboxTokenKind, number | null> = {
  access: ACCESS_TOKEN_SECONDS,
  refresh: null,
  code: 600,
};

export function hashSandboxToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whom a token is for: an owner, and sandbox accounts that owner created. */
export interface SandboxGrant {
  userId: string;
  accountIds: string[];
}

/**
 * Every sandbox token, code and refresh token is made here, and only for accounts of the owner it is
 * issued to: whatever a caller asks, a token never reaches another owner's account.
 */
export async function issueSandboxToken(
  db: Kysely<Database>,
  platform: Platform,
  kind: SandboxTokenKind,
  grant: SandboxGrant,
  now: Date,
  /** Overrides the kind's lifetime (null: never expires), e.g. Meta's 60-day long-lived tokens. */
  lifetimeSeconds?: number | null,
): Promise<{ token: string; expiresAt: Date | null }> {
  const foreign = await foreignSandboxAccounts(db, platform, grant.userId, grant.accountIds);
  if (foreign.length > 0) throw new SandboxOwnershipError(platform, foreign);
  const token = `sbx_${platform}_${kind}_${randomBytes(24).toString('base64url')}`;
  const lifetime = lifetimeSeconds === undefined ? LIFETIME_SECONDS[kind] : lifetimeSeconds;
  const expiresAt = lifetime === null ? null : new Date(now.getTime() + lifetime * 1000);
  await db
    .insertInto('sandbox_tokens')
    .values({
      hash: hashSandboxToken(token),
      platform,
      kind,
      account_ids: JSON.stringify(grant.accountIds),
      expires_at: expiresAt?.toISOString() ?? null,
      revoked_at: null,
      created_at: now.toISOString(),
      user_id: grant.userId,
    })
    .execute();
  return { token, expiresAt };
}

export type TokenCheck =
  | ({ ok: true } & SandboxGrant)
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

// Every emulated request checks its token: prepared once (storage/prepared-query.ts).
const selectToken = preparedQuery<Database['sandbox_tokens']>(3, (db, hash, platform, kind) =>
  db
    .selectFrom('sandbox_tokens')
    .selectAll()
    .where('hash', '=', hash as string)
    .where('platform', '=', platform as Platform)
    .where('kind', '=', kind as SandboxTokenKind),
);

export async function checkSandboxToken(
  db: Kysely<Database>,
  platform: Platform,
  kind: SandboxTokenKind,
  token: string,
  now: Date,
): Promise<TokenCheck> {
  const [row] = await selectToken(db, hashSandboxToken(token), platform, kind);
  if (!row) return { ok: false, reason: 'unknown' };
  // A token without owner predates ownership and was neither adopted nor revoked at start: refused.
  if (row.revoked_at || row.user_id === null) return { ok: false, reason: 'revoked' };
  if (row.expires_at && row.expires_at <= now.toISOString()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: row.user_id, accountIds: JSON.parse(row.account_ids) as string[] };
}

/** Authorization codes are single use. */
export async function revokeSandboxToken(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  await db
    .updateTable('sandbox_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('hash', '=', hashSandboxToken(token))
    .execute();
}
