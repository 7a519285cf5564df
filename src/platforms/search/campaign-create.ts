import { z } from 'zod';
import type { SearchClient } from './client.ts';
import { gaqlId, gaqlString } from './queries.ts';
import type { AdTextAsset, MatchType } from './types.ts';

/** What a new search campaign is made of, as the tool settled it. */
export interface SearchCampaignPlan {
  customerId: string;
  name: string;
  budgetName: string;
  dailyMicros: number;
  adGroupName: string;
  /** The ad group's default max CPC, in micros; absent leaves Google's default. */
  cpcBidMicros?: number | undefined;
  keywords: Array<{ text: string; matchType: MatchType }>;
  finalUrl: string;
  headlines: AdTextAsset[];
  descriptions: AdTextAsset[];
}

/** The resource names the steps refer to: real ones, or temporary ones (negative ids) in one googleAds:mutate. */
export interface Parents {
  budget: string;
  campaign: string;
  adGroup: string;
}

const customer = (plan: SearchCampaignPlan) => `customers/${plan.customerId}`;

/** The temporary resource names of a googleAds:mutate that makes everything at once (a dry run). */
export function temporaryParents(plan: SearchCampaignPlan): Parents {
  return {
    budget: `${customer(plan)}/campaignBudgets/-1`,
    campaign: `${customer(plan)}/campaigns/-2`,
    adGroup: `${customer(plan)}/adGroups/-3`,
  };
}

/** Step 1, campaignBudgets:mutate: the campaign's own daily budget (not shared). */
export function budgetCreate(plan: SearchCampaignPlan, resourceName?: string) {
  return {
    create: {
      ...(resourceName && { resourceName }),
      name: plan.budgetName,
      amountMicros: String(plan.dailyMicros),
      deliveryMethod: 'STANDARD',
      explicitlyShared: false,
    },
  };
}

/** Step 2, campaigns:mutate: PAUSED, Search network only, manual CPC, on its budget. */
export function campaignCreate(plan: SearchCampaignPlan, budget: string, resourceName?: string) {
  return {
    create: {
      ...(resourceName && { resourceName }),
      name: plan.name,
      status: 'PAUSED',
      advertisingChannelType: 'SEARCH',
      campaignBudget: budget,
      manualCpc: { enhancedCpcEnabled: false },
      networkSettings: {
        targetGoogleSearch: true,
        targetSearchNetwork: true,
        targetContentNetwork: false,
        targetPartnerSearchNetwork: false,
      },
      containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
    },
  };
}

/** Step 3, adGroups:mutate: the ad group, ENABLED (it serves nothing while its campaign is PAUSED). */
export function adGroupCreate(plan: SearchCampaignPlan, campaign: string, resourceName?: string) {
  return {
    create: {
      ...(resourceName && { resourceName }),
      name: plan.adGroupName,
      campaign,
      status: 'ENABLED',
      type: 'SEARCH_STANDARD',
      ...(plan.cpcBidMicros !== undefined && { cpcBidMicros: String(plan.cpcBidMicros) }),
    },
  };
}

/** Step 4, adGroupCriteria:mutate: every keyword in one atomic request. */
export function keywordCreates(plan: SearchCampaignPlan, adGroup: string) {
  return plan.keywords.map((keyword) => ({
    create: { adGroup, status: 'ENABLED', keyword: { text: keyword.text, matchType: keyword.matchType } },
  }));
}

/** Step 5, adGroupAds:mutate: the responsive search ad. */
export function adCreate(plan: SearchCampaignPlan, adGroup: string) {
  return {
    create: {
      adGroup,
      status: 'ENABLED',
      ad: {
        finalUrls: [plan.finalUrl],
        responsiveSearchAd: { headlines: plan.headlines, descriptions: plan.descriptions },
      },
    },
  };
}

