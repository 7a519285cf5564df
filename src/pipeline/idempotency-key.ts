import { AppError } from '../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The header's UUID in lower case; a quoted structured-field string (`"8e03..."`) is accepted too. */
export function parseIdempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim().replace(/^"(.*)"$/, '$1');
  if (!UUID.test(value)) {
    throw new AppError(
      'invalid_idempotency_key',
      'The Idempotency-Key header must be a UUID, like 8e03978e-40d5-43e8-bc93-6894a57f9324. ' +
        'Make a fresh one per logical operation and reuse it only when retrying that operation.',
    );
  }
  return value.toLowerCase();
}
