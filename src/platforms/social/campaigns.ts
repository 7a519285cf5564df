import { z } from 'zod';
import type { PlatformSession } from '../session.ts';
import { cursorAfter, graphPageSchema, graphUrl } from './graph.ts';
import { readEveryPage, readGraph } from './graph-read.ts';

/**
 * The effective statuses the campaigns edge lists campaigns by (Campaign.EffectiveStatus, without
 * DELETED: Meta never lists deleted objects as an edge, only by their id).
 */
export const LISTABLE_EFFECTIVE_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'IN_PROCESS',
  'WITH_ISSUES',
  'ARCHIVED',
] as const;

/** A campaign's effective statuses (Campaign.EffectiveStatus). */
export const CAMPAIGN_EFFECTIVE_STATUSES = [...LISTABLE_EFFECTIVE_STATUSES, 'DELETED'] as const;
export type CampaignEffectiveStatus = (typeof CAMPAIGN_EFFECTIVE_STATUSES)[number];

/** A budget as Meta gives it: a numeric string of the currency's minor unit (`"5000"` is 50.00 USD). */
const minorAmount = z
  .union([z.string().regex(/^\d+$/, 'must be a whole number of minor units'), z.number().int().min(0)])
  .transform(Number);

export const campaignSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  status: z.string(),
  effective_status: z.string(),
  objective: z.string().optional(),
  daily_budget: minorAmount.optional(),
  lifetime_budget: minorAmount.optional(),
});

/** A Meta campaign as the adapter reads it; budgets in minor units, absent (or 0) when set on the ad sets. */
export type MetaCampaign = z.output<typeof campaignSchema>;

const CAMPAIGN_FIELDS = 'id,name,status,effective_status,objective,daily_budget,lifetime_budget';
/** Campaigns per page asked of Meta. */
const PAGE_SIZE = 100;

export interface CampaignPage {
  campaigns: MetaCampaign[];
  /** Meta's cursor after the last campaign, when more may follow. */
  after: string | undefined;
}

function campaignsUrl(
  session: PlatformSession,
  adAccountId: string,
  params: Record<string, string>,
  statuses: readonly string[] | undefined,
): string {
  return graphUrl(session.endpoints, `/${encodeURIComponent(adAccountId)}/campaigns`, {
    ...params,
    ...(statuses && { effective_status: JSON.stringify(statuses) }),
  });
}

/**
 * `GET /act_{id}/campaigns`: up to `limit` campaigns from Meta's cursor `after`, filtered by effective
 * status (Meta's default without: every campaign neither archived nor deleted), following Meta's pages
 * until `limit` is reached or the edge ends.
 */
export async function listCampaigns(
  session: PlatformSession,
  adAccountId: string,
  options: { statuses?: readonly string[] | undefined; limit: number; after?: string | undefined },
): Promise<CampaignPage> {
  const schema = graphPageSchema(campaignSchema);
  const campaigns: MetaCampaign[] = [];
  let after = options.after;
  while (campaigns.length < options.limit) {
    const size = Math.min(options.limit - campaigns.length, PAGE_SIZE);
    const params = { fields: CAMPAIGN_FIELDS, limit: String(size), ...(after !== undefined && { after }) };
    const url = campaignsUrl(session, adAccountId, params, options.statuses);
    const page = await readGraph(session, "the ad account's campaigns", url, schema);
    campaigns.push(...page.data);
    after = cursorAfter(page);
    if (after === undefined) break;
  }
  return { campaigns, after };
}

/**
 * Every campaign the edge lists with these effective statuses (Meta's default without), with its status
 * and budgets: what a performance report names each campaign by.
 */
export function everyCampaign(
  session: PlatformSession,
  adAccountId: string,
  statuses?: readonly string[],
): Promise<MetaCampaign[]> {
  const url = campaignsUrl(
    session,
    adAccountId,
    { fields: CAMPAIGN_FIELDS, limit: String(PAGE_SIZE) },
    statuses,
  );
  return readEveryPage(session, "the ad account's campaigns", url, campaignSchema);
}
