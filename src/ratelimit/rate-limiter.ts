export interface RateLimitDecision {
  allowed: boolean;
  /** The bucket's size: how many requests may come at once. */
  burst: number;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until the next request would be allowed; 0 when allowed. */
  retryAfterSeconds: number;
}

/** A token bucket per API key: `perSecond` tokens flow in, at most `burst` are kept. */
export interface RateLimiter {
  readonly perSecond: number;
  readonly burst: number;
  take(bucket: string): Promise<RateLimitDecision>;
  /** Resolves once the store of the buckets answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface BucketState {
  tokens: number;
  updatedAtMs: number;
}

/** The one token-bucket formula, shared by the memory limiter and mirrored by the Redis script. */
export function takeToken(
  state: BucketState | undefined,
  nowMs: number,
  perSecond: number,
  burst: number,
): { state: BucketState; decision: RateLimitDecision } {
  const elapsed = state ? Math.max(0, nowMs - state.updatedAtMs) / 1000 : 0;
  const available = state ? Math.min(burst, state.tokens + elapsed * perSecond) : burst;
  const allowed = available >= 1;
  const tokens = allowed ? available - 1 : available;
  return {
    state: { tokens, updatedAtMs: nowMs },
    decision: decide(allowed, tokens, perSecond, burst),
  };
}

export function decide(
  allowed: boolean,
  tokens: number,
  perSecond: number,
  burst: number,
): RateLimitDecision {
  return {
    allowed,
    burst,
    remaining: Math.floor(tokens),
    resetSeconds: Math.ceil((burst - tokens) / perSecond),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond)),
  };
}
