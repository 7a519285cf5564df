import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../src/storage/audit.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { probeTool } from '../support/fixture-tools.ts';
import { type Owner, TestService } from '../support/service.ts';

describe.each(TEST_DIALECTS)('audit rows and logs on %s', (dialect) => {
  const probe = probeTool('test_probe');
  let service: TestService;
  let owner: Owner;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: { ADOPS_TIER_LIMITS: 'free=1,plus=2,pro=3,max=4' },
      extraTools: [probe.tool],
    });
    owner = await service.createOwner('free');
  });
  afterAll(() => service.stop());

  it('writes one row per call, failed ones included', async () => {
    const key = randomUUID();
    const calls = [
      await service.call(
        'test_probe',
        { tag: 'campaign' },
        { key: owner.key, headers: { 'idempotency-key': key } },
      ),
      await service.call(
        'test_probe',
        { tag: 'campaign' },
        { key: owner.key, headers: { 'idempotency-key': key } },
      ),
      await service.call('test_probe', { tag: 'again' }, { key: owner.key }),
      await service.call('test_probe', { delay_ms: 'soon' }, { key: owner.key }),
      await service.call('no_such_tool', {}, { key: owner.key }),
      await service.call('get_usage_status', {}, { key: owner.key }),
    ];
    expect(calls.map((c) => c.status)).toEqual([200, 200, 402, 400, 404, 200]);
    await service.services.audit.flush();
    const rows = (await listAuditEntries(service.services.storage.db, owner.userId)).reverse();
    const byRequest = new Map(rows.map((row) => [row.request_id, row]));
    // A replay's body is the first call's, request_id included; its own id is in the header.
    const ids = calls.map((c) => c.headers.get('x-request-id'));
    expect(calls[1]?.body.request_id).toBe(ids[0]);
    const [paid, replay, refused, invalid, unknown, exempt] = ids.map((id) => byRequest.get(id ?? ''));
    expect(paid).toMatchObject({
      tool: 'test_probe',
      status: 200,
      billable: 1,
      replayed: 0,
      api_key_id: owner.keyId,
    });
    expect(paid?.fingerprint).toMatch(/^v2:[0-9a-f]{64}$/);
    expect(replay).toMatchObject({ status: 200, billable: 0, replayed: 1, fingerprint: paid?.fingerprint });
    expect(refused).toMatchObject({ status: 402, code: 'quota_exceeded', billable: 0 });
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_arguments' });
    expect(unknown).toMatchObject({ tool: 'no_such_tool', status: 404, code: 'tool_not_found' });
    expect(exempt).toMatchObject({ tool: 'get_usage_status', status: 200, billable: 0 });
    for (const row of [paid, replay, refused, invalid, unknown, exempt]) {
      expect(row?.latency_ms).toBeGreaterThanOrEqual(0);
      expect(row?.user_id).toBe(owner.userId);
    }
  });

  it('writes a row for calls turned away at the door', async () => {
    const missingKey = await service.call('get_usage_status', {});
    const badBody = await service.post('/api/v1/tools/get_usage_status/execute', '{', {
      'content-type': 'application/json',
    });
    await service.services.audit.flush();
    const rows = await service.services.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', 'in', [missingKey.body.request_id, badBody.body.request_id])
      .execute();
    expect(rows.map((r) => [r.status, r.code, r.user_id]).sort()).toEqual([
      [400, 'invalid_body', null],
      [401, 'unauthenticated', null],
    ]);
  });

  it('logs request_id, tool, status and latency, and never a key or Authorization header', async () => {
    const spender = await service.createOwner('max');
    const result = await service.call('test_probe', { outcome: 'crash' }, { key: spender.key });
    await service.call('get_usage_status', {}, { headers: { authorization: `Bearer ${owner.key}x` } });
    await service.call('get_usage_status', {}, { headers: { authorization: 'Bearer sk_live_tooshort' } });
    const lines = service.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = lines.find(
      (l) => l.request_id === result.body.request_id && l.msg === 'request completed',
    );
    expect(completed).toMatchObject({
      tool: 'test_probe',
      status: 500,
      code: 'internal_error',
      method: 'POST',
    });
    expect(typeof completed?.latency_ms).toBe('number');
    const crash = lines.find(
      (l) => l.request_id === result.body.request_id && l.msg === 'tool call failed unexpectedly',
    );
    expect(JSON.stringify(crash)).toContain('boom');
    expect(result.body.error).toBe(
      'Internal error: TypeError. The details are logged under this request_id; report it to support.',
    );
    const everything = service.logLines.join('\n');
    for (const key of [owner.key, spender.key]) {
      expect(everything).not.toContain(key);
      expect(everything).not.toContain(key.slice(8, 30));
    }
    expect(everything).not.toContain('sk_live_tooshort');
    expect(everything.toLowerCase()).not.toContain('authorization');
    expect(everything).not.toContain('Bearer');
  });
});
