import type { Caller } from '../caller.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { normalizeAccountId, PLATFORM_INFO, type Platform } from '../platform-families.ts';
import type { Storage } from '../storage/database.ts';
import type { AdAccount } from '../storage/schema.ts';
import { callerAccounts } from '../tools/caller-accounts.ts';

function accountChoices(accounts: AdAccount[]) {
  return accounts.map((a) => ({
    account_id: a.account_id,
    name: a.name,
    currency: a.currency,
    status: a.status,
  }));
}

/**
 * The multi-account rule: the named account when it is one of the caller's, the only one when none
 * is named, else 400 listing the valid ids. An id the caller does not own never goes further.
 */
export async function resolveAccount(
  storage: Storage,
  config: Config,
  caller: Caller,
  platform: Platform,
  requested: string | null | undefined,
): Promise<AdAccount> {
  const info = PLATFORM_INFO[platform];
  const accounts = await callerAccounts(storage.db, caller, platform);
  if (accounts.length === 0) {
    const forKey =
      caller.limits.accounts === null ? '' : ' for this API key (it is limited to some accounts)';
    throw new AppError(
      'account_not_connected',
      `No ${info.label} account is connected${forKey}. Connect one at ${config.appUrl}/connections, or use ` +
        `a key that may act on it (${config.appUrl}/keys), then call again.`,
    );
  }
  const listing = accounts.map((a) => `${a.account_id} (${a.name})`).join(', ');
  const structuredContent = { argument: info.accountArgument, accounts: accountChoices(accounts) };
  if (requested === undefined || requested === null) {
    const [only] = accounts;
    if (only && accounts.length === 1) return only;
    throw new AppError(
      'account_selection_required',
      `Several ${info.label} accounts are connected; pass ${info.accountArgument} with one of: ${listing}.`,
      { structuredContent },
    );
  }
  const normalized = normalizeAccountId(platform, requested);
  const match = normalized === null ? undefined : accounts.find((a) => a.account_id === normalized);
  if (!match) {
    throw new AppError(
      'account_selection_required',
      `${info.accountArgument} "${requested}" is not one of your connected ${info.label} accounts; ` +
        `pass one of: ${listing}.`,
      { structuredContent },
    );
  }
  return match;
}
