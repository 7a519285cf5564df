import type { Kysely } from 'kysely';

// The change engine (issue 34): every money field an applied write moved, at every level, so the
// guardrails judge a raise from the lowest value of the last 24 hours and "stop all agents" pauses every
// object an agent started or raised; and the writes in flight, which "stop all agents" waits for.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('money_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('audit_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('object_kind', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('campaign_id', 'text')
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('money', 'text', (c) => c.notNull())
    // Micros for amounts (bigint: 300,000.00 is past 32 bits), 0 or 1 for delivery; null is none.
    .addColumn('before_value', 'bigint')
    .addColumn('after_value', 'bigint')
    .addColumn('lifted', 'integer', (c) => c.notNull())
    .addColumn('by_agent', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('money_changes_object')
    .on('money_changes')
    .columns(['user_id', 'platform', 'account_id', 'object_kind', 'object_id', 'money', 'created_at'])
    .execute();
  await db.schema
    .createIndex('money_changes_lifted')
    .on('money_changes')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('writes_in_flight')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('writes_in_flight_user')
    .on('writes_in_flight')
    .columns(['user_id', 'lease_until'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('writes_in_flight').execute();
  await db.schema.dropTable('money_changes').execute();
}
