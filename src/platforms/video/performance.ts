import { decimalToMicros } from '../../money.ts';
import type {
  CampaignMetrics,
  CampaignPerformanceRow,
  PerformanceAnswer,
  PerformanceQuery,
} from '../performance.ts';
import type { Page, ReportRow, VideoAd, VideoAdGroup } from './answers.ts';
import type { ObjectFilter, VideoClient } from './client.ts';

/** TikTok's longest period a synchronous report covers: 30 days by day, 365 days otherwise. */
const DAYS_PER_REPORT_BY_DAY = 30;
const DAYS_PER_REPORT = 365;
const DAY_MS = 86_400_000;
const DELETED = 'CAMPAIGN_STATUS_DELETE';
/** adgroup/get and ad/get take at most 100 ids a filter, and answer at most 1000 a page. */
const IDS_PER_CALL = 100;
const OBJECTS_PER_PAGE = 1000;

function dayAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The period cut into the longest spans one report may cover, in order. */
export function reportWindows(
  start: string,
  end: string,
  byDay: boolean,
): Array<{ start: string; end: string }> {
  const size = byDay ? DAYS_PER_REPORT_BY_DAY : DAYS_PER_REPORT;
  const windows: Array<{ start: string; end: string }> = [];
  for (let from = start; from <= end; from = dayAfter(from, size)) {
    const last = dayAfter(from, size - 1);
    windows.push({ start: from, end: last < end ? last : end });
  }
  return windows;
}

function hasActivity(metrics: CampaignMetrics): boolean {
  return metrics.impressions > 0 || metrics.clicks > 0 || metrics.spendMicros > 0 || metrics.conversions > 0;
}

function performanceRow(row: ReportRow, query: PerformanceQuery): CampaignPerformanceRow {
  const { metrics, dimensions } = row;
  return {
    campaignId: dimensions.campaign_id ?? metrics.campaign_id ?? '',
    ...(query.level === 'ad_group' && { adGroupId: dimensions.adgroup_id }),
    ...(query.level === 'ad' && { adGroupId: metrics.adgroup_id, adId: dimensions.ad_id }),
    date: query.byDay ? dimensions.stat_time_day?.slice(0, 10) : undefined,
    metrics: {
      impressions: Number(metrics.impressions),
      clicks: Number(metrics.clicks),
      spendMicros: decimalToMicros(metrics.spend),
      conversions: Number(metrics.conversion),
    },
  };
}

/** A daily budget in micros; null for a total or unlimited one (TikTok's budget_mode says which). */
function dailyBudget(object: { budget: number; budget_mode: string }): number | null {
  return object.budget_mode === 'BUDGET_MODE_DAY' ? decimalToMicros(String(object.budget)) : null;
}

/** The ad groups or ads of these ids, deleted ones included: a hundred ids a call, every page of each. */
async function objectsByIds<Item>(
  ids: string[],
  filterOf: (ids: string[]) => ObjectFilter,
  read: (filtering: ObjectFilter, page: number, pageSize: number) => Promise<Page<Item>>,
): Promise<Item[]> {
  const out: Item[] = [];
  for (let from = 0; from < ids.length; from += IDS_PER_CALL) {
    const filtering = { ...filterOf(ids.slice(from, from + IDS_PER_CALL)), primary_status: 'STATUS_ALL' };
    for (let page = 1; ; page++) {
      const answer = await read(filtering, page, OBJECTS_PER_PAGE);
      out.push(...answer.list);
      if (page >= answer.page_info.total_page || answer.list.length === 0) break;
    }
  }
  return out;
}

type AdGroups = NonNullable<PerformanceAnswer['adGroups']>;
type Ads = NonNullable<PerformanceAnswer['ads']>;

/**
 * The ad groups (and at level ad, the ads) the rows name with delivery, as they stand: adgroup/get and
 * ad/get by id with their name, operation_status and the ad group's daily budget (when its budget_mode
 * is BUDGET_MODE_DAY). One TikTok no longer answers keeps the name its rows give.
 */
