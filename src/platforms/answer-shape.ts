import type { z } from 'zod';
import { AppError } from '../errors.ts';
import { PLATFORM_INFO, type Platform } from '../platform-families.ts';

/** How many of the unexpected fields an error names; the rest are counted. */
const SHOWN_ISSUES = 5;

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
  const label = PLATFORM_INFO[platform].label;
  const fail = (problem: string) =>
    new AppError(
      'upstream_error',
      `Internal error: UpstreamProtocolError. ${label} answered ${what} ${problem}. ` +
        'Nothing was assumed from it; report this to support with the request_id.',
      { upstreamMayHaveActed: options.mayHaveActed === true },
    );
  let json: unknown;
  try {
    json = body.trim() === '' ? {} : JSON.parse(body);
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
