import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { probeTool } from '../support/fixture-tools.ts';
import { type Owner, TestService } from '../support/service.ts';

// Real time and a one-second lease: the heartbeat, not a test clock, keeps a long call's claims.
describe.each(TEST_DIALECTS)('the lease of a running call on %s', (dialect) => {
  const probe = probeTool('test_probe');
  let service: TestService;
  let owner: Owner;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: { ADOPS_CALL_LEASE_SECONDS: '1' },
      extraTools: [probe.tool],
    });
    owner = await service.createOwner('pro');
  });
  afterAll(() => service.stop());

  const withKey = (key: string) => ({ key: owner.key, headers: { 'idempotency-key': key } });

  it('never runs a call twice however long it outlives its lease, and never lets its quota unit go', async () => {
    const key = randomUUID();
    const runs = probe.runs();
    const started = Date.now();
    const first = service.call('test_probe', { tag: 'long', delay_ms: 3500 }, withKey(key));
    const repeats = [];
    for (const at of [1200, 2400, 3000]) {
      await sleep(at - (Date.now() - started));
      repeats.push(await service.call('test_probe', { tag: 'long', delay_ms: 3500 }, withKey(key)));
      // Past a whole lease, the heartbeat still holds the unit: no sweep may give it back.
      const holds = await service.services.storage.db
        .selectFrom('quota_holds')
        .select('lease_until')
        .where('user_id', '=', owner.userId)
        .execute();
      expect(holds).toHaveLength(1);
      expect(Date.parse(holds[0]?.lease_until ?? '')).toBeGreaterThan(Date.now());
    }
    for (const repeat of repeats) {
      expect(repeat.status).toBe(409);
      expect(repeat.body.code).toBe('idempotency_key_in_flight');
      expect(Number(repeat.headers.get('retry-after'))).toBe(1);
    }
    const done = await first;
    expect(done.status).toBe(200);
    expect(probe.runs()).toBe(runs + 1);
    const replay = await service.call('test_probe', { tag: 'long', delay_ms: 3500 }, withKey(key));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(done.body);
    expect(probe.runs()).toBe(runs + 1);
  });

  it('lets a retry take over a claim whose holder stopped renewing it, within a lease', async () => {
    const key = randomUUID();
    const { db } = service.services.storage;
    // The claim of an instance that died a moment ago: its lease runs one more second, then lapses.
    await service.call('test_probe', { tag: 'orphan' }, withKey(key));
    await db
      .updateTable('idempotency_records')
      .set({
        outcome: null,
        lock_token: 'dead-instance',
        locked_until: new Date(Date.now() + 1000).toISOString(),
      })
      .where('user_id', '=', owner.userId)
      .where('key', '=', key)
      .execute();
    const runs = probe.runs();
    const started = Date.now();
    let answer = await service.call('test_probe', { tag: 'orphan' }, withKey(key));
    expect(answer.status).toBe(409);
    while (answer.status === 409) {
      await sleep(Number(answer.headers.get('retry-after')) * 1000);
      answer = await service.call('test_probe', { tag: 'orphan' }, withKey(key));
    }
    expect(answer.status).toBe(200);
    expect(answer.headers.get('idempotent-replayed')).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(probe.runs()).toBe(runs + 1);
  });
});
