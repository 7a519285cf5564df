import { z } from 'zod';
import { decimalToMicros } from '../../money.ts';
import type { CampaignMetrics, Device, PerformanceAnswer, PerformanceQuery } from '../performance.ts';
import type { PlatformSession } from '../session.ts';
import { CAMPAIGN_EFFECTIVE_STATUSES, everyCampaign, LISTABLE_EFFECTIVE_STATUSES } from './campaigns.ts';
import { graphUrl } from './graph.ts';
import { readEveryPage } from './graph-read.ts';
import { dailyMicros, reportedObjects } from './insights-objects.ts';

/**
 * The action types counted as conversions: the conversions of the Meta pixel's standard events for a
 * purchase, a lead and a completed registration on the advertiser's site
 * (`offsite_conversion.fb_pixel_<event>`), and the leads of Meta's own lead forms
 * (`onsite_conversion.lead_grouped`). Meta's `actions` also lists roll-ups that count these same
 * conversions again (`purchase`, `omni_purchase`, `lead`, `complete_registration`): they are left out,
 * so a conversion counts once. Clicks, engagements and views are actions, not conversions.
 */
export const CONVERSION_ACTION_TYPES: ReadonlySet<string> = new Set([
  'offsite_conversion.fb_pixel_purchase',
  'offsite_conversion.fb_pixel_lead',
  'offsite_conversion.fb_pixel_complete_registration',
  'onsite_conversion.lead_grouped',
]);

/** Insights rows per page asked of Meta: a 30-day daily report of 50 campaigns is three pages. */
const PAGE_SIZE = 500;

/** Meta writes every insights number as a string. */
const count = z
  .union([z.string().regex(/^\d+$/, 'must be a whole number'), z.number().int().min(0)])
  .transform(Number);
