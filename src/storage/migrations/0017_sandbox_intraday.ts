import { type Kysely, sql } from 'kysely';

// The sandboxes' reports accrue through the day (docs/platforms.md): a change made through an emulator
// holds from the instant it was made, not from the start of its day, so a campaign paused at noon keeps
// the morning's spend. `from_date` becomes `since`, a day (`YYYY-MM-DD`, from its start, as the seeds
// write) or an instant (ISO 8601, UTC), and a day may hold several rows. `runaway` marks the seeded
// campaign whose spend rises steeply on the current day, whatever day that is.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_activity').renameColumn('from_date', 'since').execute();
  await db.schema
    .alterTable('sandbox_activity')
    .addColumn('runaway', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// A day holds one row again: the changes made within a day are forgotten, the days' rows kept.
export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .withTables<{ sandbox_activity: { since: string } }>()
    .deleteFrom('sandbox_activity')
    .where(sql<number>`length(since)`, '>', 10)
    .execute();
  await db.schema.alterTable('sandbox_activity').dropColumn('runaway').execute();
  await db.schema.alterTable('sandbox_activity').renameColumn('since', 'from_date').execute();
}
