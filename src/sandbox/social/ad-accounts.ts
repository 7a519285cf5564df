import type { FastifyInstance } from 'fastify';
import { adAccountNodes } from './ad-account-nodes.ts';
import { accountsThroughBusinesses } from './businesses.ts';
import { sendEdgePage } from './edge-page.ts';
import { type GraphCalls, refuseWrites, type VersionRequest } from './graph-calls.ts';
import { AD_ACCOUNT } from './node-types.ts';

/** `GET /me/adaccounts`: the ad accounts the token was granted to the person, not through a business. */
export function registerAdAccounts(scope: FastifyInstance, calls: GraphCalls): void {
  scope.get<VersionRequest>('/:version/me/adaccounts', async (request, reply) => {
    const admitted = await calls.admit(request, reply, '/me/adaccounts');
    if (!admitted) return reply;
    // The accounts a business holds are reached through the business's edges (businesses.ts).
    const throughBusinesses = await accountsThroughBusinesses(calls.store, admitted.accountIds);
    const nodes = await adAccountNodes(
      calls.store,
      admitted.accountIds.filter((granted) => !throughBusinesses.has(granted)),
    );
    return sendEdgePage(reply, {
      query: admitted.query,
      url: calls.url(request, '/me/adaccounts'),
      accessToken: admitted.accessToken,
      type: AD_ACCOUNT,
      nodes,
    });
  });

  refuseWrites(scope, '/:version/me/adaccounts');
}
