import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallTrace } from '../../../src/platforms/call-context.ts';
import { type AnalyticsRequest, NetworkClient } from '../../../src/platforms/network/client.ts';
import {
  MAX_ANALYTICS_ELEMENTS,
  readAnalytics,
  readCampaignPerformance,
} from '../../../src/platforms/network/performance.ts';
import { networkProtocol } from '../../../src/platforms/network/protocol.ts';
import { addMetrics, type CampaignMetrics, NO_METRICS } from '../../../src/platforms/performance.ts';
import { PlatformSession } from '../../../src/platforms/session.ts';
import { recordActivity } from '../../../src/sandbox/activity.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';

const EXTRA_CAMPAIGNS = 200;
const DAYS = 90;

function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The network adapter's performance reader against the LinkedIn sandbox's adAnalytics: an account with
 * more campaign days than LinkedIn answers at once (15,000 elements, cut without a word) is read whole,
 * in slices of days, and its daily rows add up to the period's.
 */
describe.each(TEST_DIALECTS)('the network adapter reading ad analytics (%s)', (dialect) => {
  const clock = new TestClock('2026-11-22T10:00:00.000Z');
  const today = '2026-11-22';
  let service: TestService;
  let client: NetworkClient;
  let trace: CallTrace;
  let accountId: string;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    const owner = await service.createOwner('pro', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    if (!account) throw new Error('no network account');
    accountId = account.account_id;
    const { db } = service.services.storage;
    const store = new SandboxStore(db, 'network');
    const [group] = await store.list('campaign_group', accountId);
    for (let i = 0; i < EXTRA_CAMPAIGNS; i++) {
      const id = String(500_000_000 + i);
      const data = {
        name: `Bulk ${i}`,
        status: 'ACTIVE',
        campaignGroup: `urn:li:sponsoredCampaignGroup:${group?.id}`,
      };
      await store.put({ type: 'campaign', id, accountId, parentId: group?.id ?? null, data }, clock.now());
      await recordActivity(db, 'network', id, shift(today, -DAYS), {
        active: true,
        dailyBudgetMicros: 50_000_000,
      });
    }
    trace = { upstreamRequestIds: [], createdObjectIds: [] };
    client = new NetworkClient(
      await PlatformSession.open({ services: service.services, account, trace }, networkProtocol),
    );
  });
  afterAll(() => service.stop());

  const period = { start: shift(today, -DAYS), end: shift(today, -1) };

  it('gets every element of a question LinkedIn would cut, by asking again in halves', async () => {
    const question: AnalyticsRequest = {
      facet: { accounts: [`urn:li:sponsoredAccount:${accountId}`] },
      ...period,
      granularity: 'DAILY',
    };
    // One answer stops at LinkedIn's limit...
    const cut = await client.analytics(question);
    expect(cut).toHaveLength(MAX_ANALYTICS_ELEMENTS);
    // ...the reader asks again in halves until nothing is cut: every bulk campaign on every day.
    const before = trace.upstreamRequestIds.length;
    const all = await readAnalytics(client, question);
    expect(trace.upstreamRequestIds.length - before).toBe(3);
    const bulk = all.filter((e) => e.pivotValues[0]?.startsWith('urn:li:sponsoredCampaign:5000'));
    expect(bulk.length).toBe(EXTRA_CAMPAIGNS * DAYS);
    expect(new Set(all.map((e) => `${e.pivotValues[0]} ${JSON.stringify(e.dateRange.start)}`)).size).toBe(
      all.length,
    );
  });

  it('slices a daily report so no answer is cut, and its days add up to the period', async () => {
    const before = trace.upstreamRequestIds.length;
    const daily = await readCampaignPerformance(client, { ...period, byDay: true }, 'USD');
    // Campaigns times days over 15,000: the first slice is sized to fit, none is cut, none is asked again.
    const requests = trace.upstreamRequestIds.length - before;
    // Three pages of the campaigns search (207 campaigns), then 72 days and 18 days of analytics.
    expect(requests).toBe(5);
    expect(daily.rows.filter((r) => r.campaignId.startsWith('5000')).length).toBe(EXTRA_CAMPAIGNS * DAYS);
    expect(daily.campaigns.length).toBe(EXTRA_CAMPAIGNS + 7);

    const whole = await readCampaignPerformance(client, { ...period, byDay: false }, 'USD');
    const sums = new Map<string, CampaignMetrics>();
    for (const row of daily.rows)
      sums.set(row.campaignId, addMetrics(sums.get(row.campaignId) ?? NO_METRICS, row.metrics));
    expect(whole.rows.length).toBe(sums.size);
    for (const row of whole.rows) {
      expect(row.date).toBeUndefined();
      expect(row.metrics).toEqual(sums.get(row.campaignId));
    }
  });

  it('reads given campaigns through the campaigns facet, a few at a time, and leaves out unknown ids', async () => {
    const ids = Array.from({ length: 45 }, (_, i) => String(500_000_000 + i));
    const before = trace.upstreamRequestIds.length;
    const answer = await readCampaignPerformance(
      client,
      { start: shift(today, -7), end: shift(today, -1), campaignIds: [...ids, '999999999'], byDay: false },
      'USD',
    );
    expect(answer.campaigns.map((c) => c.id).sort()).toEqual(ids);
    expect(new Set(answer.rows.map((r) => r.campaignId)).size).toBe(45);
    // The campaigns found by id (one search), then three analytics calls of at most 20 campaigns.
    expect(trace.upstreamRequestIds.length - before).toBe(4);
  });
});
