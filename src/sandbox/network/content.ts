import type { FastifyInstance, FastifyReply } from 'fastify';
import { CALL_TO_ACTIONS } from '../../platforms/network/types.ts';
import { type StoredObject, sandboxId } from '../store.ts';
import { created, guarded } from './campaigns.ts';
import { answerFault, fail, Invalid, listParameter, type NetworkSandbox, urnId } from './context.ts';
import { mediaFinder } from './media.ts';
import {
  CLOSED_STATUSES,
  CREATIVE_STATUSES,
  https,
  type Json,
  MAX_CAROUSEL_CARDS,
  MAX_CREATIVES_PER_CAMPAIGN,
  MIN_CAROUSEL_CARDS,
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

/** Images, videos and their uploads, posts, and creatives, validated as LinkedIn does. */
/** Posts (dark posts for ads) and creatives, validated as LinkedIn does. */
export function registerContentRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;
  const { usable: usableMedia } = mediaFinder(sandbox);

  scope.post(
    '/rest/posts',
    guarded(async (request, reply) => {
      const body = object(request.body, 'body');
      const author = string(body, 'author');
      if (await answerFault(reply, author)) return reply;
      if (!/^urn:li:(organization|person):\S+$/.test(author))
        throw new Invalid('author must be an organization or person URN', 'author');
      const adContext = object(body.adContext, 'adContext');
      const accountId = urnId(adContext.dscAdAccount, 'sponsoredAccount');
      if (!accountId)
        throw new Invalid('adContext.dscAdAccount must be a sponsored account URN', 'adContext/dscAdAccount');
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      string(body, 'commentary', { max: 3000 });
      oneOf(body, 'visibility', ['PUBLIC']);
      oneOf(body, 'lifecycleState', ['PUBLISHED']);
      oneOf(
        object(body.distribution, 'distribution'),
        'feedDistribution',
        ['NONE'],
        'distribution.feedDistribution',
      );
      if (body.contentCallToActionLabel !== undefined) {
        oneOf(body, 'contentCallToActionLabel', CALL_TO_ACTIONS);
        https(body.contentLandingPage, 'contentLandingPage');
      }
      const content = object(body.content, 'content');
      let kind: string;
      if (content.carousel !== undefined) {
        const cards = object(content.carousel, 'content.carousel').cards;
        if (!Array.isArray(cards) || cards.length < MIN_CAROUSEL_CARDS || cards.length > MAX_CAROUSEL_CARDS) {
          throw new Invalid(
            `A carousel needs ${MIN_CAROUSEL_CARDS} to ${MAX_CAROUSEL_CARDS} cards (got ${Array.isArray(cards) ? cards.length : 0})`,
            'content/carousel/cards',
          );
        }
        for (const [index, card] of cards.entries()) {
          const path = `content/carousel/cards/${index}`;
          const entry = object(card, path);
          await usableMedia(object(entry.media, `${path}/media`).id, `${path}/media/id`, 'image');
          https(entry.landingPage, `${path}/landingPage`);
        }
        kind = 'carousel';
      } else if (content.media !== undefined) {
        kind = await usableMedia(object(content.media, 'content.media').id, 'content/media/id');
      } else {
        throw new Invalid('content must hold media or a carousel', 'content');
      }
      const id = sandboxId(19);
      await store.put({ type: 'post', id, accountId, data: { ...body, kind } }, sandbox.now());
      return created(reply, `urn:li:share:${id}`, `/posts/${encodeURIComponent(`urn:li:share:${id}`)}`);
    }),
  );

  scope.get<{ Params: { urn: string } }>('/rest/posts/:urn', async (request, reply) => {
    const found = await post(request.params.urn);
    if (!found || !sandbox.granted(request).includes(found.accountId))
      return fail(reply, 404, `Post ${request.params.urn} does not exist`);
    return { id: request.params.urn, ...found.data };
  });

  scope.delete<{ Params: { urn: string } }>('/rest/posts/:urn', async (request, reply) => {
    const found = await post(request.params.urn);
    if (!found || !sandbox.granted(request).includes(found.accountId))
      return fail(reply, 404, `Post ${request.params.urn} does not exist`);
    await store.remove('post', found.id);
    return reply.status(204).send();
  });

  async function post(postUrn: string): Promise<StoredObject<Json> | undefined> {
    const id = urnId(postUrn, 'share') ?? urnId(postUrn, 'ugcPost');
    return id ? store.get<Json>('post', id) : undefined;
  }

  function representCreative(creative: StoredObject<Json>): Json {
    return {
      ...creative.data,
      id: `urn:li:sponsoredCreative:${creative.id}`,
      account: `urn:li:sponsoredAccount:${creative.accountId}`,
      campaign: `urn:li:sponsoredCampaign:${creative.parentId}`,
      isServing: false,
      review: { status: 'PENDING' },
    };
  }

  scope.post<{ Params: { account: string } }>(
    '/rest/adAccounts/:account/creatives',
    guarded(async (request, reply) => {
      const accountId = request.params.account;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      const body = object(request.body, 'body');
      const campaignId = urnId(body.campaign, 'sponsoredCampaign');
      if (await answerFault(reply, campaignId)) return reply;
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
        const found = await post(reference);
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

  scope.get<{ Params: { account: string }; Querystring: { q?: string; campaigns?: string } }>(
    '/rest/adAccounts/:account/creatives',
    async (request, reply) => {
      const accountId = request.params.account;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      const { q, campaigns } = request.query as { q?: string; campaigns?: string };
      if (q !== 'criteria') return fail(reply, 400, 'Use the criteria finder: q=criteria');
      const wanted = listParameter(campaigns).map((value) => urnId(value, 'sponsoredCampaign'));
      if (await answerFault(reply, ...wanted.filter((id): id is string => id !== undefined))) return reply;
      const elements = (await store.list<Json>('creative', accountId))
        .filter((creative) => wanted.length === 0 || wanted.includes(creative.parentId ?? ''))
        .map(representCreative);
      return { elements, paging: { start: 0, count: elements.length, total: elements.length, links: [] } };
    },
  );

  async function creative(reply: FastifyReply, accountId: string, creativeUrn: string) {
    const id = urnId(creativeUrn, 'sponsoredCreative');
    const found = id ? await store.get<Json>('creative', id) : undefined;
    if (!found || found.accountId !== accountId) {
      fail(reply, 404, `Creative ${creativeUrn} does not exist in ad account ${accountId}`);
      return undefined;
    }
    return found;
  }

  scope.get<{ Params: { account: string; urn: string } }>(
    '/rest/adAccounts/:account/creatives/:urn',
    async (request, reply) => {
      const { account: accountId, urn } = request.params;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      const found = await creative(reply, accountId, urn);
      return found ? representCreative(found) : reply;
    },
  );

  scope.post<{ Params: { account: string; urn: string } }>(
    '/rest/adAccounts/:account/creatives/:urn',
    guarded(async (request, reply) => {
      const { account: accountId, urn } = request.params;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      if (request.headers['x-restli-method'] !== 'PARTIAL_UPDATE')
        throw new Invalid('A POST to an entity must be sent with the header X-RestLi-Method: PARTIAL_UPDATE');
      const set = object(object(object(request.body, 'body').patch, 'patch').$set, 'patch.$set');
      const found = await creative(reply, accountId, urn);
      if (!found) return reply;
      for (const field of Object.keys(set)) {
        if (field !== 'intendedStatus' && field !== 'name')
          throw new Invalid(`${field} cannot be changed`, `patch/$set/${field}`, 422);
      }
      if (set.intendedStatus !== undefined) oneOf(set, 'intendedStatus', CREATIVE_STATUSES);
      if (set.intendedStatus === 'PENDING_DELETION') {
        // LinkedIn finishes the deletion later; the sandbox does it at once.
        await store.remove('creative', found.id);
        return reply.status(204).send();
      }
      await store.update('creative', found.id, { ...found.data, ...set }, sandbox.now());
      return reply.status(204).send();
    }),
  );

  scope.delete<{ Params: { account: string; urn: string } }>(
    '/rest/adAccounts/:account/creatives/:urn',
    guarded(async (request, reply) => {
      const { account: accountId, urn } = request.params;
      if (!(await sandbox.account(request, reply, accountId))) return reply;
      const found = await creative(reply, accountId, urn);
      if (!found) return reply;
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
