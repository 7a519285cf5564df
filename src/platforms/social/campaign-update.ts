import { z } from 'zod';
import type { PlatformSession } from '../session.ts';
import { campaignSchema } from './campaigns.ts';
import { readNode } from './node-update.ts';

const campaignNodeSchema = campaignSchema.extend({ account_id: z.string().min(1) });

/** A Meta campaign read by its id; budgets in the currency's minor unit, absent when on the ad sets. */
export type MetaCampaignNode = z.output<typeof campaignNodeSchema>;

const NODE_FIELDS = 'id,account_id,name,status,effective_status,objective,daily_budget,lifetime_budget';

/** Meta's longest campaign name, in UTF-16 units (an emoji counts as two), as the sandbox counts it too. */
export const MAX_CAMPAIGN_NAME_LENGTH = 400;

/**
 * `GET /{campaign_id}`: the campaign, deleted ones too (Graph reads them by id); undefined when Meta has
 * none the token may see.
 */
export function readCampaign(
  session: PlatformSession,
  campaignId: string,
): Promise<MetaCampaignNode | undefined> {
  return readNode(session, campaignId, NODE_FIELDS, campaignNodeSchema, 'the campaign');
}
