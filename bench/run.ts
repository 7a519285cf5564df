// Load benchmark (issue 2): a bare Fastify route against get_usage_status through the whole pipeline
// (key check, quota read, audit row, log line) on SQLite with the per-key rate limit off, in one run.
// Usage: node bench/run.ts [seconds]   (default 10 s per scenario, 64 connections)
import { load, printTable } from './load.ts';
import { startAdops, startBareServer } from './servers.ts';

const seconds = Number(process.argv[2] ?? 10);
const path = '/api/v1/tools/get_usage_status/execute';
const body = '{"arguments":{}}';

const bare = await startBareServer();
const adops = await startAdops({ ADOPS_RATE_LIMIT_PER_SECOND: '0' });
try {
  const headers = { authorization: `Bearer ${adops.key}` };
  // Warm both up (JIT, SQLite page cache) before measuring.
  await load({ name: 'warm-up', url: bare.url + path, body, seconds: 2 });
  await load({ name: 'warm-up', url: adops.url + path, body, headers, seconds: 2 });

  const baseline = await load({ name: 'bare Fastify, fixed envelope', url: bare.url + path, body, seconds });
  const pipeline = await load({
    name: 'get_usage_status, full pipeline',
    url: adops.url + path,
    body,
    headers,
    seconds,
  });
  printTable([baseline, pipeline], baseline);
  const ratio = pipeline.requestsPerSecond / baseline.requestsPerSecond;
  console.log(JSON.stringify({ baseline, pipeline, ratio: Number(ratio.toFixed(3)), target: 0.7 }));
  if (pipeline.non2xx > 0 || pipeline.errors > 0)
    console.log('WARNING: the pipeline answered non-2xx or errors');
} finally {
  bare.stop();
  adops.stop();
}
