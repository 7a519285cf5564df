import { KeyLimitsError, type KeyLimitsInput, keyLimitsFrom } from '../auth/key-limits-input.ts';
import type { Tier } from '../config.ts';
import { setUserPassword } from '../console/credentials.ts';
import type { Services } from '../context.ts';
import { ensureDemo } from '../demo.ts';
import { type KeyLimits, limitsOfRow, wideningOf } from '../key-limits.ts';
import { formatMicros } from '../money.ts';
import { addAccount, createKey, OwnerError, parseLifetime, requireUser } from '../owners.ts';
import type { Platform } from '../platform-families.ts';
import { findApiKeyById, listApiKeys, revokeApiKey, setApiKeyLimits } from '../storage/api-keys.ts';
import { createUser, findUserByEmail, setUserTier } from '../storage/users.ts';

export async function usersCreate(services: Services, options: { email: string; tier: Tier }) {
  const { db } = services.storage;
  if (!/^[^@\s]+@[^@\s]+$/.test(options.email))
    throw new OwnerError(`--email "${options.email}" is not an email address`);
  if (await findUserByEmail(db, options.email))
    throw new OwnerError(`A user with email ${options.email} already exists`);
  const user = await createUser(db, options.email, options.tier, services.clock.now());
  return { id: user.id, email: user.email, tier: user.tier };
}

export async function usersSetTier(services: Services, options: { email: string; tier: Tier }) {
  const user = await requireUser(services.storage.db, options.email);
  await setUserTier(services.storage.db, user.id, options.tier);
  return { id: user.id, email: user.email, tier: options.tier };
}

export async function usersSetPassword(
  services: Services,
  options: { email: string },
  readPassword: () => Promise<string>,
) {
  const user = await requireUser(services.storage.db, options.email);
  await setUserPassword(services.storage.db, user.id, await readPassword(), services.clock.now());
  return { id: user.id, email: user.email, password_set: true };
}

interface LimitOptions {
  scope?: string;
  account?: string[];
  maxDailyBudget?: string[];
}

function limitsInput(options: LimitOptions): KeyLimitsInput {
  return { scope: options.scope, accounts: options.account, ceilings: options.maxDailyBudget };
}

/** A key's limits as the CLI prints them. */
function limitsOutput(limits: KeyLimits) {
  return {
    scope: limits.scope,
    accounts: limits.accounts?.map((a) => ({ platform: a.platform, account_id: a.accountId })) ?? null,
    max_daily_budget:
      limits.ceilings &&
      Object.fromEntries(Object.entries(limits.ceilings).map(([c, micros]) => [c, formatMicros(micros, c)])),
  };
}

export async function keysCreate(
  services: Services,
  options: { email: string; name: string; expires: string } & LimitOptions,
) {
  const lifetime = parseLifetime(options.expires);
  const { db } = services.storage;
  const user = await requireUser(db, options.email);
  const limits = await ownerLimits(() => keyLimitsFrom(db, user.id, limitsInput(options)));
  const key = await createKey(db, user, options.name, lifetime, services.clock.now(), limits);
  return { ...key, ...limitsOutput(limits) };
}

/** Narrows a key: what is given replaces the key's own, and must not widen it. */
export async function keysNarrow(services: Services, options: { id: string } & LimitOptions) {
  const { db } = services.storage;
  const key = await findApiKeyById(db, options.id);
  if (!key) throw new OwnerError(`No API key with id ${options.id}`);
  const current = limitsOfRow(key);
  const proposed = await ownerLimits(() => keyLimitsFrom(db, key.user_id, limitsInput(options), current));
  const widening = wideningOf(current, proposed);
  if (widening.length > 0) {
    throw new OwnerError(
      `A key can be narrowed, never widened (create a new key instead): ${widening.join('; ')}`,
    );
  }
  await setApiKeyLimits(db, key.id, proposed);
  return { id: key.id, ...limitsOutput(proposed) };
}

async function ownerLimits(make: () => Promise<KeyLimits>): Promise<KeyLimits> {
  try {
    return await make();
  } catch (error) {
    if (error instanceof KeyLimitsError) throw new OwnerError(error.message);
    throw error;
  }
}

export async function keysList(services: Services, options: { email: string }) {
  const user = await requireUser(services.storage.db, options.email);
  const now = services.clock.now().toISOString();
  const keys = await listApiKeys(services.storage.db, user.id);
  return keys.map((k) => ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    created_at: k.created_at,
    expires_at: k.expires_at,
    last_used_at: k.last_used_at,
    revoked_at: k.revoked_at,
    status: k.revoked_at ? 'revoked' : k.expires_at && k.expires_at <= now ? 'expired' : 'active',
    ...limitsOutput(limitsOfRow(k)),
  }));
}

export async function keysRevoke(services: Services, options: { id: string }) {
  const key = await findApiKeyById(services.storage.db, options.id);
  if (!key) throw new OwnerError(`No API key with id ${options.id}`);
  const revoked = await revokeApiKey(services.storage.db, key.id, services.clock.now());
  return { id: key.id, revoked: true, already_revoked: !revoked };
}

export async function accountsAdd(
  services: Services,
  options: { email: string; platform: Platform; accountId?: string; name?: string; currency: string },
) {
  const user = await requireUser(services.storage.db, options.email);
  try {
    const account = await addAccount(services, user, options);
    return {
      platform: account.platform,
      account_id: account.account_id,
      name: account.name,
      currency: account.currency,
    };
  } catch (error) {
    if (/unique|duplicate/i.test(String(error))) {
      throw new OwnerError(`${options.email} already has ${options.platform} account ${options.accountId}`);
    }
    throw error;
  }
}

export async function demoCommand(services: Services) {
  const { keyCreated: _keyCreated, keyFile: _keyFile, ...demo } = await ensureDemo(services);
  return demo;
}
