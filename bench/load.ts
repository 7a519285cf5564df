import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Requests answered in the run. */
  requests: number;
  /** CPU time (user + system) of the measured server process per request, in µs, when its pid was given. */
  cpuUsPerCall?: number | undefined;
}

export interface LoadOptions {
  name: string;
  url: string;
  body: string;
  headers?: Record<string, string>;
  seconds?: number;
  connections?: number;
  /** The server process whose CPU time per request to report (Linux: /proc/<pid>/stat). */
  pids?: number[];
}

/** User + system CPU time of processes so far, in µs (Linux, clock ticks of 10 ms). */
export function cpuMicros(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10_000;
}

/** One autocannon run: POSTs the same body for `seconds` over `connections` keep-alive connections. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const cpuBefore = options.pids && cpuMicros(options.pids);
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    body: options.body,
    headers: { 'content-type': 'application/json', ...options.headers },
    connections: options.connections ?? 64,
    duration: options.seconds ?? 10,
  });
  return {
    name: options.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    requests: result.requests.total,
    cpuUsPerCall:
      options.pids && cpuBefore !== undefined
        ? Math.round((cpuMicros(options.pids) - cpuBefore) / Math.max(1, result.requests.total))
        : undefined,
  };
}

export function printTable(results: LoadResult[], baseline: LoadResult): void {
  const rows = results.map((r) => ({
    scenario: r.name,
    'req/s': Math.round(r.requestsPerSecond),
    'p50 ms': r.p50Ms,
    'p99 ms': r.p99Ms,
    'non-2xx': r.non2xx,
    errors: r.errors,
    'CPU µs/call': r.cpuUsPerCall ?? '',
    'ratio to baseline': (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
  }));
  console.table(rows);
}
