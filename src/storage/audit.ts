import type { Kysely } from 'kysely';
import { preparedQuery } from './prepared-query.ts';
import type { AuditEntry, Database } from './schema.ts';

const AUDIT_COLUMNS = [
  'id',
  'created_at',
  'request_id',
  'user_id',
  'api_key_id',
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
] as const satisfies ReadonlyArray<keyof AuditEntry>;

const insertAuditRow = preparedQuery(AUDIT_COLUMNS.length, (db, ...values) =>
  db
    .insertInto('audit_log')
    .values(
      Object.fromEntries(AUDIT_COLUMNS.map((column, i) => [column, values[i]])) as unknown as AuditEntry,
    ),
);

/** One transaction, one prepared insert run per row: a batch costs no query building. */
export async function insertAuditEntries(db: Kysely<Database>, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const entry of entries)
      await insertAuditRow(trx, ...AUDIT_COLUMNS.map((column) => entry[column] ?? null));
  });
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
