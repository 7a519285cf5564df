import type { CampaignMetrics, PerformanceAnswer, PerformanceQuery } from '../performance.ts';
import type { SearchClient } from './client.ts';
import { campaignNamesQuery, performanceQuery } from './queries.ts';
import { campaignRowSchema, type PerformanceRow, performanceRowSchema } from './types.ts';

function metricsOf(row: PerformanceRow): CampaignMetrics {
  const metrics = row.metrics ?? {};
  return {
    impressions: Number(metrics.impressions ?? 0),
    clicks: Number(metrics.clicks ?? 0),
    spendMicros: Number(metrics.costMicros ?? 0),
    conversions: metrics.conversions ?? 0,
  };
}

const hasActivity = (metrics: CampaignMetrics) =>
  metrics.impressions > 0 || metrics.clicks > 0 || metrics.spendMicros > 0 || metrics.conversions > 0;

/**
 * The customer's campaign performance from Google Ads reporting: GAQL FROM campaign with metrics over
 * `segments.date BETWEEN start AND end`, costs in micros. By day, the rows are Google's days with something
 * in them, and a second query names every campaign. Removed campaigns are reported when they had
 * something in the period or were asked for by id; Google lists them all.
 */
export async function campaignPerformance(
  client: SearchClient,
  customerId: string,
  currency: string,
  query: PerformanceQuery,
): Promise<PerformanceAnswer> {
  const rows = await client.search(customerId, performanceQuery(query, query.byDay), performanceRowSchema);
  const asked = new Set(query.campaignIds ?? []);
  const active = new Set<string>();
  const answerRows = rows.map((row) => {
    const campaignId = row.campaign?.id ?? '';
    const metrics = metricsOf(row);
    if (hasActivity(metrics)) active.add(campaignId);
    return { campaignId, metrics, ...(query.byDay && { date: row.segments?.date }) };
  });
  const named = query.byDay
    ? await client.search(customerId, campaignNamesQuery(query.campaignIds), campaignRowSchema)
    : rows;
  const campaigns = named
    .map((row) => ({
      id: row.campaign?.id ?? '',
      name: row.campaign?.name ?? '',
      status: row.campaign?.status,
    }))
    .filter((campaign) => campaign.status !== 'REMOVED' || active.has(campaign.id) || asked.has(campaign.id))
    .map(({ id, name }) => ({ id, name }));
  return { currency, campaigns, rows: answerRows };
}
