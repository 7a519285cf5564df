import { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { PlatformSession } from '../session.ts';
import type { UpstreamRequest } from '../upstream.ts';
import { campaignSchema } from './campaigns.ts';
import { graphUrl } from './graph.ts';
import { readEveryPage } from './graph-read.ts';

/** The campaign objectives the create takes (Campaign.Objective, the outcome-driven ones Meta accepts today). */
export const CREATE_OBJECTIVES = [
  'OUTCOME_TRAFFIC',
  'OUTCOME_LEADS',
  'OUTCOME_SALES',
  'OUTCOME_AWARENESS',
  'OUTCOME_ENGAGEMENT',
] as const;
export type CreateObjective = (typeof CREATE_OBJECTIVES)[number];

/**
 * What the ad set optimizes for, by objective, for a link ad to a website without a pixel: link clicks
 * (traffic, and the website destination of leads and sales), reach (awareness), post engagement.
 */
export const OPTIMIZATION_GOAL: Record<CreateObjective, string> = {
  OUTCOME_TRAFFIC: 'LINK_CLICKS',
  OUTCOME_LEADS: 'LINK_CLICKS',
  OUTCOME_SALES: 'LINK_CLICKS',
  OUTCOME_AWARENESS: 'REACH',
  OUTCOME_ENGAGEMENT: 'POST_ENGAGEMENT',
};

/** Meta's targeting spec, as far as the create sets it. */
export interface Targeting {
  geo_locations: { countries: string[] };
  age_min: number;
  age_max: number;
  /** 1 men, 2 women; absent for all. */
  genders?: number[] | undefined;
}

/** A write to a Graph edge, as JSON; `validateOnly` adds Meta's own check that makes nothing. */
export interface GraphWrite extends UpstreamRequest {
  method: 'POST';
  url: string;
  body: Record<string, unknown>;
}

function write(
  session: PlatformSession,
  path: string,
  body: Record<string, unknown>,
  validateOnly: boolean,
): GraphWrite {
  return {
    method: 'POST',
    url: graphUrl(session.endpoints, path),
    body: validateOnly ? { ...body, execution_options: ['validate_only'] } : body,
    // A create sent twice makes two objects: never retried blindly (recovery finds what one made).
    idempotent: false,
  };
}

const edge = (adAccountId: string, name: string) => `/${encodeURIComponent(adAccountId)}/${name}`;

/**
 * `POST /act_{id}/campaigns`: PAUSED, no special ad category, the daily budget on the campaign (Advantage
 * campaign budget, in the currency's minor unit) with Meta's default bid strategy.
 */
export function campaignCreate(
  session: PlatformSession,
  adAccountId: string,
  fields: { name: string; objective: CreateObjective; dailyBudgetMinor: number },
  validateOnly: boolean,
): GraphWrite {
  return write(
    session,
    edge(adAccountId, 'campaigns'),
    {
      name: fields.name,
      objective: fields.objective,
      status: 'PAUSED',
      special_ad_categories: [],
      buying_type: 'AUCTION',
      daily_budget: fields.dailyBudgetMinor,
      bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
    },
    validateOnly,
  );
}

/** `POST /act_{id}/adimages` with the image as base64 `bytes`; Meta has no validate-only for it. */
export function adImageUpload(session: PlatformSession, adAccountId: string, bytes: Buffer): GraphWrite {
  return write(session, edge(adAccountId, 'adimages'), { bytes: bytes.toString('base64') }, false);
}

/**
 * `POST /act_{id}/adsets`: ACTIVE under the PAUSED campaign, which alone keeps it from delivering, so that
 * activating the campaign starts it; billed by impressions, without a budget (the campaign holds it).
 */
export function adSetCreate(
  session: PlatformSession,
  adAccountId: string,
  fields: { name: string; campaignId: string; objective: CreateObjective; targeting: Targeting },
  validateOnly: boolean,
): GraphWrite {
  return write(
    session,
    edge(adAccountId, 'adsets'),
    {
      name: fields.name,
      campaign_id: fields.campaignId,
      status: 'ACTIVE',
      billing_event: 'IMPRESSIONS',
      optimization_goal: OPTIMIZATION_GOAL[fields.objective],
      targeting: fields.targeting,
    },
    validateOnly,
  );
}

/** `POST /act_{id}/adcreatives`: a link ad (object_story_spec.link_data) run as the page. */
export function creativeCreate(
  session: PlatformSession,
  adAccountId: string,
  fields: {
    name: string;
    pageId: string;
    instagramUserId?: string | undefined;
    imageHash: string;
    link: string;
    message: string;
    headline: string;
  },
  validateOnly: boolean,
): GraphWrite {
  return write(
    session,
    edge(adAccountId, 'adcreatives'),
    {
      name: fields.name,
      object_story_spec: {
        page_id: fields.pageId,
        ...(fields.instagramUserId && { instagram_user_id: fields.instagramUserId }),
        link_data: {
          image_hash: fields.imageHash,
          link: fields.link,
          message: fields.message,
          name: fields.headline,
        },
      },
    },
    validateOnly,
  );
}

/** `POST /act_{id}/ads`: ACTIVE under the PAUSED campaign, as its ad set; the creative by id. */
export function adCreate(
  session: PlatformSession,
  adAccountId: string,
  fields: { name: string; adSetId: string; creativeId: string },
  validateOnly: boolean,
): GraphWrite {
  return write(
    session,
    edge(adAccountId, 'ads'),
    {
      name: fields.name,
      adset_id: fields.adSetId,
      creative: { creative_id: fields.creativeId },
      status: 'ACTIVE',
    },
    validateOnly,
  );
}

const createdSchema = z.object({ id: z.string().regex(/^\d+$/) });
const validatedSchema = z.object({ success: z.literal(true) });
const uploadedSchema = z.object({
  images: z.record(z.string(), z.object({ hash: z.string().min(1), url: z.string().optional() })),
});

/** Sends a create and reads the new object's id (`{id}`). */
export async function sendCreate(
  session: PlatformSession,
  what: string,
  request: GraphWrite,
): Promise<string> {
  const response = await session.send(request);
  session.noteRequestId(response.headers['x-fb-trace-id']);
  return readAnswer('social', what, createdSchema, response.body, { mayHaveActed: true }).id;
}

/** Sends a create with `validate_only` and reads Meta's `{success: true}`. */
export async function sendValidation(
  session: PlatformSession,
  what: string,
  request: GraphWrite,
): Promise<void> {
  const response = await session.send({ ...request, idempotent: true });
  session.noteRequestId(response.headers['x-fb-trace-id']);
  readAnswer('social', what, validatedSchema, response.body);
}

/**
 * Uploads the image and reads its hash. The hash names the bytes, so uploading them again gives the
 * same hash and no second image: the upload may be retried.
 */
export async function uploadAdImage(session: PlatformSession, request: GraphWrite): Promise<string> {
  const response = await session.send({ ...request, idempotent: true });
  session.noteRequestId(response.headers['x-fb-trace-id']);
  const answer = readAnswer('social', 'the uploaded image', uploadedSchema, response.body);
  const image = Object.values(answer.images)[0];
  if (!image) throw new Error('Meta answered the image upload without an image');
  return image.hash;
}

const adImageSchema = z.object({ hash: z.string(), status: z.string().optional() });

/** `GET /act_{id}/adimages?hashes=[…]`: whether the ad account's image library holds the hash. */
export async function hasAdImage(
  session: PlatformSession,
  adAccountId: string,
  hash: string,
): Promise<boolean> {
  const url = graphUrl(session.endpoints, edge(adAccountId, 'adimages'), {
    hashes: JSON.stringify([hash]),
    fields: 'hash,status',
  });
  const images = await readEveryPage(session, "the ad account's images", url, adImageSchema);
  return images.some((image) => image.hash === hash && image.status !== 'DELETED');
}

const namedSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  created_time: z.string().optional(),
});

