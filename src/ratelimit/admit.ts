import { type Caller, credentialOf } from '../caller.ts';
import { AppError } from '../errors.ts';
import type { RateLimiter } from './rate-limiter.ts';

export interface Admission {
  /** IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), sent on every answer. */
  headers: Record<string, string>;
  /** Set when the caller's bucket is empty: 429 `rate_limited`. */
  rejection?: AppError;
}

/** Takes a token from the bucket of the caller's API key. */
export async function admitCaller(limiter: RateLimiter | undefined, caller: Caller): Promise<Admission> {
  if (!limiter) return { headers: {} };
  const decision = await limiter.take(credentialOf(caller));
  const windowSeconds = Math.ceil(limiter.burst / limiter.perSecond);
  const headers = {
    'RateLimit-Policy': `"per-key";q=${limiter.burst};w=${windowSeconds}`,
    RateLimit: `"per-key";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (decision.allowed) return { headers };
  const wait = decision.retryAfterSeconds;
  return {
    headers,
    rejection: new AppError(
      'rate_limited',
      `Too many requests with this API key: at most ${limiter.perSecond} a second, in bursts of up to ` +
        `${limiter.burst}. Retry after ${wait} second${wait === 1 ? '' : 's'}.`,
      { retryAfterSeconds: wait },
    ),
  };
}
