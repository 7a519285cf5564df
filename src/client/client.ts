import type {
  Approval,
  ErrorEnvelope,
  SuccessEnvelope,
  ToolArguments,
  ToolName,
  ToolResults,
} from './api-types.generated.ts';
import type { CallOptions, ToolCallResult } from './call-types.ts';
import { type AdopsApiError, AdopsNetworkError, apiError } from './errors.ts';
import { DEFAULT_RETRY_POLICY, nextDelay, parseRetryAfter, type RetryPolicy } from './retry.ts';
import { ToolMethods } from './tool-methods.generated.ts';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

export interface AdopsClientOptions {
  /**
   * An API key `sk_live_...` (or an OAuth access token adops issued). It is sent in the Authorization header
   * only, never in a URL or a message.
   */
  apiKey: string;
  /** Where the service runs; default http://127.0.0.1:8080. */
  baseUrl?: string;
  retry?: Partial<RetryPolicy>;
  /** Per attempt; a timed-out attempt is retried with the same Idempotency-Key. Default 120 s. */
  timeoutMs?: number;
  /** Another fetch, such as one with a proxy agent. */
  fetch?: typeof fetch;
}

type Attempt =
  | { ok: true; result: ToolCallResult }
  | {
      ok: false;
      error: AdopsApiError | AdopsNetworkError;
      status?: number;
      retryAfterMs?: number;
      replayed?: boolean;
    };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSuccessEnvelope(body: unknown): body is SuccessEnvelope {
  return isRecord(body) && body.success === true && isRecord(body.data) && typeof body.data.text === 'string';
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return (
    isRecord(body) &&
    body.success === false &&
    typeof body.code === 'string' &&
    typeof body.error === 'string'
  );
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The typed client of the adops API: one method per tool (see ToolMethods), each call made safe to retry
 * by an Idempotency-Key it makes once and sends with every attempt, so a retry never runs a tool twice
 * nor uses quota twice. Retries 429, 409 and 500/502/503/504 and network failures with capped exponential
 * backoff and full jitter, honouring Retry-After; throws an AdopsError subclass when the call fails.
 */
export class AdopsClient extends ToolMethods {
  readonly baseUrl: string;
  readonly retry: RetryPolicy;
  #apiKey: string;
  #timeoutMs: number;
  #fetch: typeof fetch;

  constructor(options: AdopsClientOptions) {
    super();
    if (!options.apiKey) throw new TypeError('AdopsClient needs an apiKey (sk_live_...).');
    this.#apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#timeoutMs = options.timeoutMs ?? 120_000;
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  async callTool<Name extends ToolName>(
    tool: Name,
    args: ToolArguments[Name],
    options: CallOptions = {},
  ): Promise<ToolCallResult<ToolResults[Name]>> {
    const idempotencyKey = options.idempotencyKey ?? crypto.randomUUID();
    const body = JSON.stringify({ arguments: args });
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.#attempt(tool, body, idempotencyKey, attempt, options.signal);
      // The service answers each tool with its own schema (test/client/structured.test.ts holds it to that).
      if (outcome.ok) return outcome.result as unknown as ToolCallResult<ToolResults[Name]>;
      const delay = nextDelay({ attempt, ...outcome }, this.retry);
      if (delay === undefined) throw outcome.error;
      await sleep(delay, options.signal);
    }
  }

  async #attempt(
    tool: string,
    body: string,
    idempotencyKey: string,
    attempt: number,
    signal: AbortSignal | undefined,
  ): Promise<Attempt> {
    const meta = { idempotencyKey, attempts: attempt };
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    let response: Response;
    let parsed: unknown;
    try {
      response = await this.#fetch(`${this.baseUrl}/api/v1/tools/${encodeURIComponent(tool)}/execute`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.#apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const text = await response.text();
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    } catch (error) {
      // The caller's own abort ends the call; anything else means no answer came, which a retry may cure.
      if (signal?.aborted) throw signal.reason;
      const reason =
        error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
      return {
        ok: false,
        error: new AdopsNetworkError(`No answer from ${this.baseUrl}: ${reason}`, meta, { cause: error }),
      };
    }
    const replayed = response.headers.get('idempotent-replayed') === 'true';
    if (response.status === 200 && isSuccessEnvelope(parsed)) {
      const structured = parsed.data.structured;
      const result = { envelope: parsed, replayed, idempotencyKey, attempts: attempt };
      return { ok: true, result: structured ? { ...result, structured } : result };
    }
    if (response.status === 202 && isSuccessEnvelope(parsed)) {
      const approval = parsed.data.structured?.approval as Approval | undefined;
      return {
        ok: true,
        result: {
          envelope: parsed,
          replayed,
          idempotencyKey,
          attempts: attempt,
          ...(approval && { approval }),
        },
      };
    }
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
    const error = apiError({
      status: response.status,
      envelope: isErrorEnvelope(parsed) ? parsed : undefined,
      requestIdHeader: response.headers.get('x-request-id'),
      retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
      ...meta,
    });
    return { ok: false, error, status: response.status, retryAfterMs, replayed };
  }
}
