import type { Kysely } from 'kysely';

// Reading performance: dates are the account's, so each account has a time zone (the platform's, read
// at connect; UTC for sandbox accounts), and the sandboxes keep each object's history of being active
// and of its daily budget, from which their reports are computed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ad_accounts')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await db.schema
    .createTable('sandbox_activity')
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('daily_budget_micros', 'integer')
    .addPrimaryKeyConstraint('sandbox_activity_pk', ['platform', 'object_id', 'from_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_activity').execute();
  await db.schema.alterTable('ad_accounts').dropColumn('time_zone').execute();
}
