import type { SearchClient } from './client.ts';
import { type AdFilter, adsInGroupQuery, adsQuery } from './queries.ts';
import { type AdGroupAdRow, type AdTextAsset, adGroupAdRowSchema } from './types.ts';

export const AD_STATUSES = ['ENABLED', 'PAUSED', 'REMOVED'] as const;

export interface ListedAd {
  campaignId: string;
  campaignName: string;
  adGroupId: string;
  adGroupName: string;
  adGroupStatus: string;
  adId: string;
  status: string;
  type: string;
  finalUrl: string | null;
  /** The headlines of a responsive search ad, with their pins; null for other types. */
  headlines: AdTextAsset[] | null;
}

/** Where a page of ads stopped: the last ad shown and its ad group. */
export interface AdPosition {
  adGroupId: string;
  adId: string;
}

function listedAd(row: AdGroupAdRow): ListedAd {
  const ad = row.adGroupAd?.ad;
  return {
    campaignId: row.campaign?.id ?? '',
    campaignName: row.campaign?.name ?? '',
    adGroupId: row.adGroup?.id ?? '',
    adGroupName: row.adGroup?.name ?? '',
    adGroupStatus: row.adGroup?.status ?? 'UNKNOWN',
    adId: ad?.id ?? '',
    status: row.adGroupAd?.status ?? 'UNKNOWN',
    type: ad?.type ?? 'UNKNOWN',
    finalUrl: ad?.finalUrls?.[0] ?? null,
    headlines: ad?.type === 'RESPONSIVE_SEARCH_AD' ? (ad.responsiveSearchAd?.headlines ?? []) : null,
  };
}

/**
 * Up to `limit` ads matching the filter, by ad group and then ad id, after `after`: keyset paging with
 * GAQL's ORDER BY and LIMIT. GAQL has no OR, so a page that starts inside an ad group is two queries: the
 * rest of that ad group, then the ad groups after it.
 */
export async function listAds(
  client: SearchClient,
  customerId: string,
  options: { filter: AdFilter; after?: AdPosition | undefined; limit: number },
): Promise<{ ads: ListedAd[]; more: boolean }> {
  const { filter, after, limit } = options;
  const rows: AdGroupAdRow[] = [];
  if (after) {
    rows.push(
      ...(await client.search(
        customerId,
        adsInGroupQuery(filter, after.adGroupId, after.adId, limit + 1),
        adGroupAdRowSchema,
      )),
    );
  }
  if (rows.length <= limit) {
    rows.push(
      ...(await client.search(
        customerId,
        adsQuery(filter, after?.adGroupId, limit + 1 - rows.length),
        adGroupAdRowSchema,
      )),
    );
  }
  return { ads: rows.slice(0, limit).map(listedAd), more: rows.length > limit };
}
