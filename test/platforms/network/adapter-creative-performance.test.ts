import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkClient } from '../../../src/platforms/network/client.ts';
import { readCampaignPerformance } from '../../../src/platforms/network/performance.ts';
import { networkProtocol } from '../../../src/platforms/network/protocol.ts';
import {
  addMetrics,
  type CampaignMetrics,
  type CampaignPerformanceRow,
  NO_METRICS,
} from '../../../src/platforms/performance.ts';
import { PlatformSession } from '../../../src/platforms/session.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';

type Json = Record<string, any>;

/** The metrics of the rows, summed by the key each row gives. */
function sums(rows: CampaignPerformanceRow[], key: (row: CampaignPerformanceRow) => string) {
  const out = new Map<string, CampaignMetrics>();
  for (const row of rows) out.set(key(row), addMetrics(out.get(key(row)) ?? NO_METRICS, row.metrics));
  return out;
}

/**
 * The network performance reader at level `ad`: adAnalytics pivoted by CREATIVE on the sandbox, each
 * creative's rows adding up to its campaign's, the creatives named with their status and campaign, and
 * every campaign with its status and daily budget.
 */
describe.each(TEST_DIALECTS)('the network adapter reading performance by creative (%s)', (dialect) => {
  const clock = new TestClock('2026-11-22T10:00:00.000Z');
  const period = { start: '2026-10-23', end: '2026-11-21' };
  let service: TestService;
  let client: NetworkClient;
  let store: SandboxStore;
  let accountId: string;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    const owner = await service.createOwner('pro', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    if (!account) throw new Error('no network account');
    accountId = account.account_id;
    store = new SandboxStore(service.services.storage.db, 'network');
    const trace = { upstreamRequestIds: [], createdObjectIds: [] };
    client = new NetworkClient(
      await PlatformSession.open({ services: service.services, account, trace }, networkProtocol),
    );
  });
  afterAll(() => service.stop());

  it("splits each campaign's days among its creatives, exactly, and names them", async () => {
    const byCampaign = await readCampaignPerformance(client, { ...period, byDay: true }, 'USD');
    const byCreative = await readCampaignPerformance(client, { ...period, byDay: true, level: 'ad' }, 'USD');
    expect(byCampaign.ads).toBeUndefined();
    const creatives = await store.list<Json>('creative', accountId);
    const withCreatives = new Set(creatives.map((c) => c.parentId));

    for (const row of byCreative.rows) {
      expect(row.adId).toMatch(/^\d+$/);
      expect(creatives.find((c) => c.id === row.adId)?.parentId).toBe(row.campaignId);
    }
    // Per campaign and day, the creatives' rows add up to the campaign's row.
    const key = (row: CampaignPerformanceRow) => `${row.campaignId} ${row.date}`;
    const campaignDays = sums(
      byCampaign.rows.filter((row) => withCreatives.has(row.campaignId)),
      key,
    );
    expect(sums(byCreative.rows, key)).toEqual(campaignDays);
    // The carousel's two variations share its days, each its own part.
    const carousel = byCreative.rows.filter((row) => row.campaignId === '123456789');
    const variations = sums(carousel, (row) => row.adId ?? '');
    expect(variations.size).toBe(2);
    const [a, b] = [...variations.values()];
    expect(a?.impressions).not.toBe(b?.impressions);

    expect(byCreative.ads?.map((ad) => ad.name).sort()).toEqual([
      'Customer story',
      'Everyone, everywhere',
      'Free trial',
      'Plans from $5',
      'Variation A',
      'Variation B',
    ]);
    for (const ad of byCreative.ads ?? []) {
      expect(ad.platformStatus).toBe('ACTIVE');
      expect(creatives.find((c) => c.id === ad.id)?.parentId).toBe(ad.campaignId);
    }
    // A campaign that ran without creatives (in September) has campaign rows and no creative rows.
    const september = { start: '2026-09-01', end: '2026-09-30', byDay: false };
    const ran = await readCampaignPerformance(client, september, 'USD');
    const ranByCreative = await readCampaignPerformance(client, { ...september, level: 'ad' }, 'USD');
    const teaser = ran.campaigns.find((c) => c.name === 'Video: launch teaser');
    expect(ran.rows.some((row) => row.campaignId === teaser?.id)).toBe(true);
    expect(ranByCreative.rows.some((row) => row.campaignId === teaser?.id)).toBe(false);
  });

  it('answers each campaign with its status and daily budget, at every level', async () => {
    for (const level of ['campaign', 'ad'] as const) {
      const answer = await readCampaignPerformance(client, { ...period, byDay: false, level }, 'USD');
      const named = new Map(answer.campaigns.map((c) => [c.name, c]));
      expect(named.get('Carousel: product tour')).toMatchObject({
        id: '123456789',
        platformStatus: 'PAUSED',
        dailyBudgetMicros: 50_000_000,
      });
      expect(named.get('Single image: free trial')).toMatchObject({
        platformStatus: 'ACTIVE',
        dailyBudgetMicros: 60_000_000,
      });
      // A lifetime budget alone: no daily budget of its own.
      expect(named.get('Runaway: audience expansion')?.dailyBudgetMicros).toBeNull();
    }
  });

  it('reads the creatives of the campaigns asked for alone, for the whole period', async () => {
    const answer = await readCampaignPerformance(
      client,
      { ...period, byDay: false, level: 'ad', campaignIds: ['123456789'] },
      'USD',
    );
    expect(answer.campaigns.map((c) => c.id)).toEqual(['123456789']);
    expect(answer.ads?.map((ad) => ad.name).sort()).toEqual(['Variation A', 'Variation B']);
    expect(answer.rows).toHaveLength(2);
    expect(answer.rows.every((row) => row.date === undefined && row.campaignId === '123456789')).toBe(true);
    const whole = await readCampaignPerformance(
      client,
      { ...period, byDay: false, campaignIds: ['123456789'] },
      'USD',
    );
    expect(sums(answer.rows, () => 'all').get('all')).toEqual(whole.rows[0]?.metrics);
  });
});
