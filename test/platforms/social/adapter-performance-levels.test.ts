import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMetrics,
  type CampaignMetrics,
  type CampaignPerformanceRow,
  DEVICES,
  NO_METRICS,
} from '../../../src/platforms/performance.ts';
import type { PlatformSession } from '../../../src/platforms/session.ts';
import { readCampaignPerformance } from '../../../src/platforms/social/insights.ts';
import type { SandboxAd, SandboxAdSet } from '../../../src/sandbox/social/ad-set-records.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { changeSandboxCampaign, sessionFor, socialAccounts } from './support.ts';

/** The metrics of the rows, summed by the key each row gives. */
function sums(rows: CampaignPerformanceRow[], key: (row: CampaignPerformanceRow) => string) {
  const out = new Map<string, CampaignMetrics>();
  for (const row of rows) out.set(key(row), addMetrics(out.get(key(row)) ?? NO_METRICS, row.metrics));
  return out;
}

/**
 * The social performance reader below the campaign: insights at level adset and ad on the sandbox, each
 * level's rows adding up to the campaigns' per day, the ad sets and ads named with their status and
 * budget, and rows by device_platform adding up to the object's row.
 */
describe.each(TEST_DIALECTS)(
  'the social adapter reading performance by ad set, ad and device (%s)',
  (dialect) => {
    const clock = new TestClock('2026-11-22T10:00:00.000Z');
    const period = { start: '2026-10-23', end: '2026-11-21' };
    let service: TestService;
    let session: PlatformSession;
    let store: SandboxStore;
    let accountId: string;
    const read = (query: Parameters<typeof readCampaignPerformance>[3]) =>
      readCampaignPerformance(session, accountId, 'USD', query);

    beforeAll(async () => {
      service = await TestService.start(dialect, { clock });
      const owner = await service.createOwner('free', ['social']);
      const [account] = await socialAccounts(service, owner);
      if (!account) throw new Error('no social account');
      accountId = account.account_id;
      store = new SandboxStore(service.services.storage.db, 'social');
      session = await sessionFor(service, owner, account);
      // The campaign whose ad sets hold their budgets was created paused: it runs from five days ago.
      const engagement = (await store.list<any>('campaign', accountId)).find(
        (c) => c.data.name === 'Instagram engagement test',
      );
      await changeSandboxCampaign(service, engagement?.id ?? '', { status: 'ACTIVE' }, '2026-11-17');
    });
    afterAll(() => service.stop());

    it("splits each campaign's days among its ad sets and ads, exactly, and names them", async () => {
      const byCampaign = await read({ ...period, byDay: true });
      const byAdSet = await read({ ...period, byDay: true, level: 'ad_group' });
      const byAd = await read({ ...period, byDay: true, level: 'ad' });
      expect(byCampaign.adGroups).toBeUndefined();
      const adSets = await store.list<SandboxAdSet>('adset', accountId);
      const ads = await store.list<SandboxAd>('ad', accountId);

      const key = (row: CampaignPerformanceRow) => `${row.campaignId} ${row.date}`;
      const withAdSets = new Set(adSets.map((adSet) => adSet.data.campaign_id));
      const campaignDays = sums(
        byCampaign.rows.filter((row) => withAdSets.has(row.campaignId)),
        key,
      );
      expect(campaignDays.size).toBeGreaterThan(30);
      expect(sums(byAdSet.rows, key)).toEqual(campaignDays);
      expect(sums(byAd.rows, key)).toEqual(campaignDays);
      // Each ad's rows add up to its ad set's, day by day.
      const adSetKey = (row: CampaignPerformanceRow) => `${row.adGroupId} ${row.date}`;
      expect(sums(byAd.rows, adSetKey)).toEqual(sums(byAdSet.rows, adSetKey));

      for (const row of byAdSet.rows) {
        const adSet = adSets.find((a) => a.id === row.adGroupId);
        expect(adSet?.data.campaign_id).toBe(row.campaignId);
        expect(row.adId).toBeUndefined();
      }
      for (const row of byAd.rows) {
        const ad = ads.find((a) => a.id === row.adId);
        expect(ad?.data.adset_id).toBe(row.adGroupId);
      }

      // Every ad set a row names is named, with its status and own daily budget (null under a campaign budget).
      const reported = new Set(byAdSet.rows.map((row) => row.adGroupId));
      expect(byAdSet.adGroups?.map((a) => a.id).sort()).toEqual([...reported].sort());
      const named = new Map(byAdSet.adGroups?.map((a) => [a.name, a]));
      expect(named.get('Reels: 18-34')).toMatchObject({
        platformStatus: 'ACTIVE',
        dailyBudgetMicros: 30_000_000,
      });
      expect(named.get('Feed: follower lookalike')?.dailyBudgetMicros).toBeNull();
      expect(named.get('Lookalike 1%: purchasers')).toMatchObject({
        platformStatus: 'ACTIVE',
        dailyBudgetMicros: null,
      });
      for (const adGroup of byAdSet.adGroups ?? []) {
        const stored = adSets.find((a) => a.id === adGroup.id);
        expect(adGroup).toMatchObject({ name: stored?.data.name, campaignId: stored?.data.campaign_id });
        expect(adGroup.platformStatus).toBe(stored?.data.status);
      }
      expect(byAd.ads?.length).toBe(new Set(byAd.rows.map((row) => row.adId)).size);
      for (const ad of byAd.ads ?? []) {
        const stored = ads.find((a) => a.id === ad.id);
        expect(ad).toMatchObject({
          name: stored?.data.name,
          adGroupId: stored?.data.adset_id,
          platformStatus: stored?.data.status,
        });
      }
      // A paused ad has no delivery, so no row; an ad set paused two weeks ago ran before.
      expect(byAd.ads?.some((ad) => ad.name === 'Single image: old promo')).toBe(false);
      expect(named.get('Interests: outdoor living')?.platformStatus).toBe('PAUSED');
    });

    it('answers each campaign with its status and daily budget, at every level', async () => {
      for (const level of ['campaign', 'ad_group', 'ad'] as const) {
        const answer = await read({ ...period, byDay: false, level });
        const named = new Map(answer.campaigns.map((c) => [c.name, c]));
        expect(named.get('Always-on prospecting')).toMatchObject({
          platformStatus: 'ACTIVE',
          dailyBudgetMicros: 200_000_000,
        });
        // Its ad sets hold the budget.
        expect(named.get('Instagram engagement test')).toMatchObject({
          platformStatus: 'ACTIVE',
          dailyBudgetMicros: null,
        });
      }
    });

    it('splits each row among devices so that they add up to it, at every level', async () => {
      for (const level of ['campaign', 'ad_group', 'ad'] as const) {
        const whole = await read({ ...period, byDay: false, level });
        const byDevice = await read({ ...period, byDay: false, level, byDevice: true });
        const object = (row: CampaignPerformanceRow) => `${row.campaignId} ${row.adGroupId} ${row.adId}`;
        expect(sums(byDevice.rows, object)).toEqual(sums(whole.rows, object));
        for (const row of byDevice.rows) expect(DEVICES).toContain(row.device);
        expect(new Set(byDevice.rows.map((row) => row.device))).toEqual(new Set(['MOBILE', 'DESKTOP']));
        // Meta's app and mobile browser are both MOBILE: two rows per object there, one on desktops.
        const first = whole.rows[0];
        const ofFirst = byDevice.rows.filter((row) => object(row) === (first && object(first)));
        expect(ofFirst.map((row) => row.device).sort()).toEqual(['DESKTOP', 'MOBILE', 'MOBILE']);
        expect(whole.rows.every((row) => row.device === undefined)).toBe(true);
      }
    });

    it('reads the ad sets and ads of the campaigns asked for alone', async () => {
      const campaigns = await read({ ...period, byDay: false });
      const prospecting = campaigns.campaigns.find((c) => c.name === 'Always-on prospecting')?.id ?? '';
      const answer = await read({ ...period, byDay: false, level: 'ad', campaignIds: [prospecting] });
      expect(answer.campaigns.map((c) => c.id)).toEqual([prospecting]);
      expect(answer.rows.every((row) => row.campaignId === prospecting)).toBe(true);
      expect(answer.adGroups?.map((a) => a.name).sort()).toEqual([
        'Broad: 18-65+',
        'Interests: home & design',
        'Interests: outdoor living',
        'Lookalike 1%: purchasers',
      ]);
      expect(answer.ads?.every((ad) => ad.campaignId === prospecting)).toBe(true);
      const whole = campaigns.rows.find((row) => row.campaignId === prospecting);
      expect(sums(answer.rows, () => 'all').get('all')).toEqual(whole?.metrics);
    });
  },
);
