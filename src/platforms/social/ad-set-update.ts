import { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { PlatformSession } from '../session.ts';
import type { UpstreamRequest } from '../upstream.ts';
import { adSetSchema } from './ad-sets.ts';
import { graphUrl } from './graph.ts';

const adSetNodeSchema = adSetSchema.extend({
  campaign: z
    .object({ id: z.string(), name: z.string().optional(), effective_status: z.string().optional() })
    .optional(),
});

/** A Meta ad set read by its id; budgets in the currency's minor unit, absent when the campaign holds it. */
export type MetaAdSetNode = z.output<typeof adSetNodeSchema>;

const NODE_FIELDS =
  'id,account_id,name,campaign_id,campaign{id,name,effective_status},status,effective_status,daily_budget,lifetime_budget,' +
  'optimization_goal,billing_event';

/** Meta's longest ad set name, in UTF-16 units, as the sandbox counts it too. */
export const MAX_AD_SET_NAME_LENGTH = 400;

/** What `POST /{adset_id}` is asked to change; the daily budget in the currency's minor unit. */
export interface AdSetChanges {
  status?: 'ACTIVE' | 'PAUSED' | undefined;
  daily_budget?: number | undefined;
  name?: string | undefined;
}

/** `GET /{adset_id}`: the ad set, deleted ones too; undefined when Meta has none the token may see. */
export async function readAdSet(
  session: PlatformSession,
  adSetId: string,
): Promise<MetaAdSetNode | undefined> {
  const url = graphUrl(session.endpoints, `/${encodeURIComponent(adSetId)}`, { fields: NODE_FIELDS });
  const response = await session.sendOrMissing({ method: 'GET', url, idempotent: true });
  if (!response) return undefined;
  session.noteRequestId(response.headers['x-fb-trace-id']);
  return readAnswer('social', 'the ad set', adSetNodeSchema, response.body);
}

/**
 * `POST /{adset_id}` with the changed fields as JSON; `validateOnly` adds
 * `execution_options=["validate_only"]`, Meta's own check that changes nothing. Setting fields to given
 * values is idempotent, so the request may be retried.
 */
export function adSetUpdateRequest(
  session: PlatformSession,
  adSetId: string,
  changes: AdSetChanges,
  validateOnly: boolean,
): UpstreamRequest & { body: Record<string, unknown> } {
  const body: Record<string, unknown> = {};
  if (changes.name !== undefined) body.name = changes.name;
  if (changes.status !== undefined) body.status = changes.status;
  if (changes.daily_budget !== undefined) body.daily_budget = changes.daily_budget;
  if (validateOnly) body.execution_options = ['validate_only'];
  return {
    method: 'POST',
    url: graphUrl(session.endpoints, `/${encodeURIComponent(adSetId)}`),
    body,
    idempotent: true,
  };
}

/** Sends the update (or its validation) and reads Meta's `{success: true}`. */
export async function updateAdSet(
  session: PlatformSession,
  adSetId: string,
  changes: AdSetChanges,
  validateOnly: boolean,
): Promise<void> {
  const response = await session.send(adSetUpdateRequest(session, adSetId, changes, validateOnly));
  session.noteRequestId(response.headers['x-fb-trace-id']);
  readAnswer('social', 'the ad set update', z.object({ success: z.literal(true) }), response.body, {
    mayHaveActed: !validateOnly,
  });
}
