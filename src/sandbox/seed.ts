import type { Kysely } from 'kysely';
import type { Platform } from '../platform-families.ts';
import type { Database } from '../storage/schema.ts';
import { seedNetworkAccount } from './network/seed.ts';
import type { SandboxAccount } from './sandbox-account.ts';
import { seedSearchAccount } from './search/seed.ts';
import { seedSocialAccount } from './social/seed.ts';
import { SandboxStore } from './store.ts';
import { seedVideoAccount } from './video/seed.ts';

type Seeder = (store: SandboxStore, accountId: string, now: Date, db: Kysely<Database>) => Promise<void>;

// What a new sandbox account holds (docs/platforms.md): enough for every tool to have something to act on.
const SEEDERS: Record<Platform, Seeder> = {
  async search(store, accountId, now, db) {
    await seedSearchAccount(store, db, accountId, now);
  },

  async network(store, accountId, now) {
    await seedNetworkAccount(store, accountId, now);
  },

  async social(store, accountId, now, db) {
    await seedSocialAccount(db, store, accountId, now);
  },

  async video(store, accountId, now, db) {
    await seedVideoAccount(store, db, accountId, now);
  },
};

/** Registers an account with its platform's sandbox and fills it with the seed data. */
export async function seedSandboxAccount(
  db: Kysely<Database>,
  platform: Platform,
  accountId: string,
  account: SandboxAccount,
  now: Date,
): Promise<void> {
  const store = new SandboxStore(db, platform);
  await store.put({ type: 'account', id: accountId, accountId, data: account }, now);
  await SEEDERS[platform](store, accountId, now, db);
}
