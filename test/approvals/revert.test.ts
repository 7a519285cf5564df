import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnerError } from '../../src/owners/owner-error.ts';
import { revertChange } from '../../src/owners/revert-change.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import type { StoredCampaign } from '../../src/sandbox/video/campaign.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import type { User } from '../../src/storage/schema.ts';
import { findUserById } from '../../src/storage/users.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

/**
 * Reverting a change from the history (docs/console.md): the owner's undo puts back the values the
 * campaign had, through the pipeline, once however often it is asked, and never over a later change.
 */
describe.each(TEST_DIALECTS)('reverting a change (%s)', (dialect) => {
  let service: TestService;
  let owner: Owner & { user: User };
  let key: string;
  let campaigns: Record<string, string>;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    const created = await service.createOwner('pro', ['video']);
    const { db } = service.services.storage;
    const user = await findUserById(db, created.userId);
    const [account] = await listAdAccounts(db, created.userId, 'video');
    if (!user || !account) throw new Error('no owner');
    owner = { ...created, user };
    key = await service.createKeyFor(owner, { scope: 'spend' });
    const stored = await new SandboxStore(db, 'video').list<StoredCampaign>('campaign', account.account_id);
    campaigns = Object.fromEntries(stored.map((c) => [c.data.campaign_name, c.id]));
  });
  afterAll(() => service?.stop());

  const campaign = async (name: string) => {
    const id = campaigns[name] ?? '';
    return (await new SandboxStore(service.services.storage.db, 'video').get<StoredCampaign>('campaign', id))
      ?.data;
  };
  /** The audit row of a call, by the request id its answer carries. */
  const rowOf = async (requestId: string) => {
    await service.services.audit.flush();
    const row = await service.services.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!row) throw new Error(`no audit row for ${requestId}`);
    return row;
  };
  const update = async (args: Record<string, unknown>) => {
    const answer = await service.call('update_video_campaign', args, { key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return rowOf(answer.body.request_id);
  };
  const revertsOf = async (changeId: string) => {
    await service.services.audit.flush();
    return service.services.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .where('details', 'like', `%"reverts":"${changeId}"%`)
      .execute();
  };
  const used = async () =>
    (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used as number;

  it('puts a paused campaign back, as the owner, unbilled; a second revert writes nothing', async () => {
    const name = 'Always on: prospecting';
    const change = await update({ campaign_id: campaigns[name], status: 'PAUSED' });
    expect((await campaign(name))?.operation_status).toBe('DISABLE');
    const usedBefore = await used();

    const first = await revertChange(service.services, owner.user, change.id);
    expect(first.kind, first.message).toBe('reverted');
    expect((await campaign(name))?.operation_status).toBe('ENABLE');
    // get_usage_status is free: the count moved only if the revert was billed.
    expect(await used()).toBe(usedBefore);

    const again = await revertChange(service.services, owner.user, change.id);
    expect(again.kind, again.message).toBe('already_reverted');
    expect((await campaign(name))?.operation_status).toBe('ENABLE');

    const rows = await revertsOf(change.id);
    const applied = rows.filter((row) => row.status === 200 && row.replayed === 0);
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ api_key_id: null, oauth_client_id: null, billable: 0 });
    expect(JSON.parse(applied[0]?.details ?? '{}')).toMatchObject({
      reverts: change.id,
      reverted_by: owner.email,
      before: { status: 'PAUSED', platform_status: 'DISABLE' },
      after: { status: 'ACTIVE', platform_status: 'ENABLE' },
    });
  });

  it('refuses to revert a change the campaign has moved on from, and says what changed', async () => {
    const name = 'Retargeting: site visitors'; // 80 a day
    const raise = await update({ campaign_id: campaigns[name], daily_budget: 100 });
    await update({ campaign_id: campaigns[name], daily_budget: 120 });

    const refused = await revertChange(service.services, owner.user, raise.id);
    expect(refused.kind).toBe('refused');
    expect(refused.message).toContain('changed since this change was made');
    expect(refused.message).toContain('daily_budget was "100.00", is now "120.00"');
    expect((await campaign(name))?.budget).toBe(120);
    const rows = await revertsOf(raise.id);
    expect(rows.map((row) => row.code)).toEqual(['revert_drifted']);
  });

  it('reverts a revert: the change comes back', async () => {
    const name = 'Spring launch'; // DISABLE, 100 a day
    const enable = await update({ campaign_id: campaigns[name], operation_status: 'ENABLE' });
    expect((await revertChange(service.services, owner.user, enable.id)).kind).toBe('reverted');
    expect((await campaign(name))?.operation_status).toBe('DISABLE');
    const [revert] = (await revertsOf(enable.id)).filter((row) => row.status === 200);
    if (!revert) throw new Error('no revert row');
    expect((await revertChange(service.services, owner.user, revert.id)).kind).toBe('reverted');
    expect((await campaign(name))?.operation_status).toBe('ENABLE');
  });

  it('refuses what is not an applied change, and another owner’s change', async () => {
    const listed = await service.call('list_video_campaigns', {}, { key });
    const read = await rowOf(listed.body.request_id);
    await expect(revertChange(service.services, owner.user, read.id)).resolves.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('keeps no before and after'),
    });
    const dry = await service.call(
      'update_video_campaign',
      { campaign_id: campaigns['Always on: prospecting'], operation_status: 'DISABLE', dry_run: true },
      { key },
    );
    await expect(
      revertChange(service.services, owner.user, (await rowOf(dry.body.request_id)).id),
    ).resolves.toEqual({
      kind: 'refused',
      message: 'Only a change that was applied can be reverted.',
    });

    const change = await update({
      campaign_id: campaigns['Always on: prospecting'],
      operation_status: 'DISABLE',
    });
    const other = await service.createOwner('pro', ['video']);
    const stranger = await findUserById(service.services.storage.db, other.userId);
    if (!stranger) throw new Error('no owner');
    await expect(revertChange(service.services, stranger, change.id)).rejects.toBeInstanceOf(OwnerError);
    expect((await campaign('Always on: prospecting'))?.operation_status).toBe('DISABLE');
  });
});

