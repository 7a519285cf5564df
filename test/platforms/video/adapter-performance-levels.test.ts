import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMetrics,
  type CampaignMetrics,
  type CampaignPerformanceRow,
  NO_METRICS,
  type PerformanceQuery,
} from '../../../src/platforms/performance.ts';
import { PlatformSession } from '../../../src/platforms/session.ts';
import { VideoClient } from '../../../src/platforms/video/client.ts';
import { readCampaignPerformance } from '../../../src/platforms/video/performance.ts';
import { videoProtocol } from '../../../src/platforms/video/protocol.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { SEEDED, videoAccounts } from './read-support.ts';

type Json = Record<string, any>;

/** The metrics of the rows, summed by the key each row gives. */
function sums(rows: CampaignPerformanceRow[], key: (row: CampaignPerformanceRow) => string) {
  const out = new Map<string, CampaignMetrics>();
  for (const row of rows) out.set(key(row), addMetrics(out.get(key(row)) ?? NO_METRICS, row.metrics));
  return out;
}

/** Only the rows with something in them: TikTok answers zeros for objects that did nothing. */
const delivered = (rows: CampaignPerformanceRow[]) =>
  rows.filter((row) => row.metrics.impressions > 0 || row.metrics.spendMicros > 0);

/**
 * The video performance reader below the campaign: report/integrated/get at AUCTION_ADGROUP and
 * AUCTION_AD on the sandbox, each level's rows adding up to the campaigns' per day, the ad groups and ads
 * named with their operation_status and daily budget, and every campaign with its own.
 */
describe.each(TEST_DIALECTS)('the video adapter reading performance by ad group and ad (%s)', (dialect) => {
  const clock = new TestClock('2026-11-22T10:00:00.000Z');
  const period = { start: '2026-10-23', end: '2026-11-21' };
  let service: TestService;
  let client: VideoClient;
  let store: SandboxStore;
  let advertiserId: string;
  const read = (query: PerformanceQuery) => readCampaignPerformance(client, advertiserId, 'USD', query);

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    const owner = await service.createOwner('pro', ['video']);
    const [account] = await videoAccounts(service, owner);
    if (!account) throw new Error('no video account');
    advertiserId = account.account_id;
    store = new SandboxStore(service.services.storage.db, 'video');
    const trace = { upstreamRequestIds: [], createdObjectIds: [] };
    const throttleCodes = service.services.config.platforms.videoThrottleCodes;
    client = new VideoClient(
      await PlatformSession.open(
        { services: service.services, account, trace },
        videoProtocol(throttleCodes),
      ),
    );
  });
  afterAll(() => service.stop());

  it("splits each campaign's days among its ad groups and ads, exactly, and names them", async () => {
    const byCampaign = await read({ ...period, byDay: true });
    const byAdGroup = await read({ ...period, byDay: true, level: 'ad_group' });
    const byAd = await read({ ...period, byDay: true, level: 'ad' });
    expect(byCampaign.adGroups).toBeUndefined();
    const adGroups = await store.list<Json>('adgroup', advertiserId);
    const ads = await store.list<Json>('ad', advertiserId);

    const key = (row: CampaignPerformanceRow) => `${row.campaignId} ${row.date}`;
    const campaignDays = sums(delivered(byCampaign.rows), key);
    expect(campaignDays.size).toBeGreaterThan(30);
    expect(sums(delivered(byAdGroup.rows), key)).toEqual(campaignDays);
    expect(sums(delivered(byAd.rows), key)).toEqual(campaignDays);
    const adGroupKey = (row: CampaignPerformanceRow) => `${row.adGroupId} ${row.date}`;
    expect(sums(delivered(byAd.rows), adGroupKey)).toEqual(sums(delivered(byAdGroup.rows), adGroupKey));

    for (const row of byAdGroup.rows) {
      expect(adGroups.find((a) => a.id === row.adGroupId)?.data.campaign_id).toBe(row.campaignId);
      expect(row.adId).toBeUndefined();
    }
    for (const row of byAd.rows) {
      expect(ads.find((a) => a.id === row.adId)?.data.adgroup_id).toBe(row.adGroupId);
    }

    const reported = new Set(delivered(byAdGroup.rows).map((row) => row.adGroupId));
    expect(byAdGroup.adGroups?.map((a) => a.id).sort()).toEqual([...reported].sort());
    const named = new Map(byAdGroup.adGroups?.map((a) => [a.name, a]));
    expect(named.get('Prospecting: broad')).toMatchObject({
      campaignId: SEEDED.alwaysOn,
      platformStatus: 'ENABLE',
      dailyBudgetMicros: 120_000_000,
    });
    // Its campaign's budget bounds it: none of its own.
    expect(named.get('Site visitors 30 days')).toMatchObject({
      platformStatus: 'ENABLE',
      dailyBudgetMicros: null,
    });
    for (const adGroup of byAdGroup.adGroups ?? []) {
      const stored = adGroups.find((a) => a.id === adGroup.id);
      expect(adGroup).toMatchObject({
        name: stored?.data.adgroup_name,
        campaignId: stored?.data.campaign_id,
        platformStatus: stored?.data.operation_status,
      });
    }
    expect(byAd.ads?.length).toBe(new Set(delivered(byAd.rows).map((row) => row.adId)).size);
    for (const ad of byAd.ads ?? []) {
      const stored = ads.find((a) => a.id === ad.id);
      expect(ad).toMatchObject({
        name: stored?.data.ad_name,
        adGroupId: stored?.data.adgroup_id,
        campaignId: stored?.data.campaign_id,
        platformStatus: stored?.data.operation_status,
      });
    }
    // An ad that never ran has no row, so no name.
    expect(byAd.ads?.some((ad) => ad.name === 'Lookalike: old cut')).toBe(false);
    expect(byAd.ads?.some((ad) => ad.name === 'Broad: unboxing 20s')).toBe(true);
  });

  it('answers each campaign with its status and daily budget, at every level', async () => {
    for (const level of ['campaign', 'ad_group', 'ad'] as const) {
      const answer = await read({ ...period, byDay: false, level });
      const named = new Map(answer.campaigns.map((c) => [c.id, c]));
      expect(named.get(SEEDED.alwaysOn)).toMatchObject({
        name: 'Always on: prospecting',
        platformStatus: 'ENABLE',
        dailyBudgetMicros: 250_000_000,
      });
      expect(named.get(SEEDED.springLaunch)).toMatchObject({
        platformStatus: 'DISABLE',
        dailyBudgetMicros: 100_000_000,
      });
      // A total budget is not a daily one.
      expect(named.get(SEEDED.holidayTeaser)?.dailyBudgetMicros).toBeNull();
    }
  });

  it('reads the ad groups of the campaigns asked for alone, for the whole period', async () => {
    const query = { ...period, byDay: false, campaignIds: [SEEDED.alwaysOn] };
    const answer = await read({ ...query, level: 'ad_group' });
    expect(answer.campaigns.map((c) => c.id)).toEqual([SEEDED.alwaysOn]);
    expect(answer.rows.every((row) => row.campaignId === SEEDED.alwaysOn && row.date === undefined)).toBe(
      true,
    );
    expect(answer.adGroups?.map((a) => a.name).sort()).toEqual([
      'Prospecting: broad',
      'Prospecting: interests',
      'Prospecting: lookalike 1%',
      'Prospecting: old creatives',
    ]);
    const whole = await read(query);
    expect(sums(answer.rows, () => 'all').get('all')).toEqual(whole.rows[0]?.metrics);
  });
});
