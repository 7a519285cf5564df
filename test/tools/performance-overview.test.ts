import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { setConnectionStatus } from '../../src/storage/connections.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { callTool, connectOverHttp } from '../mcp/clients.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const cents = (amount: string) => Math.round(Number(amount) * 100);

describe.each(TEST_DIALECTS)('get_performance_overview on %s', (dialect) => {
  const clock = new TestClock('2026-11-23T12:00:00.000Z');
  let service: TestService;
  let owner: Owner;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    owner = await service.createOwner('pro', ['search', 'network', 'social', 'video']);
    const user = await findUserByEmail(service.services.storage.db, owner.email);
    if (!user) throw new Error('no owner');
    // A second social account in another currency: its spend is never added to the USD ones.
    await addAccount(service.services, user, { platform: 'social', currency: 'EUR', name: 'Euro shop' });
  });
  afterAll(() => service.stop());

  it('reads every connected account for one unit, with totals per currency that are the sums of the rows', async () => {
    const before = (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used;
    const { status, body } = await service.call(
      'get_performance_overview',
      { date_range: 'LAST_30_DAYS' },
      { key: owner.key },
    );
    expect(status).toBe(200);
    const data = body.data.structured;
    expect(data.period).toEqual({ start: '2026-10-24', end: '2026-11-22' });
    expect(data.accounts.map((a: any) => a.platform).sort()).toEqual([
      'network',
      'search',
      'social',
      'social',
      'video',
    ]);
    expect(data.unreadable).toEqual([]);
    expect(data.totals.map((t: any) => t.currency).sort()).toEqual(['EUR', 'USD']);
    for (const total of data.totals) {
      const rows = data.accounts.filter((a: any) => a.currency === total.currency);
      expect(total.impressions).toBe(sum(rows.map((a: any) => a.impressions)));
      expect(cents(total.spend)).toBe(sum(rows.map((a: any) => cents(a.spend))));
    }
    for (const account of data.accounts) expect(account.impressions).toBeGreaterThan(0);
    expect(body.data.text).toContain('| **Total USD** |');
    expect(body.data.text).toContain('| **Total EUR** |');
    expect((await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used).toBe(
      before + 1,
    );
  });

  it('answers the same bytes twice', async () => {
    const first = await service.call(
      'get_performance_overview',
      { start_date: '2026-11-01', end_date: '2026-11-20' },
      { key: owner.key },
    );
    const second = await service.call(
      'get_performance_overview',
      { start_date: '2026-11-01', end_date: '2026-11-20' },
      { key: owner.key },
    );
    // Everything but the quota count, which each call raises.
    const { quota: _first, ...firstData } = first.body.data;
    const { quota: _second, ...secondData } = second.body.data;
    expect(JSON.stringify(secondData)).toBe(JSON.stringify(firstData));
  });

  it('names an account it could not read, and still answers for the others, over MCP too', async () => {
    const { db } = service.services.storage;
    const [video] = await listAdAccounts(db, owner.userId, 'video');
    if (!video) throw new Error('no video account');
    await setConnectionStatus(db, video.connection_id, 'expired', clock.now());
    const client = await connectOverHttp(service.url, owner.key);
    try {
      const result = await callTool(client, {
        name: 'get_performance_overview',
        arguments: { date_range: 'LAST_7_DAYS' },
      });
      expect(result.isError).toBeFalsy();
      const data = result.structuredContent as any;
      expect(data.accounts.map((a: any) => a.platform)).not.toContain('video');
      expect(data.accounts).toHaveLength(4);
      expect(data.unreadable).toEqual([
        expect.objectContaining({
          platform: 'video',
          account_id: video.account_id,
          code: 'connection_expired',
        }),
      ]);
      expect(JSON.stringify(result.content)).toContain('Not read:');
    } finally {
      await client.close();
      await setConnectionStatus(db, video.connection_id, 'active', clock.now());
    }
  });

  it('refuses bad dates with the field and the rule', async () => {
    const future = await service.call(
      'get_performance_overview',
      { start_date: '2026-11-20', end_date: '2026-11-30' },
      { key: owner.key },
    );
    expect([future.status, future.body.code]).toEqual([400, 'invalid_arguments']);
    expect(future.body.error).toContain('end_date');
    const both = await service.call(
      'get_performance_overview',
      { date_range: 'TODAY', start_date: '2026-11-01' },
      { key: owner.key },
    );
    expect(both.status).toBe(400);
  });
});
