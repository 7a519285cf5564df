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

describe.each(TEST_DIALECTS)('0017_sandbox_intraday on %s', (dialect) => {
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

  it('keeps the days recorded, and takes changes at an instant, several a day, in time order', async () => {
    const { db } = services.storage;
    await migrateUpTo(db, '0017_sandbox_intraday');
    await sql`INSERT INTO sandbox_activity (platform, object_id, from_date, active, daily_budget_micros)
      VALUES ('video', '7', '2026-11-01', 1, 50000000)`.execute(db);

    expect(await migrateToLatest(db)).toContain('0017_sandbox_intraday');
    await recordActivity(db, 'video', '7', new Date('2026-11-03T15:30:00.000Z'), {
      active: true,
      dailyBudgetMicros: 20_000_000,
    });
    await recordActivity(db, 'video', '7', new Date('2026-11-03T09:00:00.000Z'), {
      active: false,
      dailyBudgetMicros: 50_000_000,
    });
    await recordActivity(db, 'video', '8', '2026-11-01', {
      active: true,
      dailyBudgetMicros: null,
      runaway: true,
    });
    const histories = await activityHistories(db, 'video', ['7', '8']);
    expect(histories.get('7')).toEqual([
      { from: '2026-11-01', active: true, dailyBudgetMicros: 50_000_000 },
      { from: '2026-11-03T09:00:00.000Z', active: false, dailyBudgetMicros: 50_000_000 },
      { from: '2026-11-03T15:30:00.000Z', active: true, dailyBudgetMicros: 20_000_000 },
    ]);
    expect(histories.get('8')).toEqual([
      { from: '2026-11-01', active: true, dailyBudgetMicros: null, runaway: true },
    ]);
  });
});
