// MCP benchmark (issues 5 and 25): get_usage_status as an MCP tools/call on POST /mcp (stateless
// Streamable HTTP: a server and a transport per request, the answer as an SSE event) beside the same
// call on the REST door, against one `adops serve` on SQLite with the per-key rate limit off, and the
// same tools/call on a bare MCP SDK server answering a fixed result (the floor), in one run.
// Usage: node bench/mcp.ts [seconds]   (default 10 s per scenario, 64 connections)
import { type LoadResult, load, printTable } from './load.ts';
import { type BenchServer, startAdops, startBareMcpServer } from './servers.ts';

const restPath = '/api/v1/tools/get_usage_status/execute';
const restBody = '{"arguments":{}}';
const mcpBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_usage_status', arguments: {} },
});
// The SDK's transport answers 406 unless the client accepts both a JSON answer and an event stream.
const mcpAccept = 'application/json, text/event-stream';

/** Targets of issue 25: MCP against REST, and MCP against the bare SDK server. */
export const TARGET_OF_REST = 0.6;
export const TARGET_OF_FLOOR = 0.8;

/** One call first, so a broken setup shows as a message rather than as fast error answers. */
async function probeMcp(url: string, headers: Record<string, string>, expected: string): Promise<void> {
  const probe = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { ...headers, accept: mcpAccept, 'content-type': 'application/json' },
    body: mcpBody,
  });
  const text = await probe.text();
  if (probe.status !== 200 || !text.includes(expected))
    throw new Error(`MCP tools/call on ${url} did not answer as expected: ${probe.status} ${text}`);
}

export interface McpRows {
  floor: LoadResult;
  rest: LoadResult;
  mcp: LoadResult;
}

/**
 * The floor, REST and MCP rows in one run, each with its server's CPU per call; ratios against
 * TARGET_OF_REST and TARGET_OF_FLOOR.
 */
export async function mcpRows(seconds: number): Promise<McpRows> {
  const floor = await startBareMcpServer();
  const adops = await startAdops({ ADOPS_RATE_LIMIT_PER_SECOND: '0' });
  try {
    const auth = { authorization: `Bearer ${adops.key}` };
    const mcpHeaders = { ...auth, accept: mcpAccept };
    await probeMcp(floor.url, {}, 'tool calls used');
    await probeMcp(adops.url, auth, 'tool calls used');

    const floorTarget = { url: `${floor.url}/mcp`, body: mcpBody, headers: { accept: mcpAccept } };
    const restTarget = { url: adops.url + restPath, body: restBody, headers: auth };
    const mcpTarget = { url: `${adops.url}/mcp`, body: mcpBody, headers: mcpHeaders };
    // Long enough for the code to be compiled and the heap to reach its working size: an MCP call costs
    // half again as much CPU in its first few seconds as after.
    for (const target of [floorTarget, restTarget, mcpTarget])
      await load({ name: 'warm-up', ...target, seconds: 5 });
    const measured = (
      server: BenchServer,
      name: string,
      target: { url: string; body: string; headers: Record<string, string> },
    ) => load({ name, ...target, seconds, pids: [server.pid ?? 0] });
    return {
      floor: await measured(floor, 'bare MCP SDK server (floor)', floorTarget),
      rest: await measured(adops, 'REST get_usage_status', restTarget),
      mcp: await measured(adops, 'MCP tools/call get_usage_status', mcpTarget),
    };
  } finally {
    adops.stop();
    floor.stop();
  }
}

if (import.meta.main) {
  const { floor, rest, mcp } = await mcpRows(Number(process.argv[2] ?? 10));
  printTable([floor, rest, mcp], floor);
  const ofRest = mcp.requestsPerSecond / rest.requestsPerSecond;
  const ofFloor = mcp.requestsPerSecond / floor.requestsPerSecond;
  const verdict = (ratio: number, target: number) => (ratio >= target ? 'met' : 'NOT met');
  console.log(
    `MCP / REST:  ${ofRest.toFixed(2)} (target ≥ ${TARGET_OF_REST}: ${verdict(ofRest, TARGET_OF_REST)})`,
  );
  console.log(
    `MCP / floor: ${ofFloor.toFixed(2)} (target ≥ ${TARGET_OF_FLOOR}: ${verdict(ofFloor, TARGET_OF_FLOOR)})`,
  );
  // What the MCP door adds to the same call on REST, in CPU per call: the figure the door's own
  // changes move, whatever the REST path costs.
  if (mcp.cpuUsPerCall !== undefined && rest.cpuUsPerCall !== undefined)
    console.log(`MCP door's CPU above REST: ${mcp.cpuUsPerCall - rest.cpuUsPerCall} µs a call`);
  if ([floor, rest, mcp].some((row) => row.non2xx > 0 || row.errors > 0))
    console.log('WARNING: non-2xx answers or errors');
}
