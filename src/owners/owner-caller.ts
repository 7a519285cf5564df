import type { Caller } from '../caller.ts';
import { DEFAULT_LIMITS } from '../key-limits.ts';
import type { User } from '../storage/schema.ts';

/** A member of the workspace acting in person in the console. */
export interface ActingMember {
  personId: string;
  email: string;
}

/**
 * The workspace acting in person (a stop, a revert), through a member when one acts in the console (the
 * CLI names none): no key, no app, every scope. Audit rows name the member.
 */
export function ownerCaller(owner: User, member?: ActingMember): Caller {
  return {
    userId: owner.id,
    email: owner.email,
    tier: owner.tier,
    apiKeyId: null,
    limits: { ...DEFAULT_LIMITS, scope: 'spend' },
    personId: member?.personId,
  };
}
