import { SCOPES } from '../auth/key-limits.ts';
import type { Config } from '../config.ts';

/**
 * The resource an access token must be issued for (RFC 8707): the API's base URL with a trailing slash,
 * so `/mcp` and `/api/v1/...` are both under it and a client finds it from either.
 */
export function resourceOf(config: Config): string {
  return `${config.publicUrl}/`;
}

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

/** RFC 9728: where the API's tokens come from and what they may hold. */
export function protectedResourceMetadata(config: Config) {
  return {
    resource: resourceOf(config),
    authorization_servers: [config.appUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'adops',
    resource_documentation: `${config.publicUrl}/docs`,
  };
}

/**
 * The `WWW-Authenticate` of a 401 from the API: the realm, where a client finds the authorization server
 * (RFC 9728, section 5.1), and `invalid_token` when a token was sent and refused (RFC 6750).
 */
export function bearerChallenge(config: Config, tokenSent: boolean): string {
  const metadata = `resource_metadata="${config.publicUrl}${PROTECTED_RESOURCE_PATH}"`;
  return `Bearer realm="adops", ${tokenSent ? 'error="invalid_token", ' : ''}${metadata}`;
}
