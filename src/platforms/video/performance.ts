import { decimalToMicros } from '../../money.ts';
import type {
  CampaignMetrics,
  CampaignPerformanceRow,
  PerformanceAnswer,
  PerformanceQuery,
} from '../performance.ts';
import type { ReportRow } from './answers.ts';
import type { VideoClient } from './client.ts';

/** TikTok's longest period a synchronous report covers: 30 days by day, 365 days otherwise. */
const DAYS_PER_REPORT_BY_DAY = 30;
const DAYS_PER_REPORT = 365;
const DAY_MS = 86_400_000;
const DELETED = 'CAMPAIGN_STATUS_DELETE';

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

function performanceRow(row: ReportRow, byDay: boolean): CampaignPerformanceRow {
  const { metrics } = row;
  return {
    campaignId: row.dimensions.campaign_id,
    date: byDay ? row.dimensions.stat_time_day?.slice(0, 10) : undefined,
    metrics: {
      impressions: Number(metrics.impressions),
      clicks: Number(metrics.clicks),
      spendMicros: decimalToMicros(metrics.spend),
      conversions: Number(metrics.conversion),
    },
  };
}

/**
 * The campaigns' performance from TikTok's BASIC report at the campaign level (report/integrated/get/),
 * one report per span TikTok allows, every page of each. Deleted campaigns count: their spend is the
 * account's too; they are named when they reported something in the period, or when asked for.
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
  const rows: CampaignPerformanceRow[] = [];
  // Asked only for campaigns that do not exist: there is nothing to report, and TikTok need not be asked.
  if (!query.campaignIds || campaigns.length > 0) {
    const campaignIds = query.campaignIds && campaigns.map((campaign) => campaign.campaign_id);
    for (const window of reportWindows(query.start, query.end, query.byDay)) {
      const report = await client.campaignReport(advertiserId, {
        ...window,
        byDay: query.byDay,
        campaignIds,
      });
      rows.push(...report.map((row) => performanceRow(row, query.byDay)));
    }
  }
  // Grouped by campaign alone, TikTok answers a row of zeros for every campaign: only spend names one.
  const reported = new Set(rows.filter((row) => hasActivity(row.metrics)).map((row) => row.campaignId));
  const named = campaigns
    .filter((c) => c.secondary_status !== DELETED || query.campaignIds || reported.has(c.campaign_id))
    .map((c) => ({ id: c.campaign_id, name: c.campaign_name }));
  // A campaign made between the two calls still counts, under its id.
  const known = new Set(named.map((campaign) => campaign.id));
  const unnamed = [...reported].filter((id) => !known.has(id)).map((id) => ({ id, name: `Campaign ${id}` }));
  return { currency, campaigns: [...named, ...unnamed], rows };
}
