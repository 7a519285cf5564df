import { formatMicros } from '../../money.ts';
import { addMetrics, type CampaignMetrics, NO_METRICS } from '../../platforms/performance.ts';
import { type ActivityEntry, firstDay } from '../activity.ts';
import { dailyMetrics, daysBetween } from '../daily-metrics.ts';
import type { AdRecord } from './ad.ts';
import type { AdGroupRecord } from './adgroup.ts';
import type { CampaignRecord } from './campaign.ts';
import { adGroupClaim, splitDay } from './delivery-split.ts';
import { NUMERIC_METRICS, type ReportMetric, type ReportQuery } from './report-query.ts';

export interface ReportRow {
  dimensions: Record<string, string>;
  metrics: Record<string, string>;
}

/** What a row is about, for its attribute metrics. */
interface Subject {
  campaign?: CampaignRecord | undefined;
  adGroup?: AdGroupRecord | undefined;
  ad?: AdRecord | undefined;
}

interface Group {
  dimensions: Record<string, string>;
  subject: Subject;
  sums: CampaignMetrics;
}

export interface ReportSource {
  advertiserId: string;
  currency: string;
  /** The campaigns the filters kept, in TikTok's order. */
  campaigns: CampaignRecord[];
  /** Every ad group and ad of those campaigns, in TikTok's order (a day splits among them all). */
  adGroups: AdGroupRecord[];
  ads: AdRecord[];
  /** The activity of the campaigns and of their ad groups. */
  histories: Map<string, ActivityEntry[]>;
  /** The time of the request: no day after its own (UTC, as sandbox advertisers keep) has data yet. */
  now: Date;
}

function ratio(numerator: number, denominator: number): number {
  return denominator > 0 ? numerator / denominator : 0;
}

