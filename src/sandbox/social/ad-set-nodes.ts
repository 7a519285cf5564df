import type { SandboxStore, StoredObject } from '../store.ts';
import {
  adEffectiveStatus,
  adSetEffectiveStatus,
  type SandboxAd,
  type SandboxAdSet,
} from './ad-set-records.ts';
import type { SandboxCampaign } from './campaign-records.ts';
import { campaignNode, EFFECTIVE_STATUS_FILTER } from './campaigns.ts';
import { DATE_PRESETS } from './date-presets.ts';
import { EDGE_PARAMETERS, listParameter, type Query } from './request.ts';
import { parseTimeRange } from './time-range.ts';

/** What the ad sets and ads edges take beside the common ones (their references' parameters). */
export const AD_SET_EDGE_PARAMETERS = [
  ...EDGE_PARAMETERS,
  'date_preset',
  'effective_status',
  'is_completed',
  'time_range',
  'updated_since',
] as const;
export const AD_EDGE_PARAMETERS = [
  ...EDGE_PARAMETERS,
  'date_preset',
  'effective_status',
  'time_range',
  'updated_since',
] as const;

/** The campaigns, ad sets and ads of one ad account, by id: what effective statuses are read from. */
export interface AccountObjects {
  campaigns: Map<string, StoredObject<SandboxCampaign>>;
  adSets: Map<string, StoredObject<SandboxAdSet>>;
  ads: Array<StoredObject<SandboxAd>>;
}

export async function accountObjects(store: SandboxStore, accountId: string): Promise<AccountObjects> {
  const campaigns = await store.list<SandboxCampaign>('campaign', accountId);
  const adSets = await store.list<SandboxAdSet>('adset', accountId);
  return {
    campaigns: new Map(campaigns.map((c) => [c.id, c])),
    adSets: new Map(adSets.map((a) => [a.id, a])),
    ads: await store.list<SandboxAd>('ad', accountId),
  };
}

/** An ad set as an AdSet node, every field the sandbox holds a value for (not its own delivery model). */
export function adSetNode(stored: StoredObject<SandboxAdSet>, objects: AccountObjects) {
  const { id, accountId, data } = stored;
  const campaign = objects.campaigns.get(data.campaign_id);
  return {
    id,
    account_id: accountId.replace(/^act_/, ''),
    name: data.name,
    campaign_id: data.campaign_id,
    campaign: campaign && campaignNode(campaign),
    status: data.status,
    configured_status: data.status,
    effective_status: adSetEffectiveStatus(data, campaign?.data),
    daily_budget: data.daily_budget,
    lifetime_budget: data.lifetime_budget,
    budget_remaining: data.daily_budget ?? data.lifetime_budget ?? '0',
    optimization_goal: data.optimization_goal,
    billing_event: data.billing_event,
    bid_strategy: data.bid_strategy ?? campaign?.data.bid_strategy,
    targeting: data.targeting,
    destination_type: 'UNDEFINED',
    is_dynamic_creative: false,
    start_time: data.start_time,
    end_time: data.end_time,
    created_time: data.created_time,
    updated_time: data.updated_time,
  };
}

/** An ad as an Ad node; its creative (and parents) expand to the nodes they name. */
export function adNode(stored: StoredObject<SandboxAd>, objects: AccountObjects) {
  const { id, accountId, data } = stored;
  const adSet = objects.adSets.get(data.adset_id);
  const campaign = objects.campaigns.get(data.campaign_id);
  return {
    id,
    account_id: accountId.replace(/^act_/, ''),
    name: data.name,
    adset_id: data.adset_id,
    adset: adSet ? { id: adSet.id, name: adSet.data.name } : undefined,
    campaign_id: data.campaign_id,
    campaign: campaign && campaignNode(campaign),
    status: data.status,
    configured_status: data.status,
    effective_status: adEffectiveStatus(data, adSet?.data, campaign?.data),
    creative: { id: data.creative_id },
    created_time: data.created_time,
    updated_time: data.updated_time,
  };
}

/**
 * Which nodes an ad set or ad edge lists, as Graph filters them: by `effective_status`, or without it
 * every node neither archived nor deleted (deleted ones are never listed as an edge); `is_completed`
 * (ad sets: whether the end time has passed); `updated_since` (a Unix time). `date_preset` and
 * `time_range` only shape the nodes' insights, which these edges do not expand: checked, no other effect.
 * Meta's error message instead when a parameter is wrong.
 */
export function edgeFilter(
  query: Query,
  now: Date,
):
  | { keeps: (node: { effective_status: string; updated_time: string; end_time?: string }) => boolean }
  | { error: string } {
  let statuses: string[] | undefined;
  if (query.effective_status !== undefined) {
    statuses = listParameter(query.effective_status);
    if (!statuses) return { error: 'Param effective_status must be an array of strings' };
    const wrong = statuses.findIndex((s) => !(EFFECTIVE_STATUS_FILTER as readonly string[]).includes(s));
    if (wrong >= 0) {
      return {
        error: `Param effective_status[${wrong}] must be one of {${EFFECTIVE_STATUS_FILTER.join(', ')}}`,
      };
    }
  }
  if (query.is_completed !== undefined && !['true', 'false', '1', '0'].includes(query.is_completed)) {
    return { error: 'Param is_completed must be a boolean' };
  }
  if (query.updated_since !== undefined && !/^\d+$/.test(query.updated_since)) {
    return { error: 'Param updated_since must be an integer' };
  }
  if (query.date_preset !== undefined && !(DATE_PRESETS as readonly string[]).includes(query.date_preset)) {
    return { error: `Param date_preset must be one of {${DATE_PRESETS.join(', ')}}` };
  }
  if (query.time_range !== undefined) {
    const range = parseTimeRange(query.time_range);
    if ('error' in range) return range;
  }
  const completed = query.is_completed === undefined ? undefined : ['true', '1'].includes(query.is_completed);
  const since = query.updated_since === undefined ? undefined : Number(query.updated_since) * 1000;
  return {
    keeps: (node) => {
      const status = node.effective_status;
      if (status === 'DELETED') return false;
      if (statuses ? !statuses.includes(status) : status === 'ARCHIVED') return false;
      if (since !== undefined && Date.parse(node.updated_time.replace('+0000', 'Z')) < since) return false;
      if (completed === undefined) return true;
      const done =
        node.end_time !== undefined && Date.parse(node.end_time.replace('+0000', 'Z')) <= now.getTime();
      return done === completed;
    },
  };
}
