import { createHmac } from 'node:crypto';
import { randomBase62 } from '../ids.ts';

/** A new signing secret: `whsec_` and 32 random base62 characters (190 bits). */
export function newWebhookSecret(): string {
  return `whsec_${randomBase62(32)}`;
}

/**
 * The `Adops-Signature` header of a body sent at `at`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">`. The time is signed with the body, so a receiver can refuse an old delivery replayed.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
