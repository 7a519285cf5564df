import { setTimeout as sleep } from 'node:timers/promises';
import { type Dispatcher, request } from 'undici';
import type { Platform } from '../platform-families.ts';
import type { PlatformThrottles, ThrottleKeys, ThrottleScope } from './throttles.ts';
import { type FailureKind, UpstreamFailure } from './upstream-failure.ts';

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; bytes and strings as they are. */
  body?: unknown;
  /** Safe to repeat: reads, and writes the platform makes idempotent. Creates never are. */
  idempotent: boolean;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * How a platform says what went wrong: from its answer (and the time it came, for a wait the platform
 * implies, such as a day's limit) to a failure kind, its own message and, for a throttle, whose calls it
 * holds back and for how long.
 */
export type Classifier = (
  response: UpstreamResponse,
  now?: Date,
) =>
  | { ok: true }
  | {
      ok: false;
      kind: FailureKind;
      message: string;
      retryAfterSeconds?: number;
      scope?: ThrottleScope;
      requestId?: string;
    };

/** How one request to a platform ended: `ok`, or the kind of failure (a refusal counts as one). */
export type UpstreamOutcome = 'ok' | FailureKind;

/** Told of every request sent to a platform (each retry too): its outcome and time in seconds. */
export type UpstreamObserver = (outcome: UpstreamOutcome, seconds: number) => void;

/** How requests reach a platform and who hears of them: filled in by `endpointsFor` from the service. */
export interface UpstreamLink {
  /** undici's global dispatcher when absent. */
  dispatcher?: Dispatcher | undefined;
  observe?: UpstreamObserver | undefined;
  /** The service's record of throttles; without it, no throttle is remembered between calls. */
  throttles?: PlatformThrottles | undefined;
}

export interface UpstreamOptions extends UpstreamLink {
  platform: Platform;
  timeoutMs: number;
  retries: number;
  classify: Classifier;
  /** The account, user and app the call acts for: a throttle holds back the scope the platform names. */
  throttleKeys: ThrottleKeys;
}

const BASE_DELAY_MS = 200;
const MAX_DELAY_MS = 5_000;
/** A stated wait longer than this is handed back to the caller (429) instead of being slept through. */
const MAX_INLINE_WAIT_SECONDS = 2;

function backoff(attempt: number): number {
  // Full jitter: a random wait up to the capped exponential bound, so retries of many callers spread out.
  return Math.random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
}

function pathOf(url: string): string {
  return new URL(url).pathname;
}

async function sendOnce(req: UpstreamRequest, options: UpstreamOptions): Promise<UpstreamResponse> {
  const isJson = req.body !== undefined && !(req.body instanceof Uint8Array) && typeof req.body !== 'string';
  const body = isJson ? JSON.stringify(req.body) : (req.body as string | Uint8Array | undefined);
  const headers = { ...(isJson && { 'content-type': 'application/json' }), ...req.headers };
  const fail = (kind: FailureKind, message: string) =>
    new UpstreamFailure({
      platform: options.platform,
      kind,
      message,
      method: req.method,
      path: pathOf(req.url),
    });
  try {
    const response = await request(req.url, {
      ...(options.dispatcher && { dispatcher: options.dispatcher }),
      method: req.method,
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.body.text();
    const flat: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status: response.statusCode, headers: flat, body: text };
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw fail('timeout', `no answer within ${Math.round(options.timeoutMs / 1000)} s`);
    }
    throw fail(
      'network',
      `the platform could not be reached (${error instanceof Error ? error.message : 'error'})`,
    );
  }
}

/**
 * Calls a platform: a timeout on every attempt; retries only for calls safe to repeat, with capped
 * exponential backoff and full jitter, honouring a short stated wait; a longer throttle marks that
 * account throttled so its next calls fail fast without touching the platform.
 */
export async function callUpstream(
  req: UpstreamRequest,
  options: UpstreamOptions,
): Promise<UpstreamResponse> {
  const held = options.throttles?.holding(options.throttleKeys);
  if (held !== undefined) {
    throw new UpstreamFailure({
      platform: options.platform,
      kind: 'throttled',
      message: 'the platform is still rate-limiting these calls',
      retryAfterSeconds: held.secondsLeft,
      scope: held.scope,
      retryAt: held.until,
      method: req.method,
      path: pathOf(req.url),
    });
  }
  for (let attempt = 0; ; attempt++) {
    let failure: UpstreamFailure;
    const sent = performance.now();
    const observe = (outcome: UpstreamOutcome) =>
      options.observe?.(outcome, (performance.now() - sent) / 1000);
    try {
      const response = await sendOnce(req, options);
      const now = options.throttles?.now() ?? new Date();
      const verdict = options.classify(response, now);
      observe(verdict.ok ? 'ok' : verdict.kind);
      if (verdict.ok) return response;
      failure = new UpstreamFailure({
        platform: options.platform,
        kind: verdict.kind,
        message: verdict.message,
        status: response.status,
        retryAfterSeconds: verdict.retryAfterSeconds,
        scope: verdict.kind === 'throttled' ? (verdict.scope ?? 'account') : undefined,
        retryAt:
          verdict.retryAfterSeconds === undefined
            ? undefined
            : new Date(now.getTime() + verdict.retryAfterSeconds * 1000),
        requestId: verdict.requestId,
        method: req.method,
        path: pathOf(req.url),
      });
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      observe(error.kind);
      failure = error;
    }
    const wait = failure.retryAfterSeconds;
    if (failure.kind === 'throttled' && wait !== undefined && wait > MAX_INLINE_WAIT_SECONDS) {
      options.throttles?.hold(options.throttleKeys, failure.scope ?? 'account', wait);
      throw failure;
    }
    if (!req.idempotent || !failure.transient || attempt >= options.retries) throw failure;
    await sleep(wait !== undefined ? wait * 1000 : backoff(attempt));
  }
}
