import type { FastifyInstance } from 'fastify';
import { registerApprovalPage } from '../approval-page.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import { registerAdAccounts } from './ad-accounts.ts';
import { registerAdSets } from './ad-sets.ts';
import { BUSINESS_CHOICE, registerBusinesses } from './businesses.ts';
import { registerCampaignNode } from './campaign-node.ts';
import { registerCampaigns } from './campaigns.ts';
import { registerCreates } from './creates.ts';
import { graphError, traceId } from './graph.ts';
import { graphCalls } from './graph-calls.ts';
import { registerInsights } from './insights.ts';
import { registerInstagramAccounts } from './instagram-accounts.ts';
import { MAGIC_ACCOUNT_CHOICES } from './magic-accounts.ts';
import { registerSocialTokenEndpoint } from './oauth.ts';
import { registerPromotePages } from './promote-pages.ts';
import { unknownPath } from './refusals.ts';
import { marketingVersion } from './versions.ts';

/**
 * Meta's Graph API (Marketing API) emulator, one file per resource as Meta's reference has them: the ad
 * accounts of a token, the ad account's Instagram accounts, pages, campaigns, ad sets, ads and insights, their
 * creates with ad images and creatives (creates.ts), a
 * campaign or ad set by its id and its update (campaign-node.ts), Facebook Login's token endpoint; Meta's versions,
 * `appsecret_proof`, error bodies, codes and trace ids, and the magic ad accounts (`act_4000…0429` and
 * kin) that answer with a fault (graph-calls.ts).
 */
export function registerSocialSandbox(scope: FastifyInstance, services: SandboxServices): void {
  registerApprovalPage(scope, services, 'social', {
    clientParameter: 'client_id',
    codeParameter: 'code',
    faultAccounts: [BUSINESS_CHOICE, ...MAGIC_ACCOUNT_CHOICES],
  });
  registerSocialTokenEndpoint(scope, services);

  scope.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('x-fb-trace-id')) reply.header('x-fb-trace-id', traceId());
  });
  scope.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    // A body the parser refused (not JSON, too large...) is the caller's mistake, as Graph answers it.
    if (error.statusCode !== undefined && error.statusCode < 500) {
      return graphError(reply, 400, {
        message: '(#100) Invalid parameter',
        type: 'OAuthException',
        code: 100,
      });
    }
    services.logger.warn({ err: error }, 'social sandbox failed');
    return graphError(reply, 500, {
      message: 'An unknown error occurred',
      type: 'OAuthException',
      code: 1,
      error_subcode: 99,
    });
  });
  scope.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]?.replace(/^\/sandbox\/social/, '') ?? '';
    const [version = '', node = '', ...rest] = path.split('/').slice(1);
    // A known version and ad account with an edge the sandbox does not serve: Graph reads it as a field.
    if (marketingVersion(version, services.clock.now()).ok && /^act_\d+$/.test(node) && rest.length === 1) {
      return graphError(reply, 400, {
        message: `(#100) Tried accessing nonexisting field (${rest[0]}) on node type (AdAccount)`,
        type: 'OAuthException',
        code: 100,
      });
    }
    return unknownPath(reply, `/${[node, ...rest].join('/')}`);
  });

  const calls = graphCalls(services);
  registerAdAccounts(scope, calls);
  registerBusinesses(scope, calls);
  registerInstagramAccounts(scope, calls);
  registerPromotePages(scope, calls);
  registerCampaigns(scope, calls);
  registerAdSets(scope, calls);
  registerInsights(scope, calls);
  registerCreates(scope, calls);
  registerCampaignNode(scope, calls);
}
