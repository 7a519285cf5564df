import type { SearchClient } from './client.ts';
import { adGroupNegativesQuery, campaignNegativesQuery } from './keyword-queries.ts';
import {
  type AdGroupCriterionOperation,
  type CampaignCriterionOperation,
  campaignCriterionRowSchema,
  type KeywordInfo,
  keywordRowSchema,
} from './types.ts';

/** Where negatives go: a campaign (campaign criteria) or an ad group (ad group criteria). */
export type NegativeLevel = { campaignId: string } | { adGroupId: string };

/** Google compares keyword text case-insensitively, spaces collapsed. */
export const keywordKey = (keyword: { text: string; matchType: string }) =>
  `${keyword.matchType} ${keyword.text.trim().toLowerCase().replace(/\s+/g, ' ')}`;

/** The negative keywords already there. */
export async function existingNegatives(
  client: SearchClient,
  customerId: string,
  level: NegativeLevel,
): Promise<Array<{ text: string; matchType: string }>> {
  if ('campaignId' in level) {
    const rows = await client.search(
      customerId,
      campaignNegativesQuery(level.campaignId),
      campaignCriterionRowSchema,
    );
    return rows.map((row) => ({
      text: row.campaignCriterion?.keyword?.text ?? '',
      matchType: row.campaignCriterion?.keyword?.matchType ?? 'UNKNOWN',
    }));
  }
  const rows = await client.search(customerId, adGroupNegativesQuery(level.adGroupId), keywordRowSchema);
  return rows.map((row) => ({
    text: row.adGroupCriterion?.keyword?.text ?? '',
    matchType: row.adGroupCriterion?.keyword?.matchType ?? 'UNKNOWN',
  }));
}

export function campaignNegative(
  customerId: string,
  campaignId: string,
  keyword: KeywordInfo,
): CampaignCriterionOperation {
  return { create: { campaign: `customers/${customerId}/campaigns/${campaignId}`, negative: true, keyword } };
}

export function adGroupNegative(
  customerId: string,
  adGroupId: string,
  keyword: KeywordInfo,
): AdGroupCriterionOperation {
  return { create: { adGroup: `customers/${customerId}/adGroups/${adGroupId}`, negative: true, keyword } };
}
