import { request } from 'undici';
import type { ConnectProtocol, DiscoveredAccount } from '../connect-protocol.ts';
import { withReconnectHint } from '../connect-protocol.ts';
import type { Endpoints } from '../endpoints.ts';
import { UpstreamFailure } from '../upstream-failure.ts';

interface Answer<Data> {
  code: number;
  message: string;
  data: Data;
}

async function tiktok<Data>(
  endpoints: Endpoints,
  path: string,
  init: { method: 'GET' | 'POST'; token?: string; body?: unknown },
): Promise<Data> {
  const url = `${endpoints.apiUrl}/${endpoints.apiVersion}${path}`;
  const response = await request(url, {
    method: init.method,
    headers: {
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...(init.token && { 'Access-Token': init.token }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  const answer = (await response.body.json()) as Answer<Data>;
  if (answer.code !== 0) {
    throw new UpstreamFailure({
      platform: 'video',
      kind: 'rejected',
      message: answer.message,
      method: init.method,
      path: new URL(url).pathname,
    });
  }
  return answer.data;
}

/** TikTok's authorisation: `auth_code` on the redirect, exchanged with app id and secret; tokens do not expire. */
export const videoConnect: ConnectProtocol = {
  authorizeUrl(endpoints, state, redirectUri, reconnectAccountIds) {
    const url = new URL(endpoints.authorizeUrl);
    url.searchParams.set('app_id', endpoints.clientId);
    url.searchParams.set('state', state);
    url.searchParams.set('redirect_uri', redirectUri);
    return withReconnectHint(url, endpoints, reconnectAccountIds);
  },

  async exchangeCode(endpoints, code) {
    const data = await tiktok<{ access_token: string }>(endpoints, '/oauth2/access_token/', {
      method: 'POST',
      body: { app_id: endpoints.clientId, secret: endpoints.clientSecret, auth_code: code },
    });
    return { accessToken: data.access_token, refreshToken: null, expiresAt: null };
  },

  async listAccounts(endpoints, accessToken): Promise<DiscoveredAccount[]> {
    const query = new URLSearchParams({ app_id: endpoints.clientId, secret: endpoints.clientSecret });
    const listed = await tiktok<{ list: Array<{ advertiser_id: string; advertiser_name: string }> }>(
      endpoints,
      `/oauth2/advertiser/get/?${query}`,
      { method: 'GET', token: accessToken },
    );
    const ids = listed.list.map((a) => a.advertiser_id);
    if (ids.length === 0) return [];
    const info = await tiktok<{ list: Array<{ advertiser_id: string; name: string; currency: string }> }>(
      endpoints,
      `/advertiser/info/?${new URLSearchParams({ advertiser_ids: JSON.stringify(ids) })}`,
      { method: 'GET', token: accessToken },
    );
    return info.list.map((a) => ({ accountId: a.advertiser_id, name: a.name, currency: a.currency }));
  },
};