/**
 * Two reverts of one change started at once, on a sandbox slow enough (ADOPS_SANDBOX_LATENCY_MS) that
 * both are past the "already reverted?" check and reading the campaign before either writes: only the
 * idempotency key of the change (`revert:<change id>`) keeps the second from writing too.
 */
describe.each(TEST_DIALECTS)('two reverts of one change at once (%s)', (dialect) => {
  const LATENCY_MS = 300;
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, { env: { ADOPS_SANDBOX_LATENCY_MS: String(LATENCY_MS) } });
  });
  afterAll(() => service?.stop());

  it('write once on the platform: one reverted, one already_reverted', async () => {
    const created = await service.createOwner('pro', ['video']);
    const { db } = service.services.storage;
    const user = await findUserById(db, created.userId);
    const [account] = await listAdAccounts(db, created.userId, 'video');
    if (!user || !account) throw new Error('no owner');
    const store = new SandboxStore(db, 'video');
    const stored = await store.list<StoredCampaign>('campaign', account.account_id);
    const id = stored.find((c) => c.data.campaign_name === 'Always on: prospecting')?.id ?? '';
    const key = await service.createKeyFor(created, { scope: 'spend' });

    const paused = await service.call(
      'update_video_campaign',
      { campaign_id: id, status: 'PAUSED' },
      { key },
    );
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const change = await service.auditRow(paused.body.request_id);
    /** The sandbox's own record of each time the campaign started, stopped or was re-budgeted. */
    const activity = () =>
      db
        .selectFrom('sandbox_activity')
        .selectAll()
        .where('platform', '=', 'video')
        .where('object_id', '=', id)
        .where('since', '>', change.created_at)
        .execute();
    expect(await activity()).toHaveLength(0);

    const outcomes = await Promise.all([
      revertChange(service.services, user, change.id),
      revertChange(service.services, user, change.id),
    ]);
    // One write reached the platform: one applied revert, one activity entry (the campaign enabled).
    await service.services.audit.flush();
    const applied = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('reverts', '=', change.id)
      .where('status', '=', 200)
      .where('replayed', '=', 0)
      .execute();
    expect(applied).toHaveLength(1);
    expect(await activity()).toEqual([expect.objectContaining({ active: 1 })]);
    expect((await store.get<StoredCampaign>('campaign', id))?.data.operation_status).toBe('ENABLE');
    // The second got the first's answer, as the owner reads it, not a refusal.
    expect(outcomes.map((o) => o.kind).sort(), JSON.stringify(outcomes)).toEqual([
      'already_reverted',
      'reverted',
    ]);
  });
});
