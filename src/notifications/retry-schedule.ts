/** The first retry comes this long after a failed first attempt; each next one waits twice as long... */
export const FIRST_RETRY_SECONDS = 30;
/** ...up to an hour between two attempts. */
export const MAX_RETRY_SECONDS = 3600;
/** Attempts stop this long after the first one: the delivery is then `failed`. */
export const RETRY_WINDOW_SECONDS = 24 * 3600;
/** An endpoint with no successful delivery for this long after a failure is disabled. */
export const DISABLE_AFTER_SECONDS = 3 * 24 * 3600;

/**
 * When to try again after `attempts` failed attempts, the last one at `lastAt`, the first at `firstAt`:
 * 30 s, 1 min, 2 min, 4 min... doubling up to 1 h, the last attempt at 24 hours after the first. Undefined
 * once those 24 hours are over: the delivery has failed.
 */
export function nextAttemptAt(attempts: number, firstAt: Date, lastAt: Date): Date | undefined {
  const end = firstAt.getTime() + RETRY_WINDOW_SECONDS * 1000;
  if (lastAt.getTime() >= end) return undefined;
  const wait = Math.min(FIRST_RETRY_SECONDS * 2 ** (attempts - 1), MAX_RETRY_SECONDS);
  return new Date(Math.min(lastAt.getTime() + wait * 1000, end));
}
