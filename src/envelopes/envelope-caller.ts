import type { Caller } from '../caller.ts';
import { DEFAULT_LIMITS } from '../key-limits.ts';
import type { Platform } from '../platform-families.ts';
import type { AdAccount, Client, User } from '../storage/schema.ts';

/**
 * A client's envelope acting for the workspace: the write scope only (a pause; anything that would start
 * or raise spend is refused like a key's), on the client's accounts. Its audit rows name the client.
 */
export function envelopeCaller(workspace: User, client: Client, accounts: readonly AdAccount[]): Caller {
  return {
    userId: workspace.id,
    email: workspace.email,
    tier: workspace.tier,
    apiKeyId: null,
    limits: {
      ...DEFAULT_LIMITS,
      scope: 'write',
      clientId: client.id,
      accounts: accounts.map((a) => ({ platform: a.platform as Platform, accountId: a.account_id })),
    },
  };
}
