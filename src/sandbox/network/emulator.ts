import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CLIENT } from '../../platforms/endpoints.ts';
import { bearerToken, checkAccess, tokenAccounts } from '../access.ts';
import { registerApprovalPage } from '../approval-page.ts';
import { sandboxLatency } from '../faults.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import { answerTokenFault } from '../token-faults.ts';
import {
  ACCESS_TOKEN_SECONDS,
  checkSandboxToken,
  issueSandboxToken,
  revokeSandboxToken,
  type SandboxGrant,
} from '../tokens.ts';
import { registerAdAccountRoutes } from './ad-accounts.ts';
import { registerAnalyticsRoutes } from './ad-analytics.ts';
import { registerCampaignGroupRoutes } from './ad-campaign-groups.ts';
import { registerCampaignRoutes } from './ad-campaigns.ts';
import { createSandbox, fail } from './context.ts';
import { registerConversionRoutes } from './conversions.ts';
import { registerCreativeRoutes } from './creatives.ts';
import { MAX_UPLOAD_BYTES, registerMediaRoutes } from './media.ts';
import { registerOrganizationRoutes } from './organizations.ts';
import { registerPostRoutes } from './posts.ts';
import { servesVersion, versionInWords } from './versions.ts';

const PREFIX = '/sandbox/network';
const REFRESH_TOKEN_SECONDS = 365 * 86_400;

/**
 * Rest.li query tunnelling: a client whose URL would be too long (the official client, past 4 KB) POSTs
 * it with `X-HTTP-Method-Override: GET` and the query string as a form-encoded body. The emulator
 * answers it as the GET it stands for.
 */
async function tunnelled(scope: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const override = String(request.headers['x-http-method-override']).toUpperCase();
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim();
  if (override !== 'GET' || type !== 'application/x-www-form-urlencoded') {
    return fail(
      reply,
      400,
      'The sandbox tunnels only queries: X-HTTP-Method-Override: GET with an application/x-www-form-urlencoded body holding the query string',
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request.raw) chunks.push(Buffer.from(chunk));
  const query = Buffer.concat(chunks).toString();
  const {
    'x-http-method-override': _override,
    'content-type': _type,
    'content-length': _length,
    ...headers
  } = request.headers;
  const path = request.url.split('?')[0] ?? '';
  const answer = await scope.inject({
    method: 'GET',
    url: query === '' ? path : `${path}?${query}`,
    headers: headers as Record<string, string>,
  });
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !['content-length', 'connection', 'date', 'transfer-encoding'].includes(name))
      reply.header(name, value);
  }
  return reply.status(answer.statusCode).send(answer.rawPayload);
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.status(status).send({ error, error_description: description });
}

/**
 * The LinkedIn Marketing API emulator under /sandbox/network: the versioned REST API at /rest (ad
 * accounts, campaign groups, campaigns, ad analytics, media uploads, posts, creatives, conversions,
 * company pages and the member's roles on them), one
 * file per resource, the upload URLs it hands out, and OAuth (the approval page and the form-encoded
 * token endpoint). Every /rest call needs LinkedIn's three headers; errors have LinkedIn's shape.
 */
