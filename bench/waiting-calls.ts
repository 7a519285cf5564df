// Waiting-calls benchmark (issue 25): one `adops serve` (SQLite, sandbox platforms, the per-key rate limit
// off, a quota no burst exhausts) takes N billable calls at once (discover_existing_assets, through the
// Google Ads adapter and the sandbox the same process serves over loopback HTTP) while every sandbox
// answer waits (ADOPS_SANDBOX_LATENCY_MS), so all N are in flight together: each holds an incoming
// request, an outgoing request to the loopback listener and the sandbox's incoming request.
// Prints the service process's RSS after warm-up, its peak RSS (VmHWM, Linux) and the answers.
// Target: peak RSS at most 300 MB with 2,000 calls waiting 5 s, all answered 200.
// Usage: node bench/waiting-calls.ts [calls=2000] [latencyMs=5000]
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { startAdops } from './servers.ts';

export const TARGET_PEAK_MB = 300;
const WARM_UP_CALLS = 64;
const body = '{"arguments":{}}';

export interface WaitingCallsResult {
  calls: number;
  answered: number;
  non200: number;
  peakRssMb: number;
  baselineRssMb: number;
  seconds: number;
}

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Math.round(Number(kb) / 1024);
}

/** Sends `count` calls at once over as many connections; counts the 200s and the rest (errors included). */
async function burst(pool: Pool, path: string, key: string, count: number) {
  const statuses = await Promise.all(
    Array.from({ length: count }, async () => {
      try {
        const response = await pool.request({
          path,
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        });
        await response.body.dump();
        return response.statusCode;
      } catch {
        return 0;
      }
    }),
  );
  const answered = statuses.filter((status) => status === 200).length;
  return { answered, non200: count - answered };
}

export async function waitingCalls(
  options: { calls?: number; latencyMs?: number } = {},
): Promise<WaitingCallsResult> {
  const calls = options.calls ?? 2000;
  const latencyMs = options.latencyMs ?? 5000;
  const service = await startAdops({
    ADOPS_RATE_LIMIT_PER_SECOND: '0',
    ADOPS_TIER_LIMITS: 'free=1000000000,plus=1000000000,pro=1000000000,max=1000000000',
    ADOPS_SANDBOX_LATENCY_MS: String(latencyMs),
  });
  // Every call on a connection of its own, as 2,000 separate agents would come.
  const pool = new Pool(service.url, { connections: calls, headersTimeout: 0, bodyTimeout: 0 });
  try {
    const pid = service.pid ?? 0;
    const path = '/api/v1/tools/discover_existing_assets/execute';
    // Warm-up: the code paths compiled, the demo owner's platform token fetched, SQLite's pages read.
    const warmUp = await burst(pool, path, service.key, WARM_UP_CALLS);
    if (warmUp.non200 > 0)
      throw new Error(`warm-up: ${warmUp.non200} of ${WARM_UP_CALLS} calls not answered 200`);
    const baselineRssMb = statusMb(pid, 'VmRSS');
    const started = performance.now();
    const { answered, non200 } = await burst(pool, path, service.key, calls);
    const seconds = (performance.now() - started) / 1000;
    return { calls, answered, non200, peakRssMb: statusMb(pid, 'VmHWM'), baselineRssMb, seconds };
  } finally {
    await pool.destroy();
    service.stop();
  }
}

if (import.meta.main) {
  const calls = Number(process.argv[2] ?? 2000);
  const latencyMs = Number(process.argv[3] ?? 5000);
  const result = await waitingCalls({ calls, latencyMs });
  const met = result.peakRssMb <= TARGET_PEAK_MB && result.answered === result.calls;
  console.log(
    `${result.calls} calls waiting ${latencyMs} ms: ${result.answered} answered 200, ${result.non200} not, ` +
      `in ${result.seconds.toFixed(1)} s; service RSS ${result.baselineRssMb} MB after warm-up, ` +
      `peak ${result.peakRssMb} MB (target: peak <= ${TARGET_PEAK_MB} MB, all answered): ${met ? 'met' : 'NOT met'}`,
  );
  console.log(
    JSON.stringify({ scenario: 'waiting-calls', latencyMs, ...result, target: TARGET_PEAK_MB, met }),
  );
}
