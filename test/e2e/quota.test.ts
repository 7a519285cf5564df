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
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
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

  it('returns the unit of a call that fails, and charges nothing for a dry run', async () => {
    const owner = await first.createOwner('free');
    expect((await first.call('test_probe', {}, { key: owner.key })).body.data.quota.used).toBe(1);
    for (const outcome of ['upstream_rejected', 'upstream_throttled', 'crash']) {
      expect((await first.call('test_probe', { outcome }, { key: owner.key })).status).not.toBe(200);
    }
    const dry = await first.call('test_probe', { dry_run: true }, { key: owner.key });
    expect(dry.status).toBe(200);
    expect(dry.body.data.quota).toBeUndefined();
    expect((await first.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used).toBe(1);
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
