import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxServices } from './sandbox-services.ts';

/**
 * `rate_limited` is the platform's throttle of one account; `rate_limited_app` holds back the whole
 * app (Google: the developer token's daily operations), `rate_limited_user` the user who connected.
 */
export type Fault =
  | 'rate_limited'
  | 'rate_limited_app'
  | 'rate_limited_user'
  | 'server_error'
  | 'slow'
  | 'token_expired';

/** Seconds a sandbox throttle asks callers to wait, like a platform quota error. */
export const SANDBOX_THROTTLE_SECONDS = 30;
/** How long `sandbox_slow` keeps a request waiting. */
export const SANDBOX_SLOW_MS = 10_000;

/** The seconds to the next 00:00 UTC, when the platforms' daily limits start afresh. */
export function secondsToUtcMidnight(now: Date): number {
  const day = 86_400_000;
  return Math.max(1, Math.ceil((Math.floor(now.getTime() / day) * day + day - now.getTime()) / 1000));
}

/**
 * The fault a magic id asks for (docs/platforms.md, "Sandbox"), like test card numbers: any id in a request equal
 * to `sandbox_rate_limited`, `sandbox_rate_limited_app`, `sandbox_rate_limited_user`, `sandbox_server_error`,
 * `sandbox_slow` or `sandbox_token_expired`.
 */
export function magicFault(...ids: Array<string | undefined | null>): Fault | undefined {
  for (const id of ids) {
    if (id === 'sandbox_rate_limited') return 'rate_limited';
    if (id === 'sandbox_rate_limited_app') return 'rate_limited_app';
    if (id === 'sandbox_rate_limited_user') return 'rate_limited_user';
    if (id === 'sandbox_server_error') return 'server_error';
    if (id === 'sandbox_slow') return 'slow';
    if (id === 'sandbox_token_expired') return 'token_expired';
  }
  return undefined;
}

/** The configured latency of every sandbox answer, for load tests (ADOPS_SANDBOX_LATENCY_MS). */
export async function sandboxLatency(services: SandboxServices): Promise<void> {
  const ms = services.config.platforms.sandboxLatencyMs;
  if (ms > 0) await sleep(ms);
}

/** `sandbox_slow` waits, then the request goes on as if nothing happened. */
export async function slowDown(): Promise<void> {
  await sleep(SANDBOX_SLOW_MS);
}
