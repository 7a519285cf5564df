import type { KeyLimitsInput } from '../auth/key-limits-input.ts';
import type { Tier } from '../config.ts';
import type { Services } from '../context.ts';
import { ensureDemo } from '../demo.ts';
import type { KeyLimits } from '../key-limits.ts';
import { formatMicros } from '../money.ts';
import { addAccount } from '../owners/add-account.ts';
import { createKey } from '../owners/create-key.ts';
import { setPersonPassword } from '../owners/credentials.ts';
import { parseLifetime } from '../owners/key-lifetimes.ts';
import { keyStatus } from '../owners/key-status.ts';
import { narrowKey } from '../owners/narrow-key.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { createOwner, requireUser, setTier } from '../owners/users.ts';
import type { Platform } from '../platform-families.ts';
import { findApiKeyById, keyLimits, listApiKeys, revokeApiKey } from '../storage/api-keys.ts';
import { findPersonByEmail } from '../storage/people.ts';

export async function usersCreate(services: Services, options: { email: string; tier: Tier }) {
  const user = await createOwner(services.storage.db, options.email, options.tier, services.clock.now());
  return { id: user.id, email: user.email, tier: user.tier };
}

export async function usersSetTier(services: Services, options: { email: string; tier: Tier }) {
  const user = await setTier(services.storage.db, options.email, options.tier);
  return { id: user.id, email: user.email, tier: user.tier };
}

export async function usersSetPassword(
  services: Services,
  options: { email: string },
  readPassword: () => Promise<string>,
) {
  const person = await findPersonByEmail(services.storage.db, options.email);
  if (!person)
    throw new OwnerError(
      `No one with email ${options.email}. Create an owner with: npx adops users create --email ${options.email}`,
    );
  await setPersonPassword(services.storage.db, person.id, await readPassword(), services.clock.now());
  return { id: person.id, email: person.email, password_set: true };
}

interface LimitOptions {
  scope?: string;
  account?: string[];
  client?: string;
  maxDailyBudget?: string[];
  maxRaisePercent?: string;
  approval?: string;
}

function limitsInput(options: LimitOptions): KeyLimitsInput {
  return {
    scope: options.scope,
    accounts: options.account,
    client: options.client,
    ceilings: options.maxDailyBudget,
    maxRaisePercent: options.maxRaisePercent,
    approval: options.approval,
  };
}

/** A key's limits as the CLI prints them. */
function limitsOutput(limits: KeyLimits) {
  return {
    scope: limits.scope,
    accounts: limits.accounts?.map((a) => ({ platform: a.platform, account_id: a.accountId })) ?? null,
    client_id: limits.clientId,
    max_daily_budget:
      limits.ceilings &&
      Object.fromEntries(Object.entries(limits.ceilings).map(([c, micros]) => [c, formatMicros(micros, c)])),
    max_raise_percent: limits.maxRaisePercent,
    approval: limits.approval,
  };
}

export async function keysCreate(
  services: Services,
  options: { email: string; name: string; expires: string } & LimitOptions,
) {
  const lifetime = parseLifetime(options.expires);
  const user = await requireUser(services.storage.db, options.email);
  const { limits, ...key } = await createKey(services, user, {
    name: options.name,
    lifetime,
    limits: limitsInput(options),
  });
  return { ...key, ...limitsOutput(limits) };
}

async function keyById(services: Services, id: string) {
  const key = await findApiKeyById(services.storage.db, id);
  if (!key) throw new OwnerError(`No API key with id ${id}`);
  return key;
}

/** Narrows a key: what is given replaces the key's own, and must not widen it. */
export async function keysNarrow(services: Services, options: { id: string } & LimitOptions) {
  const key = await keyById(services, options.id);
  const narrowed = await narrowKey(services.storage.db, key, limitsInput(options));
  return { id: key.id, ...limitsOutput(narrowed) };
}

export async function keysList(services: Services, options: { email: string }) {
  const user = await requireUser(services.storage.db, options.email);
  const now = services.clock.now();
  const keys = await listApiKeys(services.storage.db, user.id);
  return Promise.all(
    keys.map(async (k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      created_at: k.created_at,
      expires_at: k.expires_at,
      last_used_at: k.last_used_at,
      revoked_at: k.revoked_at,
      status: keyStatus(k, now),
      ...limitsOutput(await keyLimits(services.storage.db, k)),
    })),
  );
}

export async function keysRevoke(services: Services, options: { id: string }) {
  const key = await keyById(services, options.id);
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
