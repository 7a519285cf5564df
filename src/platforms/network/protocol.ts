import type { Endpoints } from '../endpoints.ts';
import { refreshAccessToken } from '../oauth-token.ts';
import type { PlatformProtocol, TokenGrant } from '../protocol.ts';
import { secondsUntilUtcMidnight } from '../throttles.ts';
import type { Classifier, UpstreamResponse } from '../upstream.ts';

/** The Rest.li protocol version every versioned LinkedIn API call declares. */
export const RESTLI_PROTOCOL_VERSION = '2.0.0';

interface LinkedInError {
  message?: string;
  serviceErrorCode?: number;
  status?: number;
  code?: string;
  errorDetails?: {
    inputErrors?: Array<{ description?: string; input?: { inputPath?: { fieldPath?: string } } }>;
  };
}

function parseError(body: string): LinkedInError {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as LinkedInError) : {};
  } catch {
    return {};
  }
}

/** LinkedIn's message, with the field-level details it sometimes puts beside a generic one. */
function messageOf(error: LinkedInError, status: number): string {
  const base = error.message?.trim() || `HTTP ${status}`;
  const details = (error.errorDetails?.inputErrors ?? [])
    .map((e) => [e.input?.inputPath?.fieldPath, e.description].filter(Boolean).join(': '))
    .filter((text) => text && !base.includes(text));
  return details.length > 0 ? `${base} (${details.join('; ')})` : base;
}

function requestIdOf(response: UpstreamResponse): string | undefined {
  return response.headers['x-li-uuid'] ?? response.headers['x-li-request-id'];
}

/**
 * LinkedIn's daily limits (429 "Resource level throttle APPLICATION DAY limit ...", MEMBER DAY or
 * APPLICATION_AND_MEMBER DAY) hold until midnight UTC, when they reset; LinkedIn sends no Retry-After.
 * The application's limit holds every account the service reaches; the member's (and the member's calls
 * through this application) every account of that member's connection.
 */
function dayLimitOf(
  message: string,
  now: Date,
): { scope: 'app' | 'user'; retryAfterSeconds: number } | undefined {
  const limit = /\b(APPLICATION_AND_MEMBER|APPLICATION|MEMBER) DAY limit\b/i
    .exec(message)?.[1]
    ?.toUpperCase();
  if (!limit) return undefined;
  return { scope: limit === 'APPLICATION' ? 'app' : 'user', retryAfterSeconds: secondsUntilUtcMidnight(now) };
}

/**
 * LinkedIn answers errors as `{message, serviceErrorCode, status}`: 400 and 422 are validation, 404 an
 * unknown id, 401 a bad or expired token, 429 a throttle without Retry-After, 5xx LinkedIn's own
 * failure. 403 (no permission on the account or the page) is a refusal the caller can read and act on;
 * 426 (an API version LinkedIn no longer serves) is the operator's to fix, so it counts as a failure.
 */
export const networkClassifier: Classifier = (response, now = new Date()) => {
  const { status } = response;
  if (status < 400) return { ok: true };
  const error = parseError(response.body);
  const message = messageOf(error, status);
  const requestId = requestIdOf(response);
  const failure = { message, ...(requestId && { requestId }) };
  if (status === 401) return { ok: false, kind: 'auth', ...failure };
  if (status === 404) return { ok: false, kind: 'not_found', ...failure };
  if (status === 429) return { ok: false, kind: 'throttled', ...failure, ...dayLimitOf(message, now) };
  if (status === 426 || status >= 500) return { ok: false, kind: 'server', ...failure };
  return { ok: false, kind: 'rejected', ...failure };
};

/** The three headers LinkedIn's versioned REST API wants on every call. */
export function networkHeaders(accessToken: string, endpoints: Endpoints): Record<string, string> {
  return {
    authorization: `Bearer ${accessToken}`,
    'linkedin-version': endpoints.apiVersion,
    'x-restli-protocol-version': RESTLI_PROTOCOL_VERSION,
  };
}

export const networkProtocol: PlatformProtocol = {
  classify: networkClassifier,
  headers: networkHeaders,
  refresh(endpoints, refreshToken, limits): Promise<TokenGrant> {
    return refreshAccessToken('network', endpoints, refreshToken, limits);
  },
};

/** The request id LinkedIn gave a successful answer, for the audit row. */
export function networkRequestId(response: UpstreamResponse): string | undefined {
  return requestIdOf(response);
}
