import type { FastifyInstance } from 'fastify';
import { sendEdgePage } from './edge-page.ts';
import { type EdgeRequest, type GraphCalls, refuseWrites } from './graph-calls.ts';
import { igNode, type SandboxPage, type SandboxPhotoAccount } from './instagram-accounts.ts';
import { PAGE } from './node-types.ts';

/** `GET /act_{id}/promote_pages`: the ad account's pages, with the Instagram account each links to. */
export function registerPromotePages(scope: FastifyInstance, calls: GraphCalls): void {
  const { store } = calls;

  scope.get<EdgeRequest>('/:version/:node/promote_pages', async (request, reply) => {
    const admitted = await calls.adAccountCall(request, reply, 'promote_pages');
    if (!admitted) return reply;
    const { node } = request.params;
    const photoAccounts = await store.list<SandboxPhotoAccount>('photo_account', node);
    const accounts = new Map(photoAccounts.map((p) => [p.id, igNode(p)]));
    const nodes = (await store.list<SandboxPage>('page', node)).map((p) => {
      const linked = p.data.connected_instagram_account;
      const instagram = linked ? (accounts.get(linked) ?? { id: linked }) : null;
      return {
        id: p.id,
        name: p.data.name,
        category: p.data.category,
        is_published: true,
        connected_instagram_account: instagram,
        instagram_business_account: instagram,
      };
    });
    return sendEdgePage(reply, {
      query: admitted.query,
      url: calls.url(request, `/${node}/promote_pages`),
      accessToken: admitted.accessToken,
      type: PAGE,
      nodes,
    });
  });

  refuseWrites(scope, '/:version/:node/promote_pages');
}
