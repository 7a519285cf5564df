import type { StoredObject } from '../store.ts';
import { formatUtcTime } from './values.ts';

/** A TikTok campaign as the sandbox keeps it. */
export interface StoredCampaign {
  campaign_name: string;
  objective_type?: string;
  budget_mode: string;
  budget: number;
  /** ENABLE or DISABLE; a deleted campaign keeps the last one. */
  operation_status: string;
  deleted?: boolean;
  po_number?: string;
}

export type CampaignRecord = StoredObject<StoredCampaign>;

/** The fields a campaign/get answer may hold, which `fields` may name (TikTok's response fields). */
export const CAMPAIGN_FIELDS = [
  'advertiser_id',
  'campaign_id',
  'campaign_system_origin',
  'is_search_campaign',
  'is_smart_performance_campaign',
  'campaign_name',
  'campaign_type',
  'postback_window_mode',
  'app_id',
  'budget',
  'budget_mode',
  'rta_id',
  'rta_bid_enabled',
  'rta_product_selection_enabled',
  'secondary_status',
  'operation_status',
  'objective',
  'objective_type',
  'app_promotion_type',
  'virtual_objective_type',
  'sales_destination',
  'campaign_product_source',
  'budget_optimize_on',
  'bid_type',
  'deep_bid_type',
  'roas_bid',
  'optimization_goal',
  'is_new_structure',
  'create_time',
  'modify_time',
  'is_advanced_dedicated_campaign',
  'disable_skan_campaign',
  'bid_align_type',
  'campaign_app_profile_page_state',
  'special_industries',
  'rf_campaign_type',
  'po_number',
] as const;

/**
 * A campaign as campaign/get answers it. Sandbox campaigns are regular auction campaigns made in Ads
 * Manager or the API: no Smart+, no split test, no catalog, no special ad category.
 */
export function campaignView(campaign: CampaignRecord): Record<string, unknown> {
  const { data } = campaign;
  return {
    advertiser_id: campaign.accountId,
    campaign_id: campaign.id,
    campaign_name: data.campaign_name,
    campaign_type: 'REGULAR_CAMPAIGN',
    objective_type: data.objective_type ?? 'TRAFFIC',
    budget_mode: data.budget_mode,
    budget: data.budget,
    operation_status: data.operation_status,
    secondary_status: secondaryStatus(data),
    is_smart_performance_campaign: false,
    is_search_campaign: false,
    is_new_structure: true,
    special_industries: [],
    po_number: data.po_number ?? null,
    create_time: formatUtcTime(campaign.createdAt),
    modify_time: formatUtcTime(campaign.updatedAt),
  };
}

export function secondaryStatus(data: StoredCampaign): string {
  if (data.deleted) return 'CAMPAIGN_STATUS_DELETE';
  return data.operation_status === 'ENABLE' ? 'CAMPAIGN_STATUS_ENABLE' : 'CAMPAIGN_STATUS_DISABLE';
}

export function primaryStatus(data: StoredCampaign): string {
  if (data.deleted) return 'STATUS_DELETE';
  return data.operation_status === 'ENABLE' ? 'STATUS_DELIVERY_OK' : 'STATUS_DISABLE';
}
