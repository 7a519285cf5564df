import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../src/owners/add-account.ts';
import { holdIdOfClaim } from '../../src/pipeline/quota-hold.ts';
import { disconnect } from '../../src/platforms/oauth-flow.ts';
import { tierLimit } from '../../src/quota.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { claimIdempotencyKey } from '../../src/storage/idempotency.ts';
import { quotaUsage } from '../../src/storage/quota.ts';
import { findUserById, setUserTier } from '../../src/storage/users.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { probeTool } from '../support/fixture-tools.ts';
import { type Owner, TestService } from '../support/service.ts';

describe.each(TEST_DIALECTS)('idempotency on %s', (dialect) => {
  const probe = probeTool('test_probe');
  const other = probeTool('test_other');
  const onAccount = probeTool('test_on_account', 'social');
  const clock = new TestClock();
  let service: TestService;
  let owner: Owner;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      clock,
      extraTools: [probe.tool, other.tool, onAccount.tool],
    });
    owner = await service.createOwner('pro');
  });
  afterAll(() => service.stop());

  const withKey = (key: string, headers: Record<string, string> = {}) => ({
    key: owner.key,
    headers: { 'idempotency-key': key, ...headers },
  });
  const used = async (who: Owner = owner) =>
    (await service.call('get_usage_status', {}, { key: who.key })).body.data.quota.used as number;

  it('replays the recorded status and body without running again or using quota', async () => {
    const key = randomUUID();
    const runsBefore = probe.runs();
    const first = await service.call('test_probe', { tag: 'replay' }, withKey(key));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const usedAfterFirst = await used();
    const second = await service.call('test_probe', { tag: 'replay' }, withKey(key));
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(probe.runs()).toBe(runsBefore + 1);
    expect(await used()).toBe(usedAfterFirst);
  });

  it('accepts the key as a quoted structured-field string and in any case', async () => {
    const key = randomUUID();
    const first = await service.call('test_probe', { tag: 'quoted' }, withKey(`"${key}"`));
    const second = await service.call('test_probe', { tag: 'quoted' }, withKey(key.toUpperCase()));
    expect(first.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses the same key with other arguments or another tool with 422', async () => {
    const key = randomUUID();
    await service.call('test_probe', { tag: 'a' }, withKey(key));
    const runs = probe.runs();
    const otherArgs = await service.call('test_probe', { tag: 'b' }, withKey(key));
    expect(otherArgs.status).toBe(422);
    expect(otherArgs.body.code).toBe('idempotency_key_reused');
    const otherTool = await service.call('test_other', { tag: 'a' }, withKey(key));
    expect(otherTool.status).toBe(422);
    expect(probe.runs()).toBe(runs);
  });

  it('answers 409 while the first request runs, and runs the handler once', async () => {
    const key = randomUUID();
    const runs = probe.runs();
    const first = service.call('test_probe', { tag: 'slow', delay_ms: 800 }, withKey(key));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during = await service.call('test_probe', { tag: 'slow', delay_ms: 800 }, withKey(key));
    expect(during.status).toBe(409);
    expect(during.body.code).toBe('idempotency_key_in_flight');
    expect((await first).status).toBe(200);
    const after = await service.call('test_probe', { tag: 'slow', delay_ms: 800 }, withKey(key));
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(probe.runs()).toBe(runs + 1);
  });

  it('keeps keys apart between owners: the same key, tool and arguments run once for each owner', async () => {
    const key = randomUUID();
    const bob = await service.createOwner('pro');
    const asBob = { key: bob.key, headers: { 'idempotency-key': key } };
    // No account and the same arguments: the two calls have the same fingerprint, only the owner differs.
    const args = { tag: 'shared' };
    const runs = probe.runs();
    const ann = await service.call('test_probe', args, withKey(key));
    const bobs = await service.call('test_probe', args, asBob);
    expect(ann.status).toBe(200);
    expect(bobs.status).toBe(200);
    expect(bobs.headers.get('idempotent-replayed')).toBeNull();
    expect(probe.runs()).toBe(runs + 2);
    expect(bobs.body.request_id).not.toBe(ann.body.request_id);
    expect(bobs.body.data.structured.run).not.toBe(ann.body.data.structured.run);

    // Each owner's repeat replays that owner's own outcome, whichever record was written first.
    const annAgain = await service.call('test_probe', args, withKey(key));
    const bobAgain = await service.call('test_probe', args, asBob);
    expect(annAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(bobAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(annAgain.body).toEqual(ann.body);
    expect(bobAgain.body).toEqual(bobs.body);
    expect(probe.runs()).toBe(runs + 2);
    expect(await used(bob)).toBe(1);
  });

  it('refuses the same key and arguments resolved to another account with 422, never replaying', async () => {
    const ann = await service.createOwner('pro', ['social']);
    const user = await findUserById(service.services.storage.db, ann.userId);
    if (!user) throw new Error('owner vanished');
    const accountsOf = () => listAdAccounts(service.services.storage.db, ann.userId, 'social');
    const asAnn = (key: string) => ({ key: ann.key, headers: { 'idempotency-key': key } });

    // The owner's only account is replaced: `{}` now resolves to the new one.
    const key = randomUUID();
    const [first] = await accountsOf();
    const ran = await service.call('test_on_account', { tag: 'x' }, asAnn(key));
    expect(ran.status).toBe(200);
    expect(ran.body.data.structured.account_id).toBe(first?.account_id);
    expect(await disconnect(service.services, ann.userId, first?.connection_id ?? '')).toBe(true);
    const second = await addAccount(service.services, user, { platform: 'social' });
    const runs = onAccount.runs();
    const elsewhere = await service.call('test_on_account', { tag: 'x' }, asAnn(key));
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.code).toBe('idempotency_key_reused');
    expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
    expect(onAccount.runs()).toBe(runs);

    // The implicit account first, then another account named explicitly, under the same key.
    const implicitKey = randomUUID();
    const implicit = await service.call('test_on_account', { tag: 'y' }, asAnn(implicitKey));
    expect(implicit.body.data.structured.account_id).toBe(second.account_id);
    const third = await addAccount(service.services, user, { platform: 'social' });
    const named = await service.call(
      'test_on_account',
      { tag: 'y', ad_account_id: third.account_id },
      asAnn(implicitKey),
    );
    expect(named.status).toBe(422);
    expect(named.body.code).toBe('idempotency_key_reused');
    expect(onAccount.runs()).toBe(runs + 1);
  });

  it('rejects a malformed key with 400 before running anything', async () => {
    const runs = probe.runs();
    for (const bad of ['123', 'not-a-uuid', `${randomUUID()}x`, '""']) {
      const result = await service.call('test_probe', {}, withKey(bad));
      expect(result.status).toBe(400);
      expect(result.body.code).toBe('invalid_idempotency_key');
      expect(result.body.error).toContain('UUID');
    }
    expect(probe.runs()).toBe(runs);
  });

  // ChatGPT Actions and other clients that cannot send headers put the key in the body.
  const withBodyKey = (args: unknown, key: unknown, headers: Record<string, string> = {}) =>
    service.post(
      '/api/v1/tools/test_probe/execute',
      JSON.stringify({ arguments: args, idempotency_key: key }),
      {
        'content-type': 'application/json',
        authorization: `Bearer ${owner.key}`,
        ...headers,
      },
    );

  it('takes the key from the body too, and replays a retry that sends it there or in the header', async () => {
    const key = randomUUID();
    const runs = probe.runs();
    const first = await withBodyKey({ tag: 'body' }, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const usedAfterFirst = await used();
    const retry = await withBodyKey({ tag: 'body' }, key.toUpperCase());
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    const viaHeader = await service.call('test_probe', { tag: 'body' }, withKey(key));
    expect(viaHeader.headers.get('idempotent-replayed')).toBe('true');
    const both = await withBodyKey({ tag: 'body' }, key, { 'idempotency-key': `"${key}"` });
    expect(both.status).toBe(200);
    expect(both.headers.get('idempotent-replayed')).toBe('true');
    expect(probe.runs()).toBe(runs + 1);
    expect(await used()).toBe(usedAfterFirst);
    const otherArgs = await withBodyKey({ tag: 'other' }, key);
    expect(otherArgs.status).toBe(422);
  });

  it('refuses a header and a body key that differ, and a malformed body key, before running anything', async () => {
    const runs = probe.runs();
    const header = randomUUID();
    const body = randomUUID();
    const differ = await withBodyKey({ tag: 'differ' }, body, { 'idempotency-key': header });
    expect(differ.status).toBe(400);
    expect(differ.body.code).toBe('invalid_idempotency_key');
    expect(differ.body.error).toContain(header);
    expect(differ.body.error).toContain(body);
    expect(differ.body.error).toContain('differ');
    for (const bad of ['not-a-uuid', `${randomUUID()}x`, '', 42, null, [randomUUID()]]) {
      const result = await withBodyKey({ tag: 'bad' }, bad);
      expect(result.status).toBe(400);
      expect(result.body.code).toBe('invalid_idempotency_key');
      expect(result.body.error).toContain('"idempotency_key"');
    }
    // A bad header is named as the header even when the body holds a good key.
    const badHeader = await withBodyKey({ tag: 'bad' }, body, { 'idempotency-key': 'nope' });
    expect(badHeader.status).toBe(400);
    expect(badHeader.body.error).toContain('Idempotency-Key header');
    expect(probe.runs()).toBe(runs);
  });

  it("records the platform's rejections and crashes, so a retry sees them again", async () => {
    for (const outcome of ['upstream_rejected', 'crash'] as const) {
      const key = randomUUID();
      const first = await service.call('test_probe', { outcome }, withKey(key));
      expect(first.status).toBe(outcome === 'crash' ? 500 : 400);
      const runs = probe.runs();
      const retry = await service.call('test_probe', { outcome }, withKey(key));
      expect(retry.status).toBe(first.status);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect(probe.runs()).toBe(runs);
    }
  });

  it('does not record validation failures, throttles or quota refusals: a retry runs', async () => {
    const invalidKey = randomUUID();
    expect((await service.call('test_probe', { delay_ms: -1 }, withKey(invalidKey))).status).toBe(400);
    expect((await service.call('test_probe', {}, withKey(invalidKey))).status).toBe(200);

    const throttledKey = randomUUID();
    const throttled = await service.call(
      'test_probe',
      { outcome: 'upstream_throttled' },
      withKey(throttledKey),
    );
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('30');
    const runs = probe.runs();
    const retried = await service.call(
      'test_probe',
      { outcome: 'upstream_throttled' },
      withKey(throttledKey),
    );
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(probe.runs()).toBe(runs + 1);

    const broke = await service.createOwner('free');
    await service.services.storage.db
      .insertInto('quota_usage')
      .values({
        user_id: broke.userId,
        period: clock.now().toISOString().slice(0, 7),
        used: tierLimit(service.services.config, 'free'),
      })
      .execute();
    const quotaKey = randomUUID();
    const refused = await service.call(
      'test_probe',
      {},
      { key: broke.key, headers: { 'idempotency-key': quotaKey } },
    );
    expect(refused.status).toBe(402);
    // As the owner's upgrade does it: the tier changes, and the service's cached credentials with it.
    await setUserTier(service.services.storage.db, broke.userId, 'plus');
    const afterUpgrade = await service.call(
      'test_probe',
      {},
      { key: broke.key, headers: { 'idempotency-key': quotaKey } },
    );
    expect(afterUpgrade.status).toBe(200);
    expect(afterUpgrade.headers.get('idempotent-replayed')).toBeNull();
  });

  it('takes over the claim of a crashed request once its lease ran out', async () => {
    const key = randomUUID();
    // A record left in flight by an instance that died mid-call, with the fingerprint the real call has.
    const first = service.call('test_probe', { tag: 'orphan', delay_ms: 400 }, withKey(key));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const record = await service.services.storage.db
      .selectFrom('idempotency_records')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    await first;
    const { db } = service.services.storage;
    await db
      .updateTable('idempotency_records')
      .set({ outcome: null, lock_token: 'crashed-instance', locked_until: record.locked_until })
      .where('user_id', '=', owner.userId)
      .where('key', '=', key)
      .execute();
    // Its quota unit, renewed just before it died: the hold's lease runs past the claim's.
    const period = clock.now().toISOString().slice(0, 7);
    const quotaBefore = await quotaUsage(db, owner.userId, period);
    await db
      .insertInto('quota_holds')
      .values({
        id: holdIdOfClaim('crashed-instance'),
        user_id: owner.userId,
        period,
        lease_until: new Date(clock.now().getTime() + 3600_000).toISOString(),
        created_at: clock.now().toISOString(),
      })
      .execute();
    await db
      .updateTable('quota_usage')
      .set({ held: quotaBefore.held + 1 })
      .where('user_id', '=', owner.userId)
      .where('period', '=', period)
      .execute();
    const stillLocked = await service.call('test_probe', { tag: 'orphan', delay_ms: 400 }, withKey(key));
    expect(stillLocked.status).toBe(409);
    expect(Number(stillLocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(stillLocked.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    clock.advanceSeconds(11);
    const runs = probe.runs();
    const takenOver = await service.call('test_probe', { tag: 'orphan', delay_ms: 400 }, withKey(key));
    expect(takenOver.status).toBe(200);
    expect(takenOver.headers.get('idempotent-replayed')).toBeNull();
    expect(probe.runs()).toBe(runs + 1);
    // The dead attempt's unit went back with its claim; the retry's own became used.
    expect(await quotaUsage(db, owner.userId, period)).toEqual({
      used: quotaBefore.used + 1,
      held: quotaBefore.held,
    });
  });

  it('forgets a key after its retention, and the sweep removes old records', async () => {
    const key = randomUUID();
    await service.call('test_probe', { tag: 'old' }, withKey(key));
    clock.advanceSeconds(24 * 3600 + 1);
    const reused = await service.call('test_probe', { tag: 'new' }, withKey(key));
    expect(reused.status).toBe(200);
    expect(reused.body.data.text).toContain('new');
    const claim = await claimIdempotencyKey(service.services.storage.db, {
      userId: owner.userId,
      key,
      tool: 'test_probe',
      fingerprint: 'x',
      now: clock.now(),
      leaseSeconds: 10,
      ttlHours: 24,
    });
    expect(claim.kind).toBe('mismatch');
  });
});
