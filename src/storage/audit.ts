import type { Kysely } from 'kysely';
import { preparedQuery } from './prepared-query.ts';
import type { AuditEntry, Database } from './schema.ts';

const AUDIT_COLUMNS = [
  'id',
  'created_at',
  'request_id',
  'user_id',
  'api_key_id',
  'oauth_client_id',
  'tool',
  'account_id',
  'status',
  'code',
  'latency_ms',
  'billable',
  'replayed',
  'dry_run',
  'fingerprint',
  'details',
  'upstream_request_ids',
  'created_object_ids',
  'idempotency_key',
  'reverts',
  'monitor_id',
  'person_id',
  'agency_client_id',
] as const satisfies ReadonlyArray<keyof AuditEntry>;

// Every column of the table is listed: a column added to the table and not here would be dropped silently.
type UnlistedColumn = Exclude<keyof AuditEntry, (typeof AUDIT_COLUMNS)[number]>;
export const AUDIT_COLUMNS_COMPLETE: [UnlistedColumn] extends [never] ? true : UnlistedColumn = true;

/** Rows per multi-row insert: one statement and one commit carry many rows. */
const ROWS_PER_INSERT = 50;

function rowAt(values: unknown[], row: number): AuditEntry {
  const offset = row * AUDIT_COLUMNS.length;
  return Object.fromEntries(
    AUDIT_COLUMNS.map((column, i) => [column, values[offset + i]]),
  ) as unknown as AuditEntry;
}

function insertRows(count: number) {
  return preparedQuery(AUDIT_COLUMNS.length * count, (db, ...values) =>
    db
      .insertInto('audit_log')
      .values(Array.from({ length: count }, (_, row) => rowAt(values, row)))
      // A batch retried after a commit whose answer was lost must not add its rows twice.
      .onConflict((conflict) => conflict.column('id').doNothing()),
  );
}

/** One prepared insert per batch size, made when first needed. */
const inserts = new Map<number, ReturnType<typeof insertRows>>();

function insertOf(count: number): ReturnType<typeof insertRows> {
  let insert = inserts.get(count);
  if (!insert) {
    insert = insertRows(count);
    inserts.set(count, insert);
  }
  return insert;
}

function valuesOf(entries: AuditEntry[]): unknown[] {
  return entries.flatMap((entry) => AUDIT_COLUMNS.map((column) => entry[column] ?? null));
}

/**
 * Prepared multi-row inserts of up to ROWS_PER_INSERT rows each, in one transaction: no query building,
 * one commit. `db` may be a transaction already (a call's settlement).
 */
export async function insertAuditEntries(db: Kysely<Database>, entries: AuditEntry[]): Promise<void> {
  const write = async (trx: Kysely<Database>) => {
    for (let next = 0; next < entries.length; next += ROWS_PER_INSERT) {
      const rows = entries.slice(next, next + ROWS_PER_INSERT);
      await insertOf(rows.length)(trx, ...valuesOf(rows));
    }
  };
  if (entries.length <= ROWS_PER_INSERT || db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

export async function auditEntryExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('audit_log').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function listAuditEntries(db: Kysely<Database>, userId: string, limit = 100) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** One audit row of the owner's, by id: undefined for another owner's. */
export async function findAuditEntry(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The applied revert of a change, if one was made: a change is put back once. */
export async function appliedRevertOf(db: Kysely<Database>, userId: string, changeId: string) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('reverts', '=', changeId)
    .where('status', '=', 200)
    .where('replayed', '=', 0)
    .where('dry_run', '=', 0)
    .executeTakeFirst();
}
