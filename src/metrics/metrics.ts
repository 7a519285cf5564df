import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Platform } from '../platform-families.ts';
import type { PoolState } from '../storage/database.ts';

export type QuotaRefusal = 'exhausted' | 'in_flight';
export type IdempotencyEvent = 'replay' | 'takeover' | 'in_flight' | 'mismatch';

/** Seconds: from a cached read (milliseconds) to a multi-step create on a slow platform (minutes). */
const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const UPSTREAM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The label of a tool name that is not served: a caller choosing names must not grow the series. */
const UNKNOWN_TOOL = 'unknown';

export interface MetricsOptions {
  /** The tools served; any other name is counted as `unknown`. */
  tools: Iterable<string>;
  /** The database pool right now (PostgreSQL), read at each scrape. */
  poolState?: (() => PoolState) | undefined;
}

/**
 * The service's Prometheus metrics, on a registry of its own: several services in one process (tests)
 * never mix their counts, and nothing lands on prom-client's global registry.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #tools: ReadonlySet<string>;
  readonly #calls: Counter<'tool' | 'status'>;
  readonly #callSeconds: Histogram<'tool'>;
  readonly #inFlight: Gauge<'tool'>;
  readonly #quotaRefusals: Counter<'reason'>;
  readonly #idempotency: Counter<'event'>;
  readonly #storageFaults: Counter;
  readonly #upstreamSeconds: Histogram<'platform' | 'mode' | 'outcome'>;
  readonly #upstreamErrors: Counter<'platform' | 'mode' | 'outcome'>;

  constructor(options: MetricsOptions) {
    this.#tools = new Set(options.tools);
    const registers = [this.registry];
    this.#calls = new Counter({
      name: 'adops_tool_calls_total',
      help: 'Tool calls run by the pipeline, by tool and HTTP status.',
      labelNames: ['tool', 'status'],
      registers,
    });
    this.#callSeconds = new Histogram({
      name: 'adops_tool_call_duration_seconds',
      help: 'Time a tool call spent in the pipeline, by tool.',
      labelNames: ['tool'],
      buckets: CALL_BUCKETS,
      registers,
    });
    this.#inFlight = new Gauge({
      name: 'adops_tool_calls_in_flight',
      help: 'Tool calls running now, by tool.',
      labelNames: ['tool'],
      registers,
    });
    this.#quotaRefusals = new Counter({
      name: 'adops_quota_refusals_total',
      help: 'Billable calls refused by the monthly quota: exhausted, or held by calls in flight.',
      labelNames: ['reason'],
      registers,
    });
    this.#idempotency = new Counter({
      name: 'adops_idempotency_events_total',
      help: 'Idempotency-Key outcomes other than a first run: replay, takeover, in_flight, mismatch.',
      labelNames: ['event'],
      registers,
    });
    this.#storageFaults = new Counter({
      name: 'adops_storage_faults_total',
      help: 'Tool calls failed by a database error.',
      registers,
    });
    this.#upstreamSeconds = new Histogram({
      name: 'adops_upstream_request_duration_seconds',
      help: 'Time of each request to an ad platform (each retry counts), by platform, mode and outcome.',
      labelNames: ['platform', 'mode', 'outcome'],
      buckets: UPSTREAM_BUCKETS,
      registers,
    });
    this.#upstreamErrors = new Counter({
      name: 'adops_upstream_errors_total',
      help: 'Requests to an ad platform that failed, by platform, mode and failure kind.',
      labelNames: ['platform', 'mode', 'outcome'],
      registers,
    });
    const { poolState } = options;
    if (poolState) {
      const poolGauge = (name: string, help: string, read: (state: PoolState) => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read(poolState()));
          },
        });
      poolGauge('adops_db_pool_connections', 'Open connections of the database pool.', (s) => s.total);
      poolGauge('adops_db_pool_idle_connections', 'Idle connections of the database pool.', (s) => s.idle);
      poolGauge('adops_db_pool_waiting_queries', 'Queries waiting for a pool connection.', (s) => s.waiting);
      poolGauge('adops_db_pool_max_connections', 'Size limit of the database pool.', (s) => s.max);
    }
    collectDefaultMetrics({ register: this.registry });
  }

  callStarted(tool: string): void {
    this.#inFlight.inc({ tool: this.#label(tool) });
  }

  callFinished(tool: string, status: number, seconds: number): void {
    const label = this.#label(tool);
    this.#inFlight.dec({ tool: label });
    this.#calls.inc({ tool: label, status: String(status) });
    this.#callSeconds.observe({ tool: label }, seconds);
  }

  quotaRefused(reason: QuotaRefusal): void {
    this.#quotaRefusals.inc({ reason });
  }

  idempotency(event: IdempotencyEvent): void {
    this.#idempotency.inc({ event });
  }

  storageFault(): void {
    this.#storageFaults.inc();
  }

  /** One request to a platform: its time, and `ok` or its failure kind (platforms/upstream-failure.ts). */
  upstreamRequest(platform: Platform, mode: string, outcome: string, seconds: number): void {
    this.#upstreamSeconds.observe({ platform, mode, outcome }, seconds);
    if (outcome !== 'ok') this.#upstreamErrors.inc({ platform, mode, outcome });
  }

  /** The exposition text, as Prometheus scrapes it. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  #label(tool: string): string {
    return this.#tools.has(tool) ? tool : UNKNOWN_TOOL;
  }
}
