import type { Endpoints } from '../endpoints.ts';
import { refreshAccessToken } from '../oauth-token.ts';
import type { PlatformProtocol, TokenGrant } from '../protocol.ts';
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
 * LinkedIn answers errors as `{message, serviceErrorCode, status}`: 400 and 422 are validation, 404 an
 * unknown id, 401 a bad or expired token, 429 a throttle without Retry-After, 5xx LinkedIn's own
 * failure. 403 (no permission on the account or the page) is a refusal the caller can read and act on;
 * 426 (an API version LinkedIn no longer serves) is the operator's to fix, so it counts as a failure.
 */
export const networkClassifier: Classifier = (response) => {
  const { status } = response;
  if (status < 400) return { ok: true };
  const error = parseError(response.body);
  const message = messageOf(error, status);
  const requestId = requestIdOf(response);
  const failure = { message, ...(requestId && { requestId }) };
  if (status === 401) return { ok: false, kind: 'auth', ...failure };
  if (status === 404) return { ok: false, kind: 'not_found', ...failure };
  if (status === 429) return { ok: false, kind: 'throttled', ...failure };
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
