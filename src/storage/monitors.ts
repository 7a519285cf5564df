import type { Kysely } from 'kysely';
import type { Database, Monitor } from './schema.ts';

export async function insertMonitor(db: Kysely<Database>, monitor: Monitor): Promise<void> {
  await db.insertInto('monitors').values(monitor).execute();
}

/** One of the owner's monitors; another owner's is not found. */
export async function findMonitor(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<Monitor | undefined> {
  return db
    .selectFrom('monitors')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function listMonitors(
  db: Kysely<Database>,
  userId: string,
  filter: { platform?: string | undefined; accountId?: string | undefined },
): Promise<Monitor[]> {
  let query = db.selectFrom('monitors').selectAll().where('user_id', '=', userId);
  if (filter.platform) query = query.where('platform', '=', filter.platform);
  if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
  return query.orderBy('created_at').orderBy('id').execute();
}

export async function updateMonitor(
  db: Kysely<Database>,
  monitor: Pick<
    Monitor,
    'id' | 'user_id' | 'name' | 'rule' | 'check_every_minutes' | 'enabled' | 'updated_at'
  >,
): Promise<void> {
  const { id, user_id, ...fields } = monitor;
  await db.updateTable('monitors').set(fields).where('id', '=', id).where('user_id', '=', user_id).execute();
}

/** Removes the monitor with its checks and firings; the audit rows of its actions stay. */
export async function deleteMonitor(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('monitors')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The enabled monitors due at this minute: those whose interval divides the minutes since the epoch. */
export async function monitorsDueAt(
  db: Kysely<Database>,
  minute: Date,
  account?: { userId: string; platform: string; accountId: string },
): Promise<Monitor[]> {
  const index = Math.floor(minute.getTime() / 60_000);
  const intervals = dividers(index);
  let query = db
    .selectFrom('monitors')
    .selectAll()
    .where('enabled', '=', 1)
    .where('check_every_minutes', 'in', intervals)
    .where('created_at', '<=', minute.toISOString());
  if (account) {
    query = query
      .where('user_id', '=', account.userId)
      .where('platform', '=', account.platform)
      .where('account_id', '=', account.accountId);
  }
  return query.orderBy('id').execute();
}

/** The check intervals (1 to 1440 minutes) a minute falls on. */
function dividers(minuteIndex: number): number[] {
  const found: number[] = [];
  for (let interval = 1; interval <= 1440; interval++) if (minuteIndex % interval === 0) found.push(interval);
  return found;
}
