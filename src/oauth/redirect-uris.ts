/** The names of this machine a client may use with plain http (RFC 8252, 7.3; `localhost` as MCP allows). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Longest part of a refused URI quoted back: enough to recognize it, not a page of it. */
const QUOTED_URI_LENGTH = 200;

/** A redirect URI of an app's own scheme (`cursor://...`), which only a native client may register. */
export function isAppSchemeUri(uri: string): boolean {
  const scheme = URL.parse(uri)?.protocol;
  return scheme !== undefined && scheme !== 'http:' && scheme !== 'https:';
}

/**
 * Why a client may not register this redirect URI, or undefined when it may. OAuth 2.1 (section 2.3.1)
 * and the MCP authorization specification allow `https`, `http` on this machine only (a native app's
 * loopback listener), and an app's own scheme: an authorization code sent to `http` on another host
 * crosses the network readable by anyone on the way. The one rule for clients that register themselves
 * and for those the owner makes in the console (oidc-provider checks both with the same validator).
 * Other schemes (`javascript:`, `data:`, `file:`) and URIs that do not parse are the provider's to refuse.
 */
export function redirectUriProblem(uri: string): string | undefined {
  const url = URL.parse(uri);
  if (url?.protocol !== 'http:' || LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return (
    `redirect_uris: ${uri.slice(0, QUOTED_URI_LENGTH)} uses http:// on a host other than this machine, ` +
    'which OAuth 2.1 forbids (the authorization code would cross the network unencrypted). Use an ' +
    'https:// URI, http:// on a loopback address (127.0.0.1, [::1] or localhost), or an app scheme of ' +
    'your own (myapp://callback).'
  );
}
