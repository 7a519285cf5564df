// MCP benchmark (issue 5): get_usage_status as an MCP tools/call on POST /mcp (stateless Streamable
// HTTP: a server and a transport per request, the answer as an SSE event) beside the same call on the
// REST door, against one `adops serve` on SQLite with the per-key rate limit off, in one run.
// Usage: node bench/mcp.ts [seconds]   (default 10 s per scenario, 64 connections)
import { load, printTable } from './load.ts';
import { startAdops } from './servers.ts';

const seconds = Number(process.argv[2] ?? 10);
const restPath = '/api/v1/tools/get_usage_status/execute';
const restBody = '{"arguments":{}}';
const mcpBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_usage_status', arguments: {} },
});
// The transport answers 406 unless the client accepts both a JSON answer and an event stream.
const mcpAccept = 'application/json, text/event-stream';

const adops = await startAdops({ ADOPS_RATE_LIMIT_PER_SECOND: '0' });
try {
  const auth = { authorization: `Bearer ${adops.key}` };
  const mcpHeaders = { ...auth, accept: mcpAccept };

  // One call each first, so a broken setup shows as a message rather than as fast error answers.
  const probe = await fetch(`${adops.url}/mcp`, {
    method: 'POST',
    headers: { ...mcpHeaders, 'content-type': 'application/json' },
    body: mcpBody,
  });
  const probeText = await probe.text();
  if (probe.status !== 200 || !probeText.includes('tool calls used'))
    throw new Error(`MCP tools/call did not answer as expected: ${probe.status} ${probeText}`);

  await load({ name: 'warm-up', url: adops.url + restPath, body: restBody, headers: auth, seconds: 2 });
  await load({ name: 'warm-up', url: `${adops.url}/mcp`, body: mcpBody, headers: mcpHeaders, seconds: 2 });

  const rest = await load({
    name: 'REST get_usage_status',
    url: adops.url + restPath,
    body: restBody,
    headers: auth,
    seconds,
  });
  const mcp = await load({
    name: 'MCP tools/call get_usage_status',
    url: `${adops.url}/mcp`,
    body: mcpBody,
    headers: mcpHeaders,
    seconds,
  });
  printTable([rest, mcp], rest);
  const ratio = mcp.requestsPerSecond / rest.requestsPerSecond;
  console.log(JSON.stringify({ rest, mcp, ratio: Number(ratio.toFixed(3)) }));
  if (mcp.non2xx > 0 || mcp.errors > 0 || rest.non2xx > 0 || rest.errors > 0)
    console.log('WARNING: non-2xx answers or errors');
} finally {
  adops.stop();
}
