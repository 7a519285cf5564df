import type { Kysely } from 'kysely';

// The table as this migration knows it, whatever schema.ts says later.
type Tables = {
  sandbox_activity: {
    platform: string;
    object_id: string;
    from_date: string;
    active: number;
    daily_budget_micros: number | null;
  };
  sandbox_activity_wide: Tables['sandbox_activity'];
};

const COLUMNS = ['platform', 'object_id', 'from_date', 'active', 'daily_budget_micros'] as const;

/**
 * A daily budget in micros outgrows PostgreSQL's 32-bit `integer` past 2,147 units: 15,000 JPY (a
 * seeded JPY campaign) or 5,000 USD could not be recorded. The column becomes `bigint` (SQLite's integers
 * were 64-bit already). SQLite cannot change a column's type, so the table is rebuilt the same way on
 * both: a new one, the rows copied, the old one dropped, the new one renamed. Its primary key keeps the
 * new table's name, since PostgreSQL's constraint names must not clash while both tables exist.
 */
async function rebuild(untyped: Kysely<unknown>, budgetType: 'bigint' | 'integer', key: string) {
  const db = untyped.withTables<Tables>();
  await db.schema
    .createTable('sandbox_activity_wide')
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('daily_budget_micros', budgetType)
    .addPrimaryKeyConstraint(key, ['platform', 'object_id', 'from_date'])
    .execute();
  await db
    .insertInto('sandbox_activity_wide')
    .columns([...COLUMNS])
    .expression(db.selectFrom('sandbox_activity').select([...COLUMNS]))
    .execute();
  await db.schema.dropTable('sandbox_activity').execute();
  await db.schema.alterTable('sandbox_activity_wide').renameTo('sandbox_activity').execute();
}

export function up(db: Kysely<unknown>): Promise<void> {
  return rebuild(db, 'bigint', 'sandbox_activity_wide_pk');
}

export function down(db: Kysely<unknown>): Promise<void> {
  return rebuild(db, 'integer', 'sandbox_activity_narrow_pk');
}
