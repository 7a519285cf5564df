import type { z } from 'zod';
import { AppError } from '../errors.ts';
import { PLATFORM_INFO, type Platform } from '../platform-families.ts';

/** How many of the unexpected fields an error names; the rest are counted. */
const SHOWN_ISSUES = 5;

/** A JSON number of 16 digits or more outside a string: an id JSON.parse alone could round. */
const LONG_NUMBER = /[:,[]\s*-?\d{16,}\s*[,}\]]/;

/**
 * JSON.parse that keeps an integer beyond 2^53 as its exact digits (a string): platforms that send ids
 * as JSON numbers (TikTok does) would otherwise have them rounded to another object's id.
 */
export function parseExactJson(text: string): unknown {
  if (!LONG_NUMBER.test(text)) return JSON.parse(text);
  // The reviver's third argument (the source text) is ES2026; Node 24 has it, TypeScript's lib not yet.
  const reviver = (_key: string, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' &&
    !Number.isSafeInteger(value) &&
    context?.source &&
    /^-?\d+$/.test(context.source)
      ? context.source
      : value;
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
}

/** A platform that answered against its own protocol (`problem` says how): nothing is assumed from it. */
export function protocolError(platform: Platform, problem: string, mayHaveActed = false): AppError {
  return new AppError(
    'upstream_error',
    `Internal error: UpstreamProtocolError. ${PLATFORM_INFO[platform].label} ${problem}. ` +
      'Nothing was assumed from it; report this to support with the request_id.',
    { upstreamMayHaveActed: mayHaveActed },
  );
}

/**
 * Reads a platform's answer through the zod schema of what the adapter uses from it, so that a
 * surprising answer from a live platform becomes a clear `upstream_error` naming what was unexpected,
 * never a crash deep inside a tool. `mayHaveActed`: the answer came to a write the platform may have made.
 */
export function readAnswer<Schema extends z.ZodType>(
  platform: Platform,
  what: string,
  schema: Schema,
  body: string,
  options: { mayHaveActed?: boolean } = {},
): z.output<Schema> {
  const fail = (problem: string) =>
    protocolError(platform, `answered ${what} ${problem}`, options.mayHaveActed === true);
  let json: unknown;
  try {
    json = body.trim() === '' ? {} : parseExactJson(body);
  } catch {
    throw fail('with something that is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const named = issues
    .slice(0, SHOWN_ISSUES)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'the answer'}: ${issue.message}`);
  const more = issues.length > SHOWN_ISSUES ? ` and ${issues.length - SHOWN_ISSUES} more` : '';
  throw fail(`in an unexpected shape (${named.join('; ')}${more})`);
}
