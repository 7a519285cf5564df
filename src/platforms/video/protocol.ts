import type { PlatformProtocol } from '../protocol.ts';
import { secondsUntilUtcMidnight } from '../throttles.ts';
import type { Classifier } from '../upstream.ts';

/** TikTok's codes for an expired (40102), missing (40104), invalid (40105) or foreign (40106) token. */
const AUTH_CODES = new Set([40102, 40104, 40105, 40106]);

/** An API version TikTok does not serve (40051) or an interface it took offline (41001): the operator's to fix. */
const VERSION_CODES = new Set([40051, 41001]);

/**
 * Partial success: part of the request was done. Never a refusal that changed nothing: a call safe to
 * repeat is repeated (it finishes the rest), any other is said to have possibly acted.
 */
const PARTIAL_SUCCESS = 20001;

/** The advertiser's own request limit; TikTok's other throttle codes are the app's (40100). */
const ADVERTISER_THROTTLE_CODE = 40133;

/**
 * TikTok states no wait, its rate-limit guide implies one by the limit its message names: a limit per
 * second (QPS) clears the next second, one per day (QPD) at 00:00 UTC, and one per minute (QPM), or one
 * it does not name, after five minutes without calls.
 */
const MINUTE_LIMIT_WAIT_SECONDS = 300;

function throttleWait(message: string, now: Date): number {
  if (/\bQPS\b|per second/i.test(message)) return 1;
  if (/\bQPD\b|\bday\b|daily/i.test(message)) return secondsUntilUtcMidnight(now);
  return MINUTE_LIMIT_WAIT_SECONDS;
}

interface TikTokEnvelope {
  code?: number;
  message?: string;
  request_id?: string;
}

/** TikTok answers HTTP 200 with `{code, message, request_id, data}`; only `code` 0 is success. */
export function videoClassifier(throttleCodes: readonly number[]): Classifier {
  return (response, now = new Date()) => {
    if (response.status >= 500) return { ok: false, kind: 'server', message: `HTTP ${response.status}` };
    let envelope: TikTokEnvelope;
    try {
      envelope = JSON.parse(response.body) as TikTokEnvelope;
    } catch {
      return { ok: false, kind: 'server', message: `an answer that is not JSON (HTTP ${response.status})` };
    }
    const code = envelope.code ?? -1;
    if (code === 0 && response.status < 400) return { ok: true };
    const failure = { message: envelope.message ?? `error code ${code}`, requestId: envelope.request_id };
    if (throttleCodes.includes(code)) {
      return {
        ok: false,
        kind: 'throttled',
        ...failure,
        scope: code === ADVERTISER_THROTTLE_CODE ? 'account' : 'app',
        retryAfterSeconds: throttleWait(failure.message, now),
      };
    }
    if (AUTH_CODES.has(code)) return { ok: false, kind: 'auth', ...failure };
    if (VERSION_CODES.has(code) || code === PARTIAL_SUCCESS || code >= 50000)
      return { ok: false, kind: 'server', ...failure };
    return { ok: false, kind: 'rejected', ...failure };
  };
}

export function videoProtocol(throttleCodes: readonly number[]): PlatformProtocol {
  return {
    classify: videoClassifier(throttleCodes),
    // TikTok takes the token in its own header, not as a Bearer token.
    headers: (accessToken) => ({ 'Access-Token': accessToken }),
  };
}
