import type { Kysely, Transaction } from 'kysely';
import type { Database, MoneyChangesTable } from './schema.ts';

export type MoneyChangeRow = MoneyChangesTable;

export async function insertMoneyChanges(
  db: Kysely<Database> | Transaction<Database>,
  rows: readonly MoneyChangeRow[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('money_changes')
      .values([...rows])
      .execute();
}

function micros(value: number | string | null | undefined): number | undefined {
  return value === null || value === undefined ? undefined : Number(value);
}

/** Which object's field: as the call that moved it recorded it. */
export interface FieldOf {
  userId: string;
  platform: string;
  accountId: string;
  kind: string;
  objectId: string;
  /** The field's money meaning: one field of an object has it, whatever name the call gave it. */
  money: string;
}

/**
 * The lowest value the object's field of that meaning had since `since`, before or after each change the service made to it, or
 * undefined when it made none (or the field had no value then).
 */
export async function lowestValueSince(
  db: Kysely<Database>,
  of: FieldOf,
  since: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('money_changes')
    .select((eb) => [eb.fn.min('before_value').as('before'), eb.fn.min('after_value').as('after')])
    .where('user_id', '=', of.userId)
    .where('platform', '=', of.platform)
    .where('account_id', '=', of.accountId)
    .where('object_kind', '=', of.kind)
    .where('object_id', '=', of.objectId)
    .where('money', '=', of.money)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  const values = [micros(row?.before), micros(row?.after)].filter((v): v is number => v !== undefined);
  return values.length > 0 ? Math.min(...values) : undefined;
}

/** An object an agent started or raised: what "stop all agents" pauses. */
export interface LiftedObject {
  tool: string;
  platform: string;
  accountId: string;
  kind: string;
  objectId: string;
  parentId: string | null;
  campaignId: string | null;
}

/**
 * Every object a key or an app (not the owner, not a monitor) started delivering or raised since `since`,
 * once each, oldest first.
 */
export async function liftedByAgentsSince(
  db: Kysely<Database>,
  userId: string,
  since: string,
): Promise<LiftedObject[]> {
  const rows = await db
    .selectFrom('money_changes')
    .select(['tool', 'platform', 'account_id', 'object_kind', 'object_id', 'parent_id', 'campaign_id'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('lifted', '=', 1)
    .where('by_agent', '=', 1)
    .orderBy('created_at')
    .execute();
  const seen = new Set<string>();
  const lifted: LiftedObject[] = [];
  for (const row of rows) {
    const key = JSON.stringify([row.platform, row.account_id, row.object_kind, row.object_id]);
    if (seen.has(key)) continue;
    seen.add(key);
    lifted.push({
      tool: row.tool,
      platform: row.platform,
      accountId: row.account_id,
      kind: row.object_kind,
      objectId: row.object_id,
      parentId: row.parent_id,
      campaignId: row.campaign_id,
    });
  }
  return lifted;
}

/** Forgets the money moved before `before`: older than any rule looks back. */
export async function deleteMoneyChangesBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('money_changes').where('created_at', '<', before).execute();
}

/**
 * The campaigns of these accounts that the owner's writes have moved money on, newest first, whose id
 * starts with `prefix`: what adops knows of them without asking a platform.
 */
export async function campaignsWithMoneyChanges(
  db: Kysely<Database>,
  userId: string,
  accounts: ReadonlyArray<{ platform: string; account_id: string }>,
  prefix: string,
  limit: number,
): Promise<string[]> {
  if (accounts.length === 0) return [];
  const rows = await db
    .selectFrom('money_changes')
    .select('campaign_id')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where('user_id', '=', userId)
    .where('campaign_id', 'is not', null)
    .where('campaign_id', 'like', `${prefix.replace(/[%_\\]/g, '')}%`)
    .where((eb) =>
      eb.or(
        accounts.map((account) =>
          eb.and([eb('platform', '=', account.platform), eb('account_id', '=', account.account_id)]),
        ),
      ),
    )
    .groupBy('campaign_id')
    .orderBy('last', 'desc')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => (row.campaign_id === null ? [] : [row.campaign_id]));
}
