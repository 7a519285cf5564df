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
