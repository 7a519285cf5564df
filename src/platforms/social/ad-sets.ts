import { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { PlatformSession } from '../session.ts';
import { cursorAfter, graphPageSchema, graphUrl } from './graph.ts';

/** A budget as Meta gives it: a numeric string of the currency's minor unit (`"5000"` is 50.00 USD). */
const minorAmount = z
  .union([z.string().regex(/^\d+$/, 'must be a whole number of minor units'), z.number().int().min(0)])
  .transform(Number);

export const adSetSchema = z.object({
  id: z.string().min(1),
  /** The ad account's digits, without `act_`. */
  account_id: z.string().min(1),
  name: z.string(),
  campaign_id: z.string().min(1),
  status: z.string(),
  effective_status: z.string(),
  daily_budget: minorAmount.optional(),
  lifetime_budget: minorAmount.optional(),
  optimization_goal: z.string().optional(),
  billing_event: z.string().optional(),
});

/** A Meta ad set as the adapter reads it; budgets in minor units, absent (or 0) when the campaign holds it. */
export type MetaAdSet = z.output<typeof adSetSchema>;

export const adSchema = z.object({
  id: z.string().min(1),
  account_id: z.string().min(1),
  name: z.string(),
  adset_id: z.string().min(1),
  campaign_id: z.string().min(1),
  status: z.string(),
  effective_status: z.string(),
  creative: z.object({ id: z.string().min(1) }).optional(),
});

/** A Meta ad as the adapter reads it, with the id of its creative. */
export type MetaAd = z.output<typeof adSchema>;

const AD_SET_FIELDS =
  'id,account_id,name,campaign_id,status,effective_status,daily_budget,lifetime_budget,optimization_goal,billing_event';
const AD_FIELDS = 'id,account_id,name,adset_id,campaign_id,status,effective_status,creative{id}';
/** Items per page asked of Meta. */
const PAGE_SIZE = 100;

/**
 * Where a listing over several edges stands: the edge it is on (its index among the parents asked for)
 * and Meta's cursor in it.
 */
export interface EdgePosition {
  edge: number;
  after?: string | undefined;
}

export interface ObjectPage<Item> {
  items: Item[];
  /** Where the next page starts, when more may follow. */
  next: EdgePosition | undefined;
  /** A parent asked for that Meta has not, or not for this token: nothing else is read. */
  missing?: string | undefined;
}

/**
 * Up to `limit` items from the edges named by `paths` in turn (an ad account's, or the campaigns' or ad
 * sets' asked for), from `position` on, following Meta's cursors; filtered by effective status (Meta's
 * default without: neither archived nor deleted). A parent Meta cannot load stops the listing.
 */
async function readEdges<Item extends z.ZodType>(
  session: PlatformSession,
  what: string,
  adAccountId: string,
  parents: readonly string[] | undefined,
  edgeName: string,
  item: Item,
  fields: string,
  options: { statuses?: readonly string[] | undefined; limit: number; position?: EdgePosition | undefined },
): Promise<ObjectPage<z.output<Item>>> {
  const schema = graphPageSchema(item);
  const paths = edgePaths(adAccountId, parents, edgeName);
  const items: Array<z.output<Item>> = [];
  let edge = options.position?.edge ?? 0;
  let after = options.position?.after;
  while (items.length < options.limit && edge < paths.length) {
    const size = Math.min(options.limit - items.length, PAGE_SIZE);
    const url = graphUrl(session.endpoints, paths[edge] as string, {
      fields,
      limit: String(size),
      ...(after !== undefined && { after }),
      ...(options.statuses && { effective_status: JSON.stringify(options.statuses) }),
    });
    const response = await session.sendOrMissing({ method: 'GET', url, idempotent: true });
    if (!response) return { items: [], next: undefined, missing: parents?.[edge] };
    session.noteRequestId(response.headers['x-fb-trace-id']);
    const page = readAnswer('social', what, schema, response.body);
    items.push(...page.data);
    after = cursorAfter(page);
    if (after === undefined) edge += 1;
  }
  return { items, next: edge < paths.length ? { edge, ...(after !== undefined && { after }) } : undefined };
}

/** The edge paths of a listing: the ad account's own, or each parent's (`/{id}/{edge}`). */
function edgePaths(adAccountId: string, parents: readonly string[] | undefined, edge: string): string[] {
  const owners = parents && parents.length > 0 ? parents : [adAccountId];
  return owners.map((id) => `/${encodeURIComponent(id)}/${edge}`);
}

/** `GET /act_{id}/adsets`, or `/{campaign_id}/adsets` of each campaign asked for. */
export function listAdSets(
  session: PlatformSession,
  adAccountId: string,
  options: {
    campaignIds?: readonly string[] | undefined;
    statuses?: readonly string[] | undefined;
    limit: number;
    position?: EdgePosition | undefined;
  },
): Promise<ObjectPage<MetaAdSet>> {
  const what = "the ad account's ad sets";
  return readEdges(
    session,
    what,
    adAccountId,
    options.campaignIds,
    'adsets',
    adSetSchema,
    AD_SET_FIELDS,
    options,
  );
}

/** `GET /act_{id}/ads`, or `/{id}/ads` of each campaign or ad set asked for. */
export function listAds(
  session: PlatformSession,
  adAccountId: string,
  options: {
    parentIds?: readonly string[] | undefined;
    statuses?: readonly string[] | undefined;
    limit: number;
    position?: EdgePosition | undefined;
  },
): Promise<ObjectPage<MetaAd>> {
  const what = "the ad account's ads";
  return readEdges(session, what, adAccountId, options.parentIds, 'ads', adSchema, AD_FIELDS, options);
}
