import { DEVICES, type Device, type PerformanceAnswer, type PerformanceQuery } from '../performance.ts';
import type { SearchClient } from './client.ts';
import { metricsOf } from './keywords.ts';
import { campaignNamesQuery, performanceQuery } from './queries.ts';
import { campaignRowSchema, performanceRowSchema } from './types.ts';

/** Google's DeviceEnum as the common devices: UNKNOWN (and any value added later) is OTHER. */
function deviceOf(value: string | undefined): Device {
  return (DEVICES as readonly string[]).includes(value ?? '') ? (value as Device) : 'OTHER';
}

/** Google names only some ad types: a responsive search ad is named by its type and ad group. */
function adName(ad: { name?: string | undefined; type?: string | undefined } | undefined, group?: string) {
  if (ad?.name) return ad.name;
  const type = (ad?.type ?? 'AD').toLowerCase().replaceAll('_', ' ');
  return group ? `${type} in ${group}` : type;
}

/**
 * The customer's performance from Google Ads reporting: GAQL FROM campaign (FROM ad_group at level
 * ad_group, FROM ad_group_ad at level ad) with metrics over `segments.date BETWEEN start AND end`, by `segments.date` or
 * `segments.device` when asked, costs in micros. A second query names every campaign with its status and
 * daily budget, whether or not it has a row. Removed campaigns are reported when they had something in the
 * period or were asked for by id; Google lists them all.
 */
export async function campaignPerformance(
  client: SearchClient,
  customerId: string,
  currency: string,
  query: PerformanceQuery,
): Promise<PerformanceAnswer> {
  const level = query.level ?? 'campaign';
  const byDevice = query.byDevice === true && !query.byDay;
  const rows = await client.search(
    customerId,
    performanceQuery(query, query.byDay, { level, byDevice }),
    performanceRowSchema,
  );
  const asked = new Set(query.campaignIds ?? []);
  const active = new Set<string>();
  const adGroups = new Map<string, NonNullable<PerformanceAnswer['adGroups']>[number]>();
  const ads = new Map<string, NonNullable<PerformanceAnswer['ads']>[number]>();
  const answerRows = rows.map((row) => {
    const campaignId = row.campaign?.id ?? '';
    const metrics = metricsOf(row);
    if (metrics.impressions > 0 || metrics.clicks > 0 || metrics.spendMicros > 0 || metrics.conversions > 0)
      active.add(campaignId);
    const adGroupId = level === 'campaign' ? undefined : (row.adGroup?.id ?? '');
    const adId = level === 'ad' ? (row.adGroupAd?.ad?.id ?? '') : undefined;
    if (adId !== undefined && adGroupId !== undefined && !ads.has(adId)) {
      ads.set(adId, {
        id: adId,
        name: adName(row.adGroupAd?.ad, row.adGroup?.name),
        campaignId,
        adGroupId,
        platformStatus: row.adGroupAd?.status,
      });
    }
    if (level === 'ad_group' && adGroupId !== undefined && !adGroups.has(adGroupId)) {
      adGroups.set(adGroupId, {
        id: adGroupId,
        name: row.adGroup?.name ?? '',
        campaignId,
        platformStatus: row.adGroup?.status,
        dailyBudgetMicros: null,
      });
    }
    return {
      campaignId,
      ...(adGroupId !== undefined && { adGroupId }),
      ...(adId !== undefined && { adId }),
      metrics,
      ...(query.byDay && { date: row.segments?.date }),
      ...(byDevice && { device: deviceOf(row.segments?.device) }),
    };
  });
  const named = await client.search(customerId, campaignNamesQuery(query.campaignIds), campaignRowSchema);
  const campaigns = named
    .filter(
      (row) =>
        row.campaign?.status !== 'REMOVED' ||
        active.has(row.campaign?.id ?? '') ||
        asked.has(row.campaign?.id ?? ''),
    )
    .map((row) => ({
      id: row.campaign?.id ?? '',
      name: row.campaign?.name ?? '',
      platformStatus: row.campaign?.status,
      dailyBudgetMicros:
        row.campaignBudget?.amountMicros === undefined ? null : Number(row.campaignBudget.amountMicros),
    }));
  return {
    currency,
    campaigns,
    ...(level === 'ad_group' && { adGroups: [...adGroups.values()] }),
    ...(level === 'ad' && { ads: [...ads.values()] }),
    rows: answerRows,
  };
}
