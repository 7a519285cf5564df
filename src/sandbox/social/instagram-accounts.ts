import type { FastifyInstance } from 'fastify';
import { sendEdgePage } from './edge-page.ts';
import { type EdgeRequest, type GraphCalls, refuseWrites } from './graph-calls.ts';
import { IG_USER } from './node-types.ts';

/** An Instagram account in the sandbox, held by the ad account it can be used with. */
export interface SandboxPhotoAccount {
  username: string;
  name: string;
  /** Authorized for ads on the ad account (Business Manager, Instagram accounts, connected assets). */
  authorized_for_ads: boolean;
  biography?: string;
  profile_picture_url?: string;
  followers_count?: number;
  follows_count?: number;
  media_count?: number;
}

/** A Facebook page the ad account promotes; the Instagram account linked in its settings, if any. */
export interface SandboxPage {
  name: string;
  connected_instagram_account: string | null;
  category?: string;
}

/** An Instagram account as an IG User node. */
export function igNode({ id, data }: { id: string; data: SandboxPhotoAccount }) {
  return {
    id,
    username: data.username,
    name: data.name,
    biography: data.biography,
    profile_picture_url: data.profile_picture_url,
    has_profile_pic: data.profile_picture_url !== undefined,
    followers_count: data.followers_count,
    follows_count: data.follows_count,
    media_count: data.media_count,
    is_published: true,
  };
}

/**
 * `GET /act_{id}/instagram_accounts` (authorized for ads on the ad account) and
 * `GET /act_{id}/connected_instagram_accounts` (linked to one of its pages).
 */
export function registerInstagramAccounts(scope: FastifyInstance, calls: GraphCalls): void {
  const { store } = calls;
  const photoAccounts = (adAccountId: string) =>
    store.list<SandboxPhotoAccount>('photo_account', adAccountId);

  scope.get<EdgeRequest>('/:version/:node/instagram_accounts', async (request, reply) => {
    const admitted = await calls.adAccountCall(request, reply, 'instagram_accounts');
    if (!admitted) return reply;
    const { node } = request.params;
    const authorized = (await photoAccounts(node)).filter((p) => p.data.authorized_for_ads).map(igNode);
    return sendEdgePage(reply, {
      query: admitted.query,
      url: calls.url(request, `/${node}/instagram_accounts`),
      accessToken: admitted.accessToken,
      type: IG_USER,
      nodes: authorized,
    });
  });

  scope.get<EdgeRequest>('/:version/:node/connected_instagram_accounts', async (request, reply) => {
    const admitted = await calls.adAccountCall(request, reply, 'connected_instagram_accounts');
    if (!admitted) return reply;
    const { node } = request.params;
    const pages = await store.list<SandboxPage>('page', node);
    const linked = new Set(pages.map((p) => p.data.connected_instagram_account));
    const connected = (await photoAccounts(node)).filter((p) => linked.has(p.id)).map(igNode);
    return sendEdgePage(reply, {
      query: admitted.query,
      url: calls.url(request, `/${node}/connected_instagram_accounts`),
      accessToken: admitted.accessToken,
      type: IG_USER,
      nodes: connected,
    });
  });

  refuseWrites(scope, '/:version/:node/instagram_accounts');
  refuseWrites(scope, '/:version/:node/connected_instagram_accounts');
}
