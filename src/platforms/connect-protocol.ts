import type { Endpoints } from './endpoints.ts';
import type { TokenGrant } from './protocol.ts';

export interface DiscoveredAccount {
  accountId: string;
  name: string;
  currency: string;
  /** The IANA time zone of the account's reporting days, when the platform says (else UTC). */
  timeZone?: string | undefined;
  /** Google Ads: the manager account the grant reaches it through, to send as `login-customer-id`. */
  loginCustomerId?: string | undefined;
}

/** A platform's OAuth connect flow: the consent URL, the code exchange, and the accounts the grant covers. */
export interface ConnectProtocol {
  authorizeUrl(
    endpoints: Endpoints,
    state: string,
    redirectUri: string,
    reconnectAccountIds: string[],
  ): string;
  exchangeCode(endpoints: Endpoints, code: string, redirectUri: string): Promise<TokenGrant>;
  listAccounts(endpoints: Endpoints, accessToken: string): Promise<DiscoveredAccount[]>;
}

/** Appends the sandbox's reconnect hint, which the real platforms never see. */
export function withReconnectHint(url: URL, endpoints: Endpoints, accountIds: string[]): string {
  if (endpoints.mode === 'sandbox' && accountIds.length > 0)
    url.searchParams.set('sandbox_accounts', accountIds.join(','));
  return url.toString();
}
