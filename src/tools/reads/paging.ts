import { z } from 'zod';
import { fingerprint } from '../../fingerprint.ts';
import { invalidArguments } from '../invalid-arguments.ts';

export const MAX_LIMIT = 500;

export const limitArgument = z
  .number()
  .int()
  .min(1)
  .max(MAX_LIMIT)
  .default(50)
  .describe('Rows per answer; next_cursor gives the rest.');

export const cursorArgument = z
  .string()
  .min(1)
  .max(2000)
  .optional()
  .describe('next_cursor of the previous answer, same arguments.');

/**
 * An opaque cursor: where the next page starts (a platform's page token or an offset), bound to the
 * query that made it, so it cannot be spent on another query.
 */
export function encodeCursor(query: unknown, position: unknown): string {
  return Buffer.from(JSON.stringify({ q: fingerprint(query).slice(0, 16), p: position })).toString(
    'base64url',
  );
}

/**
 * Where `cursor` continues `query`; undefined without a cursor, 400 when it belongs to another query or
 * holds no position `isPosition` takes (a cursor made by hand).
 */
export function decodeCursor<Position>(
  cursor: string | undefined,
  query: unknown,
  tool: string,
  isPosition: (position: unknown) => position is Position = (position): position is Position =>
    position !== undefined,
): Position | undefined {
  if (cursor === undefined) return undefined;
  let decoded: { q?: unknown; p?: unknown } | undefined;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (decoded?.q !== fingerprint(query).slice(0, 16) || !isPosition(decoded.p)) {
    throw invalidArguments(
      tool,
      [{ field: 'cursor', message: 'belongs to another query, or is malformed' }],
      {
        said:
          'cursor: is not a next_cursor of a call with these arguments. Pass the next_cursor exactly as an ' +
          'answer gave it, with the same other arguments, or leave it out to start over',
      },
    );
  }
  return decoded.p;
}
