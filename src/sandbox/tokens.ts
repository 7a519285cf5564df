import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Platform } from '../platforms/families.ts';
import type { Database } from '../storage/schema.ts';

export type SandboxTokenKind = 'access' | 'refresh' | 'code';

/** Sandbox access tokens last an hour, like Google's, so refreshing is part of every long-lived setup. */
export const ACCESS_TOKEN_SECONDS = 3600;
const LIFETIME_SECONDS: Record<SandboxTokenKind, number | null> = {
  access: ACCESS_TOKEN_SECONDS,
  refresh: null,
  code: 600,
};

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueSandboxToken(
  db: Kysely<Database>,
  platform: Platform,
  kind: SandboxTokenKind,
  accountIds: string[],
  now: Date,
  /** Overrides the kind's lifetime (null: never expires), e.g. Meta's 60-day long-lived tokens. */
  lifetimeSeconds?: number | null,
): Promise<{ token: string; expiresAt: Date | null }> {
  const token = `sbx_${platform}_${kind}_${randomBytes(24).toString('base64url')}`;
  const lifetime = lifetimeSeconds === undefined ? LIFETIME_SECONDS[kind] : lifetimeSeconds;
  const expiresAt = lifetime === null ? null : new Date(now.getTime() + lifetime * 1000);
  await db
    .insertInto('sandbox_tokens')
    .values({
      hash: hashToken(token),
      platform,
      kind,
      account_ids: JSON.stringify(accountIds),
      expires_at: expiresAt?.toISOString() ?? null,
      revoked_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

export type TokenCheck =
  | { ok: true; accountIds: string[] }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

export async function checkSandboxToken(
  db: Kysely<Database>,
  platform: Platform,
  kind: SandboxTokenKind,
  token: string,
  now: Date,
): Promise<TokenCheck> {
  const row = await db
    .selectFrom('sandbox_tokens')
    .selectAll()
    .where('hash', '=', hashToken(token))
    .where('platform', '=', platform)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.expires_at && row.expires_at <= now.toISOString()) return { ok: false, reason: 'expired' };
  return { ok: true, accountIds: JSON.parse(row.account_ids) as string[] };
}

/** Authorization codes are single use. */
export async function revokeSandboxToken(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  await db
    .updateTable('sandbox_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('hash', '=', hashToken(token))
    .execute();
}
