/** The OAuth 2.0 token endpoint as Google and LinkedIn serve it: form-encoded code and refresh grants. */
import type { Endpoints } from './endpoints.ts';
import type { Platform } from './families.ts';
import type { TokenGrant } from './protocol.ts';
import { type Classifier, callUpstream } from './upstream.ts';

/** The token endpoint is called outside a tool's session, so it keeps its own modest limits. */
const TOKEN_TIMEOUT_MS = 30_000;
const TOKEN_RETRIES = 2;

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  error?: string;
  error_description?: string;
}

/** RFC 6749 errors `{error, error_description}` (Google, LinkedIn); a refused grant or client is an auth failure. */
export const tokenClassifier: Classifier = (response) => {
  if (response.status >= 200 && response.status < 300) return { ok: true };
  let answer: TokenAnswer = {};
  try {
    answer = JSON.parse(response.body) as TokenAnswer;
  } catch {
    // Not JSON: described by the status below.
  }
  const message = answer.error
    ? `${answer.error}${answer.error_description ? `: ${answer.error_description}` : ''}`
    : `HTTP ${response.status}`;
  if (response.status === 429) return { ok: false, kind: 'throttled', message };
  if (response.status >= 500) return { ok: false, kind: 'server', message };
  if (response.status === 400 || response.status === 401) return { ok: false, kind: 'auth', message };
  return { ok: false, kind: 'rejected', message };
};

async function requestToken(
  platform: Platform,
  endpoints: Endpoints,
  fields: Record<string, string>,
  idempotent: boolean,
): Promise<TokenGrant> {
  const body = new URLSearchParams({
    ...fields,
    client_id: endpoints.clientId,
    client_secret: endpoints.clientSecret,
  }).toString();
  const response = await callUpstream(
    {
      method: 'POST',
      url: endpoints.tokenUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      idempotent,
    },
    {
      platform,
      timeoutMs: TOKEN_TIMEOUT_MS,
      retries: TOKEN_RETRIES,
      classify: tokenClassifier,
      throttleKey: `${platform}:oauth:${endpoints.clientId}`,
    },
  );
  const answer = JSON.parse(response.body) as TokenAnswer;
  if (!answer.access_token) throw new Error('the token endpoint answered without an access_token');
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresAt: typeof answer.expires_in === 'number' ? new Date(Date.now() + answer.expires_in * 1000) : null,
  };
}

/** `grant_type=refresh_token`: a new access token; the old refresh token stays unless a new one comes. */
export function refreshAccessToken(
  platform: Platform,
  endpoints: Endpoints,
  refreshToken: string,
): Promise<TokenGrant> {
  // A lost answer only costs an unused access token: safe to repeat.
  return requestToken(
    platform,
    endpoints,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    true,
  );
}

/** `grant_type=authorization_code`: the tokens of a consent just given. */
export function exchangeAuthorizationCode(
  platform: Platform,
  endpoints: Endpoints,
  code: string,
  redirectUri: string,
): Promise<TokenGrant> {
  // A code is single use: a repeat after a lost answer would only be refused.
  return requestToken(
    platform,
    endpoints,
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
    false,
  );
}
