import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  magicFault,
  SANDBOX_THROTTLE_SECONDS,
  sandboxLatency,
  secondsToUtcMidnight,
  slowDown,
} from '../faults.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import { SandboxStore } from '../store.ts';
import { mutateAdGroupAds } from './ad-group-ad-service.ts';
import { mutateAdGroups } from './ad-group-service.ts';
import { mutate } from './ad-service.ts';
import { admit } from './admission.ts';
import { mutateCampaignBudgets } from './campaign-budget-service.ts';
import { mutateCampaigns } from './campaign-service.ts';
import { mutateAdGroupCriteria, mutateCampaignCriteria } from './criterion-service.ts';
import { listAccessibleCustomers } from './customer-service.ts';
import type { Answer, Call, Method, SearchEmulator } from './emulator-context.ts';
import { mutateGoogleAds } from './google-ads-mutate.ts';
import { search, searchStream } from './google-ads-service.ts';
import {
  adsError,
  badRequestAnswer,
  failureAnswer,
  type GoogleErrorAnswer,
  googleRequestId,
  sendError,
  statusAnswer,
} from './google-errors.ts';
import { registerSearchOAuth } from './oauth.ts';
import { readRequest } from './proto-json.ts';

type Params = { version: string; cid?: string };
type Shape = 'unary' | 'stream';

/**
 * The Google Ads API (REST) emulator: GAQL search (paged) and searchStream (a JSON array of batches) with
 * reporting, the mutates of ads, campaigns, campaign budgets, ad groups, criteria (keywords, negatives) and ad group ads,
 * creates (one service at a time, or together through googleAds:mutate), accessible customers, manager accounts through `login-customer-id`, OAuth; request
 * bodies read as Google's proto3 JSON parser reads them, and Google's errors. Each service's methods are in
 * a file of their own, as Google's reference lists them.
 */
export function registerSearchSandbox(scope: FastifyInstance, services: SandboxServices): void {
  const store = new SandboxStore(services.storage.db, 'search');
  const served = services.config.platforms.settings.search.apiVersion;
  const pageSize = services.config.platforms.sandboxPageSize;
  registerSearchOAuth(scope, services);

  const shapeOf = (url: string): Shape => (url.split('?')[0]?.endsWith(':searchStream') ? 'stream' : 'unary');
  const internalError = () =>
    failureAnswer(served, 500, [
      adsError({ internalError: 'INTERNAL_ERROR' }, 'An internal error has occurred.'),
    ]);

  scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const shape = shapeOf(request.url);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      const description = `Invalid JSON payload received. ${error.message}`;
      return sendError(reply, badRequestAnswer([{ description }]), shape);
    }
    services.logger.warn({ err: error }, 'search sandbox failed');
    return sendError(reply, internalError(), shape);
  });
  scope.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      statusAnswer(404, `The requested URL ${request.url.split('?')[0]} was not found on this server.`),
      shapeOf(request.url),
    ),
  );

  /** Magic ids answer as Google does under those conditions; `sandbox_slow` waits, then goes on. */
  async function fault(ids: string[]): Promise<GoogleErrorAnswer | undefined> {
    switch (magicFault(...ids)) {
      case 'rate_limited':
        return failureAnswer(served, 429, [
          adsError(
            { quotaError: 'RESOURCE_EXHAUSTED' },
            `Too many requests. Retry in ${SANDBOX_THROTTLE_SECONDS} seconds.`,
            undefined,
            {
              quotaErrorDetails: {
                rateScope: 'ACCOUNT',
                rateName: 'Requests per customer (sandbox)',
                retryDelay: `${SANDBOX_THROTTLE_SECONDS}s`,
              },
            },
          ),
        ]);
      case 'rate_limited_app': {
        // The developer token's daily operations, as Google answers them (its window rolls; the
        // sandbox's ends at midnight UTC).
        const seconds = secondsToUtcMidnight(services.clock.now());
        return failureAnswer(served, 429, [
          adsError(
            { quotaError: 'RESOURCE_EXHAUSTED' },
            `Too many requests. Retry in ${seconds} seconds.`,
            undefined,
            {
              quotaErrorDetails: {
                rateScope: 'DEVELOPER',
                rateName: 'Number of operations for basic access',
                retryDelay: `${seconds}s`,
              },
            },
          ),
        ]);
      }
      case 'server_error':
        return internalError();
      case 'token_expired':
        return failureAnswer(served, 401, [
          adsError({ authenticationError: 'OAUTH_TOKEN_EXPIRED' }, 'OAuth token in the header has expired.'),
        ]);
      case 'slow':
        await slowDown();
        return undefined;
      default:
        return undefined;
    }
  }

  const emulator: SearchEmulator = {
    services,
    store,
    served,
    pageSize,
    fault,
    requestError: (code, message) => failureAnswer(served, 400, [adsError({ requestError: code }, message)]),
    readBody(message, body) {
      const { read, violations } = readRequest(message, body, served);
      return violations.length > 0 ? { refused: badRequestAnswer(violations) } : { read: read as never };
    },
  };

  const isError = (answer: Answer): answer is GoogleErrorAnswer =>
    typeof answer === 'object' && answer !== null && 'httpStatus' in answer;

  /** Runs a method for an admitted request and sends its answer, or the error, in the method's shape. */
  function route(method: 'GET' | 'POST', url: string, run: Method, shape: Shape = 'unary') {
    scope.route<{ Params: Params; Body: unknown }>({
      method,
      url,
      handler: async (request, reply: FastifyReply) => {
        await sandboxLatency(services);
        const customerId = request.params.cid;
        const admission = await admit(services, store, request, customerId);
        if (!admission.ok) return sendError(reply, admission.answer, shape);
        const requestId = googleRequestId();
        const call: Call = {
          customerId: customerId ?? '',
          body: request.body ?? null,
          requestId,
          accountIds: admission.accountIds,
        };
        const answer = await run(emulator, call);
        if (isError(answer)) return sendError(reply, answer, shape);
        return reply.header('request-id', requestId).send(answer);
      },
    });
  }

  route('POST', '/:version/customers/:cid/googleAds::search', search);
  route('POST', '/:version/customers/:cid/googleAds::searchStream', searchStream, 'stream');
  route('POST', '/:version/customers/:cid/ads::mutate', mutate);
  route('POST', '/:version/customers/:cid/campaigns::mutate', mutateCampaigns);
  route('POST', '/:version/customers/:cid/campaignBudgets::mutate', mutateCampaignBudgets);
  route('POST', '/:version/customers/:cid/adGroups::mutate', mutateAdGroups);
  route('POST', '/:version/customers/:cid/adGroupCriteria::mutate', mutateAdGroupCriteria);
  route('POST', '/:version/customers/:cid/campaignCriteria::mutate', mutateCampaignCriteria);
  route('POST', '/:version/customers/:cid/adGroupAds::mutate', mutateAdGroupAds);
  route('POST', '/:version/customers/:cid/googleAds::mutate', mutateGoogleAds);
  route('GET', '/:version/customers::listAccessibleCustomers', (_, call) => listAccessibleCustomers(call));
}
