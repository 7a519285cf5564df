import type { StoredObject } from '../store.ts';
import type { StoredCampaign } from './campaign.ts';
import { formatUtcTime } from './values.ts';

/** A TikTok ad group as the sandbox keeps it (its parent is its campaign). */
export interface StoredAdGroup {
  campaign_id: string;
  adgroup_name: string;
  /** BUDGET_MODE_DAY or BUDGET_MODE_TOTAL when it holds its own budget; BUDGET_MODE_INFINITE when its campaign's budget bounds it. */
  budget_mode: string;
  budget: number;
  /** ENABLE or DISABLE; a deleted ad group keeps the last one. */
  operation_status: string;
  deleted?: boolean;
  placement_type: string;
  placements: string[];
  optimization_goal: string;
  billing_event: string;
  bid_type: string;
  /**
   * Its part of the campaign's delivery when it holds no daily budget of its own (an ad group with one
   * takes a part in proportion to it), and its part of the campaign's conversions: the two differ from
   * one ad group to another, so their costs per conversion differ.
   */
  delivery_weight: number;
  conversion_weight: number;
}

export type AdGroupRecord = StoredObject<StoredAdGroup>;

/** The fields an adgroup/get answer may hold that the sandbox serves, which `fields` may name. */
export const ADGROUP_FIELDS = [
  'advertiser_id',
  'campaign_id',
  'campaign_name',
  'adgroup_id',
  'adgroup_name',
  'placement_type',
  'placements',
  'promotion_type',
  'budget_mode',
  'budget',
  'schedule_type',
  'optimization_goal',
  'billing_event',
  'bid_type',
  'pacing',
  'operation_status',
  'secondary_status',
  'create_time',
  'modify_time',
] as const;

export function adGroupView(adGroup: AdGroupRecord, campaign: StoredCampaign | undefined) {
  const { data } = adGroup;
  return {
    advertiser_id: adGroup.accountId,
    campaign_id: data.campaign_id,
    campaign_name: campaign?.campaign_name ?? '',
    adgroup_id: adGroup.id,
    adgroup_name: data.adgroup_name,
    placement_type: data.placement_type,
    placements: data.placements,
    promotion_type: 'WEBSITE',
    budget_mode: data.budget_mode,
    budget: data.budget,
    schedule_type: 'SCHEDULE_FROM_NOW',
    optimization_goal: data.optimization_goal,
    billing_event: data.billing_event,
    bid_type: data.bid_type,
    pacing: 'PACING_MODE_SMOOTH',
    operation_status: data.operation_status,
    secondary_status: adGroupSecondaryStatus(data, campaign),
    create_time: formatUtcTime(adGroup.createdAt),
    modify_time: formatUtcTime(adGroup.updatedAt),
  };
}

/** Its own state first, then what its campaign does to it, as TikTok reports an ad group's delivery. */
export function adGroupSecondaryStatus(data: StoredAdGroup, campaign: StoredCampaign | undefined): string {
  if (data.deleted) return 'ADGROUP_STATUS_DELETE';
  if (data.operation_status !== 'ENABLE') return 'ADGROUP_STATUS_DISABLE';
  if (!campaign || campaign.deleted || campaign.operation_status !== 'ENABLE')
    return 'ADGROUP_STATUS_CAMPAIGN_DISABLE';
  return 'ADGROUP_STATUS_DELIVERY_OK';
}

/** The primary_status filter's value an ad group is in. */
export function adGroupPrimaryStatus(data: StoredAdGroup, campaign: StoredCampaign | undefined): string {
  const secondary = adGroupSecondaryStatus(data, campaign);
  if (secondary === 'ADGROUP_STATUS_DELETE') return 'STATUS_DELETE';
  if (secondary === 'ADGROUP_STATUS_DISABLE') return 'STATUS_DISABLE';
  if (secondary === 'ADGROUP_STATUS_CAMPAIGN_DISABLE') return 'STATUS_NOT_DELIVERY';
  return 'STATUS_DELIVERY_OK';
}
