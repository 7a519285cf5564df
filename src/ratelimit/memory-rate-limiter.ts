import { type BucketState, type RateLimitDecision, type RateLimiter, takeToken } from './rate-limiter.ts';

const SWEEP_ABOVE = 10_000;

/** Counts in this process only: with several instances each allows the full rate. */
export class MemoryRateLimiter implements RateLimiter {
  readonly perSecond: number;
  readonly burst: number;
  readonly #buckets = new Map<string, BucketState>();

  constructor(perSecond: number, burst: number) {
    this.perSecond = perSecond;
    this.burst = burst;
  }

  async take(bucket: string): Promise<RateLimitDecision> {
    const now = Date.now();
    if (this.#buckets.size > SWEEP_ABOVE) this.#sweep(now);
    const { state, decision } = takeToken(this.#buckets.get(bucket), now, this.perSecond, this.burst);
    this.#buckets.set(bucket, state);
    return decision;
  }

  /** A bucket that has refilled is the same as no bucket: forget it. */
  #sweep(now: number): void {
    const fullAfterMs = (this.burst / this.perSecond) * 1000;
    for (const [key, state] of this.#buckets) {
      if (now - state.updatedAtMs >= fullAfterMs) this.#buckets.delete(key);
    }
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}
