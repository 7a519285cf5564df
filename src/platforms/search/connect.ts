import { readAnswer } from '../answer-shape.ts';
import type { ConnectProtocol, DiscoveredAccount } from '../connect-protocol.ts';
import { withReconnectHint } from '../connect-protocol.ts';
import type { Endpoints } from '../endpoints.ts';
import { exchangeAuthorizationCode } from '../oauth-token.ts';
import { soleThrottleKey } from '../throttles.ts';
import { callUpstream, type UpstreamResponse } from '../upstream.ts';
import { UpstreamFailure } from '../upstream-failure.ts';
import { searchProtocol } from './protocol.ts';
import { CUSTOMER_QUERY } from './queries.ts';
import { accessibleCustomersSchema, customerRowSchema, searchPageSchema } from './types.ts';

export const ADWORDS_SCOPE = 'https://www.googleapis.com/auth/adwords';

const CONNECT_TIMEOUT_MS = 30_000;
const CONNECT_RETRIES = 2;

function call(
  endpoints: Endpoints,
  accessToken: string,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown },
  throttleKey: string,
): Promise<UpstreamResponse> {
  return callUpstream(
    {
      method: request.method,
      url: `${endpoints.apiUrl}/${endpoints.apiVersion}/${request.path}`,
      headers: searchProtocol.headers(accessToken, endpoints),
      ...(request.body !== undefined && { body: request.body }),
      idempotent: true,
    },
    {
      platform: 'search',
      timeoutMs: CONNECT_TIMEOUT_MS,
      retries: CONNECT_RETRIES,
      classify: searchProtocol.classify,
      throttleKeys: soleThrottleKey(throttleKey),
      ...endpoints.link,
    },
  );
}

/** The customer's name and currency; undefined for a customer the grant cannot use (cancelled, no access). */
async function describeCustomer(
  endpoints: Endpoints,
  accessToken: string,
  customerId: string,
): Promise<DiscoveredAccount | undefined> {
  let response: UpstreamResponse;
  try {
    response = await call(
      endpoints,
      accessToken,
      { method: 'POST', path: `customers/${customerId}/googleAds:search`, body: { query: CUSTOMER_QUERY } },
      `search:${customerId}`,
    );
  } catch (error) {
    if (error instanceof UpstreamFailure && error.kind === 'rejected') return undefined;
    throw error;
  }
  const page = readAnswer('search', 'the customer query', searchPageSchema(customerRowSchema), response.body);
  const [row] = page.results ?? [];
  const customer = row?.customer;
  // A manager account holds no ads of its own: the tools act on its client accounts.
  if (!customer || customer.manager) return undefined;
  return {
    accountId: customerId,
    name: customer.descriptiveName || `Google Ads ${customerId}`,
    currency: customer.currencyCode ?? 'USD',
    // Google's reports count days in the customer's time zone; so do adops's date ranges for it.
    ...(customer.timeZone && { timeZone: customer.timeZone }),
  };
}

/** Google's OAuth 2.0 consent for the adwords scope, offline (a refresh token), asked every time. */
export const searchConnect: ConnectProtocol = {
  authorizeUrl(endpoints, state, redirectUri, reconnectAccountIds) {
    const url = new URL(endpoints.authorizeUrl);
    url.searchParams.set('client_id', endpoints.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', ADWORDS_SCOPE);
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
    url.searchParams.set('include_granted_scopes', 'true');
    url.searchParams.set('state', state);
    return withReconnectHint(url, endpoints, reconnectAccountIds);
  },

  exchangeCode(endpoints, code, redirectUri) {
    return exchangeAuthorizationCode('search', endpoints, code, redirectUri);
  },

  async listAccounts(endpoints, accessToken) {
    const listed = await call(
      endpoints,
      accessToken,
      { method: 'GET', path: 'customers:listAccessibleCustomers' },
      `search:oauth:${endpoints.clientId}`,
    );
    const listing = readAnswer(
      'search',
      'customers:listAccessibleCustomers',
      accessibleCustomersSchema,
      listed.body,
    );
    const names = listing.resourceNames ?? [];
    const accounts: DiscoveredAccount[] = [];
    for (const name of names) {
      const id = /^customers\/(\d+)$/.exec(name)?.[1];
      if (!id) continue;
      const account = await describeCustomer(endpoints, accessToken, id);
      if (account) accounts.push(account);
    }
    return accounts;
  },
};
