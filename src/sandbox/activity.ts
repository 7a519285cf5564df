import type { Kysely } from 'kysely';
import type { Platform } from '../platform-families.ts';
import type { Database } from '../storage/schema.ts';

/** Whether a sandbox campaign runs, and on what daily budget (null: none, a lifetime budget or no limit). */
export interface Activity {
  active: boolean;
  dailyBudgetMicros: number | null;
}

export interface ActivityEntry extends Activity {
  /**
   * From this day (`YYYY-MM-DD`, from its start: the seeds' history) or this instant (ISO 8601, UTC: a
   * change made through an emulator) on, until the next entry.
   */
  from: string;
  /** Set on the seeded entries of a campaign whose spend rises steeply on the current day. */
  runaway?: true;
}

/** The time an entry holds from, in milliseconds. */
export function entryStart(entry: Pick<ActivityEntry, 'from'>): number {
  return Date.parse(entry.from.length === 10 ? `${entry.from}T00:00:00Z` : entry.from);
}

/**
 * Notes how an object runs from `from` on, a day or an instant (`Date`): each emulator calls it with the
 * instant a campaign is created, paused, activated or re-budgeted, so its reports follow (a campaign
 * paused at noon keeps what it spent in the morning and spends nothing after). The seeds write days.
 */
export async function recordActivity(
  db: Kysely<Database>,
  platform: Platform,
  objectId: string,
  from: string | Date,
  activity: Activity & { runaway?: boolean },
): Promise<void> {
  const values = {
    active: activity.active ? 1 : 0,
    daily_budget_micros: activity.dailyBudgetMicros,
  } as const;
  const since = typeof from === 'string' ? from : from.toISOString();
  await db
    .insertInto('sandbox_activity')
    .values({ platform, object_id: objectId, since, ...values, ...(activity.runaway && { runaway: 1 }) })
    .onConflict((conflict) => conflict.columns(['platform', 'object_id', 'since']).doUpdateSet(values))
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
    .execute();
  for (const row of rows) {
    histories.get(row.object_id)?.push({
      from: row.since,
      active: row.active === 1,
      dailyBudgetMicros: row.daily_budget_micros === null ? null : Number(row.daily_budget_micros),
      ...(Number(row.runaway) === 1 && { runaway: true }),
    });
  }
  // In time order, computed rather than left to the database: a collation may not sort "T" after a day.
  for (const history of histories.values()) {
    history.sort((a, b) => entryStart(a) - entryStart(b) || a.from.length - b.from.length);
  }
  return histories;
}

/** How the object ran at `time` (milliseconds): inactive before its first entry. */
export function activityAt(history: ActivityEntry[], time: number): Activity {
  let current: Activity = { active: false, dailyBudgetMicros: null };
  for (const entry of history) {
    if (entryStart(entry) > time) break;
    current = entry;
  }
  return current;
}

/** The first day any of the objects ran or was noted, `YYYY-MM-DD`; undefined when none was. */
export function firstDay(histories: Iterable<ActivityEntry[]>): string | undefined {
  return [...histories].flatMap((history) => (history[0] ? [history[0].from.slice(0, 10)] : [])).sort()[0];
}
