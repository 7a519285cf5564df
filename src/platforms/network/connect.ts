import { request } from 'undici';
import type { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { ConnectProtocol, DiscoveredAccount } from '../connect-protocol.ts';
import { withReconnectHint } from '../connect-protocol.ts';
import type { Endpoints } from '../endpoints.ts';
import { exchangeAuthorizationCode } from '../oauth-token.ts';
import { UpstreamFailure } from '../upstream-failure.ts';
import { adAccountAnswer, pageAnswer } from './answers.ts';
import { networkClassifier, networkHeaders } from './protocol.ts';
import { restliValue } from './urns.ts';

/** What the service asks LinkedIn for: read and manage the member's ad accounts, and read their reports. */
export const NETWORK_SCOPES = ['r_ads', 'rw_ads', 'r_ads_reporting'];

/** Accounts in these states cannot run ads; they are not offered for connection. */
const CLOSED_STATUSES = new Set(['CANCELED', 'PENDING_DELETION', 'REMOVED']);

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
    const elements: Array<z.output<typeof adAccountAnswer>> = [];
    for (let token: string | undefined; ; ) {
      const page = await accountsPage(endpoints, accessToken, token);
      elements.push(...page.elements);
      const next = page.metadata?.nextPageToken ?? undefined;
      if (!next || next === token) break;
      token = next;
    }
    return elements
      .filter((account) => !CLOSED_STATUSES.has(account.status ?? ''))
      .map((account) => ({
        accountId: String(account.id),
        name: account.name ?? `LinkedIn ad account ${account.id}`,
        currency: account.currency ?? 'USD',
      }));
  },
};

/** One page of the member's ad accounts (the search finder pages with a cursor). */
async function accountsPage(endpoints: Endpoints, accessToken: string, pageToken: string | undefined) {
  const url = `${endpoints.apiUrl}/adAccounts?q=search&pageSize=100${pageToken ? `&pageToken=${restliValue(pageToken)}` : ''}`;
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
  return readAnswer('network', 'the ad accounts search', pageAnswer(adAccountAnswer), body);
}
