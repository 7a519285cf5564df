import type { Kysely } from 'kysely';
import type { Platform } from '../platforms/families.ts';
import type { Database } from '../storage/schema.ts';
import { seedNetworkAccount } from './network/seed.ts';
import { seedSearchAccount } from './search/seed.ts';
import { SandboxStore, sandboxId } from './store.ts';

export interface SandboxAccount {
  name: string;
  currency: string;
}

type Seeder = (store: SandboxStore, accountId: string, now: Date) => Promise<void>;

// What a new sandbox account holds, per PLATFORMS.md: enough for every tool to have something to act on.
const SEEDERS: Record<Platform, Seeder> = {
  async search(store, accountId, now) {
    await seedSearchAccount(store, accountId, now);
  },

  async network(store, accountId, now) {
    await seedNetworkAccount(store, accountId, now);
  },

  // Two Instagram accounts authorized for ads and linked to the ad account's pages (usable), one
  // authorized but linked to no page, and a page without an Instagram account: Meta's ids are digits.
  async social(store, accountId, now) {
    const photo = [
      { username: 'acme.studio', name: 'Acme Studio', authorized_for_ads: true, page: 'Acme Studio' },
      { username: 'acme.shop', name: 'Acme Shop', authorized_for_ads: true, page: 'Acme Shop' },
      { username: 'acme.archive', name: 'Acme Archive', authorized_for_ads: true, page: null },
    ];
    // A millisecond apart, so the edges list them in this order, as Meta lists by creation.
    let tick = now.getTime();
    for (const { page, ...account } of photo) {
      const id = `178414${sandboxId(11)}`;
      await store.put({ type: 'photo_account', id, accountId, data: account }, new Date(tick++));
      if (page) {
        const data = { name: page, connected_instagram_account: id };
        await store.put({ type: 'page', id: sandboxId(15), accountId, data }, new Date(tick++));
      }
    }
    const careers = { name: 'Acme Careers', connected_instagram_account: null };
    await store.put({ type: 'page', id: sandboxId(15), accountId, data: careers }, new Date(tick++));
  },

  async video(store, accountId, now) {
    await store.put(
      {
        type: 'campaign',
        id: `18${sandboxId(17)}`,
        accountId,
        data: {
          campaign_name: 'Spring launch',
          objective_type: 'TRAFFIC',
          budget_mode: 'BUDGET_MODE_DAY',
          budget: 100,
          operation_status: 'DISABLE',
        },
      },
      now,
    );
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
  await SEEDERS[platform](store, accountId, now);
}
