import type { FastifyReply } from 'fastify';

/** What the service itself answers under `/oauth/`, beside the errors oidc-provider answers. */
export type OAuthErrorCode = 'not_found' | 'invalid_request' | 'invalid_client_metadata' | 'rate_limited';

/**
 * An error in OAuth's own JSON shape (RFC 6749, 5.2; RFC 7591, 3.2.2), as oidc-provider answers its
 * own: clients of the authorization server read `error` and `error_description`, not the API's envelope.
 */
export function sendOAuthError(
  reply: FastifyReply,
  status: number,
  error: OAuthErrorCode,
  description: string,
): FastifyReply {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error, error_description: description });
}