async function reportedObjects(
  client: VideoClient,
  advertiserId: string,
  rows: ReportRow[],
  active: (row: ReportRow) => boolean,
  withAds: boolean,
): Promise<{ adGroups: AdGroups; ads: Ads | undefined }> {
  const shown = rows.filter(active);
  const adGroupIds = [
    ...new Set(shown.map((row) => row.dimensions.adgroup_id ?? row.metrics.adgroup_id ?? '')),
  ].filter(Boolean);
  const adIds = withAds ? [...new Set(shown.map((row) => row.dimensions.ad_id ?? ''))].filter(Boolean) : [];
  const [adGroups, ads] = await Promise.all([
    objectsByIds<VideoAdGroup>(
      adGroupIds,
      (ids) => ({ adgroup_ids: ids }),
      (filtering, page, size) => client.adGroupPage(advertiserId, filtering, page, size),
    ),
    objectsByIds<VideoAd>(
      adIds,
      (ids) => ({ ad_ids: ids }),
      (filtering, page, size) => client.adPage(advertiserId, filtering, page, size),
    ),
  ]);
  const adGroupById = new Map(adGroups.map((adGroup) => [adGroup.adgroup_id, adGroup]));
  const adById = new Map(ads.map((ad) => [ad.ad_id, ad]));
  const namedAdGroups = new Map<string, AdGroups[number]>();
  const namedAds = new Map<string, Ads[number]>();
  for (const row of shown) {
    const campaignId = row.dimensions.campaign_id ?? row.metrics.campaign_id ?? '';
    const adGroupId = row.dimensions.adgroup_id ?? row.metrics.adgroup_id ?? '';
    if (adGroupId && !namedAdGroups.has(adGroupId)) {
      const adGroup = adGroupById.get(adGroupId);
      namedAdGroups.set(adGroupId, {
        id: adGroupId,
        name: adGroup?.adgroup_name ?? row.metrics.adgroup_name ?? adGroupId,
        campaignId,
        platformStatus: adGroup?.operation_status,
        dailyBudgetMicros: adGroup ? dailyBudget(adGroup) : null,
      });
    }
    const adId = row.dimensions.ad_id;
    if (withAds && adId && !namedAds.has(adId)) {
      const ad = adById.get(adId);
      namedAds.set(adId, {
        id: adId,
        name: ad?.ad_name ?? row.metrics.ad_name ?? adId,
        campaignId,
        adGroupId,
        platformStatus: ad?.operation_status,
        dailyBudgetMicros: null,
      });
    }
  }
  return { adGroups: [...namedAdGroups.values()], ads: withAds ? [...namedAds.values()] : undefined };
}

/**
 * The campaigns' performance from TikTok's BASIC report (report/integrated/get/) at the campaign, ad
 * group (AUCTION_ADGROUP) or ad level (AUCTION_AD), one report per span TikTok allows, every page of
 * each. Deleted campaigns count: their spend is the account's too; they are named when they reported
 * something in the period, or when asked for. Each campaign comes with its operation_status and daily
 * budget; below it, the ad groups and ads with delivery, named from adgroup/get and ad/get. TikTok's
 * BASIC report has no device dimension (only the AUDIENCE report's `platform`): no rows by device here.
 */
export async function readCampaignPerformance(
  client: VideoClient,
  advertiserId: string,
  currency: string,
  query: PerformanceQuery,
): Promise<PerformanceAnswer> {
  const campaigns = await client.listCampaigns(advertiserId, {
    primary_status: 'STATUS_ALL',
    ...(query.campaignIds && { campaign_ids: query.campaignIds }),
  });
  const level = query.level ?? 'campaign';
  const report: ReportRow[] = [];
  // Asked only for campaigns that do not exist: there is nothing to report, and TikTok need not be asked.
  if (!query.campaignIds || campaigns.length > 0) {
    const campaignIds = query.campaignIds && campaigns.map((campaign) => campaign.campaign_id);
    for (const window of reportWindows(query.start, query.end, query.byDay)) {
      report.push(
        ...(await client.campaignReport(advertiserId, { ...window, byDay: query.byDay, campaignIds, level })),
      );
    }
  }
  const rows = report.map((row) => performanceRow(row, query));
  const active = (row: ReportRow) => hasActivity(performanceRow(row, query).metrics);
  // Grouped by campaign alone, TikTok answers a row of zeros for every campaign: only spend names one.
  const reported = new Set(rows.filter((row) => hasActivity(row.metrics)).map((row) => row.campaignId));
  const named = campaigns
    .filter((c) => c.secondary_status !== DELETED || query.campaignIds || reported.has(c.campaign_id))
    .map((c) => ({
      id: c.campaign_id,
      name: c.campaign_name,
      platformStatus: c.operation_status,
      dailyBudgetMicros: dailyBudget(c),
    }));
  // A campaign made between the two calls still counts, under its id.
  const known = new Set(named.map((campaign) => campaign.id));
  const unnamed = [...reported].filter((id) => !known.has(id)).map((id) => ({ id, name: `Campaign ${id}` }));
  const below =
    level === 'campaign'
      ? undefined
      : await reportedObjects(client, advertiserId, report, active, level === 'ad');
  return {
    currency,
    campaigns: [...named, ...unnamed],
    ...(below && { adGroups: below.adGroups }),
    ...(below?.ads && { ads: below.ads }),
    rows,
  };
}
