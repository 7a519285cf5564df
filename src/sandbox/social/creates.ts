import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxAccount } from '../sandbox-account.ts';
import { SandboxStore, sandboxId } from '../store.ts';
import { recordDelivery, type SandboxAd, type SandboxAdSet } from './ad-set-records.ts';
import {
  type CampaignStatus,
  graphTime,
  recordCampaignActivity,
  type SandboxCampaign,
} from './campaign-records.ts';
import {
  BILLING_EVENTS,
  budgetLevelConflict,
  CREATE_STATUSES,
  checkDailyBudget,
  checkName,
  checkTargeting,
  GOALS_BY_OBJECTIVE,
  imageType,
  invalid,
  jsonObject,
  missing,
  OBJECTIVES,
  oneOf,
  validateOnlyOf,
} from './create-checks.ts';
import { sendEdgePage } from './edge-page.ts';
import { type GraphErrorBody, graphError } from './graph.ts';
import type { Admitted, EdgeRequest, GraphCalls } from './graph-calls.ts';
import type { SandboxPage, SandboxPhotoAccount } from './instagram-accounts.ts';
import { AD_CREATIVE, AD_IMAGE } from './node-types.ts';
import { unsupportedRequest } from './refusals.ts';
import { EDGE_PARAMETERS, listParameter, type Query } from './request.ts';

/** A creative as the sandbox holds it (AdCreative): a link ad's story spec. */
export interface SandboxCreative {
  name: string;
  object_story_spec: {
    page_id: string;
    instagram_user_id?: string;
    link_data: { image_hash: string; link: string; message?: string; name?: string };
  };
  created_time: string;
}

/** An image of the ad account's library (AdImage), named by the MD5 of its bytes as Meta names it. */
export interface SandboxAdImage {
  hash: string;
  name: string;
  created_time: string;
  /** The file type it was uploaded as (`png`, `jpg`, `gif`), which its URL keeps on every read. */
  type?: string;
}

/** The image every sandbox account's library holds from the start, for examples that name no upload. */
export const SAMPLE_IMAGE = { hash: '8e1f4c2b7a9d3e5f60718293a4b5c6d7', name: 'adops-sample-1200x628.jpg' };

/**
 * What each create takes: the token, its proof, the fields to answer with, and the object's own; the SDKs
 * send the parent's `id` with every edge write too.
 */
const COMMON = ['access_token', 'appsecret_proof', 'fields', 'execution_options', 'id'] as const;
const CAMPAIGN_CREATE = [
  ...COMMON,
  'name',
  'objective',
  'status',
  'special_ad_categories',
  'buying_type',
  'daily_budget',
  'bid_strategy',
] as const;
const AD_SET_CREATE = [
  ...COMMON,
  'name',
  'campaign_id',
  'status',
  'billing_event',
  'optimization_goal',
  'targeting',
  'daily_budget',
  'bid_strategy',
] as const;
const CREATIVE_CREATE = [...COMMON, 'name', 'object_story_spec'] as const;
const AD_CREATE = [...COMMON, 'name', 'adset_id', 'creative', 'status'] as const;
const IMAGE_UPLOAD = ['access_token', 'appsecret_proof', 'id', 'bytes', 'name'] as const;
const IMAGE_EDGE = [...EDGE_PARAMETERS, 'hashes'] as const;

/** Images arrive as base64 in a JSON or form body: room for a 10 MB image. */
const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;

interface CreateRequest extends EdgeRequest {
  Body: unknown;
}

const digitsOf = (adAccountId: string) => adAccountId.replace(/^act_/, '');
const imageId = (adAccountId: string, hash: string) => `${digitsOf(adAccountId)}:${hash}`;

/**
 * The writes of the Marketing API's create flow on an ad account: `POST /act_{id}/campaigns`, `/adimages`,
 * `/adsets`, `/adcreatives` and `/ads`, each checked as Meta checks it (required parameters, enums, the
 * budget level, the objective's optimization goals, the account's pages, Instagram accounts, images,
 * campaigns and ad sets) and answered `{id}` (`{images:{bytes:{hash,url}}}` for an upload), or
 * `{success:true}` with `execution_options=["validate_only"]`, which makes nothing. A new campaign and ad
 * set are recorded as the account's delivery from now on, so insights follow them (PAUSED: no spend).
 * `GET /act_{id}/adcreatives` and `/adimages` (by `hashes`) read what was made.
 */
