import type { Kysely } from 'kysely';
import { KeyLimitsError, type KeyLimitsInput, keyLimitsFrom } from '../auth/key-limits-input.ts';
import { DEFAULT_LIMITS, type KeyLimits } from '../key-limits.ts';
import type { Database } from '../storage/schema.ts';
import { OwnerError } from './owner-error.ts';

/**
 * The limits an owner typed for a key or an app (scope, accounts, ceilings, spend guardrails) over `base`;
 * what is unclear is refused as an OwnerError saying what to write instead.
 */
export async function ownerLimits(
  db: Kysely<Database>,
  userId: string,
  input: KeyLimitsInput,
  base: KeyLimits = DEFAULT_LIMITS,
): Promise<KeyLimits> {
  try {
    return await keyLimitsFrom(db, userId, input, base);
  } catch (error) {
    if (error instanceof KeyLimitsError) throw new OwnerError(error.message);
    throw error;
  }
}
