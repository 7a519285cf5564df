import { request } from 'undici';
import { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { ConnectProtocol, DiscoveredAccount } from '../connect-protocol.ts';
import { withReconnectHint } from '../connect-protocol.ts';
import type { Endpoints } from '../endpoints.ts';
import { schemaPerItem } from '../schema-per-item.ts';
import { UpstreamFailure } from '../upstream-failure.ts';
import { tiktokId } from './answers.ts';

/** TikTok's envelope around a method's `data`. */
const dataEnvelope = schemaPerItem(<Data extends z.ZodType>(data: Data) => z.object({ data }));

const envelope = z.object({
  code: z.number(),
  message: z.string().optional(),
  request_id: z.string().optional(),
});

const accessTokenAnswer = z.object({ access_token: z.string().min(1) });
const authorizedAdvertisers = z.object({
  list: z.array(z.object({ advertiser_id: tiktokId, advertiser_name: z.string().optional() })),
});
const advertiserInfo = z.object({
  list: z.array(
    z.object({
      advertiser_id: tiktokId,
      name: z.string(),
      currency: z.string(),
      // The reporting time zone: an offset (`Etc/GMT-8`) or a region (`Europe/London`).
      timezone: z.string().optional(),
      display_timezone: z.string().optional(),
    }),
  ),
});

/** The advertiser's time zone when it is one this runtime knows, so report days fall where TikTok's do. */
function knownTimeZone(...names: Array<string | undefined>): string | undefined {
  return names.find((name) => {
    if (!name) return false;
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      return true;
    } catch {
      return false;
    }
  });
}

/** advertiser/info takes at most 100 advertisers a call. */
const INFO_BATCH = 100;

/** One TikTok call of the connect flow: its `data` when `code` is 0, read through `data`'s schema. */
async function tiktok<Data extends z.ZodType>(
  endpoints: Endpoints,
  what: string,
  path: string,
  data: Data,
  init: { method: 'GET' | 'POST'; token?: string; body?: unknown },
): Promise<z.output<Data>> {
  const url = `${endpoints.apiUrl}/${endpoints.apiVersion}${path}`;
  const response = await request(url, {
    method: init.method,
    headers: {
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...(init.token && { 'Access-Token': init.token }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  const body = await response.body.text();
  const answer = readAnswer('video', what, envelope, body);
  if (answer.code !== 0) {
    throw new UpstreamFailure({
      platform: 'video',
      kind: 'rejected',
      message: answer.message ?? `error code ${answer.code}`,
      status: response.statusCode,
      requestId: answer.request_id,
      method: init.method,
      path: new URL(url).pathname,
    });
  }
  // zod cannot name the output of an object around a generic schema; this is that output.
  return (readAnswer('video', what, dataEnvelope(data), body) as { data: z.output<Data> }).data;
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
    const data = await tiktok(endpoints, 'the access token', '/oauth2/access_token/', accessTokenAnswer, {
      method: 'POST',
      body: { app_id: endpoints.clientId, secret: endpoints.clientSecret, auth_code: code },
    });
    return { accessToken: data.access_token, refreshToken: null, expiresInSeconds: null };
  },

  async listAccounts(endpoints, token): Promise<DiscoveredAccount[]> {
    const query = new URLSearchParams({ app_id: endpoints.clientId, secret: endpoints.clientSecret });
    const listed = await tiktok(
      endpoints,
      'the authorized advertisers',
      `/oauth2/advertiser/get/?${query}`,
      authorizedAdvertisers,
      { method: 'GET', token },
    );
    const ids = listed.list.map((a) => a.advertiser_id);
    const accounts: DiscoveredAccount[] = [];
    for (let start = 0; start < ids.length; start += INFO_BATCH) {
      const query = new URLSearchParams({
        advertiser_ids: JSON.stringify(ids.slice(start, start + INFO_BATCH)),
        fields: JSON.stringify(['advertiser_id', 'name', 'currency', 'timezone', 'display_timezone']),
      });
      const info = await tiktok(
        endpoints,
        'the advertiser info',
        `/advertiser/info/?${query}`,
        advertiserInfo,
        {
          method: 'GET',
          token,
        },
      );
      accounts.push(
        ...info.list.map((a) => ({
          accountId: a.advertiser_id,
          name: a.name,
          currency: a.currency,
          timeZone: knownTimeZone(a.timezone, a.display_timezone),
        })),
      );
    }
    return accounts;
  },
};
