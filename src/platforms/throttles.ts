import type { Clock } from '../clock.ts';

/**
 * Whose calls a platform's throttle holds back, from the narrowest: one ad account; the user whose
 * token made the call (every account of that connection); the service's app (every account the
 * service reaches on that platform); Google's developer token, which is the app's on Google.
 */
export type ThrottleScope = 'account' | 'user' | 'app' | 'developer_token';

/** The key of each scope a call belongs to. */
export interface ThrottleKeys {
  account: string;
  user: string;
  app: string;
}

/** A call that is its own only scope (a token request, a connect step): every scope has the same key. */
export function soleThrottleKey(key: string): ThrottleKeys {
  return { account: key, user: key, app: key };
}

export interface Throttle {
  scope: ThrottleScope;
  secondsLeft: number;
  until: Date;
}

const DAY_MS = 86_400_000;

/** The seconds from `now` to the next 00:00 UTC, when the platforms' daily limits start afresh. */
export function secondsUntilUtcMidnight(now: Date): number {
  const next = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

function keyOf(keys: ThrottleKeys, scope: ThrottleScope): string {
  if (scope === 'account') return keys.account;
  if (scope === 'user') return keys.user;
  return keys.app;
}

/**
 * Until when a platform holds back each scope, per service: a call fails fast while any scope it belongs
 * to is held, an account's throttle never holds another account, and a service started afresh (a
 * test's, too) remembers none.
 */
export class PlatformThrottles {
  readonly #held = new Map<string, { scope: ThrottleScope; until: number }>();
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  now(): Date {
    return this.#clock.now();
  }

  /** The widest throttle still holding one of the call's scopes; undefined when none does. */
  holding(keys: ThrottleKeys): Throttle | undefined {
    const now = this.#clock.now().getTime();
    let found: Throttle | undefined;
    for (const key of new Set([keys.app, keys.user, keys.account])) {
      const held = this.#held.get(key);
      if (!held) continue;
      if (held.until <= now) {
        this.#held.delete(key);
        continue;
      }
      const secondsLeft = Math.ceil((held.until - now) / 1000);
      if (!found || secondsLeft > found.secondsLeft) {
        found = { scope: held.scope, secondsLeft, until: new Date(held.until) };
      }
    }
    return found;
  }

  hold(keys: ThrottleKeys, scope: ThrottleScope, seconds: number): void {
    this.#held.set(keyOf(keys, scope), { scope, until: this.#clock.now().getTime() + seconds * 1000 });
  }
}