const decimal = z
  .union([z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal number'), z.number().min(0)])
  .transform((value) => String(value));
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-01');

const insightsRowSchema = z.object({
  campaign_id: z.string().min(1),
  campaign_name: z.string().optional(),
  adset_id: z.string().min(1).optional(),
  adset_name: z.string().optional(),
  ad_id: z.string().min(1).optional(),
  ad_name: z.string().optional(),
  device_platform: z.string().optional(),
  impressions: count.optional(),
  clicks: count.optional(),
  spend: decimal.optional(),
  actions: z.array(z.object({ action_type: z.string(), value: decimal })).optional(),
  date_start: isoDate,
  date_stop: isoDate,
});
type InsightsRow = z.output<typeof insightsRowSchema>;

/**
 * Meta's `device_platform` values as the common devices: its app and mobile browser are both MOBILE
 * (Meta does not tell tablets apart there), anything else (`unknown`, values added later) OTHER.
 */
const DEVICE_PLATFORMS: Record<string, Device> = {
  mobile_app: 'MOBILE',
  mobile_web: 'MOBILE',
  desktop: 'DESKTOP',
};

/** The insights level of each report level: Meta's ad groups are its ad sets. */
const INSIGHTS_LEVEL = { campaign: 'campaign', ad_group: 'adset', ad: 'ad' } as const;
const LEVEL_FIELDS = {
  campaign: 'campaign_id,campaign_name',
  ad_group: 'campaign_id,adset_id,adset_name',
  ad: 'campaign_id,adset_id,adset_name,ad_id,ad_name',
} as const;

function metricsOf(row: InsightsRow): CampaignMetrics {
  const conversions = (row.actions ?? [])
    .filter((action) => CONVERSION_ACTION_TYPES.has(action.action_type))
    .reduce((sum, action) => sum + Number(action.value), 0);
  return {
    impressions: row.impressions ?? 0,
    clicks: row.clicks ?? 0,
    spendMicros: row.spend === undefined ? 0 : decimalToMicros(row.spend),
    conversions,
  };
}

/**
 * `GET /act_{id}/insights` at level campaign, adset or ad: one row per object with delivery (and per
 * day with `time_increment=1`, per device platform with `breakdowns=device_platform`), every page
 * followed. The `campaign.effective_status` filter names every status, deleted included, since Meta
 * leaves deleted campaigns' stats out of an account's rows otherwise; `use_unified_attribution_setting`
 * counts conversions as Ads Manager shows them.
 */
function readInsights(
  session: PlatformSession,
  adAccountId: string,
  query: PerformanceQuery,
): Promise<InsightsRow[]> {
  const filtering: Array<{ field: string; operator: string; value: string[] }> = [
    { field: 'campaign.effective_status', operator: 'IN', value: [...CAMPAIGN_EFFECTIVE_STATUSES] },
  ];
  if (query.campaignIds) filtering.push({ field: 'campaign.id', operator: 'IN', value: query.campaignIds });
  const level = query.level ?? 'campaign';
  const url = graphUrl(session.endpoints, `/${encodeURIComponent(adAccountId)}/insights`, {
    level: INSIGHTS_LEVEL[level],
    fields: `${LEVEL_FIELDS[level]},impressions,clicks,spend,actions`,
    time_range: JSON.stringify({ since: query.start, until: query.end }),
    time_increment: query.byDay ? '1' : 'all_days',
    ...(byDevice(query) && { breakdowns: 'device_platform' }),
    filtering: JSON.stringify(filtering),
    use_unified_attribution_setting: 'true',
    limit: String(PAGE_SIZE),
  });
  return readEveryPage(session, "the ad account's insights", url, insightsRowSchema);
}

/** A report by device is for the whole period (PerformanceQuery): by day wins. */
function byDevice(query: PerformanceQuery): boolean {
  return query.byDevice === true && !query.byDay;
}

/**
 * A Meta ad account's campaign performance over whole days of its time zone. The campaigns named are
 * those asked for that the account lists (archived ones included), or every campaign the account lists
 * by default (neither archived nor deleted); either way, with any campaign that has rows in the period,
 * each with its `status` and own daily budget. At level ad_group (Meta's ad sets) and ad the rows are the
 * ad sets' or ads', named with their status and the ad set's daily budget. Amounts are in `currency`, the
 * ad account's.
 */
export async function readCampaignPerformance(
  session: PlatformSession,
  adAccountId: string,
  currency: string,
  query: PerformanceQuery,
): Promise<PerformanceAnswer> {
  const [listed, rows] = await Promise.all([
    everyCampaign(session, adAccountId, query.campaignIds ? LISTABLE_EFFECTIVE_STATUSES : undefined),
    readInsights(session, adAccountId, query),
  ]);
  const asked = query.campaignIds && new Set(query.campaignIds);
  const campaigns = new Map<string, PerformanceAnswer['campaigns'][number]>();
  for (const campaign of listed) {
    if (asked && !asked.has(campaign.id)) continue;
    campaigns.set(campaign.id, {
      id: campaign.id,
      name: campaign.name,
      platformStatus: campaign.status,
      dailyBudgetMicros: dailyMicros(campaign.daily_budget, currency),
    });
  }
  const kept = rows.filter((row) => !asked || asked.has(row.campaign_id));
  for (const row of kept) {
    if (!campaigns.has(row.campaign_id))
      campaigns.set(row.campaign_id, { id: row.campaign_id, name: row.campaign_name ?? row.campaign_id });
  }
  const level = query.level ?? 'campaign';
  const below =
    level === 'campaign'
      ? undefined
      : await reportedObjects(session, adAccountId, currency, kept, level === 'ad');
  const device = byDevice(query);
  return {
    currency,
    campaigns: [...campaigns.values()],
    ...(below && { adGroups: below.adGroups }),
    ...(below?.ads && { ads: below.ads }),
    rows: kept.map((row) => ({
      campaignId: row.campaign_id,
      ...(level !== 'campaign' && { adGroupId: row.adset_id }),
      ...(level === 'ad' && { adId: row.ad_id }),
      ...(query.byDay && { date: row.date_start }),
      ...(device && { device: DEVICE_PLATFORMS[row.device_platform ?? ''] ?? 'OTHER' }),
      metrics: metricsOf(row),
    })),
  };
}
