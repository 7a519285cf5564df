import { describe, expect, it } from 'vitest';
import { SignInThrottle } from '../../src/console/throttle.ts';
import { TestClock } from '../support/clock.ts';

describe('the sign-in throttle', () => {
  const limits = { perEmail: 3, perAddress: 5, windowSeconds: 600 };

  it('blocks an email after its limit until the oldest failure leaves the window', () => {
    const clock = new TestClock();
    const throttle = new SignInThrottle(clock, limits);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterSeconds('a@example.com', '10.0.0.1')).toBe(0);
      throttle.recordFailure('a@example.com', '10.0.0.1');
      clock.advanceSeconds(60);
    }
    expect(throttle.retryAfterSeconds('a@example.com', '10.0.0.2')).toBe(420);
    expect(throttle.retryAfterSeconds('b@example.com', '10.0.0.2')).toBe(0);
    clock.advanceSeconds(420);
    expect(throttle.retryAfterSeconds('a@example.com', '10.0.0.2')).toBe(0);
  });

  it('blocks an address trying many emails, and a right password clears only the email', () => {
    const clock = new TestClock();
    const throttle = new SignInThrottle(clock, limits);
    for (let i = 0; i < 5; i++) throttle.recordFailure(`user${i}@example.com`, '10.0.0.9');
    expect(throttle.retryAfterSeconds('fresh@example.com', '10.0.0.9')).toBe(600);
    expect(throttle.retryAfterSeconds('fresh@example.com', '10.0.0.8')).toBe(0);

    throttle.recordFailure('c@example.com', '10.0.0.7');
    throttle.recordFailure('c@example.com', '10.0.0.7');
    throttle.recordFailure('c@example.com', '10.0.0.7');
    expect(throttle.retryAfterSeconds('c@example.com', '10.0.0.6')).toBeGreaterThan(0);
    throttle.recordSuccess('c@example.com');
    expect(throttle.retryAfterSeconds('c@example.com', '10.0.0.6')).toBe(0);
  });
});
