import type { Kysely } from 'kysely';
import { generateApiKey } from '../auth/api-key.ts';
import type { KeyLimitsInput } from '../auth/key-limits-input.ts';
import { DEFAULT_LIMITS, type KeyLimits } from '../key-limits.ts';
import { insertApiKey } from '../storage/api-keys.ts';
import type { Database, User } from '../storage/schema.ts';
import { checkKeyCap } from './key-cap.ts';
import { expiryOf, type KeyLifetime } from './key-lifetimes.ts';
import { ownerLimits } from './owner-limits.ts';
import type { OwnerServices } from './owner-services.ts';

export interface NewApiKey {
  id: string;
  /** The secret: shown once, kept nowhere. */
  key: string;
  prefix: string;
  expires_at: string | null;
  limits: KeyLimits;
}

/**
 * An owner asks for a new key, in the console or with `adops keys create`: within their tier's number of
 * active keys (KeyCapError), with the limits they typed (OwnerError when unclear), living `lifetime`.
 */
export async function createKey(
  owners: OwnerServices,
  user: User,
  request: { name: string; lifetime: KeyLifetime; limits: KeyLimitsInput; createdBy?: string },
): Promise<NewApiKey> {
  const now = owners.clock.now();
  await checkKeyCap(owners, user, now);
  const limits = await ownerLimits(owners.storage.db, user.id, request.limits);
  return issueKey(owners.storage.db, user, request.name, request.lifetime, now, limits, request.createdBy);
}

/**
 * A key for the owner with these limits, outside their tier's cap: the demo owner's and tests' keys. An
 * owner's own request goes through createKey.
 */
export async function issueKey(
  db: Kysely<Database>,
  user: User,
  name: string,
  lifetime: KeyLifetime,
  now: Date,
  limits: KeyLimits = DEFAULT_LIMITS,
  createdBy?: string,
): Promise<NewApiKey> {
  const secret = generateApiKey();
  const row = await insertApiKey(db, {
    userId: user.id,
    createdBy: createdBy ?? null,
    name,
    prefix: secret.prefix,
    hash: secret.hash,
    expiresAt: expiryOf(lifetime, now),
    now,
    limits,
  });
  return { id: row.id, key: secret.key, prefix: row.prefix, expires_at: row.expires_at, limits };
}
