import {
  AdopsApiError,
  AdopsAuthenticationError,
  AdopsConflictError,
  AdopsInvalidRequestError,
  AdopsNetworkError,
  AdopsNotFoundError,
  AdopsPermissionError,
  AdopsQuotaError,
  AdopsRateLimitError,
  AdopsServerError,
} from '../client/index.ts';

/** Wrong use of `adops call` itself, found before any request: no key, arguments that are not JSON. */
export class UsageError extends Error {}

interface ExitCode {
  code: number;
  meaning: string;
  /** What `exitCodeFor` maps to the code: the command's own errors and the client's error classes. */
  errors: ReadonlyArray<abstract new (...args: never[]) => Error>;
}

/**
 * One exit code per class of failure, so scripts can branch without parsing the output. The help of
 * `adops call` lists this table, and docs/cli.md copies it (test/cli/call-exit-codes.test.ts holds them equal).
 */
export const CALL_EXIT = {
  ok: { code: 0, meaning: 'success', errors: [] },
  unexpected: { code: 1, meaning: 'unexpected failure of the command itself', errors: [] },
  usage: {
    code: 2,
    meaning: 'usage, or the request was refused as invalid (400, 413, 415)',
    errors: [UsageError, AdopsInvalidRequestError],
  },
  unauthenticated: { code: 3, meaning: 'authentication failed (401)', errors: [AdopsAuthenticationError] },
  quota: { code: 4, meaning: 'monthly quota used up (402)', errors: [AdopsQuotaError] },
  notFound: { code: 5, meaning: 'no such tool (404)', errors: [AdopsNotFoundError] },
  conflict: {
    code: 6,
    meaning:
      'idempotency conflict (409: the first call with this key still runs; 422: key used for another call)',
    errors: [AdopsConflictError],
  },
  rateLimited: { code: 7, meaning: 'rate limited (429), after the retries', errors: [AdopsRateLimitError] },
  server: {
    code: 8,
    meaning: 'server error (5xx, or another status without a code of its own), after the retries',
    errors: [AdopsServerError],
  },
  network: {
    code: 9,
    meaning: 'no answer from the service (network), after the retries',
    errors: [AdopsNetworkError],
  },
  forbidden: {
    code: 10,
    meaning:
      "not allowed (403): the key's scope, accounts or budget ceiling, or the owner stopped the agents",
    errors: [AdopsPermissionError],
  },
} as const satisfies Record<string, ExitCode>;

/** The exit code of a failed call, by the class of what the client (or the command) threw. */
export function exitCodeFor(error: unknown): number {
  for (const { code, errors } of Object.values(CALL_EXIT) as ExitCode[]) {
    if (errors.some((type) => error instanceof type)) return code;
  }
  // An answer of a status the client has no class of its own for.
  if (error instanceof AdopsApiError) return CALL_EXIT.server.code;
  return CALL_EXIT.unexpected.code;
}

/** The table as `adops call --help` prints it: one code a line, the codes aligned. */
export function exitCodesHelp(): string {
  const codes = Object.values(CALL_EXIT) as ExitCode[];
  const width = Math.max(...codes.map(({ code }) => String(code).length));
  return codes.map(({ code, meaning }) => `  ${String(code).padStart(width)}  ${meaning}`).join('\n');
}
