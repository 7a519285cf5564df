import type { Platform } from '../platform-families.ts';
import { addSandboxAccount, listConnectionAccounts } from '../storage/accounts.ts';
import { saveConnectionTokens } from '../storage/connections.ts';
import type { AdAccount } from '../storage/schema.ts';
import { createOwnedSandboxAccount } from './create-owned-account.ts';
import { foreignSandboxAccounts, SandboxOwnershipError } from './ownership.ts';
import type { SandboxServices } from './sandbox-services.ts';
import { SandboxStore } from './store.ts';
import { ACCESS_TOKEN_SECONDS, issueSandboxToken } from './tokens.ts';

export interface SandboxAccountFields {
  platform: Platform;
  accountId: string;
  name: string;
  currency: string;
}

/**
 * The tokens each platform grants, as the real ones do: Google and LinkedIn short access tokens with a
 * refresh token, Meta a 60-day long-lived token without one, TikTok a token that does not expire.
 */
const GRANTS: Record<Platform, { accessSeconds: number | null; refreshable: boolean }> = {
  search: { accessSeconds: ACCESS_TOKEN_SECONDS, refreshable: true },
  network: { accessSeconds: ACCESS_TOKEN_SECONDS, refreshable: true },
  social: { accessSeconds: 60 * 86_400, refreshable: false },
  video: { accessSeconds: null, refreshable: false },
};

/**
 * Connects a sandbox account to an owner in one transaction: the account (with seed data, owned by
 * this owner) in the platform's sandbox unless the owner made it before, the account under the
 * owner's sandbox connection, and fresh sandbox tokens covering every account of the connection, stored
 * encrypted. An id that exists and is not this owner's is refused with SandboxOwnershipError.
 */
export async function connectSandboxAccount(
  services: SandboxServices,
  userId: string,
  fields: SandboxAccountFields,
): Promise<AdAccount> {
  const now = services.clock.now();
  return services.storage.db.transaction().execute(async (trx) => {
    const store = new SandboxStore(trx, fields.platform);
    if (await store.get('account', fields.accountId)) {
      const foreign = await foreignSandboxAccounts(trx, fields.platform, userId, [fields.accountId]);
      if (foreign.length > 0) throw new SandboxOwnershipError(fields.platform, foreign);
    } else {
      await createOwnedSandboxAccount(trx, fields.platform, userId, fields.accountId, fields, now);
    }
    const account = await addSandboxAccount(trx, { userId, ...fields, now });
    const accountIds = (await listConnectionAccounts(trx, account.connection_id)).map((a) => a.account_id);
    const lifetime = GRANTS[fields.platform];
    const grant = { userId, accountIds };
    const access = await issueSandboxToken(
      trx,
      fields.platform,
      'access',
      grant,
      now,
      lifetime.accessSeconds,
    );
    const refresh = lifetime.refreshable
      ? await issueSandboxToken(trx, fields.platform, 'refresh', grant, now)
      : undefined;
    await saveConnectionTokens(
      trx,
      services.cipher,
      account.connection_id,
      { accessToken: access.token, refreshToken: refresh?.token ?? null, expiresAt: access.expiresAt },
      now,
    );
    return account;
  });
}
