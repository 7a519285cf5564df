import { request } from 'undici';
import type { Endpoints } from '../endpoints.ts';
import type { TokenGrant } from '../protocol.ts';
import { type FailureKind, UpstreamFailure } from '../upstream-failure.ts';

const TOKEN_TIMEOUT_MS = 30_000;

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  error?: string;
  error_description?: string;
}

/**
 * LinkedIn's token endpoint (`/oauth/v2/accessToken`): a form-encoded POST for both the code exchange
 * and the refresh. Every failure is an UpstreamFailure, so a failed refresh reads as "reconnect".
 */
export async function requestOAuthToken(
  endpoints: Endpoints,
  form: Record<string, string>,
): Promise<TokenGrant> {
  const path = new URL(endpoints.tokenUrl).pathname;
  const fail = (kind: FailureKind, message: string, status?: number) =>
    new UpstreamFailure({ platform: 'network', kind, message, status, method: 'POST', path });
  let status: number;
  let answer: TokenAnswer;
  try {
    const response = await request(endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    status = response.statusCode;
    const text = await response.body.text();
    try {
      answer = JSON.parse(text) as TokenAnswer;
    } catch {
      throw fail(
        status >= 500 ? 'server' : 'rejected',
        `an answer that is not JSON (HTTP ${status})`,
        status,
      );
    }
  } catch (error) {
    if (error instanceof UpstreamFailure) throw error;
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw fail(
      timedOut ? 'timeout' : 'network',
      timedOut ? 'no answer in time' : 'LinkedIn could not be reached',
    );
  }
  if (status >= 400 || !answer.access_token) {
    const message = answer.error_description ?? answer.error ?? `HTTP ${status}`;
    const kind: FailureKind = status >= 500 ? 'server' : status === 429 ? 'throttled' : 'auth';
    throw fail(kind, message, status);
  }
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresAt: typeof answer.expires_in === 'number' ? new Date(Date.now() + answer.expires_in * 1000) : null,
  };
}
