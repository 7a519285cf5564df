import type { Kysely } from 'kysely';
import type { Caller } from '../caller.ts';
import { allowsAccount } from '../key-limits.ts';
import type { Platform } from '../platform-families.ts';
import { listAdAccounts } from '../storage/accounts.ts';
import type { AdAccount, Database } from '../storage/schema.ts';

/**
 * The owner's connected accounts the calling key may see: for a key limited to some accounts, the others
 * do not exist (the multi-account rule, its error and every listing see only these).
 */
export async function callerAccounts(
  db: Kysely<Database>,
  caller: Caller,
  platform?: Platform,
): Promise<AdAccount[]> {
  const accounts = await listAdAccounts(db, caller.userId, platform);
  return accounts.filter((account) => allowsAccount(caller.limits, account.platform, account.account_id));
}
