import type { Platform } from '../platform-families.ts';
import type { ThrottleScope } from './throttles.ts';

export type FailureKind = 'rejected' | 'not_found' | 'throttled' | 'auth' | 'server' | 'timeout' | 'network';

/**
 * An expected failure of a platform call, as a value: what kind, the platform's own words, how long it
 * asked to wait. Never carries tokens; `url` is the path only.
 */
export class UpstreamFailure extends Error {
  override readonly name = 'UpstreamFailure';
  readonly platform: Platform;
  readonly kind: FailureKind;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** A throttle's: whose calls it holds back (`account` when the platform does not say). */
  readonly scope: ThrottleScope | undefined;
  /** A throttle's: when the wait ends, when known. */
  readonly retryAt: Date | undefined;
  readonly requestId: string | undefined;
  readonly method: string;
  readonly path: string;

  constructor(fields: {
    platform: Platform;
    kind: FailureKind;
    message: string;
    status?: number | undefined;
    retryAfterSeconds?: number | undefined;
    scope?: ThrottleScope | undefined;
    retryAt?: Date | undefined;
    requestId?: string | undefined;
    method: string;
    path: string;
  }) {
    super(fields.message);
    this.platform = fields.platform;
    this.kind = fields.kind;
    this.status = fields.status;
    this.retryAfterSeconds = fields.retryAfterSeconds;
    this.scope = fields.scope;
    this.retryAt = fields.retryAt;
    this.requestId = fields.requestId;
    this.method = fields.method;
    this.path = fields.path;
  }

  /** Worth another try for a call that is safe to repeat. */
  get transient(): boolean {
    return (
      this.kind === 'server' ||
      this.kind === 'timeout' ||
      this.kind === 'network' ||
      this.kind === 'throttled'
    );
  }
}
