import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../context.ts';
import { SANDBOX_CLIENT } from '../../platforms/endpoints.ts';
import { bearerToken, checkAccess, tokenAccounts } from '../access.ts';
import { registerApprovalPage } from '../approval-page.ts';
import { sandboxLatency } from '../faults.ts';
import { ACCESS_TOKEN_SECONDS, checkSandboxToken, issueSandboxToken, revokeSandboxToken } from '../tokens.ts';
import { registerCampaignRoutes } from './campaigns.ts';
import { registerContentRoutes } from './content.ts';
import { createSandbox, fail } from './context.ts';
import { registerConversionRoutes } from './conversions.ts';
import { MAX_UPLOAD_BYTES, registerMediaRoutes } from './media.ts';

const PREFIX = '/sandbox/network';
/** The oldest LinkedIn-Version the sandbox serves; any later month up to the current one is served. */
const OLDEST_VERSION = '202301';
const REFRESH_TOKEN_SECONDS = 365 * 86_400;

/** `YYYYMM` (or `YYYYMM.RR`) from the oldest served version up to the current month. */
function versionProblem(version: string, now: Date): boolean {
  const match = /^(\d{6})(\.\d{2})?$/.exec(version);
  if (!match?.[1]) return true;
  const current = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return match[1] < OLDEST_VERSION || match[1] > current;
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.status(status).send({ error, error_description: description });
}

/**
 * The LinkedIn Marketing API emulator under /sandbox/network: the versioned REST API at /rest (ad
 * accounts, campaign groups, campaigns, media uploads, posts, creatives, conversions), the upload URLs
 * it hands out, and OAuth (the approval page and the form-encoded token endpoint). Every /rest call
 * needs LinkedIn's three headers; errors have LinkedIn's shape.
 */
export function registerNetworkSandbox(scope: FastifyInstance, services: Services): void {
  const granted = new WeakMap<FastifyRequest, string[]>();
  const sandbox = createSandbox(services, granted);
  registerApprovalPage(scope, services, 'network', { clientParameter: 'client_id', codeParameter: 'code' });

  scope.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  scope.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const rest = path.startsWith(`${PREFIX}/rest/`);
    if (!rest && !path.startsWith(`${PREFIX}/dms-uploads/`)) return;
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
      if (versionProblem(version.trim(), services.clock.now())) {
        return fail(reply, 426, `Requested version ${version} is not active`, {
          code: 'NONEXISTENT_VERSION',
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
  scope.setNotFoundHandler((request, reply) =>
    fail(reply, 404, `Resource ${request.url.split('?')[0]?.slice(PREFIX.length)} does not exist`),
  );

  registerCampaignRoutes(scope, sandbox);
  registerMediaRoutes(scope, sandbox);
  registerContentRoutes(scope, sandbox);
  registerConversionRoutes(scope, sandbox);

  // LinkedIn's /oauth/v2/accessToken: form encoded, for the code exchange and the refresh.
  scope.post<{ Body: Record<string, string | undefined> | undefined }>(
    '/oauth/token',
    async (request, reply) => {
      const body = request.body ?? {};
      if (body.client_id !== SANDBOX_CLIENT.clientId || body.client_secret !== SANDBOX_CLIENT.clientSecret)
        return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
      const now = services.clock.now();
      const db = services.storage.db;
      let accountIds: string[];
      let refreshToken: string;
      if (body.grant_type === 'authorization_code') {
        const code = body.code ?? '';
        const grant = await checkSandboxToken(db, 'network', 'code', code, now);
        if (!grant.ok)
          return oauthError(reply, 400, 'invalid_grant', 'The authorization code is invalid or has expired');
        if (!body.redirect_uri)
          return oauthError(reply, 400, 'invalid_request', 'A required parameter "redirect_uri" is missing');
        await revokeSandboxToken(db, code, now);
        accountIds = grant.accountIds;
        refreshToken = (await issueSandboxToken(db, 'network', 'refresh', accountIds, now)).token;
      } else if (body.grant_type === 'refresh_token') {
        refreshToken = body.refresh_token ?? '';
        const grant = await checkSandboxToken(db, 'network', 'refresh', refreshToken, now);
        if (!grant.ok)
          return oauthError(reply, 400, 'invalid_grant', 'The provided refresh token is invalid or revoked');
        accountIds = grant.accountIds;
      } else {
        return oauthError(
          reply,
          400,
          'unsupported_grant_type',
          'grant_type must be authorization_code or refresh_token',
        );
      }
      const access = await issueSandboxToken(db, 'network', 'access', accountIds, now);
      return {
        access_token: access.token,
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: refreshToken,
        refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
        scope: 'r_ads,rw_ads',
      };
    },
  );
}
