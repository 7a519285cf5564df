import type { Kysely } from 'kysely';

// Claims of running calls (docs/failure-model.md): quota units held by calls in
// flight, each with a lease its call renews, so a crashed call's unit comes back; and the recovery points
// of a multi-step write beside its idempotency record, so a retry resumes where the crash stopped it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('quota_usage')
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('quota_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quota_holds_user_lease')
    .on('quota_holds')
    .columns(['user_id', 'lease_until'])
    .execute();
  await db.schema.createIndex('quota_holds_lease').on('quota_holds').column('lease_until').execute();
  await db.schema.alterTable('idempotency_records').addColumn('recovery', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_records').dropColumn('recovery').execute();
  await db.schema.dropTable('quota_holds').execute();
  await db.schema.alterTable('quota_usage').dropColumn('held').execute();
}
