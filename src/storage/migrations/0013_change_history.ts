import { type Kysely, sql } from 'kysely';

// The change history (docs/console.md, Activity): each audit row keeps the Idempotency-Key its call ran
// under and, for a revert, the id of the audit row it reverts, so a change links to its revert by an
// indexed lookup rather than a scan of every row's details.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('idempotency_key', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('reverts', 'text').execute();
  // Few rows revert anything: a partial index stays small and costs the other inserts nothing.
  await db.schema
    .createIndex('audit_log_reverts')
    .on('audit_log')
    .column('reverts')
    .where(sql.ref('reverts'), 'is not', null)
    .execute();
  // The history reads an owner's rows newest first in (created_at, id) order and keeps those of write
  // tools: with the tool in the index the reads between the writes are skipped without reading their
  // rows. It serves every query the (user_id, created_at) index served, which it replaces.
  await db.schema
    .createIndex('audit_log_user_history')
    .on('audit_log')
    .columns(['user_id', 'created_at', 'id', 'tool'])
    .execute();
  await db.schema.dropIndex('audit_log_user_created').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('audit_log_user_created')
    .on('audit_log')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('audit_log_user_history').execute();
  await db.schema.dropIndex('audit_log_reverts').execute();
  await db.schema.alterTable('audit_log').dropColumn('reverts').execute();
  await db.schema.alterTable('audit_log').dropColumn('idempotency_key').execute();
}
