import type { FastifyInstance } from 'fastify';
import { type StoredObject, sandboxId } from '../store.ts';
import { answerFault, Invalid, type NetworkSandbox, urnId } from './context.ts';
import { collectionPost, created, entityPost, guarded, patchOf } from './entities.ts';
import { mediaFinder } from './media.ts';
import { findPost } from './posts.ts';
import {
  batchGet,
  batchIds,
  batchPartialUpdate,
  CURSOR_PAGING,
  listParameter,
  onlyParameters,
  PROJECTION,
  page,
  project,
  projectionOf,
  queryParameter,
} from './restli.ts';
import {
  CLOSED_STATUSES,
  CREATIVE_FIELDS,
  CREATIVE_STATUSES,
  https,
  type Json,
  knownFields,
  MAX_CREATIVES_PER_CAMPAIGN,
  object,
  oneOf,
  string,
} from './validate.ts';

/** Sponsored content formats and the post content each takes. */
const CONTENT_FOR_FORMAT: Record<string, string> = {
  STANDARD_UPDATE: 'image',
  SINGLE_VIDEO: 'video',
  CAROUSEL: 'carousel',
};

/** `creatives` of an ad account: create, the criteria finder, batch get, get, partial updates, delete. */
export function registerCreativeRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;
  const { usable: usableMedia } = mediaFinder(sandbox);

  /** The status of each campaign of the account, which decides whether its creatives serve. */
  async function campaignStatuses(accountId: string): Promise<Map<string, unknown>> {
    const campaigns = await store.list<Json>('campaign', accountId);
    return new Map(campaigns.map((campaign) => [campaign.id, campaign.data.status]));
  }

  /**
   * A creative as LinkedIn answers it: it serves when it is ACTIVE, approved by review and its campaign
   * runs; a new one is PENDING review (the sandbox never finishes a review, the seeded ones are APPROVED).
   */
  function representCreative(creative: StoredObject<Json>, campaigns: Map<string, unknown>): Json {
    const review = (creative.data.review as Json | undefined) ?? { status: 'PENDING' };
    return {
      ...creative.data,
      id: `urn:li:sponsoredCreative:${creative.id}`,
      account: `urn:li:sponsoredAccount:${creative.accountId}`,
      campaign: `urn:li:sponsoredCampaign:${creative.parentId}`,
      createdAt: Date.parse(creative.createdAt),
      lastModifiedAt: Date.parse(creative.updatedAt),
      isServing:
        creative.data.intendedStatus === 'ACTIVE' &&
        review.status === 'APPROVED' &&
        campaigns.get(creative.parentId ?? '') === 'ACTIVE',
      review,
    };
  }

  /** Sets the fields LinkedIn lets change on a creative, as a PARTIAL_UPDATE or one entity of a batch asks. */
  async function patchCreative(accountId: string, creativeUrn: string, set: Json) {
    const found = await creative(accountId, creativeUrn);
    for (const field of Object.keys(set)) {
      if (field !== 'intendedStatus' && field !== 'name')
        throw new Invalid(`${field} cannot be changed`, `patch/$set/${field}`, 422);
    }
    if (set.intendedStatus !== undefined) oneOf(set, 'intendedStatus', CREATIVE_STATUSES);
    if (set.name !== undefined) string(set, 'name', { max: 255 });
    if (set.intendedStatus === 'PENDING_DELETION') {
      // LinkedIn finishes the deletion later; the sandbox does it at once.
      await store.remove('creative', found.id);
      return;
    }
    await store.update('creative', found.id, { ...found.data, ...set }, sandbox.now());
  }

  scope.post<{ Params: { account: string } }>(
    '/rest/adAccounts/:account/creatives',
    guarded(async (request, reply) => {
      const accountId = request.params.account;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      if (collectionPost(request) === 'batch') {
        onlyParameters(request, ['ids']);
        return batchPartialUpdate(request, (id, set) => patchCreative(accountId, id, set));
      }
      onlyParameters(request, []);
      const body = object(request.body, 'body');
      const campaignId = urnId(body.campaign, 'sponsoredCampaign');
      if (await answerFault(reply, campaignId)) return reply;
      knownFields(body, CREATIVE_FIELDS);
      if (!campaignId) throw new Invalid('campaign must be a urn:li:sponsoredCampaign URN', 'campaign');
      const campaign = await store.get<Json>('campaign', campaignId);
      if (!campaign || campaign.accountId !== accountId)
        throw new Invalid(`Campaign ${campaignId} does not exist in ad account ${accountId}`, 'campaign');
      if (CLOSED_STATUSES.has(String(campaign.data.status)))
        throw new Invalid(
          `Campaign ${campaignId} is ${campaign.data.status} and takes no new creatives`,
          'campaign',
        );
      const intendedStatus =
        body.intendedStatus === undefined
          ? 'DRAFT'
          : oneOf(body, 'intendedStatus', ['ACTIVE', 'PAUSED', 'DRAFT']);
      if (body.name !== undefined) string(body, 'name', { max: 255 });
      const content = object(body.content, 'content');
      if (campaign.data.type === 'TEXT_AD') {
        const textAd = object(content.textAd, 'content.textAd');
        string(textAd, 'headline', { max: 25, path: 'content.textAd.headline' });
        string(textAd, 'description', { max: 75, path: 'content.textAd.description' });
        https(textAd.landingPage, 'content/textAd/landingPage');
        if (textAd.image !== undefined) await usableMedia(textAd.image, 'content/textAd/image', 'image');
      } else {
        if (content.textAd !== undefined)
          throw new Invalid(
            `Campaign ${campaignId} is a sponsored content campaign: use content.reference`,
            'content',
          );
        const reference = String(content.reference ?? '');
        const found = await findPost(store, reference);
        if (!found)
          throw new Invalid(`content.reference: post ${reference} does not exist`, 'content/reference');
        if (found.accountId !== accountId)
          throw new Invalid(
            `content.reference: post ${reference} is a sponsored post of another ad account`,
            'content/reference',
          );
        const wanted = CONTENT_FOR_FORMAT[String(campaign.data.format)];
        if (wanted && found.data.kind !== wanted) {
          throw new Invalid(
            `Campaign ${campaignId} has the format ${campaign.data.format}, which takes ${wanted} posts; post ${reference} is a ${found.data.kind} post`,
            'content/reference',
          );
        }
      }
      if ((await store.count('creative', accountId, campaignId)) >= MAX_CREATIVES_PER_CAMPAIGN) {
        throw new Invalid(
          `Campaign ${campaignId} already has ${MAX_CREATIVES_PER_CAMPAIGN} creatives, the most LinkedIn allows`,
        );
      }
      const id = sandboxId(9);
      const { campaign: _campaign, ...data } = body;
      await store.put(
        { type: 'creative', id, accountId, parentId: campaignId, data: { ...data, intendedStatus } },
        sandbox.now(),
      );
      const creativeUrn = `urn:li:sponsoredCreative:${id}`;
      return created(
        reply,
        creativeUrn,
        `/adAccounts/${accountId}/creatives/${encodeURIComponent(creativeUrn)}`,
      );
    }),
  );

  /** The creative finder's criteria: each given list narrows the result (values of one list are ORed). */
  const CRITERIA = ['campaigns', 'creatives', 'intendedStatuses', 'contentReferences', 'isTestAccount'];

  scope.get<{ Params: { account: string } }>(
    '/rest/adAccounts/:account/creatives',
    guarded(async (request, reply) => {
      const accountId = request.params.account;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      const ids = batchIds(request);
      if (ids) {
        const campaigns = await campaignStatuses(accountId);
        return batchGet(
          request,
          ids,
          async (id) => {
            const found = urnId(id, 'sponsoredCreative')
              ? await store.get<Json>('creative', urnId(id, 'sponsoredCreative') ?? '')
              : undefined;
            return found?.accountId === accountId ? representCreative(found, campaigns) : undefined;
          },
          (id) => `Creative ${id} does not exist in ad account ${accountId}`,
        );
      }
      onlyParameters(request, [
        'q',
        ...CRITERIA,
        'sortOrder',
        'isTotalIncluded',
        ...CURSOR_PAGING,
        ...PROJECTION,
      ]);
      if (queryParameter(request, 'q') !== 'criteria')
        throw new Invalid('Use the criteria finder: q=criteria');
      const wanted = listParameter(request, 'campaigns')?.map((value) => {
        const id = urnId(value, 'sponsoredCampaign');
        if (!id) throw new Invalid(`campaigns: ${value} is not a urn:li:sponsoredCampaign URN`);
        return id;
      });
      if (wanted && (await answerFault(reply, ...wanted))) return reply;
      const creatives = listParameter(request, 'creatives');
      const statuses = listParameter(request, 'intendedStatuses');
      for (const status of statuses ?? []) {
        if (!CREATIVE_STATUSES.includes(status))
          throw new Invalid(`intendedStatuses: ${status} is not one of ${CREATIVE_STATUSES.join(', ')}`);
      }
      const references = listParameter(request, 'contentReferences');
      const test = queryParameter(request, 'isTestAccount');
      const campaigns = await campaignStatuses(accountId);
      const order = queryParameter(request, 'sortOrder') ?? 'ASCENDING';
      if (order !== 'ASCENDING' && order !== 'DESCENDING')
        throw new Invalid(`sortOrder must be ASCENDING or DESCENDING (got "${order}")`);
      const elements = (await store.list<Json>('creative', accountId))
        .filter(
          (c) =>
            (!wanted || wanted.includes(c.parentId ?? '')) &&
            (!creatives || creatives.includes(`urn:li:sponsoredCreative:${c.id}`)) &&
            (!statuses || statuses.includes(String(c.data.intendedStatus))) &&
            (!references || references.includes(String((c.data.content as Json | undefined)?.reference))) &&
            (test === undefined || test === 'true'),
        )
        .sort((a, b) => a.id.padStart(20, '0').localeCompare(b.id.padStart(20, '0')))
        .map((creative) => representCreative(creative, campaigns));
      return page(order === 'ASCENDING' ? elements : elements.reverse(), request);
    }),
  );

  async function creative(accountId: string, creativeUrn: string): Promise<StoredObject<Json>> {
    const id = urnId(creativeUrn, 'sponsoredCreative');
    const found = id ? await store.get<Json>('creative', id) : undefined;
    if (!found || found.accountId !== accountId)
      throw new Invalid(`Creative ${creativeUrn} does not exist in ad account ${accountId}`, undefined, 404);
    return found;
  }

  scope.get<{ Params: { account: string; urn: string } }>(
    '/rest/adAccounts/:account/creatives/:urn',
    guarded(async (request, reply) => {
      const { account: accountId, urn } = request.params;
      onlyParameters(request, PROJECTION);
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      const found = await creative(accountId, urn);
      return project(representCreative(found, await campaignStatuses(accountId)), projectionOf(request));
    }),
  );

  scope.post<{ Params: { account: string; urn: string } }>(
    '/rest/adAccounts/:account/creatives/:urn',
    guarded(async (request, reply) => {
      const { account: accountId, urn } = request.params;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      onlyParameters(request, []);
      entityPost(request);
      await patchCreative(accountId, urn, patchOf(request));
      return reply.status(204).send();
    }),
  );

  scope.delete<{ Params: { account: string; urn: string } }>(
    '/rest/adAccounts/:account/creatives/:urn',
    guarded(async (request, reply) => {
      const { account: accountId, urn } = request.params;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      onlyParameters(request, []);
      const found = await creative(accountId, urn);
      const campaign = await store.get<Json>('campaign', found.parentId ?? '');
      if (found.data.intendedStatus !== 'DRAFT' && campaign?.data.status !== 'DRAFT') {
        throw new Invalid(
          `Only DRAFT creatives (or creatives of a DRAFT campaign) can be deleted; set intendedStatus to PENDING_DELETION instead`,
        );
      }
      await store.remove('creative', found.id);
      return reply.status(204).send();
    }),
  );
}
