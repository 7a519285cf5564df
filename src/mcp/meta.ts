/**
 * The `_meta` keys the MCP door reads and writes. The `adops/` prefix keeps them apart from the
 * protocol's own keys, as the specification asks of implementation-specific metadata.
 */
export const META = {
  /** Read from a tools/call request: the same UUID an HTTP caller would send as `Idempotency-Key`. */
  idempotencyKey: 'adops/idempotency-key',
  /** The error code of a failed call (`invalid_arguments`, `quota_exceeded`, ...). */
  code: 'adops/code',
  /** The HTTP status the same answer has on the REST door: on a failure, and on 202 (waits for approval). */
  status: 'adops/status',
  requestId: 'adops/request-id',
  quota: 'adops/quota',
  /** Present and true when the result is the recorded answer of an earlier call with the same key. */
  replayed: 'adops/replayed',
  retryAfterSeconds: 'adops/retry-after-seconds',
  /**
   * On a failure: the REST error's `structured_content` (the accounts to choose from, the offending fields).
   * Not the result's structuredContent, which MCP clients check against the tool's output schema.
   */
  details: 'adops/details',
  /** On a progress notification: the tool's stage (`download`, `validate`, `commit`). */
  stage: 'adops/stage',
} as const;
