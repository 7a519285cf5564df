import { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { PlatformSession } from '../session.ts';
import type { UpstreamRequest } from '../upstream.ts';
import { campaignSchema } from './campaigns.ts';
import { graphUrl } from './graph.ts';

const campaignNodeSchema = campaignSchema.extend({ account_id: z.string().min(1) });

/** A Meta campaign read by its id; budgets in the currency's minor unit, absent when on the ad sets. */
export type MetaCampaignNode = z.output<typeof campaignNodeSchema>;

const NODE_FIELDS = 'id,account_id,name,status,effective_status,objective,daily_budget,lifetime_budget';

/** Meta's longest campaign name, in UTF-16 units (an emoji counts as two), as the sandbox counts it too. */
export const MAX_CAMPAIGN_NAME_LENGTH = 400;

/** What `POST /{campaign_id}` is asked to change; the daily budget in the currency's minor unit. */
export interface CampaignChanges {
  status?: 'ACTIVE' | 'PAUSED' | undefined;
  daily_budget?: number | undefined;
  name?: string | undefined;
}

/**
 * `GET /{campaign_id}`: the campaign, deleted ones too (Graph reads them by id); undefined when Meta has
 * none the token may see.
 */
export async function readCampaign(
  session: PlatformSession,
  campaignId: string,
): Promise<MetaCampaignNode | undefined> {
  const url = graphUrl(session.endpoints, `/${encodeURIComponent(campaignId)}`, { fields: NODE_FIELDS });
  const response = await session.sendOrMissing({ method: 'GET', url, idempotent: true });
  if (!response) return undefined;
  session.noteRequestId(response.headers['x-fb-trace-id']);
  return readAnswer('social', 'the campaign', campaignNodeSchema, response.body);
}

/**
 * `POST /{campaign_id}` with the changed fields as JSON; `validateOnly` adds
 * `execution_options=["validate_only"]`, Meta's own check that changes nothing. Setting fields to given
 * values is idempotent, so the request may be retried.
 */
export function campaignUpdateRequest(
  session: PlatformSession,
  campaignId: string,
  changes: CampaignChanges,
  validateOnly: boolean,
): UpstreamRequest & { body: Record<string, unknown> } {
  const body: Record<string, unknown> = {};
  if (changes.name !== undefined) body.name = changes.name;
  if (changes.status !== undefined) body.status = changes.status;
  if (changes.daily_budget !== undefined) body.daily_budget = changes.daily_budget;
  if (validateOnly) body.execution_options = ['validate_only'];
  return {
    method: 'POST',
    url: graphUrl(session.endpoints, `/${encodeURIComponent(campaignId)}`),
    body,
    idempotent: true,
  };
}

/** Sends the update (or its validation) and reads Meta's `{success: true}`. */
export async function updateCampaign(
  session: PlatformSession,
  campaignId: string,
  changes: CampaignChanges,
  validateOnly: boolean,
): Promise<void> {
  const response = await session.send(campaignUpdateRequest(session, campaignId, changes, validateOnly));
  session.noteRequestId(response.headers['x-fb-trace-id']);
  readAnswer('social', 'the campaign update', z.object({ success: z.literal(true) }), response.body, {
    mayHaveActed: !validateOnly,
  });
}
