import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSearchCampaignPerformance } from '../../../src/tools/search/get-search-campaign-performance.ts';
import { TestService } from '../../support/service.ts';

type Json = Record<string, any>;

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** get_search_campaign_performance below the campaign, on the Google Ads sandbox: every level adds up. */
describe('Google Ads performance by ad group and by ad', () => {
  let service: TestService;
  let key: string;
  beforeAll(async () => {
    service = await TestService.start('sqlite');
    key = (await service.createOwner('pro', ['search'])).key;
  });
  afterAll(() => service.stop());

  const report = async (args: Json) => {
    const { status, body } = await service.call(getSearchCampaignPerformance.name, args, { key });
    expect(status, JSON.stringify(body)).toBe(200);
    return getSearchCampaignPerformance.output?.parse(body.data.structured) as Json;
  };

  it('names each ad with its ad group and campaign, and the ads of an ad group add up to it', async () => {
    const groups = await report({ date_range: 'LAST_7_DAYS', level: 'ad_group' });
    const ads = await report({ date_range: 'LAST_7_DAYS', level: 'ad' });
    expect(ads.ads.length).toBeGreaterThan(groups.ad_groups.filter((g: Json) => Number(g.spend) > 0).length);
    expect(cents(ads.totals.spend)).toBe(cents(groups.totals.spend));
    for (const group of groups.ad_groups as Json[]) {
      const mine = (ads.ads as Json[]).filter((ad) => ad.ad_group_id === group.ad_group_id);
      const spend = mine.reduce((sum, ad) => sum + cents(ad.spend), 0);
      expect(spend, group.name).toBe(cents(group.spend));
      expect(mine.reduce((sum, ad) => sum + ad.clicks, 0)).toBe(group.clicks);
      for (const ad of mine) expect(ad.campaign_id).toBe(group.campaign_id);
    }
    expect(new Set((ads.ads as Json[]).map((ad) => ad.status))).toEqual(
      new Set(['ACTIVE', 'PAUSED', 'REMOVED']),
    );
  });

  it('splits an ad level report by device, each ad its devices summed', async () => {
    const ads = await report({ date_range: 'LAST_7_DAYS', level: 'ad', breakdown: 'device' });
    for (const ad of ads.ads as Json[]) {
      const spend = (ad.devices as Json[]).reduce((sum, device) => sum + cents(device.spend), 0);
      expect(spend, ad.name).toBe(cents(ad.spend));
    }
  });
});
