import type { SearchClient } from './client.ts';
import { campaignsQuery } from './queries.ts';
import { type CampaignRow, campaignRowSchema } from './types.ts';

export const CAMPAIGN_STATUSES = ['ENABLED', 'PAUSED', 'REMOVED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export interface SearchCampaign {
  id: string;
  name: string;
  status: string;
  channelType: string;
  /** The budget's amount a day, in micros; null when Google gives none (a budget over a custom period). */
  dailyBudgetMicros: number | null;
  budgetId: string | null;
  /** Whether other campaigns may spend the same budget. */
  budgetShared: boolean;
}

export interface CampaignPage {
  campaigns: SearchCampaign[];
  /** The customer's currency, as the rows carry it (undefined when there are none). */
  currency: string | undefined;
  /** Whether campaigns follow the last one. */
  more: boolean;
}

function campaignOf(row: CampaignRow): SearchCampaign {
  const budget = row.campaignBudget;
  return {
    id: row.campaign?.id ?? '',
    name: row.campaign?.name ?? '',
    status: row.campaign?.status ?? 'UNKNOWN',
    channelType: row.campaign?.advertisingChannelType ?? 'UNKNOWN',
    dailyBudgetMicros: budget?.amountMicros === undefined ? null : Number(budget.amountMicros),
    budgetId: budget?.id ?? null,
    budgetShared: budget?.explicitlyShared === true,
  };
}

/**
 * Up to `limit` campaigns of the customer with these statuses, in id order after `afterId`: keyset paging
 * with GAQL's ORDER BY and LIMIT, since Google's own page size cannot be set.
 */
export async function listCampaigns(
  client: SearchClient,
  customerId: string,
  options: { statuses: readonly CampaignStatus[]; afterId?: string | undefined; limit: number },
): Promise<CampaignPage> {
  const rows = await client.search(
    customerId,
    campaignsQuery(options.statuses, options.afterId, options.limit + 1),
    campaignRowSchema,
  );
  return {
    campaigns: rows.slice(0, options.limit).map(campaignOf),
    currency: rows[0]?.customer?.currencyCode,
    more: rows.length > options.limit,
  };
}
