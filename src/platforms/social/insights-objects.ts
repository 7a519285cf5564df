import { minorToMicros } from '../../money.ts';
import type { PerformanceAnswer } from '../performance.ts';
import type { PlatformSession } from '../session.ts';
import { adSchema, adSetSchema } from './ad-sets.ts';
import { graphUrl } from './graph.ts';
import { readEveryPage } from './graph-read.ts';

/**
 * The effective statuses an ad set or ad is listed by, archived ones included (a report covers them);
 * deleted ones are never listed on an edge, so a deleted object keeps the name its rows give.
 */
const AD_SET_STATUSES = ['ACTIVE', 'PAUSED', 'CAMPAIGN_PAUSED', 'IN_PROCESS', 'WITH_ISSUES', 'ARCHIVED'];
const AD_STATUSES = [
  ...AD_SET_STATUSES,
  'ADSET_PAUSED',
  'PENDING_REVIEW',
  'DISAPPROVED',
  'PREAPPROVED',
  'PENDING_BILLING_INFO',
];
const PAGE_SIZE = '100';

/** A daily budget in micros: null when there is none (0 or absent: the campaign's or a lifetime one). */
export function dailyMicros(minor: number | undefined, currency: string): number | null {
  return minor ? minorToMicros(minor, currency) : null;
}

type AdGroups = NonNullable<PerformanceAnswer['adGroups']>;
type Ads = NonNullable<PerformanceAnswer['ads']>;

/** What an insights row names below its campaign: the ad set's and ad's ids and names. */
export interface NamedRow {
  campaign_id: string;
  adset_id?: string | undefined;
  adset_name?: string | undefined;
  ad_id?: string | undefined;
  ad_name?: string | undefined;
}

/**
 * The ad sets (and at level ad, the ads) the rows name, as they stand: `GET /act_{id}/adsets` (and
 * `/ads`) with their name, `status` and the ad set's `daily_budget` (none when its campaign holds the
 * budget). An object the edges no longer list (deleted) keeps the name its rows give, without a status.
 */
export async function reportedObjects(
  session: PlatformSession,
  adAccountId: string,
  currency: string,
  rows: NamedRow[],
  withAds: boolean,
): Promise<{ adGroups: AdGroups; ads: Ads | undefined }> {
  const edge = (name: string, fields: string, statuses: string[]) =>
    graphUrl(session.endpoints, `/${encodeURIComponent(adAccountId)}/${name}`, {
      fields,
      effective_status: JSON.stringify(statuses),
      limit: PAGE_SIZE,
    });
  const [adSets, ads] = await Promise.all([
    readEveryPage(
      session,
      "the ad account's ad sets",
      edge('adsets', 'id,name,campaign_id,status,daily_budget', AD_SET_STATUSES),
      adSetSchema.pick({ id: true, name: true, campaign_id: true, status: true, daily_budget: true }),
    ),
    withAds
      ? readEveryPage(
          session,
          "the ad account's ads",
          edge('ads', 'id,name,adset_id,campaign_id,status', AD_STATUSES),
          adSchema.pick({ id: true, name: true, adset_id: true, campaign_id: true, status: true }),
        )
      : Promise.resolve([]),
  ]);
  const adSetById = new Map(adSets.map((adSet) => [adSet.id, adSet]));
  const adById = new Map(ads.map((ad) => [ad.id, ad]));
  const adGroups = new Map<string, AdGroups[number]>();
  const reportedAds = new Map<string, Ads[number]>();
  for (const row of rows) {
    if (row.adset_id && !adGroups.has(row.adset_id)) {
      const adSet = adSetById.get(row.adset_id);
      adGroups.set(row.adset_id, {
        id: row.adset_id,
        name: adSet?.name ?? row.adset_name ?? row.adset_id,
        campaignId: row.campaign_id,
        platformStatus: adSet?.status,
        dailyBudgetMicros: dailyMicros(adSet?.daily_budget, currency),
      });
    }
    if (withAds && row.ad_id && !reportedAds.has(row.ad_id)) {
      const ad = adById.get(row.ad_id);
      reportedAds.set(row.ad_id, {
        id: row.ad_id,
        name: ad?.name ?? row.ad_name ?? row.ad_id,
        campaignId: row.campaign_id,
        adGroupId: row.adset_id,
        platformStatus: ad?.status,
        dailyBudgetMicros: null,
      });
    }
  }
  return { adGroups: [...adGroups.values()], ads: withAds ? [...reportedAds.values()] : undefined };
}
