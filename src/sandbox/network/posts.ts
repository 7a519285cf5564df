import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type SandboxStore, type StoredObject, sandboxId } from '../store.ts';
import { answerFault, fail, Invalid, type NetworkSandbox, urnId } from './context.ts';
import { created, guarded } from './entities.ts';
import { mediaFinder } from './media.ts';
import { batchGet, batchIds, onlyParameters, PROJECTION, project, projectionOf } from './restli.ts';

/** The call-to-action labels the Posts API takes for a sponsored post (LinkedIn's CallToActionLabel). */
const CALL_TO_ACTIONS = [
  'APPLY',
  'DOWNLOAD',
  'VIEW_QUOTE',
  'LEARN_MORE',
  'SIGN_UP',
  'SUBSCRIBE',
  'REGISTER',
  'JOIN',
  'ATTEND',
  'REQUEST_DEMO',
] as const;

import {
  https,
  type Json,
  knownFields,
  MAX_CAROUSEL_CARDS,
  MIN_CAROUSEL_CARDS,
  object,
  oneOf,
  POST_FIELDS,
  string,
} from './validate.ts';

/** The post a URN names (`urn:li:share:...` or `urn:li:ugcPost:...`), whoever's it is. */
export async function findPost(
  store: SandboxStore,
  postUrn: string,
): Promise<StoredObject<Json> | undefined> {
  const id = urnId(postUrn, 'share') ?? urnId(postUrn, 'ugcPost');
  return id ? store.get<Json>('post', id) : undefined;
}

/** `posts`: the dark posts sponsored content runs, validated as LinkedIn does; by id, batch get, delete. */
export function registerPostRoutes(scope: FastifyInstance, sandbox: NetworkSandbox): void {
  const { store } = sandbox;
  const { usable: usableMedia } = mediaFinder(sandbox);

  scope.post(
    '/rest/posts',
    guarded(async (request, reply) => {
      onlyParameters(request, []);
      const body = object(request.body, 'body');
      const author = string(body, 'author');
      if (await answerFault(reply, author)) return reply;
      knownFields(body, POST_FIELDS);
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

  /** A post as LinkedIn answers it; what the sandbox keeps for itself (its content kind) stays out. */
  async function representPost(request: FastifyRequest, postUrn: string): Promise<Json | undefined> {
    const found = await findPost(store, postUrn);
    if (!found || !sandbox.granted(request).includes(found.accountId)) return undefined;
    const { kind: _kind, ...data } = found.data;
    return { id: postUrn, ...data };
  }

  scope.get(
    '/rest/posts',
    guarded(async (request) => {
      const ids = batchIds(request);
      if (!ids) throw new Invalid('The sandbox serves posts by id: /posts/{urn}, or ids=List(...)');
      return batchGet(
        request,
        ids,
        (id) => representPost(request, id),
        (id) => `Post ${id} does not exist`,
      );
    }),
  );

  scope.get<{ Params: { urn: string } }>(
    '/rest/posts/:urn',
    guarded(async (request, reply) => {
      onlyParameters(request, [...PROJECTION, 'viewContext']);
      const found = await representPost(request, request.params.urn);
      if (!found) return fail(reply, 404, `Post ${request.params.urn} does not exist`);
      return project(found, projectionOf(request));
    }),
  );

  scope.delete<{ Params: { urn: string } }>(
    '/rest/posts/:urn',
    guarded(async (request, reply) => {
      onlyParameters(request, []);
      const found = await findPost(store, request.params.urn);
      if (!found || !sandbox.granted(request).includes(found.accountId))
        return fail(reply, 404, `Post ${request.params.urn} does not exist`);
      await store.remove('post', found.id);
      return reply.status(204).send();
    }),
  );
}
