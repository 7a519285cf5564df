import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, cookie- and form-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Compares in time independent of where the texts differ (both are hashed to one length first). */
export function sameToken(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
