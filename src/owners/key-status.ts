import type { ApiKey } from '../storage/schema.ts';

export type KeyStatus = 'active' | 'expired' | 'revoked';

export function keyStatus(key: ApiKey, now: Date): KeyStatus {
  if (key.revoked_at) return 'revoked';
  if (key.expires_at && key.expires_at <= now.toISOString()) return 'expired';
  return 'active';
}
