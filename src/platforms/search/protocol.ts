import { refreshAccessToken } from '../oauth-token.ts';
import type { PlatformProtocol } from '../protocol.ts';
import type { Classifier, UpstreamResponse } from '../upstream.ts';
import { type GoogleAdsError, googleStatusBodySchema } from './types.ts';

/** Operator-side problems with the developer token: reconnecting the account cannot fix them. */
const DEVELOPER_TOKEN_ERRORS = new Set([
  'DEVELOPER_TOKEN_PARAMETER_MISSING',
  'DEVELOPER_TOKEN_INVALID',
  'DEVELOPER_TOKEN_NOT_APPROVED',
  'DEVELOPER_TOKEN_PROHIBITED',
]);

interface ReadError {
  message: string | undefined;
  errors: GoogleAdsError[];
  requestId: string | undefined;
}

/**
 * Google's error body, read through its schema; a body of another shape (a proxy's HTML page, say) leaves
 * the HTTP status alone to classify the failure, so it is read leniently, never thrown on.
 */
function readError(response: UpstreamResponse): ReadError {
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    json = undefined;
  }
  // searchStream sends its error as the one element of a JSON array.
  const parsed = googleStatusBodySchema.safeParse(Array.isArray(json) ? json[0] : json);
  if (!parsed.success) return { message: undefined, errors: [], requestId: response.headers['request-id'] };
  const body = parsed.data;
  const failure = body.error?.details?.find((detail) =>
    detail['@type']?.endsWith('.errors.GoogleAdsFailure'),
  );
  return {
    message: body.error?.message,
    errors: failure?.errors ?? [],
    requestId: failure?.requestId ?? response.headers['request-id'],
  };
}

/** `"30s"` or `"1.5s"` (protobuf Duration) as whole seconds. */
function durationSeconds(text: string | undefined): number | undefined {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(text ?? '');
  return match?.[1] === undefined ? undefined : Math.max(1, Math.ceil(Number(match[1])));
}

function codesOf(errors: GoogleAdsError[]): Array<[string, string]> {
  return errors.flatMap((error) => Object.entries(error.errorCode ?? {}));
}

/** The platform's own words: the distinct messages of the errors, else the Status message. */
function wordsOf(read: ReadError, status: number): string {
  const messages = [...new Set(read.errors.map((error) => error.message).filter(Boolean))] as string[];
  if (messages.length > 0) {
    const shown = messages.slice(0, 3).join(' ');
    return messages.length > 3 ? `${shown} (and ${messages.length - 3} more problems)` : shown;
  }
  return read.message ?? `HTTP ${status}`;
}

/**
 * Reads Google's `Status` error body (docs/platforms.md): 400 is a rejection in the platform's words;
 * 401, and a 403 without a Google Ads authorization error (a token lacking the adwords scope), are
 * auth failures; a 403 naming an authorization error (customer not granted, not enabled) is a rejection;
 * 429 is a throttle whose `retryDelay` says how long; 404 is not found; 5xx is the server.
 * Developer-token problems are rejections, never auth failures: reconnecting would not fix them.
 */
export const searchClassifier: Classifier = (response) => {
  const { status } = response;
  if (status >= 200 && status < 300) return { ok: true };
  const read = readError(response);
  const message = wordsOf(read, status);
  const requestId = read.requestId;
  const codes = codesOf(read.errors);
  const failure = (kind: 'rejected' | 'not_found' | 'auth' | 'server') => ({
    ok: false as const,
    kind,
    message,
    ...(requestId && { requestId }),
  });
  if (status === 429) {
    const quotas = read.errors.map((e) => e.details?.quotaErrorDetails).filter((q) => q !== undefined);
    const delay = quotas.map((q) => durationSeconds(q.retryDelay)).find(Boolean);
    // DEVELOPER: the developer token's quota, which every account the service reaches shares.
    const developer = quotas.some((q) => q.rateScope === 'DEVELOPER');
    const header = Number(response.headers['retry-after']);
    const retryAfterSeconds =
      delay ?? (Number.isFinite(header) && header > 0 ? Math.ceil(header) : undefined);
    return {
      ok: false,
      kind: 'throttled',
      message,
      scope: developer ? 'developer_token' : 'account',
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      ...(requestId && { requestId }),
    };
  }
  if (codes.some(([, code]) => DEVELOPER_TOKEN_ERRORS.has(code))) return failure('rejected');
  if (status === 401) return failure('auth');
  if (status === 403) {
    return codes.some(([family]) => family === 'authorizationError') ? failure('rejected') : failure('auth');
  }
  if (status === 404) return failure('not_found');
  if (status >= 500) return failure('server');
  return failure('rejected');
};

export const searchProtocol: PlatformProtocol = {
  classify: searchClassifier,
  headers(accessToken, endpoints) {
    return {
      authorization: `Bearer ${accessToken}`,
      ...(endpoints.developerToken && { 'developer-token': endpoints.developerToken }),
      ...(endpoints.loginCustomerId && { 'login-customer-id': endpoints.loginCustomerId }),
    };
  },
  refresh: (endpoints, refreshToken, limits) => refreshAccessToken('search', endpoints, refreshToken, limits),
};
