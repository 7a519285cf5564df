import { createHash } from 'node:crypto';
import { AppError } from '../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key's UUID in lower case; a quoted structured-field string (`"8e03..."`) is accepted too. `source`
 * names where the key came from, for the refusal.
 */
export function parseIdempotencyKey(
  raw: string | undefined,
  source = 'The Idempotency-Key header',
): string | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim().replace(/^"(.*)"$/, '$1');
  if (!UUID.test(value)) {
    throw new AppError(
      'invalid_idempotency_key',
      `${source} must be a UUID, like 8e03978e-40d5-43e8-bc93-6894a57f9324. ` +
        'Make a fresh one per logical operation and reuse it only when retrying that operation.',
    );
  }
  return value.toLowerCase();
}

/**
 * The idempotency key a revert of a change is applied under: a UUID derived from the change's audit id,
 * so reverting twice, or on two instances at once, writes once.
 */
export function revertIdempotencyKey(changeId: string): string {
  return uuidOf(createHash('sha256').update(`revert:${changeId}`).digest('hex'));
}

/** The first 32 hex digits in a UUID's shape, as an idempotency key the service derives must have. */
export function uuidOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
