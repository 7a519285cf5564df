import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  nextDelay,
  parseRetryAfter,
} from '../../src/client/retry.ts';

const policy = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 10_000 };
const almostOne = () => 0.999_999;

describe('the retry policy of the client', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-05T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 05 Nov 2026 10:00:12 GMT', now)).toBe(12_000);
    expect(parseRetryAfter('Thu, 05 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('draws backoff with full jitter under a ceiling that doubles up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, policy, almostOne))).toEqual([
      99, 199, 399, 799, 999,
    ]);
    expect(backoffDelay(4, policy, () => 0)).toBe(0);
    const draws = Array.from({ length: 200 }, () => backoffDelay(3, policy));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(400);
    expect(new Set(draws).size).toBeGreaterThan(20);
  });

  it('retries 409, 429, 500, 502, 503, 504 and network failures, never other statuses', () => {
    for (const status of [409, 429, 500, 502, 503, 504])
      expect(isRetryableStatus(status), `${status}`).toBe(true);
    for (const status of [200, 400, 401, 402, 404, 413, 415, 422, 501]) {
      expect(isRetryableStatus(status), `${status}`).toBe(false);
      expect(nextDelay({ attempt: 1, status }, policy)).toBeUndefined();
    }
    expect(nextDelay({ attempt: 1 }, policy, almostOne)).toBe(99);
    expect(nextDelay({ attempt: 2, status: 503 }, policy, almostOne)).toBe(199);
  });

  it('stops after the last attempt and on a replayed answer, which a retry would only repeat', () => {
    expect(nextDelay({ attempt: 5, status: 503 }, policy)).toBeUndefined();
    expect(nextDelay({ attempt: 4, status: 503 }, policy)).toBeTypeOf('number');
    expect(nextDelay({ attempt: 1, status: 500, replayed: true }, policy)).toBeUndefined();
  });

  it('waits at least Retry-After, or ends the call when it is longer than the policy allows', () => {
    const wait = nextDelay({ attempt: 1, status: 429, retryAfterMs: 2_000 }, policy, almostOne);
    expect(wait).toBe(2_099);
    expect(nextDelay({ attempt: 1, status: 429, retryAfterMs: 2_000 }, policy, () => 0)).toBe(2_000);
    expect(nextDelay({ attempt: 1, status: 429, retryAfterMs: 30_000 }, policy)).toBeUndefined();
    expect(DEFAULT_RETRY_POLICY.maxRetryAfterMs).toBeGreaterThanOrEqual(30_000);
  });
});
