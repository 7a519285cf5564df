import type { CampaignMetrics } from '../performance.ts';
import type { SearchClient } from './client.ts';
import { criteriaOfAdGroupQuery, type KeywordFilter, keywordsQuery } from './keyword-queries.ts';
import {
  type AdGroupCriterionOperation,
  type KeywordRow,
  keywordRowSchema,
  type MatchType,
  type PerformanceRow,
  type SettableCampaignStatus,
} from './types.ts';

/** Google's metrics of a row as numbers: micros, counts, conversions. */
export function metricsOf(row: Pick<PerformanceRow, 'metrics'>): CampaignMetrics {
  const metrics = row.metrics ?? {};
  return {
    impressions: Number(metrics.impressions ?? 0),
    clicks: Number(metrics.clicks ?? 0),
    spendMicros: Number(metrics.costMicros ?? 0),
    conversions: metrics.conversions ?? 0,
  };
}

export interface SearchKeyword {
  criterionId: string;
  text: string;
  matchType: MatchType | string;
  status: string;
  adGroupId: string;
  adGroupName: string;
  campaignId: string;
  campaignName: string;
  metrics: CampaignMetrics;
}

function keywordOf(row: KeywordRow): SearchKeyword {
  const criterion = row.adGroupCriterion;
  return {
    criterionId: criterion?.criterionId ?? '',
    text: criterion?.keyword?.text ?? '',
    matchType: criterion?.keyword?.matchType ?? 'UNKNOWN',
    status: criterion?.status ?? 'UNKNOWN',
    adGroupId: row.adGroup?.id ?? '',
    adGroupName: row.adGroup?.name ?? '',
    campaignId: row.campaign?.id ?? '',
    campaignName: row.campaign?.name ?? '',
    metrics: metricsOf(row),
  };
}

/** The `limit` keywords after the first `offset`, with their metrics over the period, and whether more follow. */
export async function listKeywords(
  client: SearchClient,
  customerId: string,
  options: { filter: KeywordFilter; offset: number; limit: number },
) {
  const rows = await client.search(
    customerId,
    keywordsQuery(options.filter, options.offset + options.limit + 1),
    keywordRowSchema,
  );
  return {
    keywords: rows.slice(options.offset, options.offset + options.limit).map(keywordOf),
    more: rows.length > options.offset + options.limit,
  };
}

export interface KeywordToUpdate {
  criterionId: string;
  text: string;
  matchType: string;
  status: string;
  negative: boolean;
  type: string;
}

/** The criteria of the ad group among these ids, as they stand. */
export async function findCriteria(
  client: SearchClient,
  customerId: string,
  adGroupId: string,
  criterionIds: readonly string[],
): Promise<KeywordToUpdate[]> {
  const rows = await client.search(
    customerId,
    criteriaOfAdGroupQuery(adGroupId, criterionIds),
    keywordRowSchema,
  );
  return rows.map((row) => ({
    criterionId: row.adGroupCriterion?.criterionId ?? '',
    text: row.adGroupCriterion?.keyword?.text ?? '',
    matchType: row.adGroupCriterion?.keyword?.matchType ?? 'UNKNOWN',
    status: row.adGroupCriterion?.status ?? 'UNKNOWN',
    negative: row.adGroupCriterion?.negative === true,
    type: row.adGroupCriterion?.type ?? 'UNKNOWN',
  }));
}

/** A keyword's status update: its resource name is `{ad_group_id}~{criterion_id}` under adGroupCriteria. */
export function keywordStatusUpdate(
  customerId: string,
  adGroupId: string,
  criterionId: string,
  status: SettableCampaignStatus,
): Extract<AdGroupCriterionOperation, { update: unknown }> {
  return {
    update: { resourceName: `customers/${customerId}/adGroupCriteria/${adGroupId}~${criterionId}`, status },
    updateMask: 'status',
  };
}
