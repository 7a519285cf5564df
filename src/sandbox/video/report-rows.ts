import { formatMicros } from '../../money.ts';
import { addMetrics, type CampaignMetrics, NO_METRICS } from '../../platforms/performance.ts';
import { type ActivityEntry, firstDay } from '../activity.ts';
import { dailyMetrics, daysBetween } from '../daily-metrics.ts';
import type { CampaignRecord } from './campaign.ts';
import type { ReportMetric, ReportQuery } from './report-query.ts';

export interface ReportRow {
  dimensions: Record<string, string>;
  metrics: Record<string, string>;
}

interface Group {
  dimensions: Record<string, string>;
  campaign: CampaignRecord | undefined;
  sums: CampaignMetrics;
}

export interface ReportSource {
  advertiserId: string;
  currency: string;
  /** The campaigns the filters kept, in TikTok's order. */
  campaigns: CampaignRecord[];
  histories: Map<string, ActivityEntry[]>;
  /** The time of the request: no day after its own (UTC, as sandbox advertisers keep) has data yet. */
  now: Date;
}

function ratio(numerator: number, denominator: number): number {
  return denominator > 0 ? numerator / denominator : 0;
}

/** A metric as TikTok writes it: a string, money in the currency's digits, rates in percent. */
function metricValue(
  metric: ReportMetric,
  sums: CampaignMetrics,
  currency: string,
  campaign?: CampaignRecord,
) {
  const { impressions, clicks, spendMicros, conversions } = sums;
  switch (metric) {
    case 'spend':
      return formatMicros(spendMicros, currency);
    case 'impressions':
      return String(impressions);
    case 'clicks':
      return String(clicks);
    case 'conversion':
      return String(conversions);
    case 'ctr':
      return (ratio(clicks, impressions) * 100).toFixed(2);
    case 'conversion_rate':
      return (ratio(conversions, clicks) * 100).toFixed(2);
    case 'cpc':
      return formatMicros(ratio(spendMicros, clicks), currency);
    case 'cpm':
      return formatMicros(ratio(spendMicros * 1000, impressions), currency);
    case 'cost_per_conversion':
      return formatMicros(ratio(spendMicros, conversions), currency);
    case 'campaign_name':
      return campaign?.data.campaign_name ?? '';
    case 'objective_type':
      return campaign?.data.objective_type ?? 'TRAFFIC';
  }
}

function isEmpty(sums: CampaignMetrics): boolean {
  return sums.impressions === 0 && sums.clicks === 0 && sums.spendMicros === 0 && sums.conversions === 0;
}

/** The days a report covers: the period up to today, or for lifetime metrics every day since the first activity. */
function reportDays(query: ReportQuery, source: ReportSource): string[] {
  const today = source.now.toISOString().slice(0, 10);
  if (query.period) {
    const end = query.period.end < today ? query.period.end : today;
    return query.period.start <= end ? daysBetween(query.period.start, end) : [];
  }
  const first = firstDay(source.histories.values());
  return first && first <= today ? daysBetween(first, today) : [];
}

/**
 * A BASIC report's rows and totals from the campaigns' deterministic daily metrics. Grouped by an ID
 * alone, every matching object has a row, zeros included; grouped by day, days with nothing are left out,
 * as TikTok leaves them out. Ad groups and ads: sandbox campaigns have none, so those levels are empty.
 */
export function reportRows(
  query: ReportQuery,
  source: ReportSource,
): { rows: ReportRow[]; totals: CampaignMetrics } {
  if (query.dataLevel === 'AUCTION_ADGROUP' || query.dataLevel === 'AUCTION_AD')
    return { rows: [], totals: NO_METRICS };
  const days = reportDays(query, source);
  const groups = new Map<string, Group>();
  const groupOf = (campaign: CampaignRecord, day: string | undefined): Group => {
    const dimensions: Record<string, string> = {};
    if (query.idDimension === 'campaign_id') dimensions.campaign_id = campaign.id;
    if (query.idDimension === 'advertiser_id') dimensions.advertiser_id = source.advertiserId;
    if (day !== undefined) dimensions.stat_time_day = `${day} 00:00:00`;
    const key = JSON.stringify(dimensions);
    let group = groups.get(key);
    if (!group) {
      group = {
        dimensions,
        campaign: query.idDimension === 'campaign_id' ? campaign : undefined,
        sums: NO_METRICS,
      };
      groups.set(key, group);
    }
    return group;
  };
  if (!query.byDay) {
    // Grouped by an ID alone, every object has its row before anything is summed into it.
    for (const campaign of source.campaigns) groupOf(campaign, undefined);
    if (query.idDimension === 'advertiser_id' && groups.size === 0) {
      const dimensions = { advertiser_id: source.advertiserId };
      groups.set(JSON.stringify(dimensions), { dimensions, campaign: undefined, sums: NO_METRICS });
    }
  }
  // Days in order, then campaigns in order, so that rows by day come out by date.
  for (const day of days) {
    for (const campaign of source.campaigns) {
      const metrics = dailyMetrics(
        'video',
        campaign.id,
        day,
        source.histories.get(campaign.id) ?? [],
        source.currency,
        source.now,
      );
      if (isEmpty(metrics)) continue;
      const group = groupOf(campaign, query.byDay ? day : undefined);
      group.sums = addMetrics(group.sums, metrics);
    }
  }
  let list = [...groups.values()];
  if (query.order) {
    const { field, descending } = query.order;
    const value = (group: Group) => Number(metricValue(field, group.sums, source.currency));
    list = list
      .map((group, index) => ({ group, index }))
      .sort(
        (a, b) =>
          (descending ? value(b.group) - value(a.group) : value(a.group) - value(b.group)) ||
          a.index - b.index,
      )
      .map(({ group }) => group);
  }
  const totals = list.reduce((sum, group) => addMetrics(sum, group.sums), NO_METRICS);
  return {
    rows: list.map((group) => ({
      dimensions: group.dimensions,
      metrics: Object.fromEntries(
        query.metrics.map((metric) => [
          metric,
          metricValue(metric, group.sums, source.currency, group.campaign),
        ]),
      ),
    })),
    totals,
  };
}

/** TikTok's total_metrics: every numeric metric asked for, over all pages. */
export function totalMetrics(
  query: ReportQuery,
  totals: CampaignMetrics,
  currency: string,
): Record<string, string> {
  return Object.fromEntries(
    query.metrics
      .filter((metric) => metric !== 'campaign_name' && metric !== 'objective_type')
      .map((metric) => [metric, metricValue(metric, totals, currency)]),
  );
}
