import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StoredObject } from '../store.ts';
import {
  AD_EDGE_PARAMETERS,
  AD_SET_EDGE_PARAMETERS,
  accountObjects,
  adNode,
  adSetNode,
  edgeFilter,
} from './ad-set-nodes.ts';
import { sendEdgePage } from './edge-page.ts';
import { graphError } from './graph.ts';
import type { Admitted, EdgeRequest, GraphCalls } from './graph-calls.ts';
import { AD, AD_SET } from './node-types.ts';
import { unsupportedRequest } from './refusals.ts';

/** Whose edge is read: an ad account, or one of its campaigns or ad sets. */
interface EdgeOwner {
  admitted: Admitted;
  accountId: string;
  type: 'account' | 'campaign' | 'adset';
}

/**
 * `GET /act_{id}/adsets`, `/{campaign_id}/adsets`, `/act_{id}/ads`, `/{campaign_id}/ads` and
 * `/{adset_id}/ads`: AdSet and Ad nodes, filtered by effective status (Meta's default without: neither
 * archived nor deleted), paged by cursor like every edge. The ads of a paused ad set read ADSET_PAUSED,
 * those of a paused campaign CAMPAIGN_PAUSED, as Meta's effective statuses say. Creating ad sets and ads
 * (POST) is creates.ts.
 */
export function registerAdSets(scope: FastifyInstance, calls: GraphCalls): void {
  const { store } = calls;

  /** The owner of the edge, if the token may see it; answers as Graph does and returns undefined if not. */
  async function ownerOf(
    request: Parameters<GraphCalls['adAccountCall']>[0],
    reply: FastifyReply,
    edge: 'adsets' | 'ads',
  ): Promise<EdgeOwner | undefined> {
    const { node } = request.params;
    const accepted = edge === 'adsets' ? AD_SET_EDGE_PARAMETERS : AD_EDGE_PARAMETERS;
    if (node.startsWith('act_')) {
      const admitted = await calls.adAccountCall(request, reply, edge, accepted);
      return admitted && { admitted, accountId: node, type: 'account' };
    }
    const admitted = await calls.admit(request, reply, `/${node}/${edge}`, accepted);
    if (!admitted) return undefined;
    let found: { object: StoredObject<unknown>; type: 'campaign' | 'adset' } | undefined;
    if (/^\d+$/.test(node)) {
      const campaign = await store.get<unknown>('campaign', node);
      const adSet = campaign ? undefined : await store.get<unknown>('adset', node);
      if (campaign) found = { object: campaign, type: 'campaign' };
      else if (adSet) found = { object: adSet, type: 'adset' };
    }
    if (!found || !admitted.accountIds.includes(found.object.accountId)) {
      unsupportedRequest(reply, 'GET', node);
      return undefined;
    }
    if (found.type === 'adset' && edge === 'adsets') {
      graphError(reply, 400, {
        message: '(#100) Tried accessing nonexisting field (adsets) on node type (AdSet)',
        type: 'OAuthException',
        code: 100,
      });
      return undefined;
    }
    if (!(await calls.passesFault(reply, found.object.accountId, admitted.now))) return undefined;
    return { admitted, accountId: found.object.accountId, type: found.type };
  }

  for (const edge of ['adsets', 'ads'] as const) {
    scope.get<EdgeRequest>(`/:version/:node/${edge}`, async (request, reply) => {
      const owner = await ownerOf(request, reply, edge);
      if (!owner) return reply;
      const { node } = request.params;
      const filter = edgeFilter(owner.admitted.query, owner.admitted.now);
      if ('error' in filter) {
        return graphError(reply, 400, {
          message: `(#100) ${filter.error}`,
          type: 'OAuthException',
          code: 100,
        });
      }
      const objects = await accountObjects(store, owner.accountId);
      const under = (campaignId: string, adSetId?: string) =>
        owner.type === 'account' || (owner.type === 'campaign' ? campaignId === node : adSetId === node);
      const nodes =
        edge === 'adsets'
          ? [...objects.adSets.values()]
              .filter((adSet) => under(adSet.data.campaign_id))
              .map((adSet) => adSetNode(adSet, objects))
          : objects.ads
              .filter((ad) => under(ad.data.campaign_id, ad.data.adset_id))
              .map((ad) => adNode(ad, objects));
      return sendEdgePage(reply, {
        query: owner.admitted.query,
        url: calls.url(request, `/${node}/${edge}`),
        accessToken: owner.admitted.accessToken,
        type: edge === 'adsets' ? AD_SET : AD,
        nodes: nodes.filter(filter.keeps),
      });
    });
  }
}
