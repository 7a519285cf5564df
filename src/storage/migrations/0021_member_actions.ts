import type { Kysely } from 'kysely';

// Teams (issue 37): who among the members made a key, and who acted in person (a revert, a stop, an
// approval applied), so the history names the member and an approver cannot approve their own key's asks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('created_by', 'text', (c) => c.references('people.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('audit_log')
    .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('audit_log_person_id').on('audit_log').column('person_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_person_id').execute();
  await db.schema.alterTable('audit_log').dropColumn('person_id').execute();
  await db.schema.alterTable('api_keys').dropColumn('created_by').execute();
}
