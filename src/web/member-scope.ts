import type { Kysely } from 'kysely';
import type { Platform } from '../platform-families.ts';
import { listAdAccounts } from '../storage/accounts.ts';
import { listApiKeys } from '../storage/api-keys.ts';
import type { ChangeFilters } from '../storage/change-history.ts';
import { clientOfAccounts, listClients } from '../storage/clients.ts';
import type { AdAccount, ApiKey, Client, Database } from '../storage/schema.ts';
import type { SignedIn } from './session.ts';

/**
 * What a member limited to clients (docs/teams.md#clients) sees and acts on in the console: the accounts
 * of their clients and the keys limited to them, nothing else. Every console page that lists accounts or
 * keys reads them here; a member who is not limited sees the whole workspace.
 */
export function isLimited(session: SignedIn): session is SignedIn & { member: { clients: string[] } } {
  return session.member.clients !== null;
}

export async function visibleAccounts(
  db: Kysely<Database>,
  session: SignedIn,
  platform?: Platform,
): Promise<AdAccount[]> {
  const accounts = await listAdAccounts(db, session.user.id, platform);
  if (!isLimited(session)) return accounts;
  const clientOf = await clientOfAccounts(db, session.user.id);
  const mine = new Set(session.member.clients);
  return accounts.filter((a) => mine.has(clientOf.get(`${a.platform}:${a.account_id}`) ?? ''));
}

export async function visibleKeys(db: Kysely<Database>, session: SignedIn): Promise<ApiKey[]> {
  const keys = await listApiKeys(db, session.user.id);
  return isLimited(session) ? keys.filter((key) => seesKey(session, key)) : keys;
}

/** A limited member sees only keys limited to one of their clients. */
export function seesKey(session: SignedIn, key: Pick<ApiKey, 'agency_client_id'>): boolean {
  const { clients } = session.member;
  return clients === null || (key.agency_client_id !== null && clients.includes(key.agency_client_id));
}

/** The clients the member may make keys for: their own, or every client. */
export async function visibleClients(db: Kysely<Database>, session: SignedIn): Promise<Client[]> {
  const clients = await listClients(db, session.user.id);
  const { clients: mine } = session.member;
  return mine === null ? clients : clients.filter((c) => mine.includes(c.id));
}

/** The history's filters, kept to the member's accounts when they are limited to clients. */
export async function visibleChanges(
  db: Kysely<Database>,
  session: SignedIn,
  filters: ChangeFilters,
): Promise<ChangeFilters> {
  if (!isLimited(session)) return filters;
  const accounts = await visibleAccounts(db, session);
  return { ...filters, accountIds: accounts.map((a) => a.account_id) };
}

/** Whether the member sees a change or an approval: limited, only one on an account of theirs. */
export async function seesAccountOf(
  db: Kysely<Database>,
  session: SignedIn,
  change: { account_id: string | null },
): Promise<boolean> {
  if (!isLimited(session)) return true;
  const accounts = await visibleAccounts(db, session);
  return accounts.some((a) => a.account_id === change.account_id);
}
