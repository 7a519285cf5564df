import type { Kysely } from 'kysely';

// Clients (issue 37): an agency groups its accounts into clients, limits operators and keys to them, and
// gives each a monthly spend envelope whose 80% and 100% marks are recorded once a month.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('envelope', 'text')
    .addColumn('pause_at_envelope', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('envelope_checked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('clients_workspace_name', ['workspace_id', 'name'])
    .execute();
  // Kept apart from ad_accounts, so an account disconnected and connected again stays with its client.
  await db.schema
    .createTable('client_accounts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('client_accounts_pk', ['workspace_id', 'platform', 'account_id'])
    .execute();
  await db.schema
    .createTable('member_clients')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('member_clients_pk', ['workspace_id', 'person_id', 'client_id'])
    .execute();
  await db.schema
    .createTable('envelope_marks')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('spent_micros', 'bigint', (c) => c.notNull())
    .addColumn('envelope_micros', 'bigint', (c) => c.notNull())
    .addColumn('reached_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('envelope_marks_pk', ['client_id', 'month', 'currency', 'level'])
    .execute();
  // `agency_`: OAuth's client_id is another thing. No foreign key: a key whose client is gone must see no account, never become a key for every account.
  await db.schema.alterTable('api_keys').addColumn('agency_client_id', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('agency_client_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('agency_client_id').execute();
  await db.schema.alterTable('api_keys').dropColumn('agency_client_id').execute();
  for (const table of ['envelope_marks', 'member_clients', 'client_accounts', 'clients']) {
    await db.schema.dropTable(table).execute();
  }
}
