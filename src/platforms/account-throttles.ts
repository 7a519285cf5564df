import type { Clock } from '../clock.ts';

/**
 * Until when a platform rate-limits each account, per service: other accounts never wait for it, and a
 * service started afresh (a test's, too) remembers none.
 */
export class AccountThrottles {
  readonly #until = new Map<string, number>();
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** The seconds left before the account may be called again; undefined when it is not throttled. */
  secondsLeft(account: string): number | undefined {
    const until = this.#until.get(account);
    if (until === undefined) return undefined;
    const left = until - this.#clock.now().getTime();
    if (left > 0) return Math.ceil(left / 1000);
    this.#until.delete(account);
    return undefined;
  }

  block(account: string, seconds: number): void {
    this.#until.set(account, this.#clock.now().getTime() + seconds * 1000);
  }
}