/** All five steps as one googleAds:mutate, parents named by temporary resource names. */
export function allOperations(plan: SearchCampaignPlan): object[] {
  const names = temporaryParents(plan);
  return [
    { campaignBudgetOperation: budgetCreate(plan, names.budget) },
    { campaignOperation: campaignCreate(plan, names.budget, names.campaign) },
    { adGroupOperation: adGroupCreate(plan, names.campaign, names.adGroup) },
    ...keywordCreates(plan, names.adGroup).map((operation) => ({ adGroupCriterionOperation: operation })),
    { adGroupAdOperation: adCreate(plan, names.adGroup) },
  ];
}

/** The id at the end of a resource name (`.../adGroupAds/123~456` gives `456`). */
export function idOfResource(resourceName: string): string {
  return resourceName.split('/').at(-1)?.split('~').at(-1) ?? '';
}

const named = z.object({ resourceName: z.string().optional() }).optional();

/**
 * What an interrupted step may have made, found by name under its parent (docs/failure-model.md): the
 * resource names of the budgets of that name no campaign uses, the campaigns of that name on the budget,
 * the ad groups of that name in the campaign, the keywords and ads of the ad group.
 */
export const madeEarlier = {
  async budget(client: SearchClient, plan: SearchCampaignPlan): Promise<string[]> {
    const rows = await client.search(
      plan.customerId,
      'SELECT campaign_budget.resource_name, campaign_budget.reference_count FROM campaign_budget ' +
        `WHERE campaign_budget.name = ${gaqlString(plan.budgetName)} AND campaign_budget.status = 'ENABLED'`,
      z.object({
        campaignBudget: z
          .object({ resourceName: z.string().optional(), referenceCount: z.string().optional() })
          .optional(),
      }),
    );
    return rows
      .filter((row) => Number(row.campaignBudget?.referenceCount ?? 0) === 0)
      .map((row) => row.campaignBudget?.resourceName ?? '');
  },
  async campaign(client: SearchClient, plan: SearchCampaignPlan, budget: string): Promise<string[]> {
    const rows = await client.search(
      plan.customerId,
      'SELECT campaign.resource_name FROM campaign ' +
        `WHERE campaign.name = ${gaqlString(plan.name)} AND campaign.campaign_budget = ${gaqlString(budget)} ` +
        "AND campaign.status != 'REMOVED'",
      z.object({ campaign: named }),
    );
    return rows.map((row) => row.campaign?.resourceName ?? '');
  },
  async adGroup(client: SearchClient, plan: SearchCampaignPlan, campaignId: string): Promise<string[]> {
    const rows = await client.search(
      plan.customerId,
      'SELECT ad_group.resource_name FROM ad_group ' +
        `WHERE campaign.id = ${gaqlId(campaignId)} AND ad_group.name = ${gaqlString(plan.adGroupName)} ` +
        "AND ad_group.status != 'REMOVED'",
      z.object({ adGroup: named }),
    );
    return rows.map((row) => row.adGroup?.resourceName ?? '');
  },
  async keywords(client: SearchClient, plan: SearchCampaignPlan, adGroupId: string): Promise<string[]> {
    const rows = await client.search(
      plan.customerId,
      'SELECT ad_group_criterion.resource_name FROM ad_group_criterion ' +
        `WHERE ad_group.id = ${gaqlId(adGroupId)} AND ad_group_criterion.type = 'KEYWORD' ` +
        "AND ad_group_criterion.negative = FALSE AND ad_group_criterion.status != 'REMOVED'",
      z.object({ adGroupCriterion: named }),
    );
    return rows.map((row) => row.adGroupCriterion?.resourceName ?? '');
  },
  async ads(client: SearchClient, plan: SearchCampaignPlan, adGroupId: string): Promise<string[]> {
    const rows = await client.search(
      plan.customerId,
      `SELECT ad_group_ad.resource_name FROM ad_group_ad WHERE ad_group.id = ${gaqlId(adGroupId)} ` +
        "AND ad_group_ad.status != 'REMOVED'",
      z.object({ adGroupAd: named }),
    );
    return rows.map((row) => row.adGroupAd?.resourceName ?? '');
  },
};
