import { Writable } from 'node:stream';
import { Migrator } from 'kysely/migration';
import type pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { Services } from '../../src/context.ts';
import { activityHistories, recordActivity } from '../../src/sandbox/activity.ts';
import { closeServices, createLogger, createServices } from '../../src/services.ts';
import { MIGRATION_NAMES, migrateToLatest } from '../../src/storage/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

describe.each(TEST_DIALECTS)('0009_activity_bigint on %s', (dialect) => {
  let database: TestDatabase;
  let services: Services;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const config = loadConfig({
      ADOPS_DATABASE_URL: database.url,
      ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
    });
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
    services = createServices(config, {
      logger: createLogger(config, quiet as unknown as pino.DestinationStream),
    });
  });
  afterAll(async () => {
    await closeServices(services);
    await database?.drop();
  });

  it('keeps the recorded activity and takes daily budgets past 2,147 units', async () => {
    const { db } = services.storage;
    const before = MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf('0009_activity_bigint'));
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(
            await Promise.all(
              before.map(async (name) => [name, await import(`../../src/storage/migrations/${name}.ts`)]),
            ),
          ),
      },
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    await recordActivity(db, 'social', '1', '2026-11-01', { active: true, dailyBudgetMicros: 2_000_000_000 });
    await recordActivity(db, 'social', '1', '2026-11-02', { active: false, dailyBudgetMicros: null });

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
    // Still one row per object and day.
    await recordActivity(db, 'social', '1', '2026-11-03', { active: false, dailyBudgetMicros: 1 });
    expect((await activityHistories(db, 'social', ['1'])).get('1')).toHaveLength(3);
  });
});
