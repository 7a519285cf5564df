import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { PLATFORM_INFO } from '../platform-families.ts';
import type { UpstreamFailure } from './upstream-failure.ts';

/** What Retry-After says when a platform throttles without stating a wait (LinkedIn, TikTok). */
const DEFAULT_THROTTLE_WAIT_SECONDS = 60;

const INTERNAL_TYPE: Record<string, string> = {
  server: 'UpstreamServerError',
  timeout: 'UpstreamTimeout',
  network: 'UpstreamUnreachable',
};

/** The platform's words as a sentence, without doubling its own full stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The one place a platform's failure becomes the service's error (docs/contract.md, "Platform
 * failures"). `mayHaveActed` says whether the platform could have made a change before failing: such
 * outcomes are kept by the idempotency record so a retry never repeats a create.
 */
export function toAppError(failure: UpstreamFailure, config: Config, mayHaveActed: boolean): AppError {
  const label = PLATFORM_INFO[failure.platform].label;
  switch (failure.kind) {
    case 'rejected':
    case 'not_found':
      return new AppError('upstream_rejected', `${label} rejected the request: ${failure.message}`);
    case 'throttled': {
      const stated = failure.retryAfterSeconds;
      const wait = stated ?? DEFAULT_THROTTLE_WAIT_SECONDS;
      const how = stated === undefined ? ' (it did not say for how long)' : '';
      return new AppError(
        'upstream_rate_limited',
        `${label} is rate-limiting this account${how}: wait ${wait} second${wait === 1 ? '' : 's'}, then retry ` +
          'with exponential backoff. Other accounts are not affected.',
        { retryAfterSeconds: wait },
      );
    }
    case 'auth':
      return new AppError(
        'connection_expired',
        `The ${label} connection has expired or was revoked (${failure.message}). Reconnect it at ` +
          `${config.appUrl}/connections, then call again.`,
      );
    default:
      return new AppError(
        'upstream_error',
        `Internal error: ${INTERNAL_TYPE[failure.kind] ?? 'UpstreamError'}. ${label} failed: ${sentence(failure.message)}` +
          (mayHaveActed
            ? ' The change may or may not have been made: check before trying again.'
            : ' Nothing was changed; try again later.'),
        { upstreamMayHaveActed: mayHaveActed },
      );
  }
}
