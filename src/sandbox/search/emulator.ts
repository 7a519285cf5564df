import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../context.ts';
import { SANDBOX_DEVELOPER_TOKEN } from '../../platforms/endpoints.ts';
import { bearerToken, checkAccess, tokenAccounts } from '../access.ts';
import { magicFault, SANDBOX_THROTTLE_SECONDS, sandboxLatency, slowDown } from '../faults.ts';
import { SandboxStore } from '../store.ts';
import { GaqlError, parseGaql } from './gaql.ts';
import { adsError, googleRequestId, partialFailure, sendFailure, sendStatus } from './google-errors.ts';
import { mutateAds, operationAdIds } from './mutate.ts';
import { registerSearchOAuth } from './oauth.ts';
import { checkQuery, runQuery } from './resources.ts';

const SEARCH_FIELDS = [
  'query',
  'pageToken',
  'validateOnly',
  'returnTotalResultsCount',
  'summaryRowSetting',
  'searchSettings',
];
const MUTATE_FIELDS = ['operations', 'partialFailure', 'validateOnly', 'responseContentType'];

const MISSING_CREDENTIAL =
  'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or ' +
  'other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

const TOKEN_PROBLEM = {
  unknown: ['OAUTH_TOKEN_INVALID', 'OAuth token in the header is not valid.'],
  expired: ['OAUTH_TOKEN_EXPIRED', 'OAuth token in the header has expired.'],
  revoked: ['OAUTH_TOKEN_REVOKED', 'OAuth token in the header has been revoked.'],
} as const;

const PERMISSION_DENIED =
  "User doesn't have permission to access customer. Note: If you're accessing a client customer, the " +
  "manager's customer id must be set in the 'login-customer-id' header. See " +
  'https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid';

type Params = { version: string; cid: string };