export function registerNetworkSandbox(scope: FastifyInstance, services: SandboxServices): void {
  const granted = new WeakMap<FastifyRequest, string[]>();
  const sandbox = createSandbox(services, granted);
  registerApprovalPage(scope, services, 'network', { clientParameter: 'client_id', codeParameter: 'code' });

  scope.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  // Rest.li clients send Content-Type: application/json on a DELETE without a body.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }));
    }
  });

  const routes: Array<{ pattern: RegExp; method: string }> = [];
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(`^${route.url.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    for (const method of methods) routes.push({ pattern, method });
  });

  scope.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const rest = path.startsWith(`${PREFIX}/rest/`);
    if (!rest && !path.startsWith(`${PREFIX}/dms-uploads/`)) return;
    if (rest && request.method === 'POST' && request.headers['x-http-method-override'] !== undefined)
      return tunnelled(scope, request, reply);
    reply.header('x-li-uuid', randomUUID().replaceAll('-', '').slice(0, 22));
    await sandboxLatency(services);
    if (rest) {
      const version = request.headers['linkedin-version'];
      if (typeof version !== 'string' || version.trim() === '') {
        return fail(
          reply,
          400,
          'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
          { code: 'VERSION_MISSING' },
        );
      }
      if (!servesVersion(version, services.clock.now())) {
        // LinkedIn's own answer, word for word: no serviceErrorCode, the version as a day.
        return reply.status(426).send({
          status: 426,
          code: 'NONEXISTENT_VERSION',
          message: `Requested version ${versionInWords(version)} is not active`,
        });
      }
      if (request.headers['x-restli-protocol-version'] !== '2.0.0') {
        return fail(
          reply,
          400,
          'This API speaks Rest.li protocol 2.0.0: send the header X-Restli-Protocol-Version: 2.0.0',
          { code: 'ILLEGAL_ARGUMENT' },
        );
      }
    }
    const token = bearerToken(request);
    const access = await checkAccess(services, 'network', token, undefined);
    if (!access.ok) {
      if (access.reason === 'expired') {
        return fail(reply, 401, 'The token used in the request has expired', {
          code: 'EXPIRED_ACCESS_TOKEN',
          serviceErrorCode: 65601,
        });
      }
      if (access.reason === 'revoked') {
        return fail(reply, 401, 'The token used in the request has been revoked by the user', {
          code: 'REVOKED_ACCESS_TOKEN',
          serviceErrorCode: 65602,
        });
      }
      return fail(reply, 401, 'Invalid access token', {
        code: 'INVALID_ACCESS_TOKEN',
        serviceErrorCode: 65600,
      });
    }
    granted.set(request, await tokenAccounts(services, 'network', token));
  });

  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return fail(reply, status, error.message);
    services.logger.warn({ err: error, url: request.url }, 'network sandbox failed');
    return fail(reply, 500, 'Internal Server Error', { serviceErrorCode: 0 });
  });
  scope.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = routes.filter((route) => route.pattern.test(path)).map((route) => route.method);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .header('allow', [...new Set(allowed)].join(', '))
        .status(405)
        .send({
          message: `Method ${request.method} is not supported by ${path.slice(PREFIX.length)} (it takes ${[...new Set(allowed)].join(', ')})`,
          serviceErrorCode: 100,
          status: 405,
        });
    }
    return fail(reply, 404, `Resource ${path.slice(PREFIX.length)} does not exist`);
  });

  registerAdAccountRoutes(scope, sandbox);
  registerCampaignGroupRoutes(scope, sandbox);
  registerCampaignRoutes(scope, sandbox);
  registerAnalyticsRoutes(scope, sandbox);
  registerMediaRoutes(scope, sandbox);
  registerPostRoutes(scope, sandbox);
  registerCreativeRoutes(scope, sandbox);
  registerConversionRoutes(scope, sandbox);
  registerOrganizationRoutes(scope, sandbox);

  // LinkedIn's /oauth/v2/accessToken: form encoded, for the code exchange and the refresh.
  scope.post<{ Body: Record<string, string | undefined> | undefined }>(
    '/oauth/token',
    async (request, reply) => {
      const body = request.body ?? {};
      if (body.client_id !== SANDBOX_CLIENT.clientId || body.client_secret !== SANDBOX_CLIENT.clientSecret)
        return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
      const now = services.clock.now();
      const db = services.storage.db;
      let granted: SandboxGrant;
      let refreshToken: string;
      if (body.grant_type === 'authorization_code') {
        const code = body.code ?? '';
        const grant = await checkSandboxToken(db, 'network', 'code', code, now);
        if (!grant.ok)
          return oauthError(reply, 400, 'invalid_grant', 'The authorization code is invalid or has expired');
        if (!body.redirect_uri)
          return oauthError(reply, 400, 'invalid_request', 'A required parameter "redirect_uri" is missing');
        await revokeSandboxToken(db, code, now);
        granted = grant;
        refreshToken = (await issueSandboxToken(db, 'network', 'refresh', granted, now)).token;
      } else if (body.grant_type === 'refresh_token') {
        // LinkedIn's throttle states no wait, on the token endpoint as on the API.
        if (await answerTokenFault(reply, body.refresh_token, { statesRetryAfter: false })) return reply;
        refreshToken = body.refresh_token ?? '';
        const grant = await checkSandboxToken(db, 'network', 'refresh', refreshToken, now);
        if (!grant.ok)
          return oauthError(reply, 400, 'invalid_grant', 'The provided refresh token is invalid or revoked');
        granted = grant;
      } else {
        return oauthError(
          reply,
          400,
          'unsupported_grant_type',
          'grant_type must be authorization_code or refresh_token',
        );
      }
      const access = await issueSandboxToken(db, 'network', 'access', granted, now);
      return {
        access_token: access.token,
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: refreshToken,
        refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
        scope: 'r_ads,rw_ads,r_ads_reporting',
      };
    },
  );
}