/** Meta's `2026-11-22T09:00:00+0000` as epoch milliseconds. */
function epoch(time: string | undefined): number {
  if (!time) return Number.NaN;
  return Date.parse(time.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/**
 * The ids of the objects named `name` on an edge (`/act_{id}/campaigns`, `/{campaign_id}/adsets`...),
 * paused or active, made since `since` (epoch ms) when given: what an interrupted create may have made.
 */
export async function objectsNamed(
  session: PlatformSession,
  path: string,
  name: string,
  since?: number,
): Promise<string[]> {
  const url = graphUrl(session.endpoints, path, {
    fields: since === undefined ? 'id,name' : 'id,name,created_time',
    limit: '100',
    ...(!path.endsWith('/adcreatives') && { effective_status: JSON.stringify(findableStatuses(path)) }),
  });
  const items = await readEveryPage(session, `the objects named "${name}"`, url, namedSchema);
  return items
    .filter((item) => item.name === name && (since === undefined || epoch(item.created_time) >= since))
    .map((item) => item.id);
}

/** The effective statuses a just-made PAUSED object may show on its edge (its parent's pause shows too). */
function findableStatuses(path: string): string[] {
  if (path.endsWith('/campaigns')) return ['ACTIVE', 'PAUSED'];
  if (path.endsWith('/adsets')) return ['ACTIVE', 'PAUSED', 'CAMPAIGN_PAUSED'];
  return ['ACTIVE', 'PAUSED', 'CAMPAIGN_PAUSED', 'ADSET_PAUSED'];
}

/** The daily budgets (minor units) of the ad account's active campaigns: what its typical budget is read from. */
export async function activeDailyBudgetsMinor(
  session: PlatformSession,
  adAccountId: string,
): Promise<number[]> {
  const url = graphUrl(session.endpoints, edge(adAccountId, 'campaigns'), {
    fields: 'id,daily_budget',
    limit: '100',
    effective_status: JSON.stringify(['ACTIVE']),
  });
  const schema = campaignSchema.pick({ id: true, daily_budget: true });
  const campaigns = await readEveryPage(session, "the ad account's campaigns", url, schema);
  return campaigns.flatMap((campaign) => (campaign.daily_budget ? [campaign.daily_budget] : []));
}

export { edge as adAccountEdge };
