import type { FastifyInstance } from 'fastify';
import type { StoredObject } from '../store.ts';
import { effectiveStatus, type SandboxCampaign } from './campaign-records.ts';
import { DATE_PRESETS } from './date-presets.ts';
import { sendEdgePage } from './edge-page.ts';
import { graphError } from './graph.ts';
import type { EdgeRequest, GraphCalls } from './graph-calls.ts';
import { CAMPAIGN } from './node-types.ts';
import { CAMPAIGN_EDGE_PARAMETERS, listParameter, type Query } from './request.ts';
import { parseTimeRange } from './time-range.ts';

/** The `effective_status` filter's values, as the campaigns edge's reference lists them. */
export const EFFECTIVE_STATUS_FILTER = [
  'ACTIVE',
  'PAUSED',
  'DELETED',
  'PENDING_REVIEW',
  'DISAPPROVED',
  'PREAPPROVED',
  'PENDING_BILLING_INFO',
  'CAMPAIGN_PAUSED',
  'ARCHIVED',
  'ADSET_PAUSED',
  'IN_PROCESS',
  'WITH_ISSUES',
] as const;

/** A campaign as a Campaign node, every field the sandbox holds a value for. */
export function campaignNode({ id, accountId, data }: StoredObject<SandboxCampaign>) {
  return {
    id,
    account_id: accountId.replace(/^act_/, ''),
    name: data.name,
    status: data.status,
    configured_status: data.status,
    effective_status: effectiveStatus(data),
    objective: data.objective,
    buying_type: data.buying_type,
    bid_strategy: data.bid_strategy,
    daily_budget: data.daily_budget,
    lifetime_budget: data.lifetime_budget,
    can_use_spend_cap: true,
    is_skadnetwork_attribution: false,
    pacing_type: ['standard'],
    special_ad_categories: data.special_ad_categories,
    special_ad_category: 'NONE',
    smart_promotion_type: 'GUIDED_CREATION',
    source_campaign_id: '0',
    start_time: data.start_time,
    stop_time: data.stop_time,
    created_time: data.created_time,
    updated_time: data.updated_time,
  };
}

/**
 * Which campaigns the edge lists: those whose effective status is in `effective_status`, or without it
 * every campaign neither archived nor deleted ("A request with no filters returns only campaigns that
 * were not archived or deleted"); deleted campaigns are never listed as an edge, only read by their id
 * ("Manage your ad object's status"). `is_completed`: whether the campaign's stop time has passed.
 * A parameter Meta would refuse gives its error message instead.
 */
function listed(
  query: Query,
  campaigns: Array<StoredObject<SandboxCampaign>>,
  now: Date,
): { campaigns: Array<StoredObject<SandboxCampaign>> } | { error: string } {
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
  if (query.date_preset !== undefined && !(DATE_PRESETS as readonly string[]).includes(query.date_preset)) {
    return { error: `Param date_preset must be one of {${DATE_PRESETS.join(', ')}}` };
  }
  if (query.time_range !== undefined) {
    const range = parseTimeRange(query.time_range);
    if ('error' in range) return range;
  }
  const completed = query.is_completed === undefined ? undefined : ['true', '1'].includes(query.is_completed);
  return {
    campaigns: campaigns.filter(({ data }) => {
      const status = effectiveStatus(data);
      if (status === 'DELETED') return false;
      if (statuses ? !statuses.includes(status) : status === 'ARCHIVED') return false;
      if (completed === undefined) return true;
      const done = data.stop_time !== undefined && Date.parse(data.stop_time) <= now.getTime();
      return done === completed;
    }),
  };
}

/**
 * `GET /act_{id}/campaigns`: the ad account's campaigns as Campaign nodes, filtered by effective status,
 * paged by cursor. `date_preset` and `time_range` only shape the `insights` of the nodes, which this
 * edge does not expand: they are checked and have no other effect. Creating campaigns (POST) is creates.ts.
 */
export function registerCampaigns(scope: FastifyInstance, calls: GraphCalls): void {
  scope.get<EdgeRequest>('/:version/:node/campaigns', async (request, reply) => {
    const admitted = await calls.adAccountCall(request, reply, 'campaigns', CAMPAIGN_EDGE_PARAMETERS);
    if (!admitted) return reply;
    const { node } = request.params;
    const all = await calls.store.list<SandboxCampaign>('campaign', node);
    const verdict = listed(admitted.query, all, admitted.now);
    if ('error' in verdict) {
      return graphError(reply, 400, {
        message: `(#100) ${verdict.error}`,
        type: 'OAuthException',
        code: 100,
      });
    }
    return sendEdgePage(reply, {
      query: admitted.query,
      url: calls.url(request, `/${node}/campaigns`),
      accessToken: admitted.accessToken,
      type: CAMPAIGN,
      nodes: verdict.campaigns.map(campaignNode),
    });
  });
}
