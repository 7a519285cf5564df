import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { ConfigError } from '../../src/config-error.ts';
import { tierLimit } from '../../src/quota.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { parsePrometheus, type Sample, sampleValue } from '../support/prometheus.ts';
import { RawConnection, requestHead } from '../support/raw-http.ts';
import { TestService } from '../support/service.ts';

const REDIS_URL = process.env.ADOPS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const UPDATE_EXAMPLE = ALL_TOOLS.find((tool) => tool.name === 'update_ad_headlines')?.example ?? {};

async function get(service: TestService, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${service.url}${path}`, { headers });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.startsWith('application/json');
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: isJson ? JSON.parse(text) : undefined,
  };
}

async function scrape(service: TestService, headers: Record<string, string> = {}): Promise<Sample[]> {
  const { status, headers: answered, text } = await get(service, '/metrics', headers);
  expect(status).toBe(200);
  expect(answered.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheus(text);
}

async function auditRows(service: TestService): Promise<number> {
  await service.services.audit.flush();
  const rows = await service.services.storage.db.selectFrom('audit_log').select('id').execute();
  return rows.length;
}

describe.each(TEST_DIALECTS)('health, readiness and metrics on %s', { timeout: 30_000 }, (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, { env: { ADOPS_UPSTREAM_RETRIES: '0' } });
  });
  afterAll(() => service.stop());

  it('answers /healthz and /readyz without a key and audits neither', async () => {
    const before = await auditRows(service);
    const health = await get(service, '/healthz');
    expect([health.status, health.body]).toEqual([200, { alive: true }]);
    const ready = await get(service, '/readyz');
    expect([ready.status, ready.body]).toEqual([
      200,
      { ready: true, checks: { database: 'ok', serving: 'ok' } },
    ]);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    await scrape(service);
    expect(await auditRows(service)).toBe(before);
  });

  it('counts a tool call, its latency and its platform requests after a real sandbox call', async () => {
    const owner = await service.createOwner('pro', ['search']);
    const found = await service.call('discover_existing_assets', {}, { key: owner.key });
    expect(found.status).toBe(200);
    const failed = await service.call(
      'update_ad_headlines',
      { ...UPDATE_EXAMPLE, ad_group_id: 'sandbox_server_error' },
      { key: owner.key },
    );
    expect([failed.status, failed.body.code]).toEqual([500, 'upstream_error']);
    const unknown = await service.call('no_such_tool', {}, { key: owner.key });
    expect(unknown.status).toBe(404);

    const samples = await scrape(service);
    const value = (name: string, labels: Record<string, string> = {}) => sampleValue(samples, name, labels);
    const discover = { tool: 'discover_existing_assets' };
    expect(value('adops_tool_calls_total', { ...discover, status: '200' })).toBe(1);
    expect(value('adops_tool_call_duration_seconds_count', discover)).toBe(1);
    expect(value('adops_tool_call_duration_seconds_sum', discover)).toBeGreaterThan(0);
    expect(value('adops_tool_call_duration_seconds_bucket', { ...discover, le: '+Inf' })).toBe(1);
    expect(value('adops_tool_calls_in_flight', discover)).toBe(0);
    expect(value('adops_tool_calls_total', { tool: 'update_ad_headlines', status: '500' })).toBe(1);
    // A name the caller made up is counted, under one label, so it cannot grow the series.
    expect(value('adops_tool_calls_total', { tool: 'unknown', status: '404' })).toBe(1);
    expect(samples.some((sample) => sample.labels.tool === 'no_such_tool')).toBe(false);

    const search = { platform: 'search', mode: 'sandbox' };
    expect(
      value('adops_upstream_request_duration_seconds_count', { ...search, outcome: 'ok' }),
    ).toBeGreaterThan(0);
    expect(value('adops_upstream_request_duration_seconds_count', { ...search, outcome: 'server' })).toBe(1);
    expect(value('adops_upstream_errors_total', { ...search, outcome: 'server' })).toBe(1);
    expect(value('adops_upstream_errors_total', { ...search, outcome: 'ok' })).toBeUndefined();

    expect(value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    if (dialect === 'postgres') {
      expect(value('adops_db_pool_max_connections')).toBe(10);
      expect(value('adops_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(value('adops_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(value('adops_db_pool_connections')).toBeUndefined();
    }
  });

  it('counts quota refusals and idempotency replays, repeats in flight, reuses and takeovers', async () => {
    const owner = await service.createOwner('free', ['search']);
    const { db } = service.services.storage;
    const period = service.services.clock.now().toISOString().slice(0, 7);
    const key = (value: string) => ({ key: owner.key, headers: { 'idempotency-key': value } });
    const first = '3f1c1c62-8d6f-4c1e-9d87-0a3f5f3a9b01';
    expect((await service.call('discover_existing_assets', {}, key(first))).status).toBe(200);
    expect((await service.call('discover_existing_assets', {}, key(first))).status).toBe(200);
    const reused = await service.call('discover_existing_assets', { asset_types: ['callouts'] }, key(first));
    expect(reused.body.code).toBe('idempotency_key_reused');
    // A claim whose holder died (its lease ran out) is taken over by the next repeat.
    const orphan = '3f1c1c62-8d6f-4c1e-9d87-0a3f5f3a9b02';
    expect((await service.call('discover_existing_assets', {}, key(orphan))).status).toBe(200);
    await db
      .updateTable('idempotency_records')
      .set({ outcome: null, lock_token: 'dead', locked_until: new Date(Date.now() + 60_000).toISOString() })
      .where('key', '=', orphan)
      .execute();
    expect((await service.call('discover_existing_assets', {}, key(orphan))).status).toBe(409);
    await db
      .updateTable('idempotency_records')
      .set({ locked_until: '2000-01-01T00:00:00.000Z' })
      .where('key', '=', orphan)
      .execute();
    expect((await service.call('discover_existing_assets', {}, key(orphan))).status).toBe(200);
    // Used up, then the last units held by a running call.
    const limit = tierLimit(service.services.config, 'free');
    await db.updateTable('quota_usage').set({ used: limit }).where('user_id', '=', owner.userId).execute();
    expect((await service.call('discover_existing_assets', {}, { key: owner.key })).status).toBe(402);
    await db
      .updateTable('quota_usage')
      .set({ used: limit - 1, held: 1 })
      .where('user_id', '=', owner.userId)
      .where('period', '=', period)
      .execute();
    await db
      .insertInto('quota_holds')
      .values({
        id: 'hold_live',
        user_id: owner.userId,
        period,
        lease_until: '2999-01-01T00:00:00.000Z',
        created_at: period,
      })
      .execute();
    expect((await service.call('discover_existing_assets', {}, { key: owner.key })).body.code).toBe(
      'quota_in_flight',
    );

    const samples = await scrape(service);
    const value = (name: string, labels: Record<string, string>) => sampleValue(samples, name, labels);
    expect(value('adops_idempotency_events_total', { event: 'replay' })).toBe(1);
    expect(value('adops_idempotency_events_total', { event: 'mismatch' })).toBe(1);
    expect(value('adops_idempotency_events_total', { event: 'in_flight' })).toBe(1);
    expect(value('adops_idempotency_events_total', { event: 'takeover' })).toBe(1);
    expect(value('adops_quota_refusals_total', { reason: 'exhausted' })).toBe(1);
    expect(value('adops_quota_refusals_total', { reason: 'in_flight' })).toBe(1);
  });

  it('stays alive but not ready while it drains', async () => {
    const draining = await TestService.start(dialect, { database: service.database });
    // Requests half-sent before the stop: their connections are busy, so the drain answers them.
    const connections = await Promise.all(
      ['/readyz', '/healthz', '/metrics'].map(async (path) => {
        const connection = await RawConnection.open(draining.url);
        connection.write(requestHead('GET', path));
        return connection;
      }),
    );
    // Time for the bytes to arrive: a connection the server has read nothing from is idle, and closed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = draining.server.close();
    expect(draining.services.runtime.draining).toBe(true);
    for (const connection of connections) connection.write('\r\n');
    const [ready, health, metrics] = await Promise.all(connections.map((c) => c.response()));
    expect(ready?.status).toBe(503);
    expect(JSON.parse(ready?.body ?? '')).toEqual({
      ready: false,
      failed: ['serving'],
      checks: { database: 'ok', serving: 'draining' },
    });
    expect([health?.status, health?.body]).toEqual([200, '{"alive":true}']);
    expect(metrics?.status).toBe(200);
    for (const answer of [ready, health, metrics]) expect(answer?.headers.connection).toBe('close');
    await stopped;
  });
});

describe.runIf(TEST_DIALECTS.includes('postgres'))('readiness without the database', () => {
  it('answers 503 naming the database once its PostgreSQL database is gone, and logs it once', async () => {
    const service = await TestService.start('postgres');
    try {
      expect((await get(service, '/readyz')).status).toBe(200);
      await service.database.drop();
      for (let probe = 0; probe < 2; probe++) {
        const ready = await get(service, '/readyz');
        expect(ready.status).toBe(503);
        expect(ready.body).toEqual({
          ready: false,
          failed: ['database'],
          checks: { database: 'failed', serving: 'ok' },
        });
      }
      expect((await get(service, '/healthz')).status).toBe(200);
      const failing = service.logLines.filter((line) => line.includes('readiness check failing'));
      expect(failing).toHaveLength(1);
      expect(failing[0]).toContain('"check":"database"');
    } finally {
      await service.stop();
    }
  });
});

describe.runIf(REDIS_URL !== 'off')('readiness with the shared rate limit in Redis', () => {
  const limit = { ADOPS_RATE_LIMIT_PER_SECOND: '5', ADOPS_RATE_LIMIT_BURST: '5' };

  it('checks Redis when the rate limit uses it', async () => {
    const service = await TestService.start('sqlite', { env: { ...limit, ADOPS_REDIS_URL: REDIS_URL } });
    try {
      const ready = await get(service, '/readyz');
      expect([ready.status, ready.body.checks]).toEqual([
        200,
        { database: 'ok', redis: 'ok', serving: 'ok' },
      ]);
    } finally {
      await service.stop();
    }
  });

  it('answers 503 naming Redis when it cannot be reached', async () => {
    const service = await TestService.start('sqlite', {
      env: { ...limit, ADOPS_REDIS_URL: 'redis://127.0.0.1:1' },
    });
    try {
      const ready = await get(service, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.failed).toEqual(['redis']);
      expect(['failed', 'timeout']).toContain(ready.body.checks.redis);
    } finally {
      await service.stop();
    }
  });
});

describe('the /metrics switches', () => {
  let guarded: TestService;
  let off: TestService;

  beforeAll(async () => {
    guarded = await TestService.start('sqlite', { env: { ADOPS_METRICS_TOKEN: METRICS_TOKEN } });
    off = await TestService.start('sqlite', { env: { ADOPS_METRICS: 'off' } });
  });
  afterAll(async () => {
    await guarded.stop();
    await off.stop();
  });

  it('serves the metrics only with the token, as the 401 envelope otherwise', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: METRICS_TOKEN },
    ];
    for (const headers of attempts) {
      const refused = await get(guarded, '/metrics', headers);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({
        success: false,
        is_error: true,
        code: 'unauthenticated',
        tool: '',
      });
      expect(refused.body.error).toContain('ADOPS_METRICS_TOKEN');
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
    const samples = await scrape(guarded, { authorization: `Bearer ${METRICS_TOKEN}` });
    // A registry per service: the calls of the other services in this process are not counted here.
    expect(sampleValue(samples, 'adops_tool_calls_total')).toBeUndefined();
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect((await get(guarded, '/healthz')).status).toBe(200);
    expect((await get(guarded, '/readyz')).status).toBe(200);
  });

  it('answers 404 for /metrics when turned off', async () => {
    const missing = await get(off, '/metrics');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'not_found' });
    expect((await get(off, '/healthz')).status).toBe(200);
  });

  it('refuses a short token and an unknown switch at start', () => {
    expect(() => loadConfig({ ADOPS_METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADOPS_METRICS_TOKEN: 'short' })).toThrow(
      /ADOPS_METRICS_TOKEN: must be at least 16/,
    );
    expect(() => loadConfig({ ADOPS_METRICS: 'yes' })).toThrow(/ADOPS_METRICS/);
    expect(loadConfig({}).metrics).toEqual({ enabled: true, token: undefined });
    expect(loadConfig({}).shutdownGraceMs).toBe(25_000);
  });
});
