import type { ErrorCode, ErrorEnvelope, QuotaBlock } from './api-types.generated.ts';

/** Everything the client throws for a failed call. */
export class AdopsError extends Error {
  override name = 'AdopsError';
  /** The Idempotency-Key every attempt of the call carried: retry with it to get the recorded result. */
  readonly idempotencyKey: string;
  readonly attempts: number;

  constructor(message: string, meta: { idempotencyKey: string; attempts: number }, options?: ErrorOptions) {
    super(message, options);
    this.idempotencyKey = meta.idempotencyKey;
    this.attempts = meta.attempts;
  }
}

export interface ApiErrorInit {
  status: number;
  /** The error envelope, or undefined when the answer was not one (a proxy's error page). */
  envelope: ErrorEnvelope | undefined;
  /** The X-Request-Id header, for answers without an envelope. */
  requestIdHeader: string | null;
  retryAfterSeconds: number | undefined;
  idempotencyKey: string;
  attempts: number;
}

/**
 * The service answered with an error. The fields named as on the wire keep the wire's names, so what
 * support asks for (`request_id`) reads the same in code and in the JSON.
 */
export class AdopsApiError extends AdopsError {
  override name = 'AdopsApiError';
  readonly status: number;
  /** `unexpected_response` when the answer was not an error envelope. */
  readonly code: ErrorCode | 'unexpected_response';
  readonly request_id: string | null;
  readonly structured_content: Record<string, unknown> | undefined;
  /** On 402: the quota block with `upgrade_url`. */
  readonly quota: QuotaBlock | undefined;
  readonly tool: string | undefined;
  readonly envelope: ErrorEnvelope | undefined;
  /** What the service's Retry-After asked, when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    const { envelope } = init;
    super(envelope?.error ?? `HTTP ${init.status} without an error envelope`, init);
    this.status = init.status;
    this.code = envelope?.code ?? 'unexpected_response';
    this.request_id = envelope?.request_id ?? init.requestIdHeader;
    this.structured_content = envelope?.structured_content;
    this.quota = envelope?.quota;
    this.tool = envelope?.tool;
    this.envelope = envelope;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** 400, 413, 415: the request itself is wrong (arguments, account choice, body); fix it before retrying. */
export class AdopsInvalidRequestError extends AdopsApiError {
  override name = 'AdopsInvalidRequestError';
}
/** 401: the API key is missing, malformed, unknown, expired or revoked. */
export class AdopsAuthenticationError extends AdopsApiError {
  override name = 'AdopsAuthenticationError';
}
/** 402: the monthly quota is used up; `quota.upgrade_url` says where to upgrade. */
export class AdopsQuotaError extends AdopsApiError {
  override name = 'AdopsQuotaError';
}
/**
 * 403: the API key may not make this call (`insufficient_scope`: its scope, its accounts or its daily
 * budget ceiling); the same call with this key fails the same way.
 */
export class AdopsPermissionError extends AdopsApiError {
  override name = 'AdopsPermissionError';
}
/** 404: no such tool on this service. */
export class AdopsNotFoundError extends AdopsApiError {
  override name = 'AdopsNotFoundError';
}
/** 409 (a request with this key still runs) or 422 (this key was used for another call). */
export class AdopsConflictError extends AdopsApiError {
  override name = 'AdopsConflictError';
}
/** 429 from the service's rate limit or the platform's throttle, after the retries the policy allows. */
export class AdopsRateLimitError extends AdopsApiError {
  override name = 'AdopsRateLimitError';
}
/** 5xx: the service or the ad platform failed (500, 502-504). */
export class AdopsServerError extends AdopsApiError {
  override name = 'AdopsServerError';
}

/** No answer came: connection refused or reset, DNS, TLS, or the per-attempt timeout. */
export class AdopsNetworkError extends AdopsError {
  override name = 'AdopsNetworkError';
}

export function apiError(init: ApiErrorInit): AdopsApiError {
  const { status } = init;
  if (status === 400 || status === 413 || status === 415) return new AdopsInvalidRequestError(init);
  if (status === 401) return new AdopsAuthenticationError(init);
  if (status === 402) return new AdopsQuotaError(init);
  if (status === 403) return new AdopsPermissionError(init);
  if (status === 404) return new AdopsNotFoundError(init);
  if (status === 409 || status === 422) return new AdopsConflictError(init);
  if (status === 429) return new AdopsRateLimitError(init);
  if (status >= 500) return new AdopsServerError(init);
  return new AdopsApiError(init);
}
