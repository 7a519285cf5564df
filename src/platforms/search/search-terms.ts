import type { CampaignMetrics } from '../performance.ts';
import type { SearchClient } from './client.ts';
import { type SearchTermFilter, searchTermsQuery } from './keyword-queries.ts';
import { metricsOf } from './keywords.ts';
import { searchTermRowSchema } from './types.ts';

export interface SearchTerm {
  searchTerm: string;
  /** ADDED, EXCLUDED, ADDED_EXCLUDED or NONE: whether it is a keyword, a negative, both or neither. */
  status: string;
  adGroupId: string;
  adGroupName: string;
  campaignId: string;
  campaignName: string;
  /** The keyword it matched, when Google says. */
  keyword: { text: string; matchType: string } | null;
  metrics: CampaignMetrics;
}

/** The `limit` search terms after the first `offset`, costliest first, and whether more follow. */
export async function listSearchTerms(
  client: SearchClient,
  customerId: string,
  options: { filter: SearchTermFilter; offset: number; limit: number },
) {
  const rows = await client.search(
    customerId,
    searchTermsQuery(options.filter, options.offset + options.limit + 1),
    searchTermRowSchema,
  );
  const terms = rows.slice(options.offset, options.offset + options.limit).map((row): SearchTerm => {
    const info = row.segments?.keyword?.info;
    return {
      searchTerm: row.searchTermView?.searchTerm ?? '',
      status: row.searchTermView?.status ?? 'UNKNOWN',
      adGroupId: row.adGroup?.id ?? '',
      adGroupName: row.adGroup?.name ?? '',
      campaignId: row.campaign?.id ?? '',
      campaignName: row.campaign?.name ?? '',
      keyword: info?.text ? { text: info.text, matchType: info.matchType ?? 'UNKNOWN' } : null,
      metrics: metricsOf(row),
    };
  });
  return { terms, more: rows.length > options.offset + options.limit };
}
