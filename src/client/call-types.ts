import type { Approval, SuccessEnvelope } from './api-types.generated.ts';

export interface CallOptions {
  /**
   * The Idempotency-Key of this logical call, sent with each of its attempts; a fresh UUID when absent.
   * Pass one you keep to make a call safe to repeat across process restarts too.
   */
  idempotencyKey?: string;
  /** Stops the call, its retries and waits included. */
  signal?: AbortSignal;
}

export interface ToolCallResult<Structured = Record<string, unknown>> {
  /** The success envelope exactly as the service sent it. */
  envelope: SuccessEnvelope;
  /** The tool's machine-readable answer (`data.structured`) when it made the call; absent on a 202. */
  structured?: Structured;
  /**
   * Set when the change waits for the owner's approval (HTTP 202): nothing was made yet. Follow up with
   * `getApproval({ approval_id: approval.id })`; do not repeat the call.
   */
  approval?: Approval;
  /** True when the service answered with the recorded result of an earlier attempt with the same key. */
  replayed: boolean;
  /** The Idempotency-Key every attempt of this call carried. */
  idempotencyKey: string;
  /** How many requests the call took, 1 when the first one succeeded. */
  attempts: number;
}
