import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { PLATFORM_INFO } from '../platform-families.ts';
import type { ThrottleScope } from './throttles.ts';
import type { UpstreamFailure } from './upstream-failure.ts';

/** What Retry-After says when a platform throttles without stating or implying a wait. */
const DEFAULT_THROTTLE_WAIT_SECONDS = 60;

/** What a throttle of each scope holds back, and what it leaves alone, in the agent's terms. */
const SCOPE_WORDS: Record<ThrottleScope, { blocked: string; free: string }> = {
  account: { blocked: 'this ad account', free: 'Other accounts are not affected.' },
  user: {
    blocked: 'the user whose connection this account is under (every account of that connection)',
    free: 'Accounts of other connections are not affected.',
  },
  app: {
    blocked: "this service's app (every account this service reaches on the platform)",
    free: 'Calls to other accounts on this platform will be refused too until then; other platforms are not affected.',
  },
  developer_token: {
    blocked: "this service's developer token (every Google Ads account this service reaches)",
    free: 'Calls to other Google Ads accounts will be refused too until then; other platforms are not affected.',
  },
};

/** `2026-12-03 00:00 UTC`: when a wait ends, to the minute (rounded up). */
function minuteOf(date: Date): string {
  const rounded = new Date(Math.ceil(date.getTime() / 60_000) * 60_000);
  return `${rounded.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

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
      const how = stated === undefined ? ', a guess since it did not say for how long' : '';
      const until = failure.retryAt ? ` (until ${minuteOf(failure.retryAt)})` : '';
      const words = SCOPE_WORDS[failure.scope ?? 'account'];
      return new AppError(
        'upstream_rate_limited',
        `${label} is rate-limiting ${words.blocked}: wait ${wait} second${wait === 1 ? '' : 's'}${until}${how}, ` +
          `then retry with exponential backoff. ${words.free}`,
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