/** A metric as TikTok writes it: a string, money in the currency's digits, rates in percent. */
function metricValue(metric: ReportMetric, sums: CampaignMetrics, currency: string, subject: Subject = {}) {
  const { campaign, adGroup, ad } = subject;
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
    case 'campaign_id':
      return campaign?.id ?? '';
    case 'adgroup_id':
      return adGroup?.id ?? '';
    case 'adgroup_name':
      return adGroup?.data.adgroup_name ?? '';
    case 'ad_name':
      return ad?.data.ad_name ?? '';
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

/** One object's figures of one day, with what it is about. */
interface Piece {
  key: string;
  subject: Subject;
  metrics: CampaignMetrics;
}

/**
 * A campaign's day at the data level asked for: the campaign's own figures, or split among its ad groups
 * (by how long each ran that day and its budget or weight) and their ads (by their weights), adding up.
 */
function piecesOf(
  level: ReportQuery['dataLevel'],
  campaign: CampaignRecord,
  day: string,
  metrics: CampaignMetrics,
  source: ReportSource,
): Piece[] {
  if (level === 'AUCTION_CAMPAIGN' || level === 'AUCTION_ADVERTISER')
    return [{ key: campaign.id, subject: { campaign }, metrics }];
  const adGroups = source.adGroups.filter((adGroup) => adGroup.data.campaign_id === campaign.id);
  const weights = adGroups.map((adGroup) => ({
    delivery: adGroup.data.delivery_weight,
    conversions: adGroup.data.conversion_weight,
  }));
  const claims = adGroups.map((adGroup, index) =>
    adGroupClaim(source.histories.get(adGroup.id) ?? [], day, source.now, weights[index] ?? NO_CLAIM),
  );
  const split = splitDay(metrics, claims, weights);
  return adGroups.flatMap((adGroup, index) => {
    const share = split[index] ?? NO_METRICS;
    if (level === 'AUCTION_ADGROUP')
      return [{ key: adGroup.id, subject: { campaign, adGroup }, metrics: share }];
    const ads = source.ads.filter((ad) => ad.data.adgroup_id === adGroup.id);
    const adClaims = ads.map((ad) => ({
      delivery: ad.data.delivery_weight,
      conversions: ad.data.delivery_weight,
    }));
    const adSplit = splitDay(
      share,
      adClaims,
      ads.map(() => ({ delivery: 1, conversions: 1 })),
    );
    return ads.map((ad, adIndex) => ({
      key: ad.id,
      subject: { campaign, adGroup, ad },
      metrics: adSplit[adIndex] ?? NO_METRICS,
    }));
  });
}

const NO_CLAIM = { delivery: 0, conversions: 0 };

/** The objects a report grouped by an ID alone gives a row each, zeros included. */
function everyObject(query: ReportQuery, source: ReportSource): Piece[] {
  if (query.dataLevel === 'AUCTION_ADGROUP') {
    return source.adGroups.map((adGroup) => ({
      key: adGroup.id,
      subject: { campaign: source.campaigns.find((c) => c.id === adGroup.data.campaign_id), adGroup },
      metrics: NO_METRICS,
    }));
  }
  if (query.dataLevel === 'AUCTION_AD') {
    return source.ads.map((ad) => ({
      key: ad.id,
      subject: {
        campaign: source.campaigns.find((c) => c.id === ad.data.campaign_id),
        adGroup: source.adGroups.find((adGroup) => adGroup.id === ad.data.adgroup_id),
        ad,
      },
      metrics: NO_METRICS,
    }));
  }
  return source.campaigns.map((campaign) => ({
    key: campaign.id,
    subject: { campaign },
    metrics: NO_METRICS,
  }));
}

/**
 * A BASIC report's rows and totals from the campaigns' deterministic daily metrics, split among their ad
 * groups and ads below the campaign level. Grouped by an ID alone, every matching object has a row, zeros
 * included; grouped by day, days with nothing are left out, as TikTok leaves them out.
 */
export function reportRows(
  query: ReportQuery,
  source: ReportSource,
): { rows: ReportRow[]; totals: CampaignMetrics } {
  const days = reportDays(query, source);
  const wanted = (piece: Piece) =>
    (query.adGroupIds === undefined || query.adGroupIds.includes(piece.subject.adGroup?.id ?? '')) &&
    (query.adIds === undefined || query.adIds.includes(piece.subject.ad?.id ?? ''));
  const groups = new Map<string, Group>();
  const groupOf = (piece: Piece, day: string | undefined): Group => {
    const dimensions: Record<string, string> = {};
    if (query.idDimension === 'advertiser_id') dimensions.advertiser_id = source.advertiserId;
    else if (query.idDimension !== undefined) dimensions[query.idDimension] = piece.key;
    if (day !== undefined) dimensions.stat_time_day = `${day} 00:00:00`;
    const key = JSON.stringify(dimensions);
    let group = groups.get(key);
    if (!group) {
      const about = query.idDimension !== undefined && query.idDimension !== 'advertiser_id';
      group = { dimensions, subject: about ? piece.subject : {}, sums: NO_METRICS };
      groups.set(key, group);
    }
    return group;
  };
  if (!query.byDay) {
    // Grouped by an ID alone, every object has its row before anything is summed into it.
    for (const piece of everyObject(query, source).filter(wanted)) groupOf(piece, undefined);
    if (query.idDimension === 'advertiser_id' && groups.size === 0) {
      const dimensions = { advertiser_id: source.advertiserId };
      groups.set(JSON.stringify(dimensions), { dimensions, subject: {}, sums: NO_METRICS });
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
      for (const piece of piecesOf(query.dataLevel, campaign, day, metrics, source)) {
        if (isEmpty(piece.metrics) || !wanted(piece)) continue;
        const group = groupOf(piece, query.byDay ? day : undefined);
        group.sums = addMetrics(group.sums, piece.metrics);
      }
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
          metricValue(metric, group.sums, source.currency, group.subject),
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
      .filter((metric) => (NUMERIC_METRICS as readonly string[]).includes(metric))
      .map((metric) => [metric, metricValue(metric, totals, currency)]),
  );
}
