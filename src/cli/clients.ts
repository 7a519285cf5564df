import type { Services } from '../context.ts';
import { formatMicros } from '../money.ts';
import { assignAccounts, createClient, limitMember, requireClient, setEnvelope } from '../owners/clients.ts';
import { OwnerError } from '../owners/owner-error.ts';
import { accountsOfClient, envelopeOf, listClients } from '../storage/clients.ts';
import type { Client } from '../storage/schema.ts';
import { requireWorkspace } from './members.ts';

/** A client as the CLI prints it. */
async function clientOutput(services: Services, client: Client) {
  return {
    id: client.id,
    name: client.name,
    accounts: await accountsOfClient(services.storage.db, client.id),
    envelope: Object.fromEntries(
      Object.entries(envelopeOf(client)).map(([currency, micros]) => [
        currency,
        formatMicros(micros, currency),
      ]),
    ),
    pauses_at_envelope: client.pause_at_envelope === 1,
  };
}

export async function clientsCreate(
  services: Services,
  options: { workspace: string; name: string; envelope: string[]; pauseAtEnvelope?: boolean },
) {
  const workspace = await requireWorkspace(services, options.workspace);
  const { db } = services.storage;
  // The envelope is read before the client is made, so a mistyped one makes nothing.
  const client = await db.transaction().execute(async (trx) => {
    const made = await createClient(trx, workspace, options.name, services.clock.now());
    await setEnvelope(trx, made, options.envelope.join(', '), options.pauseAtEnvelope === true);
    return made;
  });
  return clientOutput(services, await requireClient(db, workspace, client.id));
}

export async function clientsAssign(
  services: Services,
  options: { workspace: string; client?: string; none?: boolean; account: string[] },
) {
  const workspace = await requireWorkspace(services, options.workspace);
  if ((options.client === undefined) === (options.none !== true))
    throw new OwnerError(
      'Give --client C to put the accounts in, or --none to take them out of every client',
    );
  const { db } = services.storage;
  const client = options.client === undefined ? null : await requireClient(db, workspace, options.client);
  const accounts = await assignAccounts(db, workspace, client, options.account);
  return {
    client: client?.id ?? null,
    accounts: accounts.map((a) => ({ platform: a.platform, account_id: a.account_id })),
  };
}

export async function clientsEnvelope(
  services: Services,
  options: { workspace: string; client: string; envelope: string[]; pauseAtEnvelope?: boolean },
) {
  const workspace = await requireWorkspace(services, options.workspace);
  const { db } = services.storage;
  const client = await requireClient(db, workspace, options.client);
  await setEnvelope(db, client, options.envelope.join(', '), options.pauseAtEnvelope === true);
  return clientOutput(services, await requireClient(db, workspace, client.id));
}

export async function clientsLimit(
  services: Services,
  options: { workspace: string; email: string; client: string[] },
) {
  const workspace = await requireWorkspace(services, options.workspace);
  const { db } = services.storage;
  const clients = [];
  for (const named of options.client) clients.push(await requireClient(db, workspace, named));
  await limitMember(db, workspace, options.email, clients);
  return { workspace: workspace.id, email: options.email, clients: clients.map((c) => c.id) };
}

export async function clientsList(services: Services, options: { workspace: string }) {
  const workspace = await requireWorkspace(services, options.workspace);
  const clients = await listClients(services.storage.db, workspace.id);
  return Promise.all(clients.map((client) => clientOutput(services, client)));
}
