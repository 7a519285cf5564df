import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CLIENT } from '../../platforms/endpoints.ts';
import { sandboxLatency } from '../faults.ts';
import type { SandboxServices } from '../sandbox-services.ts';
import { checkSandboxToken, issueSandboxToken, revokeSandboxToken } from '../tokens.ts';
import { graphError } from './graph.ts';
import { invalidParameter, tokenError, unknownPath } from './refusals.ts';
import { parametersOf, TOKEN_PARAMETERS, unknownParameter } from './request.ts';
import { graphVersion } from './versions.ts';

/** Long-lived user tokens last about 60 days. */
export const LONG_LIVED_SECONDS = 60 * 86_400;

/**
 * Facebook Login's token endpoint, `GET` (or `POST`) `/{version}/oauth/access_token`: a code for a
 * short-lived user token, or `grant_type=fb_exchange_token` for a long-lived one. The app is
 * authenticated by its secret; an `access_token` sent beside (an SDK adds the app token `id|secret`) is
 * not looked at.
 */
export function registerSocialTokenEndpoint(scope: FastifyInstance, services: SandboxServices): void {
  async function exchange(request: FastifyRequest<{ Params: { version: string } }>, reply: FastifyReply) {
    await sandboxLatency(services);
    const now = services.clock.now();
    const { version } = request.params;
    if (!graphVersion(version, now).ok) return unknownPath(reply, '/oauth/access_token');
    const query = parametersOf(request.query, request.body);
    const unknown = unknownParameter(query, TOKEN_PARAMETERS);
    if (unknown) return invalidParameter(reply, unknown, TOKEN_PARAMETERS);
    if (query.client_id !== SANDBOX_CLIENT.clientId) {
      return graphError(reply, 400, {
        message: 'Error validating application. Invalid application ID.',
        type: 'OAuthException',
        code: 101,
      });
    }
    if (query.client_secret !== SANDBOX_CLIENT.clientSecret) {
      return graphError(reply, 400, {
        message: 'Error validating client secret.',
        type: 'OAuthException',
        code: 1,
      });
    }
    if (query.grant_type === 'fb_exchange_token') {
      const short = query.fb_exchange_token ?? '';
      const check = short
        ? await checkSandboxToken(services.storage.db, 'social', 'access', short, now)
        : ({ ok: false, reason: 'unknown' } as const);
      if (!check.ok) return tokenError(reply, check.reason, now);
      const long = await issueSandboxToken(
        services.storage.db,
        'social',
        'access',
        check,
        now,
        LONG_LIVED_SECONDS,
      );
      return reply.send({ access_token: long.token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
    }
    if (!query.redirect_uri) {
      return graphError(reply, 400, {
        message: 'Missing redirect_uri parameter.',
        type: 'OAuthException',
        code: 100,
      });
    }
    const code = query.code ?? '';
    const grant = code
      ? await checkSandboxToken(services.storage.db, 'social', 'code', code, now)
      : ({ ok: false, reason: 'unknown' } as const);
    if (!grant.ok) {
      const [message, subcode] =
        grant.reason === 'revoked'
          ? ['This authorization code has been used.', 36009]
          : grant.reason === 'expired'
            ? ['This authorization code has expired.', 36007]
            : ['Invalid verification code format.', undefined];
      return graphError(reply, 400, {
        message,
        type: 'OAuthException',
        code: 100,
        ...(subcode !== undefined && { error_subcode: subcode }),
      });
    }
    await revokeSandboxToken(services.storage.db, code, now);
    const access = await issueSandboxToken(services.storage.db, 'social', 'access', grant, now);
    const expiresIn = access.expiresAt
      ? Math.round((access.expiresAt.getTime() - now.getTime()) / 1000)
      : undefined;
    return reply.send({
      access_token: access.token,
      token_type: 'bearer',
      ...(expiresIn && { expires_in: expiresIn }),
    });
  }

  scope.get('/:version/oauth/access_token', exchange);
  scope.post('/:version/oauth/access_token', exchange);
}
