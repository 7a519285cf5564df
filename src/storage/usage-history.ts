import { type Kysely, sql } from 'kysely';
import { callerNames } from './caller-names.ts';
import type { Database } from './schema.ts';

export interface DailyCalls {
  /** `YYYY-MM-DD` in UTC. */
  day: string;
  calls: number;
  billed: number;
}

/** Calls of the user per UTC day in [from, to), days without calls left out. */
export async function callsPerDay(
  db: Kysely<Database>,
  userId: string,
  from: Date,
  to: Date,
): Promise<DailyCalls[]> {
  // Timestamps are ISO text, so the day is the first ten characters on every dialect.
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('audit_log')
    .select((eb) => [day.as('day'), eb.fn.countAll().as('calls'), eb.fn.sum('billable').as('billed')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from.toISOString())
    .where('created_at', '<', to.toISOString())
    .groupBy(day)
    .orderBy(day)
    .execute();
  // PostgreSQL answers counts and sums as strings.
  return rows.map((row) => ({ day: row.day, calls: Number(row.calls), billed: Number(row.billed ?? 0) }));
}

export type StatusFilter = 'succeeded' | 'failed' | number;

export interface CallFilters {
  tool?: string | undefined;
  status?: StatusFilter | undefined;
  /** Only the calls of these keys (what a member limited to clients sees); undefined: every call. */
  keyIds?: readonly string[] | undefined;
  limit: number;
}

/** The user's latest audited calls, newest first, each with the key or the OAuth app that made it. */
export async function recentCalls(db: Kysely<Database>, userId: string, filters: CallFilters) {
  let query = db
    .selectFrom('audit_log')
    .select([
      'created_at',
      'request_id',
      'api_key_id',
      'oauth_client_id',
      'monitor_id',
      'tool',
      'account_id',
      'status',
      'code',
      'latency_ms',
      'billable',
      'replayed',
      'dry_run',
    ])
    .select(callerNames)
    .where('user_id', '=', userId);
  if (filters.tool) query = query.where('tool', '=', filters.tool);
  // No key at all matches no row: `in ()` is not SQL.
  if (filters.keyIds)
    query = query.where('api_key_id', 'in', filters.keyIds.length > 0 ? filters.keyIds : ['']);
  if (filters.status === 'succeeded') query = query.where('status', '<', 400);
  else if (filters.status === 'failed') query = query.where('status', '>=', 400);
  else if (typeof filters.status === 'number') query = query.where('status', '=', filters.status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filters.limit).execute();
}

/** What one key or app (both null: the owner in person) did since a time. */
export interface CallerActivity {
  api_key_id: string | null;
  oauth_client_id: string | null;
  calls: number;
  /** Applied calls of the write tools: changes made on the platforms. */
  changes: number;
  errors: number;
  last_at: string;
}

/** The user's calls since `since`, per key or app, most active first. */
export async function activityByCaller(
  db: Kysely<Database>,
  userId: string,
  since: Date,
  writeTools: readonly string[],
): Promise<CallerActivity[]> {
  const change = sql<number>`case when ${sql.ref('tool')} in (${sql.join(
    writeTools.length > 0 ? writeTools : [''],
  )}) and dry_run = 0 and status = 200 then 1 else 0 end`;
  const rows = await db
    .selectFrom('audit_log')
    .select((eb) => [
      'api_key_id',
      'oauth_client_id',
      eb.fn.countAll().as('calls'),
      eb.fn.sum(change).as('changes'),
      eb.fn.sum(sql<number>`case when status >= 400 then 1 else 0 end`).as('errors'),
      eb.fn.max('created_at').as('last_at'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since.toISOString())
    .groupBy(['api_key_id', 'oauth_client_id'])
    .orderBy('calls', 'desc')
    .execute();
  // PostgreSQL answers counts and sums as strings.
  return rows.map((row) => ({
    api_key_id: row.api_key_id,
    oauth_client_id: row.oauth_client_id,
    calls: Number(row.calls),
    changes: Number(row.changes ?? 0),
    errors: Number(row.errors ?? 0),
    last_at: String(row.last_at),
  }));
}
