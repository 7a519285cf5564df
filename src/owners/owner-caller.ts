import type { Caller } from '../caller.ts';
import { DEFAULT_LIMITS } from '../key-limits.ts';
import type { User } from '../storage/schema.ts';

/** The owner acting in person (a stop, a revert): no key, no app, every scope. Audit rows name neither. */
export function ownerCaller(owner: User): Caller {
  return {
    userId: owner.id,
    email: owner.email,
    tier: owner.tier,
    apiKeyId: null,
    limits: { ...DEFAULT_LIMITS, scope: 'spend' },
  };
}
