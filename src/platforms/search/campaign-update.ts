import { AppError } from '../../errors.ts';
import { PLATFORM_INFO } from '../../platform-families.ts';
import type { SearchClient } from './client.ts';
import { campaignForUpdateQuery, campaignsOnBudgetQuery } from './queries.ts';
import {
  type CampaignBudgetOperation,
  type CampaignOperation,
  campaignRowSchema,
  type SettableCampaignStatus,
} from './types.ts';

const LABEL = PLATFORM_INFO.search.label;

/** A campaign as an update reads it first: its status, its budget and the customer's currency. */
export interface CampaignToUpdate {
  id: string;
  name: string;
  status: string;
  resourceName: string;
  currency: string | undefined;
  budget: {
    id: string;
    resourceName: string;
    /** Undefined for a budget without a daily amount (a total budget over a custom period). */
    amountMicros: number | undefined;
    shared: boolean;
  } | null;
}

export interface SharingCampaign {
  id: string;
  name: string;
  status: string;
}

function rejected(message: string): AppError {
  return new AppError('upstream_rejected', `${LABEL} rejected the change: ${message}`);
}

/**
 * Reads the campaign with GAQL before changing it. An unknown id and a removed campaign are refused in
 * words that name the customer, before anything is sent to change.
 */
export async function findCampaignToUpdate(
  client: SearchClient,
  customerId: string,
  campaignId: string,
): Promise<CampaignToUpdate> {
  const [row] = await client.search(customerId, campaignForUpdateQuery(campaignId), campaignRowSchema);
  const campaign = row?.campaign;
  if (!campaign) {
    throw rejected(
      `customer ${customerId} has no campaign ${campaignId}. Check the id with list_search_campaigns, or ` +
        'the customer_id when several Google Ads accounts are connected.',
    );
  }
  const name = campaign.name ?? '';
  if (campaign.status === 'REMOVED') {
    throw rejected(
      `campaign ${campaignId} ("${name}") of customer ${customerId} is removed, and Google Ads does not ` +
        'change removed campaigns. Create a new campaign in Google Ads instead.',
    );
  }
  const budget = row.campaignBudget;
  const budgetName = budget?.resourceName ?? campaign.campaignBudget;
  return {
    id: campaign.id ?? campaignId,
    name,
    status: campaign.status ?? 'UNKNOWN',
    resourceName: campaign.resourceName ?? `customers/${customerId}/campaigns/${campaignId}`,
    currency: row.customer?.currencyCode,
    budget: budgetName
      ? {
          id: budget?.id ?? budgetName.split('/').at(-1) ?? '',
          resourceName: budgetName,
          amountMicros: budget?.amountMicros === undefined ? undefined : Number(budget.amountMicros),
          shared: budget?.explicitlyShared === true,
        }
      : null,
  };
}

/** The enabled and paused campaigns that spend from the budget, the one being changed among them. */
export async function campaignsOnBudget(
  client: SearchClient,
  customerId: string,
  budgetResourceName: string,
): Promise<SharingCampaign[]> {
  const rows = await client.search(customerId, campaignsOnBudgetQuery(budgetResourceName), campaignRowSchema);
  return rows.map((row) => ({
    id: row.campaign?.id ?? '',
    name: row.campaign?.name ?? '',
    status: row.campaign?.status ?? 'UNKNOWN',
  }));
}

/** The update of the status alone; the mask in proto3 JSON's FieldMask form. */
export function campaignStatusUpdate(
  resourceName: string,
  status: SettableCampaignStatus,
): CampaignOperation {
  return { update: { resourceName, status }, updateMask: 'status' };
}

/** The update of a budget's daily amount alone (int64 micros, written as a string). */
export function budgetAmountUpdate(resourceName: string, amountMicros: number): CampaignBudgetOperation {
  return { update: { resourceName, amountMicros: String(amountMicros) }, updateMask: 'amountMicros' };
}
