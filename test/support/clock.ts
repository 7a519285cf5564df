import type { Clock } from '../../src/clock.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  #now: Date;
  constructor(start: string | Date = '2026-11-22T10:00:00.000Z') {
    this.#now = new Date(start);
  }
  now(): Date {
    return new Date(this.#now);
  }
  set(to: string | Date): void {
    this.#now = new Date(to);
  }
  advanceSeconds(seconds: number): void {
    this.#now = new Date(this.#now.getTime() + seconds * 1000);
  }
}
