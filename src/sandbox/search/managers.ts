import type { Kysely } from 'kysely';
import { recordSandboxOwner } from '../../storage/sandbox-owners.ts';
import type { Database } from '../../storage/schema.ts';
import { foreignSandboxAccounts, SandboxOwnershipError } from '../ownership.ts';
import type { SandboxAccount } from '../sandbox-account.ts';
import { SandboxStore } from '../store.ts';

/** A sandbox Google Ads customer as stored: a manager account (MCC) holds no ads, only links to clients. */
export type SearchCustomer = SandboxAccount & { manager?: boolean };

/** The store type of a manager's link to one of its clients (id `{manager}~{client}`, account the manager). */
const CLIENT_LINK = 'customer_client_link';

/**
 * Makes a sandbox manager account for an owner, managing some of the owner's sandbox accounts (clients, or
 * other managers of theirs). Like Google's, a token granted the manager reaches those accounts only with
 * `login-customer-id` naming the manager. Run it in a transaction with what follows.
 */
export async function createSandboxManager(
  db: Kysely<Database>,
  fields: { userId: string; managerId: string; name: string; clientIds: string[]; now: Date },
): Promise<void> {
  const foreign = await foreignSandboxAccounts(db, 'search', fields.userId, fields.clientIds);
  if (foreign.length > 0) throw new SandboxOwnershipError('search', foreign);
  const store = new SandboxStore(db, 'search');
  await recordSandboxOwner(db, {
    platform: 'search',
    accountId: fields.managerId,
    userId: fields.userId,
    now: fields.now,
  });
  const manager: SearchCustomer = { name: fields.name, currency: 'USD', manager: true };
  await store.put(
    { type: 'account', id: fields.managerId, accountId: fields.managerId, data: manager },
    fields.now,
  );
  for (const clientId of fields.clientIds) {
    await store.put(
      {
        type: CLIENT_LINK,
        id: `${fields.managerId}~${clientId}`,
        accountId: fields.managerId,
        data: { clientId },
      },
      fields.now,
    );
  }
}

/** Every account below a customer in its hierarchy, with its level (1: a direct client), nearest first. */
export async function customersBelow(
  store: SandboxStore,
  customerId: string,
): Promise<Array<{ id: string; level: number }>> {
  const found: Array<{ id: string; level: number }> = [];
  const seen = new Set([customerId]);
  let frontier = [customerId];
  for (let level = 1; frontier.length > 0; level++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const link of await store.list<{ clientId: string }>(CLIENT_LINK, id)) {
        if (seen.has(link.data.clientId)) continue;
        seen.add(link.data.clientId);
        found.push({ id: link.data.clientId, level });
        next.push(link.data.clientId);
      }
    }
    frontier = next;
  }
  return found;
}

export type CustomerAccess =
  | { ok: true }
  | {
      ok: false;
      httpStatus: 400 | 403;
      errorCode: Record<string, string>;
      message: string;
    };

const PERMISSION_DENIED =
  "User doesn't have permission to access customer. Note: If you're accessing a client customer, the " +
  "manager's customer id must be set in the 'login-customer-id' header. See " +
  'https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid';

/**
 * Google's access model: without `login-customer-id` a token reaches the customers it was granted
 * directly; with it, the login customer must be one of those, and the request may act on the login
 * customer itself or any account below it in its hierarchy, and on nothing else.
 */
export async function customerAccess(
  store: SandboxStore,
  granted: readonly string[],
  customerId: string,
  loginCustomerId: string | undefined,
): Promise<CustomerAccess> {
  const denied: CustomerAccess = {
    ok: false,
    httpStatus: 403,
    errorCode: { authorizationError: 'USER_PERMISSION_DENIED' },
    message: PERMISSION_DENIED,
  };
  if (loginCustomerId === undefined) return granted.includes(customerId) ? { ok: true } : denied;
  if (!/^\d{10}$/.test(loginCustomerId)) {
    return {
      ok: false,
      httpStatus: 400,
      errorCode: { headerError: 'INVALID_LOGIN_CUSTOMER_ID' },
      message: 'The login customer ID could not be validated.',
    };
  }
  if (!granted.includes(loginCustomerId)) return denied;
  if (loginCustomerId === customerId) return { ok: true };
  const below = await customersBelow(store, loginCustomerId);
  if (below.some((customer) => customer.id === customerId)) return { ok: true };
  return {
    ok: false,
    httpStatus: 403,
    errorCode: { authorizationError: 'INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION' },
    message:
      'The login customer specified does not have access to the account specified, so the request is invalid.',
  };
}
