export interface RetryPolicy {
  /** Requests per call, the first one included; 1 turns retries off. */
  maxAttempts: number;
  /** Backoff before retry n is drawn uniformly from [0, min(maxDelayMs, baseDelayMs * 2^(n-1))]. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * The longest Retry-After the client waits out. A longer one ends the call with its error (carrying
   * `retryAfterSeconds`) instead: retrying sooner than the service asked would only be refused again.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
};

/**
 * 429 (wait and ask again), 409 (the first attempt with this key still runs: asking again later returns
 * its recorded result) and the 5xx a retry can cure. Never other 4xx: the same request would fail the
 * same way.
 */
export function isRetryableStatus(status: number): boolean {
  return (
    status === 409 || status === 429 || status === 500 || status === 502 || status === 503 || status === 504
  );
}

/** A Retry-After value (delay in seconds, or an HTTP date) in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Capped exponential backoff with full jitter, so many clients that failed together spread their retries. */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

export interface FailedAttempt {
  /** 1 for the first request. */
  attempt: number;
  /** Absent when no answer came (network error, timeout). */
  status?: number;
  retryAfterMs?: number | undefined;
  /** The answer was the recorded result of an earlier request: asking again returns it again. */
  replayed?: boolean;
}

/** How long to wait before the next attempt, or undefined when the call should end with this failure. */
export function nextDelay(
  failed: FailedAttempt,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | undefined {
  if (failed.attempt >= policy.maxAttempts) return undefined;
  if (failed.status !== undefined && (!isRetryableStatus(failed.status) || failed.replayed)) return undefined;
  if (failed.retryAfterMs === undefined) return backoffDelay(failed.attempt, policy, random);
  if (failed.retryAfterMs > policy.maxRetryAfterMs) return undefined;
  // At least what the service asked, plus a little jitter so callers it throttled together do not return together.
  return failed.retryAfterMs + Math.floor(random() * policy.baseDelayMs);
}
