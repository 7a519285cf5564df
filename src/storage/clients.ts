import type { Kysely } from 'kysely';
import { noteAuthChange } from './auth-changes.ts';
import type { AdAccount, Client, Database, EnvelopeMark } from './schema.ts';

export async function insertClient(db: Kysely<Database>, client: Client): Promise<boolean> {
  const result = await db
    .insertInto('clients')
    .values(client)
    .onConflict((conflict) => conflict.columns(['workspace_id', 'name']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function listClients(db: Kysely<Database>, workspaceId: string): Promise<Client[]> {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('name')
    .execute();
}

/** The client of the workspace named by its id or its name. */
export async function findClient(
  db: Kysely<Database>,
  workspaceId: string,
  idOrName: string,
): Promise<Client | undefined> {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
    .executeTakeFirst();
}

export async function setClientEnvelope(
  db: Kysely<Database>,
  clientId: string,
  envelope: Record<string, number> | null,
  pause: boolean,
): Promise<void> {
  await db
    .updateTable('clients')
    // A new envelope is checked at the next minute, whenever the last one was.
    .set({
      envelope: envelope && JSON.stringify(envelope),
      pause_at_envelope: pause ? 1 : 0,
      envelope_checked_at: null,
    })
    .where('id', '=', clientId)
    .execute();
}

export function envelopeOf(client: Pick<Client, 'envelope'>): Record<string, number> {
  return client.envelope ? (JSON.parse(client.envelope) as Record<string, number>) : {};
}

/** Puts the account in the client (out of any other), or in none when `clientId` is null. */
export async function assignAccount(
  db: Kysely<Database>,
  workspaceId: string,
  account: { platform: string; accountId: string },
  clientId: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('client_accounts')
      .where('workspace_id', '=', workspaceId)
      .where('platform', '=', account.platform)
      .where('account_id', '=', account.accountId)
      .execute();
    if (clientId !== null) {
      await trx
        .insertInto('client_accounts')
        .values({
          workspace_id: workspaceId,
          platform: account.platform,
          account_id: account.accountId,
          client_id: clientId,
        })
        .execute();
    }
    // A key limited to a client acts on the client's accounts as they are now.
    await noteAuthChange(trx);
  });
}

/** Each assigned account of the workspace and its client: `platform:account_id` → client id. */
export async function clientOfAccounts(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('client_accounts')
    .select(['platform', 'account_id', 'client_id'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  return new Map(rows.map((row) => [`${row.platform}:${row.account_id}`, row.client_id]));
}

/** The accounts assigned to a client, connected or not. */
export async function accountsOfClient(
  db: Kysely<Database>,
  clientId: string,
): Promise<Array<{ platform: string; account_id: string }>> {
  return db
    .selectFrom('client_accounts')
    .select(['platform', 'account_id'])
    .where('client_id', '=', clientId)
    .orderBy('platform')
    .orderBy('account_id')
    .execute();
}

/** The connected accounts of a client, as the platforms are called with them. */
export async function connectedAccountsOfClient(db: Kysely<Database>, client: Client): Promise<AdAccount[]> {
  return db
    .selectFrom('ad_accounts')
    .innerJoin('client_accounts', (join) =>
      join
        .onRef('client_accounts.workspace_id', '=', 'ad_accounts.user_id')
        .onRef('client_accounts.platform', '=', 'ad_accounts.platform')
        .onRef('client_accounts.account_id', '=', 'ad_accounts.account_id'),
    )
    .selectAll('ad_accounts')
    .where('client_accounts.client_id', '=', client.id)
    .orderBy('ad_accounts.platform')
    .orderBy('ad_accounts.account_id')
    .execute();
}

/** The clients a member is limited to; empty: every client of the workspace. */
export async function clientsOfMember(
  db: Kysely<Database>,
  workspaceId: string,
  personId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('member_clients')
    .select('client_id')
    .where('workspace_id', '=', workspaceId)
    .where('person_id', '=', personId)
    .orderBy('client_id')
    .execute();
  return rows.map((row) => row.client_id);
}

export async function setClientsOfMember(
  db: Kysely<Database>,
  workspaceId: string,
  personId: string,
  clientIds: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('member_clients')
      .where('workspace_id', '=', workspaceId)
      .where('person_id', '=', personId)
      .execute();
    if (clientIds.length > 0) {
      await trx
        .insertInto('member_clients')
        .values(
          clientIds.map((clientId) => ({
            workspace_id: workspaceId,
            person_id: personId,
            client_id: clientId,
          })),
        )
        .execute();
    }
  });
}

/** Every client with an envelope not checked since `since`, across workspaces: what the envelope check reads. */
export async function envelopesDue(db: Kysely<Database>, since: Date): Promise<Client[]> {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('envelope', 'is not', null)
    .where((eb) =>
      eb.or([eb('envelope_checked_at', 'is', null), eb('envelope_checked_at', '<=', since.toISOString())]),
    )
    .orderBy('id')
    .execute();
}

export async function noteEnvelopeChecked(db: Kysely<Database>, clientId: string, at: Date): Promise<void> {
  await db
    .updateTable('clients')
    .set({ envelope_checked_at: at.toISOString() })
    .where('id', '=', clientId)
    .execute();
}

/** Records that the client reached a level in a month; returns whether this call recorded it first. */
export async function markEnvelope(db: Kysely<Database>, mark: EnvelopeMark): Promise<boolean> {
  const result = await db
    .insertInto('envelope_marks')
    .values(mark)
    .onConflict((conflict) => conflict.columns(['client_id', 'month', 'currency', 'level']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function envelopeMarks(
  db: Kysely<Database>,
  clientId: string,
  month: string,
): Promise<EnvelopeMark[]> {
  const rows = await db
    .selectFrom('envelope_marks')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('month', '=', month)
    .orderBy('currency')
    .orderBy('level')
    .execute();
  return rows.map((row) => ({
    ...row,
    level: Number(row.level),
    spent_micros: Number(row.spent_micros),
    envelope_micros: Number(row.envelope_micros),
  }));
}
