import {
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { callerNames } from './caller-names.ts';
import type { Dialect, Storage } from './database.ts';
import type { AuditLogTable, Database } from './schema.ts';

/** Who made a change: a key, an OAuth app, a monitor, or the owner in person (a row naming none of them). */
export type Actor =
  | { kind: 'key'; id: string }
  | { kind: 'app'; id: string }
  | { kind: 'monitor'; id: string }
  /** What a member did in person, and what the keys they made did. */
  | { kind: 'member'; id: string }
  | { kind: 'owner' };

/** Rows of some tools, optionally only those whose audited arguments set (or leave out) some fields. */
export interface ToolClause {
  tools: readonly string[];
  /** Top-level fields of the row's details, at least one of which must be there. */
  withAnyOf?: readonly string[] | undefined;
  /** Top-level fields of the row's details none of which may be there. */
  withNoneOf?: readonly string[] | undefined;
}

/** `succeeded`: 200; `waiting`: 202, kept for the owner's approval (nothing written yet); `failed`: 4xx, 5xx. */
export type OutcomeFilter = 'succeeded' | 'waiting' | 'failed';

export interface ChangeFilters {
  /** The tools that write: their calls, dry runs and replays left out, are the changes. */
  writeTools: readonly string[];
  actor?: Actor | undefined;
  /** Only the calls of these tools (a platform's). */
  tools?: readonly string[] | undefined;
  accountId?: string | undefined;
  /** Only the changes on these accounts (what a member limited to clients sees); undefined: every one. */
  accountIds?: readonly string[] | undefined;
  /** A kind of change: the rows matching any of the clauses. */
  kind?: readonly ToolClause[] | undefined;
  /** ISO instant, inclusive. */
  from?: string | undefined;
  /** ISO instant, exclusive. */
  to?: string | undefined;
  outcome?: OutcomeFilter | undefined;
}

/**
 * A change as the history reads it: the audit row's columns below (its `details` JSON holds the audited
 * arguments, and `before`/`after` of an applied campaign update), with the key's or app's name.
 */
export type ChangeRow = Pick<Selectable<AuditLogTable>, (typeof COLUMNS)[number]> & {
  key_name: string | null;
  app_name: string | null;
  monitor_name: string | null;
  member_email: string | null;
};

export interface ChangeList {
  changes: ChangeRow[];
  /** The `before` cursor of the next (older) page, when there is one. */
  next: string | undefined;
}

type AuditQuery<Output> = SelectQueryBuilder<Database, 'audit_log', Output>;

const COLUMNS = [
  'id',
  'created_at',
  'request_id',
  'api_key_id',
  'oauth_client_id',
  'tool',
  'account_id',
  'status',
  'code',
  'details',
  'upstream_request_ids',
  'created_object_ids',
  'idempotency_key',
  'reverts',
  'monitor_id',
  'person_id',
] as const;

/** Whether the row's details JSON has the top-level field (even set to null). */
function hasField(dialect: Dialect, field: string) {
  return dialect === 'postgres'
    ? sql<SqlBool>`(cast(details as jsonb) -> ${field}) is not null`
    : sql<SqlBool>`json_type(details, ${`$.${field}`}) is not null`;
}

// An empty IN list is invalid SQL: a condition naming no tool keeps no row.
function toolIn(eb: ExpressionBuilder<Database, 'audit_log'>, tools: readonly string[]) {
  return tools.length > 0 ? eb('tool', 'in', [...tools]) : NOTHING;
}

const NOTHING = sql<SqlBool>`1 = 0`;

function clauseOf(dialect: Dialect, eb: ExpressionBuilder<Database, 'audit_log'>, clause: ToolClause) {
  const parts = [toolIn(eb, clause.tools)];
  const anyOf = clause.withAnyOf ?? [];
  if (anyOf.length > 0) parts.push(eb.or(anyOf.map((field) => hasField(dialect, field))));
  for (const field of clause.withNoneOf ?? []) parts.push(eb.not(hasField(dialect, field)));
  return eb.and(parts);
}

/** The owner's changes the filters keep: every condition in SQL, so pages and limits count only them. */
function changes(storage: Storage, userId: string, filters: ChangeFilters): AuditQuery<ChangeRow> {
  let query = storage.db
    .selectFrom('audit_log')
    .select(COLUMNS)
    .select(callerNames)
    .where('user_id', '=', userId)
    .where((eb) => toolIn(eb, filters.writeTools))
    .where('dry_run', '=', 0)
    .where('replayed', '=', 0);
  const { actor, kind } = filters;
  if (actor?.kind === 'key') query = query.where('api_key_id', '=', actor.id);
  if (actor?.kind === 'app') query = query.where('oauth_client_id', '=', actor.id);
  if (actor?.kind === 'monitor') query = query.where('monitor_id', '=', actor.id);
  if (actor?.kind === 'member') {
    const member = actor.id;
    query = query.where((eb) =>
      eb.or([
        eb('person_id', '=', member),
        eb(
          'api_key_id',
          'in',
          eb.selectFrom('api_keys').select('api_keys.id').where('api_keys.created_by', '=', member),
        ),
      ]),
    );
  }
  if (actor?.kind === 'owner') {
    query = query
      .where('api_key_id', 'is', null)
      .where('oauth_client_id', 'is', null)
      .where('monitor_id', 'is', null);
  }
  const { tools } = filters;
  if (tools) query = query.where((eb) => toolIn(eb, tools));
  if (filters.accountId) query = query.where('account_id', '=', filters.accountId);
  if (filters.accountIds) {
    // No account at all matches no row: `in ()` is not SQL.
    query = query.where('account_id', 'in', filters.accountIds.length > 0 ? filters.accountIds : ['']);
  }
  if (filters.from) query = query.where('created_at', '>=', filters.from);
  if (filters.to) query = query.where('created_at', '<', filters.to);
  if (filters.outcome === 'succeeded') query = query.where('status', '=', 200);
  if (filters.outcome === 'waiting') query = query.where('status', '=', 202);
  if (filters.outcome === 'failed') query = query.where('status', '>=', 400);
  if (kind) {
    query = query.where((eb) =>
      kind.length > 0 ? eb.or(kind.map((clause) => clauseOf(storage.dialect, eb, clause))) : NOTHING,
    );
  }
  return query;
}

/**
 * One page of the owner's changes, newest first, in (created_at, id) order: a page starts after the
 * change whose id is `before` (keyset pagination, so a change made meanwhile shifts nothing). A `before`
 * that is not one of the owner's rows gives an empty page.
 */
export async function listChanges(
  storage: Storage,
  userId: string,
  filters: ChangeFilters,
  page: { limit: number; before?: string | undefined },
): Promise<ChangeList> {
  let query = changes(storage, userId, filters);
  if (page.before !== undefined) {
    const cursor = await storage.db
      .selectFrom('audit_log')
      .select(['created_at', 'id'])
      .where('id', '=', page.before)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!cursor) return { changes: [], next: undefined };
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(cursor.created_at, cursor.id)),
    );
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const shown = rows.slice(0, page.limit);
  return { changes: shown, next: rows.length > page.limit ? shown.at(-1)?.id : undefined };
}

