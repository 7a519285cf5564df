import type { Kysely } from 'kysely';
import { newId } from '../ids.ts';
import { isPlatform } from '../platform-families.ts';
import { listAdAccounts } from '../storage/accounts.ts';
import {
  assignAccount,
  findClient,
  insertClient,
  setClientEnvelope,
  setClientsOfMember,
} from '../storage/clients.ts';
import type { AdAccount, Client, Database, User } from '../storage/schema.ts';
import { parseAmounts } from './amounts.ts';
import { requireMember } from './members.ts';
import { OwnerError } from './owner-error.ts';

const MAX_NAME_LENGTH = 100;

/** A new client of the workspace, by a name unique in it. */
export async function createClient(
  db: Kysely<Database>,
  workspace: User,
  name: string,
  now: Date,
): Promise<Client> {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > MAX_NAME_LENGTH)
    throw new OwnerError(`Give the client a name of 1 to ${MAX_NAME_LENGTH} characters`);
  const client: Client = {
    id: newId('cli'),
    workspace_id: workspace.id,
    name: trimmed,
    envelope: null,
    pause_at_envelope: 0,
    envelope_checked_at: null,
    created_at: now.toISOString(),
  };
  if (!(await insertClient(db, client)))
    throw new OwnerError(`${workspace.name} has a client named ${trimmed} already`);
  return client;
}

export async function requireClient(
  db: Kysely<Database>,
  workspace: User,
  idOrName: string,
): Promise<Client> {
  const client = await findClient(db, workspace.id, idOrName.trim());
  if (!client) throw new OwnerError(`${idOrName} is not a client of ${workspace.name}`);
  return client;
}

/** `123` or `search:123`: one connected account of the workspace, or an OwnerError saying what to write. */
async function requireAccount(db: Kysely<Database>, workspace: User, text: string): Promise<AdAccount> {
  const [first, second] = text.trim().split(':');
  const platform = second === undefined ? undefined : first;
  const id = second ?? first ?? '';
  if (platform !== undefined && !isPlatform(platform))
    throw new OwnerError(`"${text}": ${platform} is not a platform (search, network, social, video)`);
  const matches = (await listAdAccounts(db, workspace.id)).filter(
    (a) => a.account_id === id && (platform === undefined || a.platform === platform),
  );
  const [match] = matches;
  if (!match) throw new OwnerError(`"${text}" is not one of ${workspace.name}'s connected accounts`);
  if (matches.length > 1)
    throw new OwnerError(
      `"${text}" is an account on ${matches.map((a) => a.platform).join(' and ')}: write platform:id`,
    );
  return match;
}

/**
 * Puts accounts in a client (out of any other they were in), or in none when `client` is null. A key
 * limited to the client acts on them from its next call.
 */
export async function assignAccounts(
  db: Kysely<Database>,
  workspace: User,
  client: Client | null,
  accounts: readonly string[],
): Promise<AdAccount[]> {
  if (accounts.length === 0) throw new OwnerError('Name at least one account');
  const found = [];
  for (const text of accounts) found.push(await requireAccount(db, workspace, text));
  for (const account of found) {
    await assignAccount(
      db,
      workspace.id,
      { platform: account.platform, accountId: account.account_id },
      client?.id ?? null,
    );
  }
  return found;
}

/** A client's monthly envelope (`5000:USD, 4000:EUR`; empty: none) and whether reaching it pauses. */
export async function setEnvelope(
  db: Kysely<Database>,
  client: Client,
  text: string,
  pause: boolean,
): Promise<Record<string, number> | null> {
  const envelope = parseAmounts(text, 'a monthly envelope');
  await setClientEnvelope(db, client.id, envelope, envelope !== null && pause);
  return envelope;
}

/** Limits a member to clients (none: every account of the workspace). Admins are never limited. */
export async function limitMember(
  db: Kysely<Database>,
  workspace: User,
  email: string,
  clients: readonly Client[],
): Promise<void> {
  const { person, membership } = await requireMember(db, workspace, email);
  if (membership.role === 'admin' && clients.length > 0)
    throw new OwnerError(`${email} is an admin: admins see every client`);
  await setClientsOfMember(
    db,
    workspace.id,
    person.id,
    clients.map((c) => c.id),
  );
}
