import type { Kysely } from 'kysely';
import { PLATFORM_INFO, type Platform } from '../platform-families.ts';
import { sandboxOwners } from '../storage/sandbox-owners.ts';
import type { Database } from '../storage/schema.ts';

/** Asked to grant, connect or issue a token for sandbox accounts the owner did not create. */
export class SandboxOwnershipError extends Error {
  readonly accountIds: string[];

  constructor(platform: Platform, accountIds: string[]) {
    const many = accountIds.length > 1;
    super(
      `The ${PLATFORM_INFO[platform].label} sandbox account${many ? 's' : ''} ${accountIds.join(', ')} ` +
        `${many ? 'belong' : 'belongs'} to another owner: an owner can connect only the sandbox accounts they created.`,
    );
    this.accountIds = accountIds;
  }
}

/** The accounts among `accountIds` that `userId` did not create (another owner's, or nobody's). */
export async function foreignSandboxAccounts(
  db: Kysely<Database>,
  platform: Platform,
  userId: string,
  accountIds: readonly string[],
): Promise<string[]> {
  const owners = await sandboxOwners(db, platform, accountIds);
  return accountIds.filter((id) => owners.get(id) !== userId);
}
