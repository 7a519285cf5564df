import type { Kysely } from 'kysely';

// Teams (issue 37): a second factor (TOTP) a person may set up, its recovery codes, a workspace's choice to
// require it of approvers and admins, and whether a console session was opened with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('person_totp')
    .addColumn('person_id', 'text', (c) => c.primaryKey().references('people.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .execute();
  await db.schema
    .createTable('person_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('person_recovery_codes_person_id')
    .on('person_recovery_codes')
    .column('person_id')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('second_factor', 'text', (c) => c.notNull().defaultTo('off'))
    .execute();
  await db.schema.alterTable('console_sessions').addColumn('second_factor_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('console_sessions').dropColumn('second_factor_at').execute();
  await db.schema.alterTable('users').dropColumn('second_factor').execute();
  await db.schema.dropTable('person_recovery_codes').execute();
  await db.schema.dropTable('person_totp').execute();
}
