import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  name: string;
  url: string;
  body: string;
  headers?: Record<string, string>;
  seconds?: number;
  connections?: number;
}

/** One autocannon run: POSTs the same body for `seconds` over `connections` keep-alive connections. */
export async function load(options: LoadOptions): Promise<LoadResult> {
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
    'ratio to baseline': (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
  }));
  console.table(rows);
}
