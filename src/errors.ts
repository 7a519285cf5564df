/** The closed set of machine-readable error codes, each with its one HTTP status. */
export const ERROR_STATUS = {
  /** Not a request HTTP/1.1 can carry: malformed framing, headers, method, version or URL. */
  invalid_request: 400,
  invalid_body: 400,
  invalid_arguments: 400,
  invalid_idempotency_key: 400,
  account_selection_required: 400,
  account_not_connected: 400,
  connection_expired: 400,
  upstream_rejected: 400,
  /** validate_and_prepare_assets: a required image group has no valid image. */
  assets_rejected: 400,
  unauthenticated: 401,
  quota_exceeded: 402,
  origin_not_allowed: 403,
  /** The API key's scope, accounts or budget ceiling does not allow the call (docs/keys.md). */
  insufficient_scope: 403,
  /** The owner stopped every key and app at once (docs/approvals.md); the owner resumes them. */
  agents_stopped: 403,
  not_found: 404,
  tool_not_found: 404,
  method_not_allowed: 405,
  /** The connection sent nothing complete within the request timeout. */
  request_timeout: 408,
  idempotency_key_in_flight: 409,
  /** An approved change was not applied: the object changed since the approval was asked for. */
  approval_drifted: 409,
  /** A revert was not applied: the object changed since the change it would undo (docs/console.md). */
  revert_drifted: 409,
  payload_too_large: 413,
  /** A path segment (a tool name) longer than any the service serves. */
  uri_too_long: 414,
  idempotency_key_reused: 422,
  unsupported_media_type: 415,
  /** An `Expect` header other than `100-continue`. */
  expectation_failed: 417,
  rate_limited: 429,
  /** The request's headers are larger than the server takes. */
  headers_too_large: 431,
  upstream_rate_limited: 429,
  /** Settled units are under the limit, but calls still running hold the rest: retry shortly. */
  quota_in_flight: 429,
  internal_error: 500,
  upstream_error: 500,
  /** The database could not be reached; nothing was lost, retry with the same Idempotency-Key. */
  storage_unavailable: 503,
  /** The service is stopping (draining): the call did not run; retry, another instance will take it. */
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  structuredContent?: Record<string, unknown>;
  retryAfterSeconds?: number;
  /**
   * Whether the platform may have acted before this failure. Such outcomes are kept by the idempotency
   * record, so a retry can never create a second campaign.
   */
  upstreamMayHaveActed?: boolean;
}

/** An expected failure: its message is written for the caller and is safe to show to end users. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly options: AppErrorOptions;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.options = options;
  }
}

/** The message of an unexpected failure: names the exception type, never its details. */
export function internalErrorMessage(error: unknown): string {
  const type = error instanceof Error ? error.constructor.name || error.name : typeof error;
  return `Internal error: ${type}. The details are logged under this request_id; report it to support.`;
}