/** The Google Ads API (REST) emulator: GAQL search, ads:mutate, accessible customers, OAuth; Google's errors. */
export function registerSearchSandbox(scope: FastifyInstance, services: Services): void {
  const store = new SandboxStore(services.storage.db, 'search');
  const served = services.config.platforms.settings.search.apiVersion;
  registerSearchOAuth(scope, services);

  scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendStatus(reply, 400, `Invalid JSON payload received. ${error.message}`);
    }
    services.logger.warn({ err: error }, 'search sandbox failed');
    return sendFailure(reply, served, 500, [
      adsError({ internalError: 'INTERNAL_ERROR' }, 'An internal error has occurred.'),
    ]);
  });
  scope.setNotFoundHandler((request, reply) =>
    sendStatus(reply, 404, `The requested URL ${request.url.split('?')[0]} was not found on this server.`),
  );

  /** Checks version, credentials and the customer like Google; answers and returns false when refused. */
  async function admit(request: FastifyRequest, reply: FastifyReply, customerId: string | undefined) {
    await sandboxLatency(services);
    const { version } = request.params as Partial<Params>;
    if (version !== served) {
      sendStatus(reply, 404, `Google Ads API ${version} is not served here; the sandbox serves ${served}.`);
      return false;
    }
    const token = bearerToken(request);
    if (!token) {
      sendStatus(reply, 401, MISSING_CREDENTIAL);
      return false;
    }
    const developerToken = request.headers['developer-token'];
    if (!developerToken) {
      const message = 'developer-token parameter is missing.';
      sendFailure(reply, served, 400, [
        adsError({ requestError: 'DEVELOPER_TOKEN_PARAMETER_MISSING' }, message),
      ]);
      return false;
    }
    if (developerToken !== SANDBOX_DEVELOPER_TOKEN) {
      const message = 'The developer token is not allowed with the project sent in the request.';
      sendFailure(reply, served, 403, [
        adsError({ authorizationError: 'DEVELOPER_TOKEN_PROHIBITED' }, message),
      ]);
      return false;
    }
    if (customerId !== undefined && !/^\d{10}$/.test(customerId)) {
      const message = `Invalid customer ID '${customerId}': a customer ID is 10 digits, without dashes.`;
      sendFailure(reply, served, 400, [adsError({ requestError: 'INVALID_CUSTOMER_ID' }, message)]);
      return false;
    }
    const access = await checkAccess(services, 'search', token, customerId);
    if (!access.ok && access.reason !== 'forbidden') {
      const [code, message] = TOKEN_PROBLEM[access.reason === 'missing' ? 'unknown' : access.reason];
      sendFailure(reply, served, 401, [adsError({ authenticationError: code }, message)]);
      return false;
    }
    const login = request.headers['login-customer-id'];
    const loginDenied =
      typeof login === 'string' && !(await tokenAccounts(services, 'search', token)).includes(login);
    if (!access.ok || loginDenied) {
      sendFailure(reply, served, 403, [
        adsError({ authorizationError: 'USER_PERMISSION_DENIED' }, PERMISSION_DENIED),
      ]);
      return false;
    }
    return true;
  }

  /** Magic ids answer as Google does under those conditions; returns true when a fault was answered. */
  async function fault(reply: FastifyReply, ids: string[]): Promise<boolean> {
    switch (magicFault(...ids)) {
      case 'rate_limited':
        sendFailure(reply, served, 429, [
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
        return true;
      case 'server_error':
        sendFailure(reply, served, 500, [
          adsError({ internalError: 'INTERNAL_ERROR' }, 'An internal error has occurred.'),
        ]);
        return true;
      case 'token_expired':
        sendFailure(reply, served, 401, [
          adsError({ authenticationError: 'OAUTH_TOKEN_EXPIRED' }, 'OAuth token in the header has expired.'),
        ]);
        return true;
      case 'slow':
        await slowDown();
        return false;
      default:
        return false;
    }
  }

  /** Google refuses JSON naming a field the request message does not have. */
  function unknownField(reply: FastifyReply, body: Record<string, unknown>, known: string[]): boolean {
    const unknown = Object.keys(body).find((key) => !known.includes(key));
    if (unknown === undefined) return false;
    sendStatus(reply, 400, `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`);
    return true;
  }

  const pageKey = (customerId: string, query: string) =>
    createHash('sha256').update(`${customerId}\n${query}`).digest('base64url').slice(0, 16);

  scope.post<{ Params: Params; Body: Record<string, unknown> | null }>(
    '/:version/customers/:cid/googleAds::search',
    async (request, reply) => {
      const customerId = request.params.cid;
      if (!(await admit(request, reply, customerId))) return reply;
      const body = request.body ?? {};
      if (unknownField(reply, body, SEARCH_FIELDS)) return reply;
      const query = typeof body.query === 'string' ? body.query : '';
      let parsed: ReturnType<typeof parseGaql>;
      try {
        parsed = parseGaql(query);
        checkQuery(parsed);
      } catch (error) {
        if (!(error instanceof GaqlError)) throw error;
        return sendFailure(reply, served, 400, [adsError({ queryError: error.code }, error.message)]);
      }
      if (
        await fault(
          reply,
          parsed.conditions.flatMap((c) => c.values.map((v) => v.value)),
        )
      )
        return reply;

      const key = pageKey(customerId, query);
      let offset = 0;
      if (typeof body.pageToken === 'string' && body.pageToken !== '') {
        const token = decodePageToken(body.pageToken);
        if (!token || token.q !== key) {
          const message = 'Page token is invalid: it was not issued for this query and customer.';
          return sendFailure(reply, served, 400, [adsError({ requestError: 'INVALID_PAGE_TOKEN' }, message)]);
        }
        offset = token.o;
      }
      const fieldMask = parsed.fields
        .map((field) => field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()))
        .join(',');
      if (body.validateOnly === true)
        return reply.header('request-id', googleRequestId()).send({ fieldMask });
      const rows = await runQuery(store, customerId, parsed);
      const pageSize = services.config.platforms.sandboxPageSize;
      const page = rows.slice(offset, offset + pageSize);
      const next = offset + pageSize < rows.length ? encodePageToken(key, offset + pageSize) : undefined;
      return reply.header('request-id', googleRequestId()).send({
        ...(page.length > 0 && { results: page }),
        ...(next && { nextPageToken: next }),
        ...(body.returnTotalResultsCount === true && { totalResultsCount: String(rows.length) }),
        fieldMask,
      });
    },
  );

  scope.post<{ Params: Params; Body: Record<string, unknown> | null }>(
    '/:version/customers/:cid/ads::mutate',
    async (request, reply) => {
      const customerId = request.params.cid;
      if (!(await admit(request, reply, customerId))) return reply;
      const body = request.body ?? {};
      if (unknownField(reply, body, MUTATE_FIELDS)) return reply;
      const operations = Array.isArray(body.operations) ? (body.operations as unknown[]) : [];
      if (operations.length === 0) {
        const message = 'At least one operation is required.';
        return sendFailure(reply, served, 400, [adsError({ requestError: 'OPERATION_REQUIRED' }, message)]);
      }
      if (await fault(reply, operationAdIds(operations))) return reply;
      const validateOnly = body.validateOnly === true;
      const partial = body.partialFailure === true;
      const outcome = await mutateAds(store, customerId, operations, {
        validateOnly,
        partialFailure: partial,
        now: services.clock.now(),
      });
      if (outcome.errors.length > 0 && !partial) return sendFailure(reply, served, 400, outcome.errors);
      reply.header('request-id', googleRequestId());
      return reply.send({
        ...(!validateOnly && { results: outcome.results }),
        ...(outcome.errors.length > 0 && { partialFailureError: partialFailure(served, outcome.errors) }),
      });
    },
  );

  scope.get<{ Params: Pick<Params, 'version'> }>(
    '/:version/customers::listAccessibleCustomers',
    async (request, reply) => {
      if (!(await admit(request, reply, undefined))) return reply;
      const ids = await tokenAccounts(services, 'search', bearerToken(request));
      return reply
        .header('request-id', googleRequestId())
        .send({ resourceNames: ids.map((id) => `customers/${id}`) });
    },
  );
}

function encodePageToken(key: string, offset: number): string {
  return Buffer.from(JSON.stringify({ q: key, o: offset })).toString('base64url');
}

function decodePageToken(token: string): { q: string; o: number } | undefined {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      q?: unknown;
      o?: unknown;
    };
    if (typeof value.q !== 'string' || !Number.isInteger(value.o) || (value.o as number) < 0)
      return undefined;
    return { q: value.q, o: value.o as number };
  } catch {
    return undefined;
  }
}
