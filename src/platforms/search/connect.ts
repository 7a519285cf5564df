import { readAnswer } from '../answer-shape.ts';
import type { ConnectProtocol, DiscoveredAccount } from '../connect-protocol.ts';
import { withReconnectHint } from '../connect-protocol.ts';
import type { Endpoints } from '../endpoints.ts';
import { exchangeAuthorizationCode } from '../oauth-token.ts';
import { soleThrottleKey } from '../throttles.ts';
import { callUpstream, type UpstreamResponse } from '../upstream.ts';
import { UpstreamFailure } from '../upstream-failure.ts';
import { searchProtocol } from './protocol.ts';
import { CUSTOMER_CLIENT_QUERY, CUSTOMER_QUERY } from './queries.ts';
import {
  accessibleCustomersSchema,
  customerClientRowSchema,
  customerRowSchema,
  searchPageSchema,
} from './types.ts';

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

/**
 * The customer's name and currency, or that it is a manager; undefined for a customer the grant cannot
 * use (cancelled, no access).
 */
async function describeCustomer(
  endpoints: Endpoints,
  accessToken: string,
  customerId: string,
): Promise<DiscoveredAccount | 'manager' | undefined> {
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
  if (!customer) return undefined;
  // A manager account holds no ads of its own: the tools act on its client accounts.
  if (customer.manager) return 'manager';
  return {
    accountId: customerId,
    name: customer.descriptiveName || `Google Ads ${customerId}`,
    currency: customer.currencyCode ?? 'USD',
    // Google's reports count days in the customer's time zone; so do adops's date ranges for it.
    ...(customer.timeZone && { timeZone: customer.timeZone }),
  };
}

/**
 * The client accounts below a manager, at every level, that hold ads (managers below it hold none) and are
 * enabled: each reached through the manager, which every call on it names as `login-customer-id`.
 */
async function clientsOfManager(
  endpoints: Endpoints,
  accessToken: string,
  managerId: string,
): Promise<DiscoveredAccount[]> {
  const response = await call(
    { ...endpoints, loginCustomerId: managerId },
    accessToken,
    {
      method: 'POST',
      path: `customers/${managerId}/googleAds:search`,
      body: { query: CUSTOMER_CLIENT_QUERY },
    },
    `search:${managerId}`,
  );
  const page = readAnswer(
    'search',
    'the customer_client query',
    searchPageSchema(customerClientRowSchema),
    response.body,
  );
  return (page.results ?? []).flatMap(({ customerClient: client }) => {
    const id = client?.id ?? /^customers\/(\d+)$/.exec(client?.clientCustomer ?? '')?.[1];
    if (!client || !id || id === managerId || client.manager || (client.status ?? 'ENABLED') !== 'ENABLED')
      return [];
    return [
      {
        accountId: id,
        name: client.descriptiveName || `Google Ads ${id}`,
        currency: client.currencyCode ?? 'USD',
        ...(client.timeZone && { timeZone: client.timeZone }),
        loginCustomerId: managerId,
      },
    ];
  });
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
    const direct: DiscoveredAccount[] = [];
    const managed: DiscoveredAccount[] = [];
    for (const name of names) {
      const id = /^customers\/(\d+)$/.exec(name)?.[1];
      if (!id) continue;
      const account = await describeCustomer(endpoints, accessToken, id);
      if (account === 'manager') managed.push(...(await clientsOfManager(endpoints, accessToken, id)));
      else if (account) direct.push(account);
    }
    // An account the grant reaches directly needs no manager; one below two managers goes through the first.
    const accounts = new Map(direct.map((account) => [account.accountId, account]));
    for (const account of managed)
      if (!accounts.has(account.accountId)) accounts.set(account.accountId, account);
    return [...accounts.values()];
  },
};