export function registerCreates(scope: FastifyInstance, calls: GraphCalls): void {
  const { services, store } = calls;

  /** An ad account write: admitted, its fault, the account and the token's grant. */
  async function accountWrite(
    request: Parameters<GraphCalls['adAccountCall']>[0] & { body: unknown },
    reply: FastifyReply,
    edge: string,
    accepted: readonly string[],
  ): Promise<(Admitted & { currency: string }) | undefined> {
    const admitted = await calls.adAccountCall(request, reply, edge, accepted, request.body);
    if (!admitted) return undefined;
    const account = await store.get<SandboxAccount>('account', request.params.node);
    return { ...admitted, currency: account?.data.currency ?? 'USD' };
  }

  const refuse = (reply: FastifyReply, refusal: GraphErrorBody) => graphError(reply, 400, refusal);

  async function newId(type: string, prefix: string): Promise<string> {
    for (;;) {
      const id = `${prefix}${sandboxId(18 - prefix.length)}`;
      if (!(await store.get(type, id))) return id;
    }
  }

  scope.post<CreateRequest>('/:version/:node/campaigns', async (request, reply) => {
    const admitted = await accountWrite(request, reply, 'campaigns', CAMPAIGN_CREATE);
    if (!admitted) return reply;
    const { query, now, currency } = admitted;
    const check =
      missing(query, ['name', 'objective', 'special_ad_categories']) ??
      checkName(query.name) ??
      oneOf(query, 'objective', OBJECTIVES) ??
      oneOf(query, 'status', CREATE_STATUSES) ??
      oneOf(query, 'buying_type', ['AUCTION']) ??
      specialCategories(query) ??
      checkDailyBudget(query.daily_budget, currency);
    if (check) return refuse(reply, check.refusal);
    const validateOnly = validateOnlyOf(query);
    if (typeof validateOnly !== 'boolean') return refuse(reply, validateOnly.refusal);
    if (validateOnly) return reply.send({ success: true });
    const campaign: SandboxCampaign = {
      name: query.name ?? '',
      status: (query.status ?? 'ACTIVE') as CampaignStatus,
      objective: query.objective ?? '',
      buying_type: 'AUCTION',
      ...(query.daily_budget !== undefined && {
        daily_budget: String(Number(query.daily_budget)),
        bid_strategy: query.bid_strategy ?? 'LOWEST_COST_WITHOUT_CAP',
      }),
      special_ad_categories: listParameter(query.special_ad_categories ?? '') ?? [],
      start_time: graphTime(now),
      created_time: graphTime(now),
      updated_time: graphTime(now),
    };
    const id = await newId('campaign', '1202');
    const accountId = request.params.node;
    await services.storage.db.transaction().execute(async (trx) => {
      await new SandboxStore(trx, 'social').put({ type: 'campaign', id, accountId, data: campaign }, now);
      await recordCampaignActivity(trx, id, campaign, currency, now);
    });
    return reply.send({ id });
  });

  scope.post<CreateRequest>('/:version/:node/adsets', async (request, reply) => {
    if (!request.params.node.startsWith('act_'))
      return unsupportedRequest(reply, 'POST', request.params.node);
    const admitted = await accountWrite(request, reply, 'adsets', AD_SET_CREATE);
    if (!admitted) return reply;
    const { query, now, currency } = admitted;
    const accountId = request.params.node;
    const first =
      missing(query, ['name', 'campaign_id', 'billing_event', 'optimization_goal', 'targeting']) ??
      checkName(query.name) ??
      oneOf(query, 'status', CREATE_STATUSES) ??
      oneOf(query, 'billing_event', BILLING_EVENTS) ??
      checkDailyBudget(query.daily_budget, currency);
    if (first) return refuse(reply, first.refusal);
    const targeting = jsonObject(query, 'targeting');
    if ('refusal' in targeting) return refuse(reply, targeting.refusal as GraphErrorBody);
    const campaign = await store.get<SandboxCampaign>('campaign', query.campaign_id ?? '');
    if (!campaign || campaign.accountId !== accountId || campaign.data.status === 'DELETED') {
      return refuse(
        reply,
        invalid(`Param campaign_id must be a campaign of ad account ${accountId}`).refusal,
      );
    }
    const goals = GOALS_BY_OBJECTIVE[campaign.data.objective] ?? [];
    const goal = query.optimization_goal ?? '';
    const next =
      checkTargeting(targeting) ??
      (goals.includes(goal)
        ? undefined
        : invalid('Invalid parameter', {
            error_user_title: 'Performance Goal Is Not Available',
            error_user_msg:
              `The optimization goal ${goal} is not available for a campaign with the objective ` +
              `${campaign.data.objective}. Use one of ${goals.join(', ')}.`,
          })) ??
      budgetLevelConflict(campaign.data.daily_budget !== undefined, query.daily_budget !== undefined);
    if (next) return refuse(reply, next.refusal);
    const validateOnly = validateOnlyOf(query);
    if (typeof validateOnly !== 'boolean') return refuse(reply, validateOnly.refusal);
    if (validateOnly) return reply.send({ success: true });
    const adSet: SandboxAdSet = {
      name: query.name ?? '',
      campaign_id: campaign.id,
      status: (query.status ?? 'ACTIVE') as CampaignStatus,
      ...(query.daily_budget !== undefined && { daily_budget: String(Number(query.daily_budget)) }),
      optimization_goal: goal,
      billing_event: query.billing_event ?? 'IMPRESSIONS',
      targeting,
      start_time: graphTime(now),
      created_time: graphTime(now),
      updated_time: graphTime(now),
      delivery_weight: 1,
      conversion_quality: 1,
    };
    const id = await newId('adset', '1202');
    await services.storage.db.transaction().execute(async (trx) => {
      const writes = new SandboxStore(trx, 'social');
      await writes.put({ type: 'adset', id, accountId, parentId: campaign.id, data: adSet }, now);
      await recordDelivery(trx, campaign, currency, now);
    });
    return reply.send({ id });
  });

  scope.post<CreateRequest>(
    '/:version/:node/adimages',
    { bodyLimit: UPLOAD_BODY_LIMIT },
    async (request, reply) => {
      const admitted = await accountWrite(request, reply, 'adimages', IMAGE_UPLOAD);
      if (!admitted) return reply;
      const { query, now } = admitted;
      const check = missing(query, ['bytes']);
      if (check) return refuse(reply, check.refusal);
      const bytes = Buffer.from(query.bytes ?? '', 'base64');
      const type = imageType(bytes);
      if (!type) {
        return refuse(
          reply,
          invalid('Invalid parameter', {
            error_user_title: 'Image Could Not Be Read',
            error_user_msg: 'The image in bytes is not a JPEG, PNG or GIF, or its base64 is damaged.',
          }).refusal,
        );
      }
      const accountId = request.params.node;
      const hash = createHash('md5').update(bytes).digest('hex');
      const id = imageId(accountId, hash);
      if (!(await store.get('adimage', id))) {
        const data: SandboxAdImage = {
          hash,
          name: query.name ?? `image.${type}`,
          created_time: graphTime(now),
          type,
        };
        await store.put({ type: 'adimage', id, accountId, data }, now);
      }
      return reply.send({ images: { bytes: { hash, url: imageUrl(hash, type) } } });
    },
  );

  scope.post<CreateRequest>('/:version/:node/adcreatives', async (request, reply) => {
    const admitted = await accountWrite(request, reply, 'adcreatives', CREATIVE_CREATE);
    if (!admitted) return reply;
    const { query, now } = admitted;
    const accountId = request.params.node;
    const first = missing(query, ['object_story_spec']) ?? checkName(query.name);
    if (first) return refuse(reply, first.refusal);
    const spec = jsonObject(query, 'object_story_spec');
    if ('refusal' in spec) return refuse(reply, spec.refusal as GraphErrorBody);
    const problem = await storyProblem(accountId, spec);
    if (problem) return refuse(reply, problem.refusal);
    const validateOnly = validateOnlyOf(query);
    if (typeof validateOnly !== 'boolean') return refuse(reply, validateOnly.refusal);
    if (validateOnly) return reply.send({ success: true });
    const data = {
      name: query.name ?? `Creative ${graphTime(now)}`,
      object_story_spec: spec as unknown as SandboxCreative['object_story_spec'],
      created_time: graphTime(now),
    } satisfies SandboxCreative;
    const id = await newId('adcreative', '1202');
    await store.put({ type: 'adcreative', id, accountId, data }, now);
    return reply.send({ id });
  });

  scope.post<CreateRequest>('/:version/:node/ads', async (request, reply) => {
    if (!request.params.node.startsWith('act_'))
      return unsupportedRequest(reply, 'POST', request.params.node);
    const admitted = await accountWrite(request, reply, 'ads', AD_CREATE);
    if (!admitted) return reply;
    const { query, now, currency } = admitted;
    const accountId = request.params.node;
    const first =
      missing(query, ['name', 'adset_id', 'creative']) ??
      checkName(query.name) ??
      oneOf(query, 'status', CREATE_STATUSES);
    if (first) return refuse(reply, first.refusal);
    const creative = jsonObject(query, 'creative');
    if ('refusal' in creative) return refuse(reply, creative.refusal as GraphErrorBody);
    const adSet = await store.get<SandboxAdSet>('adset', query.adset_id ?? '');
    if (!adSet || adSet.accountId !== accountId || adSet.data.status === 'DELETED') {
      return refuse(reply, invalid(`Param adset_id must be an ad set of ad account ${accountId}`).refusal);
    }
    const creativeId = String(creative.creative_id ?? '');
    const stored = await store.get<SandboxCreative>('adcreative', creativeId);
    if (!stored || stored.accountId !== accountId) {
      return refuse(
        reply,
        invalid(`Param creative[creative_id] must be a creative of ad account ${accountId}`).refusal,
      );
    }
    const validateOnly = validateOnlyOf(query);
    if (typeof validateOnly !== 'boolean') return refuse(reply, validateOnly.refusal);
    if (validateOnly) return reply.send({ success: true });
    const data: SandboxAd = {
      name: query.name ?? '',
      adset_id: adSet.id,
      campaign_id: adSet.data.campaign_id,
      status: (query.status ?? 'ACTIVE') as CampaignStatus,
      creative_id: creativeId,
      created_time: graphTime(now),
      updated_time: graphTime(now),
      delivery_weight: 1,
    };
    const id = await newId('ad', '1202');
    const campaign = await store.get<SandboxCampaign>('campaign', adSet.data.campaign_id);
    await services.storage.db.transaction().execute(async (trx) => {
      await new SandboxStore(trx, 'social').put({ type: 'ad', id, accountId, parentId: adSet.id, data }, now);
      if (campaign) await recordDelivery(trx, campaign, currency, now);
    });
    return reply.send({ id });
  });

  scope.get<EdgeRequest>('/:version/:node/adcreatives', async (request, reply) => {
    const admitted = await calls.adAccountCall(request, reply, 'adcreatives');
    if (!admitted) return reply;
    const { node } = request.params;
    const nodes = (await store.list<SandboxCreative>('adcreative', node)).map(({ id, data }) => ({
      id,
      account_id: digitsOf(node),
      name: data.name,
      status: 'ACTIVE',
      object_story_spec: data.object_story_spec,
      image_hash: data.object_story_spec.link_data.image_hash,
      body: data.object_story_spec.link_data.message,
      title: data.object_story_spec.link_data.name,
      link_url: data.object_story_spec.link_data.link,
      instagram_user_id: data.object_story_spec.instagram_user_id,
    }));
    return sendEdgePage(reply, {
      query: admitted.query,
      url: calls.url(request, `/${node}/adcreatives`),
      accessToken: admitted.accessToken,
      type: AD_CREATIVE,
      nodes,
    });
  });

  scope.get<EdgeRequest>('/:version/:node/adimages', async (request, reply) => {
    const admitted = await calls.adAccountCall(request, reply, 'adimages', IMAGE_EDGE);
    if (!admitted) return reply;
    const { node } = request.params;
    let hashes: string[] | undefined;
    if (admitted.query.hashes !== undefined) {
      hashes = listParameter(admitted.query.hashes);
      if (!hashes) return refuse(reply, invalid('Param hashes must be an array of strings').refusal);
    }
    const nodes = (await libraryOf(node))
      .filter((image) => !hashes || hashes.includes(image.hash))
      .map((image) => ({
        id: imageId(node, image.hash),
        account_id: digitsOf(node),
        hash: image.hash,
        name: image.name,
        status: 'ACTIVE',
        created_time: image.created_time,
        updated_time: image.created_time,
        url: imageUrl(image.hash, image.type ?? 'jpg'),
      }));
    return sendEdgePage(reply, {
      query: admitted.query,
      url: calls.url(request, `/${node}/adimages`),
      accessToken: admitted.accessToken,
      type: AD_IMAGE,
      nodes,
    });
  });

  /** The account's image library: the sample every account holds, then its uploads. */
  async function libraryOf(accountId: string): Promise<SandboxAdImage[]> {
    const uploaded = (await store.list<SandboxAdImage>('adimage', accountId)).map((image) => image.data);
    const sample = { ...SAMPLE_IMAGE, created_time: '2026-01-01T00:00:00+0000' };
    return uploaded.some((image) => image.hash === sample.hash) ? uploaded : [sample, ...uploaded];
  }

  /**
   * What Meta refuses in a link ad's story: a page the ad account cannot promote, an Instagram account not
   * authorized for its ads or linked to none of its pages, an image hash not in its library, a link that
   * is not a web address.
   */
  async function storyProblem(
    accountId: string,
    spec: Record<string, unknown>,
  ): Promise<{ refusal: GraphErrorBody } | undefined> {
    const pages = await store.list<SandboxPage>('page', accountId);
    const pageId = String(spec.page_id ?? '');
    if (!pages.some((page) => page.id === pageId)) {
      return invalid(
        `Param object_story_spec[page_id] must be a Page the ad account ${accountId} can promote`,
        {
          error_user_title: 'Invalid Page',
          error_user_msg: `Page ${pageId || '(none)'} cannot be used by this ad account: use one of its promote_pages.`,
        },
      );
    }
    const instagram = spec.instagram_user_id;
    if (instagram !== undefined) {
      const accounts = await store.list<SandboxPhotoAccount>('photo_account', accountId);
      const usable = accounts.some(
        (a) =>
          a.id === String(instagram) &&
          a.data.authorized_for_ads &&
          pages.some((page) => page.data.connected_instagram_account === a.id),
      );
      if (!usable) {
        return invalid(
          'Param object_story_spec[instagram_user_id] must be an Instagram account of the ad account',
          {
            error_user_title: 'Invalid Instagram Account',
            error_user_msg:
              `Instagram account ${String(instagram)} is not authorized for this ad account's ads or not linked ` +
              'to one of its pages.',
          },
        );
      }
    }
    const link = spec.link_data as Record<string, unknown> | undefined;
    if (!link || typeof link !== 'object') return invalid('Param object_story_spec must have link_data');
    const hash = String(link.image_hash ?? '');
    if (!(await libraryOf(accountId)).some((image) => image.hash === hash)) {
      return invalid('Invalid parameter', {
        error_user_title: 'Image Not Found',
        error_user_msg: `The image hash ${hash || '(none)'} is not in this ad account's image library: upload it to adimages first.`,
      });
    }
    const url = typeof link.link === 'string' && URL.canParse(link.link) ? new URL(link.link) : undefined;
    if (!url || !['http:', 'https:'].includes(url.protocol)) {
      return invalid('Param object_story_spec[link_data][link] must be a valid URL');
    }
    return undefined;
  }
}

/** Meta's image URLs are on its CDN; the sandbox's on a reserved domain (RFC 2606) that never resolves. */
function imageUrl(hash: string, type: string): string {
  return `https://scontent.sandbox.invalid/v/t45.1600-4/${hash}.${type}`;
}

function specialCategories(query: Query): { refusal: GraphErrorBody } | undefined {
  const categories = listParameter(query.special_ad_categories ?? '');
  const known = [
    'NONE',
    'EMPLOYMENT',
    'HOUSING',
    'CREDIT',
    'ISSUES_ELECTIONS_POLITICS',
    'ONLINE_GAMBLING_AND_GAMING',
  ];
  if (!categories) return invalid('Param special_ad_categories must be an array of strings');
  const wrong = categories.findIndex((c) => !known.includes(c));
  if (wrong >= 0)
    return invalid(`Param special_ad_categories[${wrong}] must be one of {${known.join(', ')}}`);
  return undefined;
}
