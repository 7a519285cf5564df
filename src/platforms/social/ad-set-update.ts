import { z } from 'zod';
import type { PlatformSession } from '../session.ts';
import { adSetSchema } from './ad-sets.ts';
import { readNode } from './node-update.ts';

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

/** `GET /{adset_id}`: the ad set, deleted ones too; undefined when Meta has none the token may see. */
export function readAdSet(session: PlatformSession, adSetId: string): Promise<MetaAdSetNode | undefined> {
  return readNode(session, adSetId, NODE_FIELDS, adSetNodeSchema, 'the ad set');
}
