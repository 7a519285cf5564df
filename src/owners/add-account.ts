import { generateAccountId, normalizeAccountId, PLATFORM_INFO, type Platform } from '../platform-families.ts';
import { SandboxOwnershipError } from '../sandbox/ownership.ts';
import { connectSandboxAccount } from '../sandbox/sandbox-accounts.ts';
import type { SandboxServices } from '../sandbox/sandbox-services.ts';
import type { AdAccount, User } from '../storage/schema.ts';
import { OwnerError } from './owner-error.ts';
import type { OwnerServices } from './owner-services.ts';

/**
 * Adds a sandbox account to an owner (`adops accounts add`, the demo owner): an id in the platform's
 * shape (made when none is given), seeded in the sandbox, connected with fresh tokens. Refused when the
 * sandbox is off or the id is another owner's sandbox account.
 */
export async function addAccount(
  services: OwnerServices & SandboxServices,
  user: User,
  fields: {
    platform: Platform;
    accountId?: string | undefined;
    name?: string | undefined;
    currency?: string | undefined;
  },
): Promise<AdAccount> {
  if (!services.config.platforms.sandboxEnabled) {
    throw new OwnerError(
      'The sandbox is turned off (ADOPS_SANDBOX=off), so no sandbox account can be added. Turn it on, or ' +
        `have the owner connect the live platform at ${services.config.appUrl}/connections.`,
    );
  }
  const info = PLATFORM_INFO[fields.platform];
  const accountId = fields.accountId
    ? normalizeAccountId(fields.platform, fields.accountId)
    : generateAccountId(fields.platform);
  if (accountId === null) throw new OwnerError(`--account-id for ${fields.platform} must be ${info.idShape}`);
  const currency = (fields.currency ?? info.defaultCurrency).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    throw new OwnerError(`--currency must be an ISO 4217 code like USD (got "${currency}")`);
  try {
    return await connectSandboxAccount(services, user.id, {
      platform: fields.platform,
      accountId,
      name: fields.name ?? `Sandbox ${fields.platform} ${accountId}`,
      currency,
    });
  } catch (error) {
    if (error instanceof SandboxOwnershipError) throw new OwnerError(error.message);
    throw error;
  }
}
