import type { Kysely } from 'kysely';
import { generateAccountId } from '../../platform-families.ts';
import type { Database } from '../../storage/schema.ts';
import { createOwnedSandboxAccount } from '../create-owned-account.ts';
import { createSandboxManager } from './managers.ts';

/** How many client accounts the consent page's new manager account is made over. */
const NEW_MANAGER_CLIENTS = 2;

/**
 * The consent page's "manager account" choice: a new manager (MCC) over two new client accounts, each
 * seeded like any sandbox account. Only the manager is granted, as when a person signs in to Google with
 * the manager's user: the clients are reached with `login-customer-id` naming it.
 */
export const MANAGER_ACCOUNT_CHOICE = {
  value: 'manager',
  label: `A manager account (MCC) over ${NEW_MANAGER_CLIENTS} client accounts`,
  newAccountId: () => generateAccountId('search'),
  async create(db: Kysely<Database>, userId: string, name: string, now: Date): Promise<string[]> {
    const clientIds = Array.from({ length: NEW_MANAGER_CLIENTS }, () => generateAccountId('search'));
    for (const [n, clientId] of clientIds.entries()) {
      await createOwnedSandboxAccount(
        db,
        'search',
        userId,
        clientId,
        { name: `${name}: client ${n + 1}`, currency: 'USD' },
        now,
      );
    }
    const managerId = generateAccountId('search');
    await createSandboxManager(db, { userId, managerId, name, clientIds, now });
    return [managerId];
  },
};
