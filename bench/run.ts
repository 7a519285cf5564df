// Load benchmark: a bare Fastify route as the baseline, against tools through the whole pipeline of
// `adops serve` on SQLite (key check, quota, audit row, log line; the per-key rate limit off), in one run:
// get_usage_status (issue 2, target ratio 0.7) and discover_existing_assets, billable, through the
// search adapter and its sandbox over loopback HTTP (issue 4, target ratio 0.35).
// Usage: node bench/run.ts [seconds]   (default 10 s per scenario, 64 connections)
import { type LoadResult, load, printTable } from './load.ts';
import { startAdops, startBareServer } from './servers.ts';

const seconds = Number(process.argv[2] ?? 10);
const execute = (tool: string) => `/api/v1/tools/${tool}/execute`;
const body = '{"arguments":{}}';
const targets: Record<string, number> = { get_usage_status: 0.7, discover_existing_assets: 0.35 };

const bare = await startBareServer();
const adops = await startAdops({
  ADOPS_RATE_LIMIT_PER_SECOND: '0',
  ADOPS_TIER_LIMITS: 'free=1000000000,plus=1000000000,pro=1000000000,max=1000000000',
});
try {
  const headers = { authorization: `Bearer ${adops.key}` };
  // Warm up (JIT, SQLite page cache) before measuring.
  await load({ name: 'warm-up', url: bare.url + execute('get_usage_status'), body, seconds: 2 });
  for (const tool of Object.keys(targets)) {
    await load({ name: 'warm-up', url: adops.url + execute(tool), body, headers, seconds: 2 });
  }
  const baseline = await load({
    name: 'bare Fastify, fixed envelope',
    url: bare.url + execute('x'),
    body,
    seconds,
  });
  const results: LoadResult[] = [baseline];
  for (const tool of Object.keys(targets)) {
    results.push(await load({ name: tool, url: adops.url + execute(tool), body, headers, seconds }));
  }
  printTable(results, baseline);
  for (const result of results.slice(1)) {
    const ratio = result.requestsPerSecond / baseline.requestsPerSecond;
    console.log(
      JSON.stringify({
        scenario: result.name,
        ...result,
        ratio: Number(ratio.toFixed(3)),
        target: targets[result.name],
      }),
    );
    if (result.non2xx > 0 || result.errors > 0)
      console.log(`WARNING: ${result.name} answered non-2xx or errors`);
  }
} finally {
  bare.stop();
  adops.stop();
}
