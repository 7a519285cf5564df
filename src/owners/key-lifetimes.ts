import { OwnerError } from './owner-error.ts';

/** How long a new key lives, in days; `never` does not expire. */
export const KEY_LIFETIMES = { '30d': 30, '90d': 90, '1y': 365, never: null } as const;
export type KeyLifetime = keyof typeof KEY_LIFETIMES;

export function isLifetime(value: string): value is KeyLifetime {
  return Object.hasOwn(KEY_LIFETIMES, value);
}

export function parseLifetime(text: string): KeyLifetime {
  if (!isLifetime(text)) {
    throw new OwnerError(`--expires must be one of ${Object.keys(KEY_LIFETIMES).join(', ')} (got "${text}")`);
  }
  return text;
}

/** When a key made at `now` with this lifetime expires; null when it does not. */
export function expiryOf(lifetime: KeyLifetime, now: Date): Date | null {
  const days = KEY_LIFETIMES[lifetime];
  return days === null ? null : new Date(now.getTime() + days * 86_400_000);
}
