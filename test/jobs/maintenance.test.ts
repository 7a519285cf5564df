import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/ids.ts';
import { closeServices } from '../../src/services.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { quotaUsage, reserveQuotaHold } from '../../src/storage/quota.ts';
import { createUser } from '../../src/storage/users.ts';
import { TestClock } from '../support/clock.ts';
import { createTestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { quietServices, TestService } from '../support/service.ts';

const CLOCK_START = '2026-11-22T10:00:30.000Z';

/** Holds a quota unit for a call whose lease ran out a minute before `now`: a crashed call's unit. */
async function crashedCallHold(
  service: { services: ReturnType<typeof quietServices> },
  userId: string,
  now: Date,
) {
  const leaseUntil = new Date(now.getTime() - 60_000).toISOString();
  const reserved = await reserveQuotaHold(service.services.storage.transact, {
    holdId: newId('hold'),
    userId,
    period: now.toISOString().slice(0, 7),
    limit: 100,
    leaseUntil,
    now: leaseUntil,
  });
  expect(reserved.ok).toBe(true);
}

describe.each(TEST_DIALECTS)('the maintenance queue on %s', (dialect) => {
  let service: TestService | undefined;

  afterAll(async () => {
    await service?.stop();
  });

  it('sweeps as the server starts, then every minute of the service clock', async () => {
    const clock = new TestClock(CLOCK_START);
    const database = await createTestDatabase(dialect);
    const before = quietServices(database);
    await migrateToLatest(before.storage.db);
    const user = await createUser(before.storage.db, 'maintained@example.com', 'free', clock.now());
    await crashedCallHold({ services: before }, user.id, clock.now());
    await closeServices(before);

    service = await TestService.start(dialect, { database, clock });
    const { db } = service.services.storage;
    const period = CLOCK_START.slice(0, 7);
    await expect.poll(async () => (await quotaUsage(db, user.id, period)).held, { timeout: 20_000 }).toBe(0);
    expect(service.logLines.some((line) => line.includes('quota units of crashed calls given back'))).toBe(
      true,
    );

    // The local runner's minutes are the service clock's; pg-boss's cron runs on real minutes, which
    // the every-minute test of pg-boss waits for.
    if (dialect === 'sqlite') {
      await crashedCallHold(service, user.id, clock.now());
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await quotaUsage(db, user.id, period)).held).toBe(1);
      clock.advanceSeconds(60);
      await expect.poll(async () => (await quotaUsage(db, user.id, period)).held, { timeout: 5000 }).toBe(0);
    }
  });
});
