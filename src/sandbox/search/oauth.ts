import type { FastifyInstance } from 'fastify';
import { SANDBOX_CLIENT } from '../../platforms/endpoints.ts';
import { connectRedirectUri } from '../../platforms/oauth-flow.ts';
import { registerApprovalPage } from '../approval-page.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import { answerTokenFault } from '../token-faults.ts';
import { checkSandboxToken, issueSandboxToken, revokeSandboxToken } from '../tokens.ts';
import { MANAGER_ACCOUNT_CHOICE } from './manager-choice.ts';

/** The scope Google grants Google Ads API access by (Google's OAuth 2.0 scopes for Google APIs). */
const ADWORDS_SCOPE = 'https://www.googleapis.com/auth/adwords';

function seconds(expiresAt: Date | null, now: Date): number {
  return expiresAt ? Math.round((expiresAt.getTime() - now.getTime()) / 1000) : 3600;
}

/** The client's credentials: in the form (client_secret_post) or as HTTP Basic (client_secret_basic). */
function clientOf(body: Record<string, string | undefined>, authorization: string | undefined) {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!basic) return { id: body.client_id, secret: body.client_secret };
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    return { id: undefined, secret: undefined };
  }
}

/**
 * Google's OAuth 2.0 pair: the consent page at /oauth/authorize and the token endpoint at /oauth/token
 * (form encoded, the client in the form or as HTTP Basic; `authorization_code` gives an access and a
 * refresh token for the redirect_uri the code was issued to, `refresh_token` a new access token), with
 * Google's `{error, error_description}` answers; the magic refresh tokens fail it on demand.
 */
export function registerSearchOAuth(scope: FastifyInstance, services: SandboxServices): void {
  registerApprovalPage(scope, services, 'search', {
    clientParameter: 'client_id',
    codeParameter: 'code',
    faultAccounts: [MANAGER_ACCOUNT_CHOICE],
  });

  scope.post<{ Body: Record<string, string | undefined> | undefined }>(
    '/oauth/token',
    async (request, reply) => {
      const body = request.body ?? {};
      const { db } = services.storage;
      const now = services.clock.now();
      reply.header('cache-control', 'no-store');
      const client = clientOf(body, request.headers.authorization);
      if (client.id !== SANDBOX_CLIENT.clientId || client.secret !== SANDBOX_CLIENT.clientSecret) {
        return reply
          .status(401)
          .send({ error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      }
      if (body.grant_type === 'authorization_code') {
        const code = body.code ?? '';
        const grant = await checkSandboxToken(db, 'search', 'code', code, now);
        if (!grant.ok)
          return reply
            .status(400)
            .send({ error: 'invalid_grant', error_description: 'Malformed auth code.' });
        // The consent page issues codes to the registered callback only.
        if (body.redirect_uri !== connectRedirectUri(services, 'search'))
          return reply.status(400).send({ error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
        await revokeSandboxToken(db, code, now);
        const access = await issueSandboxToken(db, 'search', 'access', grant, now);
        const refresh = await issueSandboxToken(db, 'search', 'refresh', grant, now);
        return reply.send({
          access_token: access.token,
          expires_in: seconds(access.expiresAt, now),
          refresh_token: refresh.token,
          scope: ADWORDS_SCOPE,
          token_type: 'Bearer',
        });
      }
      if (body.grant_type === 'refresh_token') {
        if (await answerTokenFault(reply, body.refresh_token, { statesRetryAfter: true })) return reply;
        const grant = await checkSandboxToken(db, 'search', 'refresh', body.refresh_token ?? '', now);
        if (!grant.ok) {
          return reply
            .status(400)
            .send({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        }
        const access = await issueSandboxToken(db, 'search', 'access', grant, now);
        return reply.send({
          access_token: access.token,
          expires_in: seconds(access.expiresAt, now),
          scope: ADWORDS_SCOPE,
          token_type: 'Bearer',
        });
      }
      return reply.status(400).send({
        error: 'unsupported_grant_type',
        error_description: `Invalid grant_type: ${body.grant_type ?? ''}`,
      });
    },
  );
}
