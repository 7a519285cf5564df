import type { Kysely } from 'kysely';
import { generateApiKey } from './auth/api-key.ts';
import type { Tier } from './config.ts';
import type { Services } from './context.ts';
import { DEFAULT_LIMITS, type KeyLimits } from './key-limits.ts';
import { generateAccountId, normalizeAccountId, PLATFORM_INFO, type Platform } from './platform-families.ts';
import { SandboxOwnershipError } from './sandbox/ownership.ts';
import { connectSandboxAccount } from './sandbox/sandbox-accounts.ts';
import { insertApiKey } from './storage/api-keys.ts';
import type { AdAccount, Database, User } from './storage/schema.ts';
import { findUserByEmail } from './storage/users.ts';

/** Operations on owners shared by the CLI, the demo and the console; each checks its input. */
export class OwnerError extends Error {}

export const KEY_LIFETIMES = { '30d': 30, '90d': 90, '1y': 365, never: null } as const;
export type KeyLifetime = keyof typeof KEY_LIFETIMES;

export async function requireUser(db: Kysely<Database>, email: string): Promise<User> {
  const user = await findUserByEmail(db, email);
  if (!user)
    throw new OwnerError(`No user with email ${email}. Create one with: adops users create --email ${email}`);
  return user;
}

export function parseLifetime(text: string): KeyLifetime {
  if (!(text in KEY_LIFETIMES)) {
    throw new OwnerError(`--expires must be one of ${Object.keys(KEY_LIFETIMES).join(', ')} (got "${text}")`);
  }
  return text as KeyLifetime;
}

export async function createKey(
  db: Kysely<Database>,
  user: User,
  name: string,
  lifetime: KeyLifetime,
  now: Date,
  limits: KeyLimits = DEFAULT_LIMITS,
) {
  const days = KEY_LIFETIMES[lifetime];
  const expiresAt = days === null ? null : new Date(now.getTime() + days * 86_400_000);
  const secret = generateApiKey();
  const row = await insertApiKey(db, {
    userId: user.id,
    name,
    prefix: secret.prefix,
    hash: secret.hash,
    expiresAt,
    now,
    limits,
  });
  return { id: row.id, key: secret.key, prefix: row.prefix, expires_at: row.expires_at };
}

export async function addAccount(
  services: Services,
  user: User,
  fields: {
    platform: Platform;
    accountId?: string | undefined;
    name?: string | undefined;
    currency?: string | undefined;
  },
): Promise<AdAccount> {
  if (!services.config.platforms.sandboxEnabled) {
    throw new OwnerError(
      'The sandbox is turned off (ADOPS_SANDBOX=off), so no sandbox account can be added. Turn it on, or ' +
        `have the owner connect the live platform at ${services.config.appUrl}/connections.`,
    );
  }
  const info = PLATFORM_INFO[fields.platform];
  const accountId = fields.accountId
    ? normalizeAccountId(fields.platform, fields.accountId)
    : generateAccountId(fields.platform);
  if (accountId === null) throw new OwnerError(`--account-id for ${fields.platform} must be ${info.idShape}`);
  const currency = (fields.currency ?? info.defaultCurrency).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    throw new OwnerError(`--currency must be an ISO 4217 code like USD (got "${currency}")`);
  try {
    return await connectSandboxAccount(services, user.id, {
      platform: fields.platform,
      accountId,
      name: fields.name ?? `Sandbox ${fields.platform} ${accountId}`,
      currency,
    });
  } catch (error) {
    if (error instanceof SandboxOwnershipError) throw new OwnerError(error.message);
    throw error;
  }
}

export function isTier(value: string, tiers: readonly string[]): value is Tier {
  return tiers.includes(value);
}
