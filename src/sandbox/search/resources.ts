import type { SandboxStore } from '../store.ts';
import { customersBelow, type SearchCustomer } from './managers.ts';
import type { Ad, Asset } from './wire-types.ts';

/**
 * What the sandbox keeps per object, as the API's own JSON resources: types `asset`, `campaign_budget`,
 * `campaign` (budget by id), `ad_group` (its campaign as parent) and `ad` (its ad group as parent).
 */
export type StoredAsset = Omit<Asset, 'resourceName' | 'id'>;
export interface StoredBudget {
  name: string;
  amountMicros: string;
  explicitlyShared: boolean;
  status: 'ENABLED' | 'REMOVED';
}
export interface StoredCampaign {
  name: string;
  status: 'ENABLED' | 'PAUSED' | 'REMOVED';
  advertisingChannelType: string;
  budgetId: string;
}
export interface StoredAdGroup {
  name: string;
  status: string;
  /** The ad group's default max CPC, int64 micros as a string; absent when the bidding sets none. */
  cpcBidMicros?: string;
}
export interface KeywordInfo {
  text: string;
  matchType: 'EXACT' | 'PHRASE' | 'BROAD';
}
/**
 * A keyword of an ad group (type `ad_group_criterion`, its ad group as parent), stored under Google's
 * composite id `{ad_group_id}~{criterion_id}`, as its resource name ends; negative ones too.
 */
export interface StoredKeyword {
  criterionId: string;
  status: 'ENABLED' | 'PAUSED' | 'REMOVED';
  negative: boolean;
  keyword: KeywordInfo;
}
/** A campaign's negative keyword (type `campaign_criterion`, id `{campaign_id}~{criterion_id}`). */
export interface StoredCampaignCriterion {
  criterionId: string;
  negative: boolean;
  keyword: KeywordInfo;
}
/**
 * What people searched for that showed an ad of the ad group (type `search_term`, its ad group as parent),
 * through one of its keywords (the composite id); `converts: false` marks a term that never converts.
 */
export interface StoredSearchTerm {
  searchTerm: string;
  keywordId: string;
  converts: boolean;
}
export interface StoredAd {
  status: string;
  ad: Omit<Ad, 'resourceName' | 'id'>;
}

/** A row before projection: each resource's fields under their JSON names, as Google's rows nest them. */
export type Row = Record<string, Record<string, unknown>>;

/** The customer's time zone: sandbox accounts report their days in UTC, as ad_accounts.time_zone says. */
export const SANDBOX_TIME_ZONE = 'UTC';

/** The customer's today, `YYYY-MM-DD`: GAQL's date ranges are the customer's days. */
export function customerToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export async function customerOf(store: SandboxStore, customerId: string): Promise<Record<string, unknown>> {
  const account = await store.get<SearchCustomer>('account', customerId);
  return {
    resourceName: `customers/${customerId}`,
    id: customerId,
    descriptiveName: account?.data.name,
    currencyCode: account?.data.currency,
    timeZone: SANDBOX_TIME_ZONE,
    manager: account?.data.manager === true,
  };
}

/** The customer itself (level 0) and every account below it, as Google's customer_client rows. */
export async function customerClientRows(
  store: SandboxStore,
  customerId: string,
  customer: Record<string, unknown>,
): Promise<Row[]> {
  const hierarchy = [{ id: customerId, level: 0 }, ...(await customersBelow(store, customerId))];
  const rows: Row[] = [];
  for (const { id, level } of hierarchy) {
    const client = id === customerId ? customer : await customerOf(store, id);
    rows.push({
      customer_client: {
        resourceName: `customers/${customerId}/customerClients/${id}`,
        clientCustomer: `customers/${id}`,
        id,
        descriptiveName: client.descriptiveName,
        currencyCode: client.currencyCode,
        timeZone: client.timeZone,
        manager: client.manager,
        level: String(level),
        status: 'ENABLED',
      },
      customer,
    });
  }
  return rows;
}

