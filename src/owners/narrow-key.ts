import type { Kysely } from 'kysely';
import type { KeyLimitsInput } from '../auth/key-limits-input.ts';
import { type KeyLimits, wideningOf } from '../key-limits.ts';
import { keyLimits, setApiKeyLimits } from '../storage/api-keys.ts';
import type { ApiKey, Database } from '../storage/schema.ts';
import { OwnerError } from './owner-error.ts';
import { ownerLimits } from './owner-limits.ts';

/** Asked to give a key more than it has: a wider key is a new key. */
export class KeyWideningError extends OwnerError {
  /** Each way the asked limits are wider than the key's own. */
  readonly widening: string[];

  constructor(widening: string[]) {
    super(`A key can be narrowed, never widened (create a new key instead): ${widening.join('; ')}`);
    this.widening = widening;
  }
}

/**
 * Narrows a key: what the owner typed replaces the key's own limits, and must not widen any of them
 * (KeyWideningError; OwnerError when unclear). The new limits apply from the key's next call.
 */
export async function narrowKey(
  db: Kysely<Database>,
  key: ApiKey,
  input: KeyLimitsInput,
): Promise<KeyLimits> {
  const current = await keyLimits(db, key);
  const proposed = await ownerLimits(db, key.user_id, input, current);
  const widening = wideningOf(current, proposed);
  if (widening.length > 0) throw new KeyWideningError(widening);
  await setApiKeyLimits(db, key.id, proposed);
  return proposed;
}
