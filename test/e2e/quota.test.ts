import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { probeTool } from '../support/fixture-tools.ts';
import { TestService } from '../support/service.ts';

const LIMITS = { ADOPS_TIER_LIMITS: 'free=10,plus=150,pro=600,max=3000' };

describe.each(TEST_DIALECTS)('quota on %s', (dialect) => {
  const probe = probeTool('test_probe');
  const clock = new TestClock('2026-11-30T23:59:00.000Z');
  let first: TestService;
  let second: TestService;

  beforeAll(async () => {
    first = await TestService.start(dialect, { env: LIMITS, clock, extraTools: [probe.tool] });
    // On PostgreSQL a second instance shares the database, as several servers would in production.
    second =
      dialect === 'postgres'
        ? await TestService.start(dialect, {
            env: LIMITS,
            clock,
            database: first.database,
            extraTools: [probe.tool],
          })
        : first;
  });
  afterAll(async () => {
    if (second !== first) await second.stop();
    await first.stop();
  });

  it('lets exactly the limit through when 50 billable calls race', async () => {
    const owner = await first.createOwner('free');
    const calls = Array.from({ length: 50 }, (_, i) =>
      (i % 2 ? second : first).call('test_probe', { delay_ms: 20 }, { key: owner.key }),
    );
    const results = await Promise.all(calls);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    // Refused: 402 once the ten have settled, 429 quota_in_flight while they still hold the units.
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect([402, 429]).toContain(r.status);
      expect(r.body.code).toBe(r.status === 402 ? 'quota_exceeded' : 'quota_in_flight');
    }
    const counts = results.filter((r) => r.status === 200).map((r) => r.body.data.quota.used);
    expect(new Set(counts)).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    const usage = await second.call('get_usage_status', {}, { key: owner.key });
    expect(usage.status).toBe(200);
    expect(usage.body.data.quota.used).toBe(10);
  });

  it('answers 402 with the full quota block, and exempt tools still work', async () => {
    const owner = await first.createOwner('free', ['social']);
    for (let i = 0; i < 10; i++)
      expect((await first.call('test_probe', {}, { key: owner.key })).status).toBe(200);
    const refused = await first.call('test_probe', {}, { key: owner.key });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'quota_exceeded',
      quota: {
        used: 10,
        limit: 10,
        tier: 'free',
        period_end: '2026-12-01',
        upgrade_url: `${first.services.config.appUrl}/billing`,
      },
    });
    expect(refused.body.error).toContain('2026-12-01');
    for (const tool of ['get_usage_status', 'list_connected_accounts', 'get_connections_status']) {
      expect((await first.call(tool, {}, { key: owner.key })).status).toBe(200);
    }
  });

  it('returns the unit of a call that fails, and charges a dry run as the read it is', async () => {
    const owner = await first.createOwner('free');
    expect((await first.call('test_probe', {}, { key: owner.key })).body.data.quota.used).toBe(1);
    for (const outcome of ['upstream_rejected', 'upstream_throttled', 'crash']) {
      expect((await first.call('test_probe', { outcome }, { key: owner.key })).status).not.toBe(200);
    }
    const dry = await first.call('test_probe', { dry_run: true }, { key: owner.key });
    expect(dry.status).toBe(200);
    expect(dry.body.data.quota.used).toBe(2);
    expect((await first.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used).toBe(2);
  });

  it('tells a caller when running calls hold the last units, and gives back those that fail', async () => {
    const owner = await first.createOwner('free');
    for (let i = 0; i < 8; i++) await first.call('test_probe', {}, { key: owner.key });
    const running = [
      first.call('test_probe', { delay_ms: 600 }, { key: owner.key }),
      second.call('test_probe', { delay_ms: 600, outcome: 'upstream_throttled' }, { key: owner.key }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 200));
    const whileRunning = await first.call('test_probe', {}, { key: owner.key });
    expect(whileRunning.status).toBe(429);
    expect(whileRunning.body.code).toBe('quota_in_flight');
    expect(whileRunning.headers.get('retry-after')).toBe('2');
    expect(whileRunning.body.error).toContain('8 of 10 calls used, and 2 call(s) still running');
    expect(whileRunning.body.quota).toMatchObject({ used: 8, limit: 10 });
    expect((await Promise.all(running)).map((r) => r.status)).toEqual([200, 429]);
    const afterwards = await first.call('test_probe', {}, { key: owner.key });
    expect(afterwards.status).toBe(200);
    expect(afterwards.body.data.quota.used).toBe(10);
    expect((await first.call('test_probe', {}, { key: owner.key })).status).toBe(402);
  });

  it('gives back the unit of a call whose instance died, once its lease ran out', async () => {
    const owner = await first.createOwner('free');
    const { db } = first.services.storage;
    const period = clock.now().toISOString().slice(0, 7);
    // Ten units held by calls of an instance that was killed: their leases are not renewed.
    await db.insertInto('quota_usage').values({ user_id: owner.userId, period, used: 0, held: 10 }).execute();
    const lease = new Date(clock.now().getTime() + 10_000).toISOString();
    await db
      .insertInto('quota_holds')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          id: `hold_dead_${owner.userId}_${i}`,
          user_id: owner.userId,
          period,
          lease_until: lease,
          created_at: clock.now().toISOString(),
        })),
      )
      .execute();
    expect((await first.call('test_probe', {}, { key: owner.key })).body.code).toBe('quota_in_flight');
    clock.advanceSeconds(11);
    const after = await first.call('test_probe', {}, { key: owner.key });
    expect(after.status).toBe(200);
    expect(after.body.data.quota.used).toBe(1);
    const usage = await db
      .selectFrom('quota_usage')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .execute();
    expect(usage).toMatchObject([{ used: 1, held: 0 }]);
    clock.set('2026-11-30T23:59:00.000Z');
  });

  it('starts a new count on the first of the month, in UTC', async () => {
    const owner = await first.createOwner('free');
    await first.call('test_probe', {}, { key: owner.key });
    clock.set('2026-12-01T00:00:01.000Z');
    const december = await first.call('get_usage_status', {}, { key: owner.key });
    expect(december.body.data.quota).toMatchObject({ used: 0, period_end: '2027-01-01' });
    expect(december.body.data.structured.days_until_reset).toBe(31);
    clock.set('2026-11-30T23:59:00.000Z');
  });
});
