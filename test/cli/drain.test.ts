import { connect } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/storage/database.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { adops, adopsServe, type ServeProcess } from '../support/cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { parsePrometheus, sampleValue } from '../support/prometheus.ts';
import { RawConnection, requestHead } from '../support/raw-http.ts';
import { TEST_ENCRYPTION_KEYS } from '../support/service.ts';

// A multi-step create (campaign group, campaign, creative) through the network sandbox: each step is a
// request of the service to its own sandbox, so a drain that refused those would fail the calls.
const TOOL = 'create_network_text_campaign';
const EXAMPLE = ALL_TOOLS.find((tool) => tool.name === TOOL)?.example;

interface Ended {
  status?: number;
  connection?: string | undefined;
  error?: string;
  at: number;
}

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function inFlight(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return sampleValue(parsePrometheus(text), 'adops_tool_calls_in_flight', { tool: TOOL }) ?? 0;
}

describe.each(TEST_DIALECTS)('a drain of adops serve on %s', { timeout: 60_000 }, (dialect) => {
  let database: TestDatabase;
  let key: string;
  let env: Record<string, string>;
  const agent = new Agent({ keepAliveTimeout: 60_000 });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    env = {
      ADOPS_DATABASE_URL: database.url,
      ADOPS_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
      ADOPS_TIER_LIMITS: 'free=1000,plus=1000,pro=1000,max=1000',
      ADOPS_RATE_LIMIT_PER_SECOND: '0',
    };
    expect((await adops(['users', 'create', '--email', 'drain@example.com'], env)).code).toBe(0);
    const added = await adops(
      ['accounts', 'add', '--email', 'drain@example.com', '--platform', 'network'],
      env,
    );
    expect(added.code).toBe(0);
    key = (await adops(['keys', 'create', '--email', 'drain@example.com'], env)).json.key;
  });
  afterAll(async () => {
    await agent.close();
    await database.drop();
  });

  /** Starts `count` calls over kept-alive connections and resolves once all of them run in the pipeline. */
  async function startCalls(server: ServeProcess, count: number, started: number): Promise<Promise<Ended>[]> {
    const calls = Array.from({ length: count }, async (): Promise<Ended> => {
      try {
        const response = await request(`${server.url}/api/v1/tools/${TOOL}/execute`, {
          method: 'POST',
          dispatcher: agent,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ arguments: EXAMPLE }),
        });
        await response.body.dump();
        const connection = String(response.headers.connection);
        return { status: response.statusCode, connection, at: performance.now() - started };
      } catch (error) {
        return { error: String((error as { code?: string }).code ?? error), at: performance.now() - started };
      }
    });
    await waitFor(async () => (await inFlight(server.url)) === count, `${count} calls in flight`);
    return calls;
  }

  function exitOf(server: ServeProcess, started: number): Promise<{ code: number | null; at: number }> {
    return new Promise((resolve) =>
      server.child.once('exit', (code) => resolve({ code, at: performance.now() - started })),
    );
  }

  it('finishes the calls in flight, turns new requests away, then exits 0', async () => {
    const calls = 24;
    const server = await adopsServe([], {
      ...env,
      ADOPS_SANDBOX_LATENCY_MS: '300',
      ADOPS_SHUTDOWN_GRACE_MS: '10000',
    });
    const started = performance.now();
    const exited = exitOf(server, started);

    // A kept-alive connection with the next request half-sent when the signal comes.
    const kept = await RawConnection.open(server.url);
    kept.write(`${requestHead('GET', '/healthz')}\r\n`);
    expect((await kept.response()).status).toBe(200);
    const body = '{"arguments":{}}';
    kept.write(
      requestHead('POST', '/api/v1/tools/get_usage_status/execute', {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
      }),
    );

    const running = await startCalls(server, calls, started);
    server.child.kill('SIGTERM');
    const signalled = performance.now() - started;

    await waitFor(() => refusesConnections(server.url), 'the listener to refuse connections', 2_000);
    kept.write(`\r\n${body}`);
    const refused = await kept.response();
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused.body)).toMatchObject({
      success: false,
      is_error: true,
      code: 'service_unavailable',
      tool: 'get_usage_status',
    });
    await kept.closed;

    const ended = await Promise.all(running);
    expect(ended.map((call) => call.status ?? call.error)).toEqual(Array(calls).fill(200));
    // Their connections close after the answer instead of lingering until the keep-alive timeout.
    expect(ended.map((call) => call.connection)).toEqual(Array(calls).fill('close'));
    const lastEnd = Math.max(...ended.map((call) => call.at));
    expect(lastEnd).toBeGreaterThan(signalled);

    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.at - lastEnd).toBeLessThan(1_500);

    // The audit rows of the drained calls were flushed before the exit.
    const storage = openStorage(database.url);
    try {
      const rows = await storage.db.selectFrom('audit_log').select(['tool', 'status', 'code']).execute();
      expect(rows.filter((row) => row.tool === TOOL && row.status === 200)).toHaveLength(calls);
      expect(rows.filter((row) => row.code === 'service_unavailable')).toEqual([
        { tool: 'get_usage_status', status: 503, code: 'service_unavailable' },
      ]);
    } finally {
      await storage.close();
    }
  });

  it('exits at the end of the grace period when calls outlast it', async () => {
    const graceMs = 800;
    const server = await adopsServe([], {
      ...env,
      ADOPS_SANDBOX_LATENCY_MS: '2000',
      ADOPS_SHUTDOWN_GRACE_MS: String(graceMs),
    });
    const started = performance.now();
    const exited = exitOf(server, started);
    const running = await startCalls(server, 5, started);
    server.child.kill('SIGTERM');
    const signalled = performance.now() - started;

    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeGreaterThanOrEqual(graceMs - 50);
    expect(exit.at - signalled).toBeLessThan(graceMs + 1_500);
    const ended = await Promise.all(running);
    for (const call of ended) expect(call.status).toBeUndefined();
  });
});
