import { request } from 'undici';
import type { ConnectProtocol, DiscoveredAccount } from '../connect-protocol.ts';
import { withReconnectHint } from '../connect-protocol.ts';
import { exchangeAuthorizationCode } from '../oauth-token.ts';
import { UpstreamFailure } from '../upstream-failure.ts';
import { networkClassifier, networkHeaders } from './protocol.ts';

/** What the service asks LinkedIn for: read and manage the member's ad accounts. */
export const NETWORK_SCOPES = ['r_ads', 'rw_ads'];

/** Accounts in these states cannot run ads; they are not offered for connection. */
const CLOSED_STATUSES = new Set(['CANCELED', 'PENDING_DELETION', 'REMOVED']);

interface AdAccountElement {
  id: number | string;
  name?: string;
  currency?: string;
  status?: string;
}

/** LinkedIn's 3-legged OAuth: authorization code, form-encoded token exchange, ad accounts by search. */
export const networkConnect: ConnectProtocol = {
  authorizeUrl(endpoints, state, redirectUri, reconnectAccountIds) {
    const url = new URL(endpoints.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', endpoints.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('scope', NETWORK_SCOPES.join(' '));
    return withReconnectHint(url, endpoints, reconnectAccountIds);
  },

  exchangeCode(endpoints, code, redirectUri) {
    return exchangeAuthorizationCode('network', endpoints, code, redirectUri);
  },

  async listAccounts(endpoints, accessToken): Promise<DiscoveredAccount[]> {
    const url = `${endpoints.apiUrl}/adAccounts?q=search`;
    const response = await request(url, {
      method: 'GET',
      headers: networkHeaders(accessToken, endpoints),
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.body.text();
    const flat: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === 'string') flat[name] = value;
    }
    const verdict = networkClassifier({ status: response.statusCode, headers: flat, body });
    if (!verdict.ok) {
      throw new UpstreamFailure({
        platform: 'network',
        kind: verdict.kind,
        message: verdict.message,
        status: response.statusCode,
        method: 'GET',
        path: new URL(url).pathname,
      });
    }
    const { elements = [] } = JSON.parse(body) as { elements?: AdAccountElement[] };
    return elements
      .filter((account) => !CLOSED_STATUSES.has(account.status ?? ''))
      .map((account) => ({
        accountId: String(account.id),
        name: account.name ?? `LinkedIn ad account ${account.id}`,
        currency: account.currency ?? 'USD',
      }));
  },
};
