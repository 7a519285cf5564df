import axios, { type InternalAxiosRequestConfig } from 'axios';
import { GoogleAdsApi } from 'google-ads-api';
import { AuthClient, OAuth2Client } from 'google-auth-library';
import { endpointsFor, SANDBOX_CLIENT, SANDBOX_DEVELOPER_TOKEN } from '../../../src/platforms/endpoints.ts';
import { connectRedirectUri } from '../../../src/platforms/oauth-flow.ts';
import { searchConnect } from '../../../src/platforms/search/connect.ts';
import { consent } from '../../support/consent.ts';
import type { TestService } from '../../support/service.ts';

/** Where google-ads-api 25.1.0 sends its REST calls and its token refreshes; neither can be configured. */
const GOOGLE_ADS_ORIGIN = 'https://googleads.googleapis.com';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

type GaxiosInterceptor = (config: { url: URL | string }) => Promise<{ url: URL | string }>;

/**
 * Points the Opteo client at the sandbox. It has no base URL setting: its REST calls (search,
 * searchStream) go to googleads.googleapis.com through the default axios instance, and its access token
 * comes from google-auth-library, which refreshes at oauth2.googleapis.com through gaxios. A request
 * interceptor of each library (their public hook for rewriting requests) sends those two addresses to the
 * sandbox; everything else the SDK does runs as it is. `timeoutMs` sets axios's timeout (the SDK sets none).
 * Returns the function that undoes it.
 */
export function pointSdkAtSandbox(service: TestService, options: { timeoutMs?: () => number } = {}) {
  const sandbox = `${service.url}/sandbox/search`;
  const axiosId = axios.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (config.url?.startsWith(GOOGLE_ADS_ORIGIN)) {
      config.url = sandbox + config.url.slice(GOOGLE_ADS_ORIGIN.length);
    }
    const timeout = options.timeoutMs?.();
    if (timeout) config.timeout = timeout;
    return config;
  });
  const interceptor = AuthClient.DEFAULT_REQUEST_INTERCEPTOR as unknown as { resolved: GaxiosInterceptor };
  const original = interceptor.resolved;
  interceptor.resolved = async (config) => {
    if (String(config.url) === GOOGLE_TOKEN_URL) config.url = new URL(`${sandbox}/oauth/token`);
    return original(config);
  };
  return () => {
    axios.interceptors.request.eject(axiosId);
    interceptor.resolved = original;
  };
}

/** The Opteo client as its README sets it up, with the sandbox's OAuth client and developer token. */
export function sandboxSdk(): GoogleAdsApi {
  return new GoogleAdsApi({
    client_id: SANDBOX_CLIENT.clientId,
    client_secret: SANDBOX_CLIENT.clientSecret,
    developer_token: SANDBOX_DEVELOPER_TOKEN,
  });
}

export interface SdkGrant {
  userId: string;
  customerId: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * Tokens the way an SDK user gets them: the owner approves on the sandbox's consent page (signed in to the
 * console), and google-auth-library's OAuth2Client, pointed at the sandbox's token endpoint with its
 * documented `endpoints` option, exchanges the code. The new customer is read from listAccessibleCustomers.
 */
export async function sdkGrant(service: TestService, accountName: string): Promise<SdkGrant> {
  const owner = await service.createOwner('pro');
  const redirectUri = connectRedirectUri(service.services, 'search');
  const endpoints = endpointsFor(service.services, 'search', 'sandbox');
  const back = await consent(
    service,
    owner.userId,
    searchConnect.authorizeUrl(endpoints, 'sdk', redirectUri, []),
    'approve',
    accountName,
  );
  const oauth = new OAuth2Client({
    clientId: SANDBOX_CLIENT.clientId,
    clientSecret: SANDBOX_CLIENT.clientSecret,
    redirectUri,
    endpoints: { oauth2TokenUrl: endpoints.tokenUrl },
  });
  const { tokens } = await oauth.getToken(back.searchParams.get('code') ?? '');
  const accessToken = tokens.access_token ?? '';
  const listed = await fetch(
    `${service.url}/sandbox/search/${service.services.config.platforms.settings.search.apiVersion}/customers:listAccessibleCustomers`,
    { headers: { authorization: `Bearer ${accessToken}`, 'developer-token': SANDBOX_DEVELOPER_TOKEN } },
  );
  const { resourceNames } = (await listed.json()) as { resourceNames: string[] };
  const customerId = resourceNames[0]?.split('/')[1] ?? '';
  return { userId: owner.userId, customerId, accessToken, refreshToken: tokens.refresh_token ?? '' };
}
