/** The OAuth 2.0 token endpoint as Google and LinkedIn serve it: form-encoded code and refresh grants. */

import { z } from 'zod';
import type { Platform } from '../platform-families.ts';
import { readAnswer } from './answer-shape.ts';
import type { Endpoints } from './endpoints.ts';
import type { TokenGrant, TokenLimits } from './protocol.ts';
import { soleThrottleKey } from './throttles.ts';
import { type Classifier, callUpstream } from './upstream.ts';

/** The code exchange runs outside a tool's session, so it keeps its own modest limits. */
const EXCHANGE_LIMITS: TokenLimits = { timeoutMs: 30_000, retries: 2 };

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  error?: string;
  error_description?: string;
}

/** What a granted token request answers, of what the adapters use. */
const tokenGrantSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
});

/**
 * RFC 6749 errors `{error, error_description}` (Google, LinkedIn). Only a refusal (400 `invalid_grant`,
 * 401 `invalid_client`...) is an auth failure; a throttle, a 5xx, a timeout or an unreachable endpoint
 * say nothing about the grant and stay retryable.
 */
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
  if (response.status === 429) {
    const stated = Number(response.headers['retry-after']);
    return {
      ok: false,
      kind: 'throttled',
      message,
      ...(Number.isFinite(stated) && stated > 0 && { retryAfterSeconds: Math.ceil(stated) }),
    };
  }
  if (response.status >= 500) return { ok: false, kind: 'server', message };
  if (response.status === 400 || response.status === 401) return { ok: false, kind: 'auth', message };
  return { ok: false, kind: 'rejected', message };
};

async function requestToken(
  platform: Platform,
  endpoints: Endpoints,
  fields: Record<string, string>,
  idempotent: boolean,
  limits: TokenLimits,
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
      timeoutMs: limits.timeoutMs,
      retries: limits.retries,
      classify: tokenClassifier,
      throttleKeys: soleThrottleKey(`${platform}:oauth:${endpoints.clientId}`),
      ...endpoints.link,
    },
  );
  const answer = readAnswer(platform, 'the token request', tokenGrantSchema, response.body);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresInSeconds: typeof answer.expires_in === 'number' ? answer.expires_in : null,
  };
}

/** `grant_type=refresh_token`: a new access token; the old refresh token stays unless a new one comes. */
export function refreshAccessToken(
  platform: Platform,
  endpoints: Endpoints,
  refreshToken: string,
  limits: TokenLimits = EXCHANGE_LIMITS,
): Promise<TokenGrant> {
  // A lost answer only costs an unused access token: safe to repeat.
  return requestToken(
    platform,
    endpoints,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    true,
    limits,
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
    EXCHANGE_LIMITS,
  );
}
