import type { Config } from '../config.ts';
import { SCOPES } from '../key-limits.ts';

/**
 * The resource a token is issued for when the request names none (RFC 8707): the API's base URL, under
 * which `/mcp` and `/api/v1/...` both are.
 */
export function resourceOf(config: Config): string {
  return `${config.publicUrl}/`;
}

/**
 * A resource indicator as this service's, normalized (`https://host` is `https://host/`); undefined when
 * it names anything else. Every URL under the API's base URL is this service: a client connecting to
 * `/mcp` names `<base>/mcp`, and a token for it is good on the whole API.
 */
export function ownResource(config: Config, indicator: string): string | undefined {
  const url = URL.parse(indicator);
  const base = new URL(resourceOf(config));
  if (!url || url.hash || url.search) return undefined;
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return undefined;
  return url.href;
}

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

/**
 * RFC 9728: where the API's tokens come from and what they may hold. `resource` is the URL the metadata
 * was asked for with the well-known part taken out (section 3.3): clients such as VS Code refuse any other.
 */
export function protectedResourceMetadata(config: Config, path = '') {
  return {
    resource: path ? `${config.publicUrl}${path}` : resourceOf(config),
    authorization_servers: [config.appUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'adops',
    resource_documentation: `${config.publicUrl}/docs`,
  };
}

/**
 * The `WWW-Authenticate` of a 401 from the API: the realm, the metadata of the resource asked for
 * (RFC 9728, section 5.1: `/mcp` has its own), and `invalid_token` when a token was sent and refused.
 */
export function bearerChallenge(config: Config, tokenSent: boolean, path: '' | '/mcp' = ''): string {
  const metadata = `resource_metadata="${config.publicUrl}${PROTECTED_RESOURCE_PATH}${path}"`;
  return `Bearer realm="adops", ${tokenSent ? 'error="invalid_token", ' : ''}${metadata}`;
}