/** The customer's budgets as `campaign_budget` resources, with how many campaigns use each. */
export async function budgetsOf(
  store: SandboxStore,
  customerId: string,
): Promise<Map<string, Record<string, unknown>>> {
  const campaigns = await store.list<StoredCampaign>('campaign', customerId);
  const uses = new Map<string, number>();
  for (const campaign of campaigns) {
    if (campaign.data.status !== 'REMOVED')
      uses.set(campaign.data.budgetId, (uses.get(campaign.data.budgetId) ?? 0) + 1);
  }
  const budgets = await store.list<StoredBudget>('campaign_budget', customerId);
  return new Map(
    budgets.map((budget) => [
      budget.id,
      {
        resourceName: `customers/${customerId}/campaignBudgets/${budget.id}`,
        id: budget.id,
        name: budget.data.name,
        amountMicros: budget.data.amountMicros,
        explicitlyShared: budget.data.explicitlyShared,
        deliveryMethod: 'STANDARD',
        period: 'DAILY',
        referenceCount: String(uses.get(budget.id) ?? 0),
        status: budget.data.status,
      },
    ]),
  );
}

export async function campaignsOf(
  store: SandboxStore,
  customerId: string,
): Promise<Map<string, Record<string, unknown>>> {
  const budgets = await budgetsOf(store, customerId);
  const campaigns = await store.list<StoredCampaign>('campaign', customerId);
  return new Map(
    campaigns.map((campaign) => [
      campaign.id,
      {
        resourceName: `customers/${customerId}/campaigns/${campaign.id}`,
        id: campaign.id,
        name: campaign.data.name,
        status: campaign.data.status,
        advertisingChannelType: campaign.data.advertisingChannelType,
        campaignBudget: budgets.get(campaign.data.budgetId)?.resourceName,
        budget: budgets.get(campaign.data.budgetId),
      },
    ]),
  );
}

export async function adGroupsOf(
  store: SandboxStore,
  customerId: string,
): Promise<Map<string, Record<string, unknown>>> {
  const groups = await store.list<StoredAdGroup>('ad_group', customerId);
  return new Map(
    groups.map((group) => [
      group.id,
      {
        resourceName: `customers/${customerId}/adGroups/${group.id}`,
        id: group.id,
        name: group.data.name,
        status: group.data.status,
        type: 'SEARCH_STANDARD',
        ...(group.data.cpcBidMicros !== undefined && { cpcBidMicros: group.data.cpcBidMicros }),
        ...(group.parentId && { campaign: `customers/${customerId}/campaigns/${group.parentId}` }),
        campaignId: group.parentId,
      },
    ]),
  );
}

/** Splits the internal link off a resource built above. */
export function withoutLink(resource: Record<string, unknown> | undefined, link: string) {
  if (!resource) return undefined;
  const { [link]: _, ...rest } = resource;
  return rest;
}

/** Rows FROM ad_group and FROM ad_group_ad, each with its campaign. */
export async function adRows(
  store: SandboxStore,
  resource: string,
  customerId: string,
  customer: Record<string, unknown>,
): Promise<Row[]> {
  const campaigns = await campaignsOf(store, customerId);
  const groups = await adGroupsOf(store, customerId);
  const campaignOf = (group: Record<string, unknown> | undefined) =>
    withoutLink(campaigns.get(String(group?.campaignId)), 'budget') ?? {};
  if (resource === 'ad_group') {
    return [...groups.values()].map((group) => ({
      ad_group: withoutLink(group, 'campaignId') ?? {},
      campaign: campaignOf(group),
      customer,
    }));
  }
  const ads = await store.list<StoredAd>('ad', customerId);
  return ads.map((ad) => {
    const groupId = ad.parentId ?? '';
    const group = groups.get(groupId);
    const groupName = `customers/${customerId}/adGroups/${groupId}`;
    return {
      ad_group_ad: {
        resourceName: `customers/${customerId}/adGroupAds/${groupId}~${ad.id}`,
        status: ad.data.status,
        adGroup: groupName,
        ad: { resourceName: `customers/${customerId}/ads/${ad.id}`, id: ad.id, ...ad.data.ad },
      },
      ad_group: withoutLink(group, 'campaignId') ?? { resourceName: groupName, id: groupId },
      campaign: campaignOf(group),
      customer,
    };
  });
}
