import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/context.ts';
import { activityHistories, recordActivity } from '../../src/sandbox/activity.ts';
import { closeServices } from '../../src/services.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { migrateUpTo } from '../support/migrations.ts';
import { quietServices } from '../support/service.ts';

describe.each(TEST_DIALECTS)('0009_activity_bigint on %s', (dialect) => {
  let database: TestDatabase;
  let services: Services;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    services = quietServices(database);
  });
  afterAll(async () => {
    await closeServices(services);
    await database?.drop();
  });

  it('keeps the recorded activity and takes daily budgets past 2,147 units', async () => {
    const { db } = services.storage;
    await migrateUpTo(db, '0009_activity_bigint');
    // Rows as the service wrote them then, before 0017_sandbox_intraday renamed `from_date`.
    await sql`INSERT INTO sandbox_activity (platform, object_id, from_date, active, daily_budget_micros)
      VALUES ('social', '1', '2026-11-01', 1, 2000000000), ('social', '1', '2026-11-02', 0, NULL)`.execute(
      db,
    );

    expect(await migrateToLatest(db)).toContain('0009_activity_bigint');
    await recordActivity(db, 'social', '1', '2026-11-03', {
      active: true,
      dailyBudgetMicros: 15_000_000_000,
    });
    const history = (await activityHistories(db, 'social', ['1'])).get('1');
    expect(history).toEqual([
      { from: '2026-11-01', active: true, dailyBudgetMicros: 2_000_000_000 },
      { from: '2026-11-02', active: false, dailyBudgetMicros: null },
      { from: '2026-11-03', active: true, dailyBudgetMicros: 15_000_000_000 },
    ]);
    // Still one row per object and start.
    await recordActivity(db, 'social', '1', '2026-11-03', { active: false, dailyBudgetMicros: 1 });
    expect((await activityHistories(db, 'social', ['1'])).get('1')).toHaveLength(3);
  });
});
