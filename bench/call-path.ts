// The call path (issue 25): every row of the table, each against the baseline it is a ratio of,
// in one run on this machine. autocannon at 64 connections for `seconds` per row (the per-key rate limit
// off, the quota out of the way); for each row req/s, p50, p99, the server's CPU time per call, the ratio
// and its target. Then the same billable read with the sandbox in a process of its own, so the CPU the
// service spends per call (pipeline and adapter) shows apart from the sandbox's.
// Usage: node bench/call-path.ts [seconds]   (default 10)
import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '../test/support/database.ts';
import { cpuMicros, type LoadResult, load, printTable } from './load.ts';
import { mcpRows, TARGET_OF_FLOOR, TARGET_OF_REST } from './mcp.ts';
import { oauthRows } from './oauth.ts';
import { type BenchServer, startAdops, startBareServer } from './servers.ts';
import { TARGET_PEAK_MB, waitingCalls } from './waiting-calls.ts';

const seconds = Number(process.argv[2] ?? 10);
const body = '{"arguments":{}}';
const execute = (server: BenchServer, tool: string) => `${server.url}/api/v1/tools/${tool}/execute`;
const UNLIMITED = {
  ADOPS_RATE_LIMIT_PER_SECOND: '0',
  ADOPS_TIER_LIMITS: 'free=1000000000,plus=1000000000,pro=1000000000,max=1000000000',
};

interface Row {
  result: LoadResult;
  /** What the row is a ratio of, and the least ratio the issue asks for. */
  of?: Array<{ baseline: LoadResult; target: number }>;
  p99TargetMs?: number;
}

function verdict(row: Row): string {
  const parts: string[] = [];
  for (const { baseline, target } of row.of ?? []) {
    const ratio = row.result.requestsPerSecond / baseline.requestsPerSecond;
    parts.push(
      `${ratio.toFixed(3)} of "${baseline.name}" (target ≥ ${target}: ${ratio >= target ? 'met' : 'MISSED'})`,
    );
  }
  if (row.p99TargetMs !== undefined) {
    const met = row.result.p99Ms <= row.p99TargetMs;
    parts.push(`p99 ${row.result.p99Ms} ms (target ≤ ${row.p99TargetMs}: ${met ? 'met' : 'MISSED'})`);
  }
  if (row.result.non2xx > 0 || row.result.errors > 0) parts.push('WARNING: non-2xx answers or errors');
  return parts.join('; ');
}

async function measure(
  name: string,
  url: string,
  pids: number[],
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  await load({ name: 'warm-up', url, body, headers, seconds: 2 });
  return load({ name, url, body, headers, seconds, pids });
}

const rows: Row[] = [];
const bare = await startBareServer();
const sqlite = await startAdops(UNLIMITED);
const apart = await startAdops(UNLIMITED, { sandboxApart: true });
const database = await createTestDatabase('postgres');
const postgres = await startAdops({
  ...UNLIMITED,
  ADOPS_DATABASE_URL: database.url,
  // A file key is for SQLite only: on PostgreSQL every instance must be given the same keys.
  ADOPS_ENCRYPTION_KEYS: `bench=${randomBytes(32).toString('base64')}`,
});
try {
  const auth = (server: { key: string }) => ({ authorization: `Bearer ${server.key}` });
  const floor = await measure('bare Fastify, fixed envelope', execute(bare, 'x'), [bare.pid ?? 0]);
  rows.push({ result: floor });
  const usage = await measure(
    'get_usage_status (SQLite)',
    execute(sqlite, 'get_usage_status'),
    [sqlite.pid ?? 0],
    auth(sqlite),
  );
  rows.push({ result: usage, of: [{ baseline: floor, target: 0.5 }] });
  const discover = await measure(
    'discover_existing_assets (SQLite, sandbox in process)',
    execute(sqlite, 'discover_existing_assets'),
    [sqlite.pid ?? 0],
    auth(sqlite),
  );
  rows.push({ result: discover, of: [{ baseline: floor, target: 0.1 }], p99TargetMs: 150 });
  const pgUsage = await measure(
    'get_usage_status (PostgreSQL)',
    execute(postgres, 'get_usage_status'),
    [postgres.pid ?? 0],
    auth(postgres),
  );
  rows.push({ result: pgUsage, of: [{ baseline: floor, target: 0.35 }] });

  const mcp = await mcpRows(seconds);
  rows.push(
    { result: mcp.floor },
    { result: mcp.rest },
    {
      result: mcp.mcp,
      of: [
        { baseline: mcp.rest, target: TARGET_OF_REST },
        { baseline: mcp.floor, target: TARGET_OF_FLOOR },
      ],
    },
  );
  const oauth = await oauthRows(seconds);
  const [withKey, withToken] = oauth.rows;
  rows.push({ result: withKey }, { result: withToken, of: [{ baseline: withKey, target: oauth.target }] });

  printTable(
    rows.map((row) => row.result),
    floor,
  );
  // Last, the memory row: 2,000 billable calls at once, each waiting 5 s on the sandbox.
  const waiting = await waitingCalls();
  const waitingMet = waiting.peakRssMb <= TARGET_PEAK_MB && waiting.answered === waiting.calls;
  console.log(
    `${waiting.calls} calls waiting 5 s on the platform: ${waiting.answered} answered 200; peak RSS ` +
      `${waiting.peakRssMb} MB, ${waiting.baselineRssMb} MB after warm-up (target ≤ ${TARGET_PEAK_MB} MB, all ` +
      `answered: ${waitingMet ? 'met' : 'MISSED'})`,
  );
  for (const row of rows) if (row.of) console.log(`${row.result.name}: ${verdict(row)}`);

  // The billable read again, the sandbox served by a second process: the CPU of each, per call.
  const url = execute(apart, 'discover_existing_assets');
  await load({ name: 'warm-up', url, body, headers: auth(apart), seconds: 2 });
  const sandboxBefore = cpuMicros([apart.sandboxPid ?? 0]);
  const service = await load({
    name: 'discover_existing_assets, sandbox apart',
    url,
    body,
    headers: auth(apart),
    seconds,
    pids: [apart.pid ?? 0],
  });
  const sandboxCpu = Math.round((cpuMicros([apart.sandboxPid ?? 0]) - sandboxBefore) / service.requests);
  console.log(
    `\ndiscover_existing_assets with the sandbox in a process of its own: ${Math.round(service.requestsPerSecond)} ` +
      `req/s, p99 ${service.p99Ms} ms. CPU per call: the service (pipeline and Google Ads adapter) ` +
      `${service.cpuUsPerCall} µs, the sandbox (the emulated API, its checks and storage) ${sandboxCpu} µs.`,
  );
} finally {
  bare.stop();
  sqlite.stop();
  apart.stop();
  postgres.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.drop();
}
