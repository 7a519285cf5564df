import type { Services } from '../context.ts';
import type { Platform } from '../platforms/families.ts';
import { addSandboxAccount, listConnectionAccounts } from '../storage/accounts.ts';
import { saveConnectionTokens } from '../storage/connections.ts';
import type { AdAccount } from '../storage/schema.ts';
import { seedSandboxAccount } from './seed.ts';
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
 * Connects a sandbox account to an owner in one transaction: the account under the owner's sandbox
 * connection, the account (with seed data) in the platform's sandbox unless another owner already
 * connected it, and fresh sandbox tokens covering every account of the connection, stored encrypted.
 */
export async function connectSandboxAccount(
  services: Services,
  userId: string,
  fields: SandboxAccountFields,
): Promise<AdAccount> {
  const now = services.clock.now();
  return services.storage.db.transaction().execute(async (trx) => {
    const account = await addSandboxAccount(trx, { userId, ...fields, now });
    const store = new SandboxStore(trx, fields.platform);
    if (!(await store.get('account', fields.accountId))) {
      await seedSandboxAccount(trx, fields.platform, fields.accountId, fields, now);
    }
    const accountIds = (await listConnectionAccounts(trx, account.connection_id)).map((a) => a.account_id);
    const grant = GRANTS[fields.platform];
    const access = await issueSandboxToken(
      trx,
      fields.platform,
      'access',
      accountIds,
      now,
      grant.accessSeconds,
    );
    const refresh = grant.refreshable
      ? await issueSandboxToken(trx, fields.platform, 'refresh', accountIds, now)
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
