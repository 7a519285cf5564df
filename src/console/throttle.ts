import type { Clock } from '../clock.ts';

export interface ThrottleLimits {
  perEmail: number;
  perAddress: number;
  windowSeconds: number;
}

export const SIGN_IN_LIMITS: ThrottleLimits = { perEmail: 5, perAddress: 20, windowSeconds: 15 * 60 };
// Bounds the memory a flood of distinct emails or addresses can take.
const MAX_TRACKED = 10_000;

/**
 * Failed sign-ins per email and per client address in a sliding window. In memory: each instance
 * counts on its own, so N instances allow up to N times the limit.
 */
export class SignInThrottle {
  readonly #limits: ThrottleLimits;
  readonly #clock: Clock;
  readonly #failures = new Map<string, number[]>();

  constructor(clock: Clock, limits: ThrottleLimits = SIGN_IN_LIMITS) {
    this.#clock = clock;
    this.#limits = limits;
  }

  /** Seconds until another attempt is allowed; 0 when it is allowed now. */
  retryAfterSeconds(email: string, address: string): number {
    return Math.max(
      this.#wait(`email:${email}`, this.#limits.perEmail),
      this.#wait(`address:${address}`, this.#limits.perAddress),
    );
  }

  /** A failed sign-in counts against its email and address; a refused sign-up (no email) against its address. */
  recordFailure(email: string | undefined, address: string): void {
    const now = this.#clock.now().getTime();
    const keys = email === undefined ? [`address:${address}`] : [`email:${email}`, `address:${address}`];
    for (const key of keys) {
      if (!this.#failures.has(key) && this.#failures.size >= MAX_TRACKED) this.#forgetOldest();
      this.#failures.set(key, [...this.#recent(key, now), now]);
    }
  }

  /** A right password clears the email's failures, not the address's: one account is not a pass for others. */
  recordSuccess(email: string): void {
    this.#failures.delete(`email:${email}`);
  }

  #recent(key: string, now: number): number[] {
    const windowMs = this.#limits.windowSeconds * 1000;
    return (this.#failures.get(key) ?? []).filter((time) => now - time < windowMs);
  }

  #wait(key: string, limit: number): number {
    const now = this.#clock.now().getTime();
    const recent = this.#recent(key, now);
    if (recent.length < limit) return 0;
    const oldestCounted = recent[recent.length - limit] ?? now;
    return Math.max(1, Math.ceil((oldestCounted + this.#limits.windowSeconds * 1000 - now) / 1000));
  }

  #forgetOldest(): void {
    const first = this.#failures.keys().next();
    if (!first.done) this.#failures.delete(first.value);
  }
}
