import type { Kysely } from 'kysely';
import type { Platform } from '../platform-families.ts';
import type { Database } from '../storage/schema.ts';

/** Whether a sandbox campaign runs, and on what daily budget (null: none, a lifetime budget or no limit). */
export interface Activity {
  active: boolean;
  dailyBudgetMicros: number | null;
}

export interface ActivityEntry extends Activity {
  /** From this day (`YYYY-MM-DD`, UTC) on, until the next entry. */
  from: string;
}

/**
 * Notes how an object runs from `date` on: each emulator calls it when a campaign is created, paused,
 * activated or re-budgeted, so its reports follow (a campaign paused today stops spending today).
 */
export async function recordActivity(
  db: Kysely<Database>,
  platform: Platform,
  objectId: string,
  date: string,
  activity: Activity,
): Promise<void> {
  const values = {
    active: activity.active ? 1 : 0,
    daily_budget_micros: activity.dailyBudgetMicros,
  } as const;
  await db
    .insertInto('sandbox_activity')
    .values({ platform, object_id: objectId, from_date: date, ...values })
    .onConflict((conflict) => conflict.columns(['platform', 'object_id', 'from_date']).doUpdateSet(values))
    .execute();
}

/** The histories of the objects, oldest entry first. */
export async function activityHistories(
  db: Kysely<Database>,
  platform: Platform,
  objectIds: string[],
): Promise<Map<string, ActivityEntry[]>> {
  const histories = new Map<string, ActivityEntry[]>(objectIds.map((id) => [id, []]));
  if (objectIds.length === 0) return histories;
  const rows = await db
    .selectFrom('sandbox_activity')
    .selectAll()
    .where('platform', '=', platform)
    .where('object_id', 'in', objectIds)
    .orderBy('from_date')
    .execute();
  for (const row of rows) {
    histories.get(row.object_id)?.push({
      from: row.from_date,
      active: row.active === 1,
      dailyBudgetMicros: row.daily_budget_micros === null ? null : Number(row.daily_budget_micros),
    });
  }
  return histories;
}

/** How the object ran on `date`: inactive before its first entry. */
export function activityOn(history: ActivityEntry[], date: string): Activity {
  let current: Activity = { active: false, dailyBudgetMicros: null };
  for (const entry of history) {
    if (entry.from > date) break;
    current = entry;
  }
  return current;
}
