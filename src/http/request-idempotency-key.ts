import { AppError } from '../errors.ts';
import { parseIdempotencyKey } from '../pipeline/idempotency-key.ts';

const BODY_SOURCE = 'The body\'s "idempotency_key"';

/**
 * The call's idempotency key from the `Idempotency-Key` header or the body's `idempotency_key` (for
 * clients that cannot send headers, like ChatGPT Actions). Both sent must be one key: two different keys
 * leave it unclear which operation a retry repeats.
 */
export function requestIdempotencyKey(header: string | undefined, bodyValue: unknown): string | undefined {
  if (bodyValue === undefined) return header;
  if (typeof bodyValue !== 'string') {
    throw new AppError(
      'invalid_idempotency_key',
      `${BODY_SOURCE} must be a UUID string, like "8e03978e-40d5-43e8-bc93-6894a57f9324"; got ` +
        `${bodyValue === null ? 'null' : typeof bodyValue}. Leave it out to call without one.`,
    );
  }
  const fromBody = parseIdempotencyKey(bodyValue, BODY_SOURCE);
  if (header === undefined) return fromBody;
  const fromHeader = parseIdempotencyKey(header);
  if (fromHeader !== fromBody) {
    throw new AppError(
      'invalid_idempotency_key',
      `The Idempotency-Key header (${fromHeader}) and the body's "idempotency_key" (${fromBody}) differ. ` +
        'Send the key once, in the header or in the body, or the same key in both.',
    );
  }
  return fromHeader;
}
