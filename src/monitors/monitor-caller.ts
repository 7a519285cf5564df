import type { Caller } from '../caller.ts';
import { DEFAULT_LIMITS } from '../key-limits.ts';
import type { Platform } from '../platform-families.ts';
import type { Monitor, User } from '../storage/schema.ts';

/**
 * A monitor acting for its owner: the write scope only (so anything that would start or raise spend is
 * refused like a key's), on the monitor's one account. Its audit rows name the monitor.
 */
export function monitorCaller(owner: User, monitor: Monitor): Caller {
  return {
    userId: owner.id,
    email: owner.email,
    tier: owner.tier,
    apiKeyId: null,
    limits: {
      ...DEFAULT_LIMITS,
      scope: 'write',
      accounts: [{ platform: monitor.platform as Platform, accountId: monitor.account_id }],
    },
  };
}
