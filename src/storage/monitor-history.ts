import type { Kysely } from 'kysely';
import type { Database, MonitorCheck, MonitorFiring } from './schema.ts';

/** Records a check once: a retried check of the same minute keeps the first record. */
export async function recordCheck(db: Kysely<Database>, check: MonitorCheck): Promise<void> {
  await db
    .insertInto('monitor_checks')
    .values(check)
    .onConflict((conflict) => conflict.columns(['monitor_id', 'slot_at']).doNothing())
    .execute();
}

export async function findCheck(
  db: Kysely<Database>,
  monitorId: string,
  slotAt: string,
): Promise<MonitorCheck | undefined> {
  return db
    .selectFrom('monitor_checks')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('slot_at', '=', slotAt)
    .executeTakeFirst();
}

/** The monitor's checks up to a minute (included), newest first. */
export async function checksUpTo(
  db: Kysely<Database>,
  monitorId: string,
  slotAt: string,
  limit: number,
): Promise<MonitorCheck[]> {
  return db
    .selectFrom('monitor_checks')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('slot_at', '<=', slotAt)
    .orderBy('slot_at', 'desc')
    .limit(limit)
    .execute();
}

/** Records a firing once per monitor, campaign and period, and answers the one on record. */
export async function claimFiring(db: Kysely<Database>, firing: MonitorFiring): Promise<MonitorFiring> {
  await db
    .insertInto('monitor_firings')
    .values(firing)
    .onConflict((conflict) => conflict.columns(['monitor_id', 'campaign_id', 'period']).doNothing())
    .execute();
  return db
    .selectFrom('monitor_firings')
    .selectAll()
    .where('monitor_id', '=', firing.monitor_id)
    .where('campaign_id', '=', firing.campaign_id)
    .where('period', '=', firing.period)
    .executeTakeFirstOrThrow();
}

/** Fixes the action's arguments once: a retry that finds them fixed sends those. Answers the fixed ones. */
export async function planFiring(db: Kysely<Database>, id: string, actionArguments: string): Promise<string> {
  await db
    .updateTable('monitor_firings')
    .set({ action_arguments: actionArguments })
    .where('id', '=', id)
    .where('action_arguments', 'is', null)
    .execute();
  const row = await db
    .selectFrom('monitor_firings')
    .select('action_arguments')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.action_arguments ?? actionArguments;
}

export async function settleFiring(
  db: Kysely<Database>,
  id: string,
  result: Pick<MonitorFiring, 'result' | 'result_text' | 'request_id'>,
): Promise<void> {
  await db.updateTable('monitor_firings').set(result).where('id', '=', id).execute();
}

export async function listFirings(
  db: Kysely<Database>,
  monitorId: string,
  limit: number,
): Promise<MonitorFiring[]> {
  return db
    .selectFrom('monitor_firings')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .orderBy('fired_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The monitor's latest checks, newest first. */
export async function latestChecks(
  db: Kysely<Database>,
  monitorId: string,
  limit: number,
): Promise<MonitorCheck[]> {
  return db
    .selectFrom('monitor_checks')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .orderBy('slot_at', 'desc')
    .limit(limit)
    .execute();
}

export interface LastActivity {
  lastCheck: MonitorCheck | undefined;
  lastFiring: MonitorFiring | undefined;
}

/** Each monitor's last check and last firing, for the list. */
export async function lastActivity(
  db: Kysely<Database>,
  monitorIds: string[],
): Promise<Map<string, LastActivity>> {
  const found = new Map<string, LastActivity>();
  for (const id of monitorIds) {
    const [[lastCheck], [lastFiring]] = await Promise.all([latestChecks(db, id, 1), listFirings(db, id, 1)]);
    found.set(id, { lastCheck, lastFiring });
  }
  return found;
}

/** The monitors already checked for a minute. */
export async function checkedAt(db: Kysely<Database>, slotAt: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('monitor_checks')
    .select('monitor_id')
    .where('slot_at', '=', slotAt)
    .execute();
  return new Set(rows.map((row) => row.monitor_id));
}

/** How many times the workspace's monitors (or only these of them) fired since a time, for the overview. */
export async function firingsSince(
  db: Kysely<Database>,
  userId: string,
  since: string,
  monitorIds?: readonly string[],
): Promise<number> {
  let query = db
    .selectFrom('monitor_firings')
    .innerJoin('monitors', 'monitors.id', 'monitor_firings.monitor_id')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('monitors.user_id', '=', userId)
    .where('monitor_firings.fired_at', '>=', since);
  // No monitor at all matches no row: `in ()` is not SQL.
  if (monitorIds) query = query.where('monitors.id', 'in', monitorIds.length > 0 ? monitorIds : ['']);
  const row = await query.executeTakeFirst();
  // PostgreSQL answers a count as a string.
  return Number(row?.count ?? 0);
}