/** Every change the filters keep, newest first, up to `max`, read a batch at a time (for an export). */
export async function* iterateChanges(
  storage: Storage,
  userId: string,
  filters: ChangeFilters,
  options: { max: number; batch?: number },
): AsyncGenerator<ChangeRow> {
  const batch = options.batch ?? 1000;
  let left = options.max;
  let before: string | undefined;
  while (left > 0) {
    const page = await listChanges(storage, userId, filters, { limit: Math.min(batch, left), before });
    yield* page.changes;
    left -= page.changes.length;
    if (!page.next) return;
    before = page.next;
  }
}

/** One of the owner's changes; undefined for another owner's row, or one that changed nothing. */
export async function findChange(
  storage: Storage,
  userId: string,
  writeTools: readonly string[],
  id: string,
): Promise<ChangeRow | undefined> {
  return changes(storage, userId, { writeTools }).where('id', '=', id).executeTakeFirst();
}

/** The owner's attempts to revert the change `id` (failed ones too), newest first. */
export async function listRevertsOf(
  storage: Storage,
  userId: string,
  writeTools: readonly string[],
  id: string,
): Promise<ChangeRow[]> {
  return changes(storage, userId, { writeTools })
    .where('reverts', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The approval a call asking for one (202) is kept as: it carries the call's request id. */
export async function approvalIdOfRequest(
  db: Kysely<Database>,
  userId: string,
  requestId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('approvals')
    .select('id')
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row?.id;
}
