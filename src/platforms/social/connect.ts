import { request } from 'undici';
import { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import { type ConnectProtocol, type DiscoveredAccount, withReconnectHint } from '../connect-protocol.ts';
import type { Endpoints } from '../endpoints.ts';
import type { TokenGrant } from '../protocol.ts';
import { UpstreamFailure } from '../upstream-failure.ts';
import { graphPageSchema, graphUrl, readAllPages } from './graph.ts';
import { withProof } from './proof.ts';
import { socialClassifier } from './protocol.ts';

/** What the app asks for: manage and read ads, and see the business's assets (pages, Instagram accounts). */
export const SOCIAL_SCOPES = ['ads_management', 'ads_read', 'business_management'];
const TIMEOUT_MS = 30_000;

/** Facebook Login's token answer: Meta sends `expires_in` as a number of seconds (none: it does not lapse). */
const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.union([z.number(), z.string()]).optional(),
});
type TokenAnswer = z.output<typeof tokenAnswerSchema>;

const adAccountPageSchema = graphPageSchema(
  z.object({
    id: z.string().optional(),
    account_id: z.string().min(1),
    name: z.string().optional(),
    currency: z.string().optional(),
    timezone_name: z.string().optional(),
  }),
);

const businessPageSchema = graphPageSchema(z.object({ id: z.string().min(1), name: z.string().optional() }));

const AD_ACCOUNT_FIELDS = { fields: 'account_id,name,currency,timezone_name' };

/** The ad account's time zone, which Meta's reports use for their days, when it is an IANA name. */
function knownTimeZone(name: string | undefined): string | undefined {
  if (!name) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

/**
 * One Graph call of the connect flow (no session yet), read through the schema of what it answers; a
 * call with the user's token goes with it as a header and is signed with `appsecret_proof`. Meta's
 * errors become UpstreamFailure.
 */
async function graphGet<Schema extends z.ZodType>(
  what: string,
  schema: Schema,
  endpoints: Endpoints,
  target: string,
  accessToken?: string,
): Promise<z.output<Schema>> {
  const url = accessToken ? withProof(target, accessToken, endpoints.clientSecret) : target;
  const path = new URL(url).pathname;
  let status: number;
  let headers: Record<string, string>;
  let body: string;
  try {
    const response = await request(url, {
      method: 'GET',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    body = await response.body.text();
    status = response.statusCode;
    headers = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  } catch (error) {
    const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new UpstreamFailure({
      platform: 'social',
      kind: timeout ? 'timeout' : 'network',
      message: timeout ? `no answer within ${TIMEOUT_MS / 1000} s` : 'the platform could not be reached',
      method: 'GET',
      path,
    });
  }
  const verdict = socialClassifier({ status, headers, body });
  if (!verdict.ok) {
    throw new UpstreamFailure({ platform: 'social', ...verdict, status, method: 'GET', path });
  }
  return readAnswer('social', what, schema, body);
}

function grantOf(answer: TokenAnswer): TokenGrant {
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    refreshToken: null,
    expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : null,
  };
}

/** `grant_type=fb_exchange_token`: a short-lived user token for a long-lived one (about 60 days). */
export async function exchangeLongLived(endpoints: Endpoints, shortLivedToken: string): Promise<TokenGrant> {
  const answer = await graphGet(
    'the long-lived token exchange',
    tokenAnswerSchema,
    endpoints,
    graphUrl(endpoints, '/oauth/access_token', {
      grant_type: 'fb_exchange_token',
      client_id: endpoints.clientId,
      client_secret: endpoints.clientSecret,
      fb_exchange_token: shortLivedToken,
    }),
  );
  return grantOf(answer);
}

/**
 * Facebook Login for the Marketing API: the OAuth dialog, the code exchanged for a short-lived user token
 * (`GET /oauth/access_token`), then exchanged again for a long-lived one (about 60 days,
 * `grant_type=fb_exchange_token`). Meta has no refresh token: when the long-lived token lapses, the
 * connection is marked expired and the user reconnects.
 */
export const socialConnect: ConnectProtocol = {
  authorizeUrl(endpoints, state, redirectUri, reconnectAccountIds) {
    const url = new URL(endpoints.authorizeUrl);
    url.searchParams.set('client_id', endpoints.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', SOCIAL_SCOPES.join(','));
    return withReconnectHint(url, endpoints, reconnectAccountIds);
  },

  async exchangeCode(endpoints, code, redirectUri) {
    const short = await graphGet(
      'the authorization code exchange',
      tokenAnswerSchema,
      endpoints,
      graphUrl(endpoints, '/oauth/access_token', {
        client_id: endpoints.clientId,
        redirect_uri: redirectUri,
        client_secret: endpoints.clientSecret,
        code,
      }),
    );
    return exchangeLongLived(endpoints, short.access_token);
  },

  /**
   * The ad accounts granted to the person (`/me/adaccounts`), and those of each business the person
   * manages (`/me/businesses`, with `business_management`): owned by it, and shared with it by its
   * clients, as an agency's are. Each once, whichever way it came.
   */
  async listAccounts(endpoints, accessToken): Promise<DiscoveredAccount[]> {
    const edge = (what: string, path: string) =>
      readAllPages(endpoints, graphUrl(endpoints, path, AD_ACCOUNT_FIELDS), (url) =>
        graphGet(what, adAccountPageSchema, endpoints, url, accessToken),
      );
    const accounts = await edge("the token's ad accounts", '/me/adaccounts');
    const businesses = await readAllPages(
      endpoints,
      graphUrl(endpoints, '/me/businesses', { fields: 'id,name' }),
      (url) => graphGet("the token's businesses", businessPageSchema, endpoints, url, accessToken),
    ).catch((error: unknown) => {
      // A person who declined business_management still connects the accounts granted to them.
      if (error instanceof UpstreamFailure && error.kind === 'rejected') return [];
      throw error;
    });
    for (const business of businesses) {
      accounts.push(...(await edge("a business's ad accounts", `/${business.id}/owned_ad_accounts`)));
      accounts.push(...(await edge("a business's client ad accounts", `/${business.id}/client_ad_accounts`)));
    }
    const unique = new Map(accounts.map((a) => [a.id ?? `act_${a.account_id}`, a]));
    return [...unique.values()].map((a) => ({
      accountId: a.id ?? `act_${a.account_id}`,
      name: a.name ?? `act_${a.account_id}`,
      currency: a.currency ?? 'USD',
      timeZone: knownTimeZone(a.timezone_name),
    }));
  },
};
