import type { Kysely } from 'kysely';
import type { Platform } from '../platform-families.ts';
import { recordSandboxOwner } from '../storage/sandbox-owners.ts';
import type { Database } from '../storage/schema.ts';
import type { SandboxAccount } from './sandbox-account.ts';
import { seedSandboxAccount } from './seed.ts';

/** A new sandbox account, seeded, that belongs to `userId`. Run it in a transaction with what follows. */
export async function createOwnedSandboxAccount(
  db: Kysely<Database>,
  platform: Platform,
  userId: string,
  accountId: string,
  account: SandboxAccount,
  now: Date,
): Promise<void> {
  await recordSandboxOwner(db, { platform, accountId, userId, now });
  await seedSandboxAccount(db, platform, accountId, account, now);
}
