import type { AdGroupRecord, StoredAdGroup } from './adgroup.ts';
import { invalid, refuseUnknown } from './envelope.ts';
import {
  campaignNameLength,
  hasEmoji,
  MAX_CAMPAIGN_NAME_LENGTH,
  MIN_AD_GROUP_BUDGET,
  NO_BUDGET_LIMIT,
} from './tiktok-rules.ts';
import { amount, flag, oneOf, text, textList } from './values.ts';

/** What adgroup/status/update takes (TikTok's AdgroupStatusUpdateBody). */
const STATUS_FIELDS = ['advertiser_id', 'adgroup_ids', 'operation_status', 'allow_partial_success'];
const OPERATIONS = ['DELETE', 'DISABLE', 'ENABLE'] as const;

export interface AdGroupStatusChange {
  adGroupIds: string[];
  operation: (typeof OPERATIONS)[number];
  allowPartialSuccess: boolean;
}

export function checkAdGroupStatusBody(body: Record<string, unknown>): AdGroupStatusChange {
  refuseUnknown(Object.keys(body), STATUS_FIELDS);
  if (body.adgroup_ids === undefined) throw invalid('adgroup_ids', 'Missing data for required field.');
  const adGroupIds = textList('adgroup_ids', body.adgroup_ids, { min: 1, max: 100 });
  if (body.operation_status === undefined)
    throw invalid('operation_status', 'Missing data for required field.');
  const operation = oneOf('operation_status', body.operation_status, OPERATIONS);
  const allowPartialSuccess =
    body.allow_partial_success !== undefined && flag('allow_partial_success', body.allow_partial_success);
  return { adGroupIds: [...new Set(adGroupIds)], operation, allowPartialSuccess };
}

/**
 * What adgroup/update takes that the sandbox changes; the rest of TikTok's AdgroupUpdateBody (targeting,
 * bidding, schedule) is refused by name rather than ignored, so nothing is taken and then dropped.
 */
const SERVED = ['advertiser_id', 'adgroup_id', 'adgroup_name', 'budget'];
const NOT_SERVED = [
  'actions',
  'age_groups',
  'audience_ids',
  'audience_rule',
  'audience_type',
  'auto_targeting_enabled',
  'bid_price',
  'bid_type',
  'brand_safety_type',
  'conversion_bid_price',
  'dayparting',
  'deep_bid_type',
  'deep_cpa_bid',
  'excluded_audience_ids',
  'frequency',
  'frequency_schedule',
  'gender',
  'interest_category_ids',
  'interest_keyword_ids',
  'languages',
  'location_ids',
  'operating_systems',
  'pacing',
  'roas_bid',
  'schedule_end_time',
  'schedule_start_time',
  'schedule_type',
  'targeting_expansion',
];

export function checkAdGroupUpdateBody(body: Record<string, unknown>): { adGroupId: string } {
  const notServed = Object.keys(body).find((name) => NOT_SERVED.includes(name));
  if (notServed)
    throw invalid(notServed, "The TikTok sandbox changes an ad group's adgroup_name and budget only.");
  refuseUnknown(Object.keys(body), SERVED);
  if (body.adgroup_id === undefined) throw invalid('adgroup_id', 'Missing data for required field.');
  return { adGroupId: text('adgroup_id', body.adgroup_id) };
}

/** The ad group after the update, or TikTok's refusal of it. */
export function applyAdGroupUpdate(adGroup: AdGroupRecord, body: Record<string, unknown>): StoredAdGroup {
  if (adGroup.data.deleted)
    throw invalid('adgroup_id', `Ad group ${adGroup.id} has been deleted and cannot be modified.`);
  const next: StoredAdGroup = { ...adGroup.data };
  if (body.adgroup_name !== undefined) next.adgroup_name = adGroupName(body.adgroup_name);
  if (body.budget !== undefined) next.budget = budget(adGroup.data.budget_mode, body.budget);
  return next;
}

function adGroupName(value: unknown): string {
  const name = text('adgroup_name', value);
  if (hasEmoji(name)) throw invalid('adgroup_name', 'Emoji is not supported.');
  const length = campaignNameLength(name);
  if (length < 1 || length > MAX_CAMPAIGN_NAME_LENGTH)
    throw invalid('adgroup_name', `Length must be between 1 and ${MAX_CAMPAIGN_NAME_LENGTH}.`);
  return name;
}

function budget(mode: string, value: unknown): number {
  const next = amount('budget', value);
  if (mode === NO_BUDGET_LIMIT)
    throw invalid(
      'budget',
      'The ad group has no budget of its own (BUDGET_MODE_INFINITE): its campaign budget applies.',
    );
  if (next < MIN_AD_GROUP_BUDGET)
    throw invalid('', `Budget must be greater than or equal to ${MIN_AD_GROUP_BUDGET.toFixed(2)}.`);
  return next;
}
