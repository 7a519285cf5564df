import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFilters, parseActivityQuery } from '../../src/console/activity-filters.ts';
import { describeChange } from '../../src/console/change-view.ts';
import { type AccountCheck, checkAccount, type Fired } from '../../src/monitors/check-account.ts';
import { monitorCaller } from '../../src/monitors/monitor-caller.ts';
import { dueAccountChecks } from '../../src/monitors/monitor-queues.ts';
import { executeTool } from '../../src/pipeline/execute-tool.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { listChanges } from '../../src/storage/change-history.ts';
import { findMonitor } from '../../src/storage/monitors.ts';
import { findUserById, resumeUsersAgents, stopUsersAgents } from '../../src/storage/users.ts';
import { MAX_MONITORS_PER_ACCOUNT } from '../../src/tools/monitors/create-monitor.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

type Json = Record<string, any>;

/**
 * Monitors on the TikTok sandbox, checked as the job engine checks them (checkAccount for one account and
 * minute): they fire on the campaigns that match and nothing else, act through the ordinary pipeline as
 * the monitor (audited, unbilled, once per campaign and period), wait for consecutive checks, and never
 * raise spend.
 */
describe.each(TEST_DIALECTS)('monitors (%s)', (dialect) => {
  const clock = new TestClock('2026-11-24T15:00:00.000Z');
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    // The tests check each minute themselves, as the tick's jobs do; the engine's own tick, running on
    // the test's frozen clock, would check the same minute at the same time and race them.
    await service.services.jobs.stop();
  });
  afterAll(() => service.stop());

  async function ok(owner: Owner, tool: string, args: Json): Promise<Json> {
    const { status, body } = await service.call(tool, args, { key: owner.key });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data.structured;
  }

  async function todaySpend(owner: Owner): Promise<Json[]> {
    const report = await ok(owner, 'get_video_campaign_performance', { date_range: 'TODAY' });
    return report.campaigns;
  }

  /** Today's two largest spenders, the largest first. */
  async function topTwo(owner: Owner): Promise<[Json, Json]> {
    const [top, second] = [...(await todaySpend(owner))].sort((a, b) => Number(b.spend) - Number(a.spend));
    if (!top || !second) throw new Error('the sandbox account has fewer than two campaigns');
    return [top, second];
  }

  async function statusOf(owner: Owner, campaignId: string): Promise<string> {
    const list = await ok(owner, 'list_video_campaigns', {});
    return list.campaigns.find((c: Json) => c.campaign_id === campaignId)?.platform_status;
  }

  async function check(owner: Owner, minute: string): Promise<Fired[]> {
    const account = await service.services.storage.db
      .selectFrom('ad_accounts')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    const job: AccountCheck = {
      userId: owner.userId,
      platform: 'video',
      accountId: account.account_id,
      minute,
    };
    const fired: Fired[] = [];
    await checkAccount(service.services, job, async (each) => {
      fired.push(each);
    });
    return fired;
  }

  it('an absolute threshold fires on the campaign above it only, pauses it once, as the monitor, unbilled', async () => {
    clock.set('2026-11-24T15:00:30.000Z');
    const owner = await service.createOwner('pro', ['video']);
    const [top, second] = await topTwo(owner);
    expect(Number(top.spend)).toBeGreaterThan(Number(second.spend));
    const threshold = (Number(top.spend) + Number(second.spend)) / 2;
    const created = await ok(owner, 'create_monitor', {
      platform: 'video',
      name: 'Big spender',
      conditions: [{ metric: 'spend', operator: '>', threshold }],
      check_every_minutes: 1,
      action: 'pause_campaign',
    });
    const monitorId = created.monitor.id;
    const usageBefore = (await ok(owner, 'get_usage_status', {})).quota?.used;

    clock.set('2026-11-24T15:01:10.000Z');
    const fired = await check(owner, '2026-11-24T15:01:00.000Z');
    expect(fired.map((f) => f.firing.campaign_id)).toEqual([top.campaign_id]);
    expect(fired[0]?.action.result).toBe('applied');
    expect(await statusOf(owner, top.campaign_id)).toBe('DISABLE');
    expect(await statusOf(owner, second.campaign_id)).toBe('ENABLE');

    // The same minute checked again (a retried job) and the next minute: no second action.
    expect(await check(owner, '2026-11-24T15:01:00.000Z')).toEqual([]);
    clock.set('2026-11-24T15:02:10.000Z');
    expect(await check(owner, '2026-11-24T15:02:00.000Z')).toEqual([]);

    const audit = await service.auditRow(fired[0]?.firing.request_id ?? '');
    expect(audit).toMatchObject({
      monitor_id: monitorId,
      tool: 'update_video_campaign',
      status: 200,
      billable: 0,
    });
    expect(audit.api_key_id).toBeNull();
    const usageAfter = (await ok(owner, 'get_usage_status', {})).quota?.used;
    // Two list_video_campaigns reads in between; the monitor's check and action are not billed.
    expect(usageAfter).toBe(usageBefore + 2);

    const history = await ok(owner, 'get_monitor_history', { monitor_id: monitorId });
    expect(history.firings).toHaveLength(1);
    expect(history.firings[0]).toMatchObject({
      campaign_id: top.campaign_id,
      action: 'pause_campaign',
      result: 'applied',
    });
    expect(history.checks.map((c: Json) => c.due_at)).toEqual([
      '2026-11-24T15:02:00.000Z',
      '2026-11-24T15:01:00.000Z',
    ]);
    const listed = await ok(owner, 'list_monitors', {});
    expect(listed.monitors[0].last_firing.campaign_id).toBe(top.campaign_id);

    // The change history shows the pause with the monitor as the actor, and filters by it.
    const { tools, storage } = service.services;
    const filters = { ...changeFilters(tools, parseActivityQuery({ who: `monitor:${monitorId}` })) };
    const { changes } = await listChanges(storage, owner.userId, filters, { limit: 10 });
    expect(changes.map((row) => describeChange(row, tools).who)).toEqual(['monitor Big spender']);
    const byOwner = await listChanges(
      storage,
      owner.userId,
      changeFilters(tools, parseActivityQuery({ who: 'owner' })),
      { limit: 10 },
    );
    expect(byOwner.changes).toEqual([]);
  });

  /** A monitor on the owner's top spender today, with the threshold between it and the next. */
  async function onTopSpender(owner: Owner, rule: Json) {
    const [top, second] = await topTwo(owner);
    const threshold = (Number(top.spend) + Number(second.spend)) / 2;
    const created = await ok(owner, 'create_monitor', {
      platform: 'video',
      name: 'Watch',
      conditions: [{ metric: 'spend', operator: '>', threshold }],
      check_every_minutes: 1,
      action: 'pause_campaign',
      ...rule,
    });
    return { top, second, monitorId: created.monitor.id as string };
  }

  it('consecutive_checks holds off the first firing, and a missed check breaks the row', async () => {
    clock.set('2026-11-24T16:00:30.000Z');
    const owner = await service.createOwner('pro', ['video']);
    const { top } = await onTopSpender(owner, { consecutive_checks: 2, action: 'notify' });
    clock.set('2026-11-24T16:01:05.000Z');
    expect(await check(owner, '2026-11-24T16:01:00.000Z')).toEqual([]);
    // 16:02 is never checked: 16:03 is the first of a new row.
    clock.set('2026-11-24T16:03:05.000Z');
    expect(await check(owner, '2026-11-24T16:03:00.000Z')).toEqual([]);
    clock.set('2026-11-24T16:04:05.000Z');
    const fired = await check(owner, '2026-11-24T16:04:00.000Z');
    expect(fired.map((f) => [f.firing.campaign_id, f.action.result])).toEqual([
      [top.campaign_id, 'notified'],
    ]);
    expect(await statusOf(owner, top.campaign_id)).toBe('ENABLE');
  });

  it('test_monitor answers what would fire and acts on nothing', async () => {
    clock.set('2026-11-24T17:00:30.000Z');
    const owner = await service.createOwner('pro', ['video']);
    const { top, second, monitorId } = await onTopSpender(owner, {});
    const tested = await ok(owner, 'test_monitor', { monitor_id: monitorId });
    expect(tested.would_fire).toEqual([top.campaign_id]);
    const seen = tested.campaigns.find((c: Json) => c.campaign_id === second.campaign_id);
    expect(seen.matched).toBe(false);
    expect(seen.conditions[0]).toMatchObject({ metric: 'spend', operator: '>', value: Number(second.spend) });
    const draft = await ok(owner, 'test_monitor', {
      platform: 'video',
      conditions: [{ metric: 'spend', operator: '>=', threshold: 0 }],
      action: 'pause_campaign',
    });
    expect(draft.would_fire.length).toBeGreaterThanOrEqual(2);
    expect(await statusOf(owner, top.campaign_id)).toBe('ENABLE');
    const history = await ok(owner, 'get_monitor_history', { monitor_id: monitorId });
    expect(history).toMatchObject({ checks: [], firings: [] });
  });

  it('lower_budget_percent lowers the daily budget by the percent, once', async () => {
    clock.set('2026-11-24T18:00:30.000Z');
    const owner = await service.createOwner('pro', ['video']);
    const { top } = await onTopSpender(owner, { action: 'lower_budget_percent', action_value: 25 });
    const before = (await ok(owner, 'list_video_campaigns', {})).campaigns.find(
      (c: Json) => c.campaign_id === top.campaign_id,
    );
    clock.set('2026-11-24T18:01:05.000Z');
    const fired = await check(owner, '2026-11-24T18:01:00.000Z');
    expect(fired[0]?.action.result, fired[0]?.action.text).toBe('applied');
    const after = (await ok(owner, 'list_video_campaigns', {})).campaigns.find(
      (c: Json) => c.campaign_id === top.campaign_id,
    );
    expect(Number(after.daily_budget)).toBeCloseTo(Number(before.daily_budget) * 0.75, 2);
    expect(after.status).toBe('ACTIVE');
    clock.set('2026-11-24T18:02:05.000Z');
    expect(await check(owner, '2026-11-24T18:02:00.000Z')).toEqual([]);
  });

  it('a monitor cannot raise: its caller is refused an enable or a budget raise', async () => {
    clock.set('2026-11-24T19:00:30.000Z');
    const owner = await service.createOwner('pro', ['video']);
    const { second, monitorId } = await onTopSpender(owner, {});
    const db = service.services.storage.db;
    const user = await findUserById(db, owner.userId);
    const monitor = await findMonitor(db, owner.userId, monitorId);
    if (!user || !monitor) throw new Error('no owner or monitor');
    const caller = monitorCaller(user, monitor);
    await ok(owner, 'update_video_campaign', {
      campaign_id: second.campaign_id,
      operation_status: 'DISABLE',
    });
    const { outcome } = await executeTool(
      service.services,
      caller,
      'update_video_campaign',
      { campaign_id: second.campaign_id, operation_status: 'ENABLE' },
      { requestId: 'req_monitor_raise', mode: { kind: 'monitor', monitorId } },
    );
    expect(outcome).toMatchObject({ ok: false, status: 403, code: 'insufficient_scope' });
    expect(await statusOf(owner, second.campaign_id)).toBe('DISABLE');
  });

  it('while the owner has stopped all agents, a firing is refused and nothing is written', async () => {
    clock.set('2026-11-24T20:00:30.000Z');
    const owner = await service.createOwner('pro', ['video']);
    const { top } = await onTopSpender(owner, {});
    await stopUsersAgents(service.services.storage.db, owner.userId, clock.now());
    try {
      clock.set('2026-11-24T20:01:05.000Z');
      const fired = await check(owner, '2026-11-24T20:01:00.000Z');
      expect(fired.map((f) => f.action.result)).toEqual(['refused']);
      expect(fired[0]?.action.text).toMatch(/stopped all agents/);
    } finally {
      await resumeUsersAgents(service.services.storage.db, owner.userId);
    }
    expect(await statusOf(owner, top.campaign_id)).toBe('ENABLE');
  });

  it('the tick queues one check per account due, and none once checked', async () => {
    clock.set('2026-11-24T21:00:30.000Z');
    const owner = await service.createOwner('pro', ['video']);
    await onTopSpender(owner, { check_every_minutes: 15, action: 'notify' });
    await onTopSpender(owner, { check_every_minutes: 5, action: 'notify' });
    const mine = (checks: AccountCheck[]) => checks.filter((c) => c.userId === owner.userId);
    expect(mine(await dueAccountChecks(service.services, new Date('2026-11-24T21:05:00.000Z')))).toHaveLength(
      1,
    );
    expect(mine(await dueAccountChecks(service.services, new Date('2026-11-24T21:07:00.000Z')))).toEqual([]);
    clock.set('2026-11-24T21:15:05.000Z');
    const checks = mine(await dueAccountChecks(service.services, new Date('2026-11-24T21:15:00.000Z')));
    expect(checks).toHaveLength(1);
    await check(owner, '2026-11-24T21:15:00.000Z');
    expect(mine(await dueAccountChecks(service.services, new Date('2026-11-24T21:15:00.000Z')))).toEqual([]);
  });

  it('refuses a rule the schema cannot: threshold and relative_to together, a percent without its action', async () => {
    const owner = await service.createOwner('pro', ['video']);
    const both = await service.call(
      'create_monitor',
      {
        platform: 'video',
        name: 'Both',
        conditions: [
          { metric: 'cpc', operator: '>', threshold: 2, relative_to: { trailing_days: 7, factor: 2 } },
        ],
        action: 'notify',
      },
      { key: owner.key },
    );
    expect(both.status).toBe(400);
    expect(both.body.error).toMatch(/conditions\[0\].*exactly one/);
    const percent = await service.call(
      'create_monitor',
      {
        platform: 'video',
        name: 'P',
        conditions: [{ metric: 'spend', operator: '>', threshold: 1 }],
        action: 'lower_budget_percent',
      },
      { key: owner.key },
    );
    expect(percent.status).toBe(400);
    expect(percent.body.error).toMatch(/action_value/);
    const wrongAccount = await service.call(
      'create_monitor',
      {
        platform: 'video',
        account_id: '1234567890',
        name: 'W',
        conditions: [{ metric: 'spend', operator: '>', threshold: 1 }],
        action: 'notify',
      },
      { key: owner.key },
    );
    expect(wrongAccount.status).toBe(400);
    expect(wrongAccount.body.code).toBe('account_selection_required');
  });

  it('scopes: a read key lists but cannot create; another owner does not see the monitor', async () => {
    clock.set('2026-11-24T22:00:30.000Z');
    const owner = await service.createOwner('pro', ['video']);
    const { monitorId } = await onTopSpender(owner, { action: 'notify' });
    const reader = await service.createKeyFor(owner, { scope: 'read' });
    expect((await service.call('list_monitors', {}, { key: reader })).status).toBe(200);
    const refused = await service.call(
      'update_monitor',
      { monitor_id: monitorId, enabled: false },
      { key: reader },
    );
    expect(refused.status).toBe(403);
    const stranger = await service.createOwner('pro', ['video']);
    const hidden = await service.call(
      'get_monitor_history',
      { monitor_id: monitorId },
      { key: stranger.key },
    );
    expect(hidden.status).toBe(404);
    const suspended = await ok(owner, 'update_monitor', { monitor_id: monitorId, enabled: false });
    expect(suspended.monitor.enabled).toBe(false);
    expect(await dueAccountChecks(service.services, new Date('2026-11-24T22:15:00.000Z'))).not.toContainEqual(
      expect.objectContaining({ userId: owner.userId }),
    );
  });

  /** The owner's monitors as stored, whatever the tools answer. */
  async function stored(owner: Owner) {
    return service.services.storage.db
      .selectFrom('monitors')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .orderBy('id')
      .execute();
  }

  async function used(owner: Owner): Promise<number> {
    return (await ok(owner, 'get_usage_status', {})).quota.used;
  }

  const draft = {
    platform: 'video',
    name: 'Dry runaway',
    conditions: [{ metric: 'spend', operator: '>', threshold: 10 }],
    check_every_minutes: 5,
    action: 'pause_campaign',
  };

  it('a dry-run create_monitor answers the monitor it would make, stores none, billed as a read', async () => {
    const owner = await service.createOwner('pro', ['video']);
    const before = await used(owner);
    const { status, body, headers } = await service.call(
      'create_monitor',
      { ...draft, dry_run: true },
      { key: owner.key },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.structured).toMatchObject({
      dry_run: true,
      monitor: { name: 'Dry runaway', platform: 'video', check_every_minutes: 5, action: 'pause_campaign' },
    });
    // A placeholder, never an id that could be taken for a stored monitor's.
    expect(body.data.structured.monitor.id).not.toMatch(/^mon_[0-9a-f]{32}$/);
    expect(body.data.text).toMatch(/^Dry run: nothing was stored/);
    expect(body.data.quota.used).toBe(before + 1);
    expect(await stored(owner)).toEqual([]);
    expect(await used(owner)).toBe(before + 1);
    const audit = await service.auditRow(headers.get('x-request-id') ?? '');
    expect(audit).toMatchObject({ tool: 'create_monitor', status: 200, dry_run: 1, billable: 1 });

    // The real call makes it, and says it was not a dry run.
    const made = await ok(owner, 'create_monitor', draft);
    expect(made.dry_run).toBe(false);
    expect((await stored(owner)).map((row) => row.id)).toEqual([made.monitor.id]);
  });

  it('a dry-run create_monitor is refused exactly where the real call is', async () => {
    const owner = await service.createOwner('pro', ['video']);
    const reader = await service.createKeyFor(owner, { scope: 'read' });
    const refusals: Array<[Json, string]> = [
      // Rules the schema cannot state, checked by the tool's rules.
      [
        {
          ...draft,
          conditions: [
            { metric: 'cpc', operator: '>', threshold: 2, relative_to: { trailing_days: 7, factor: 2 } },
          ],
        },
        owner.key,
      ],
      [{ ...draft, action: 'lower_budget_percent' }, owner.key],
      [{ ...draft, action: 'notify', action_value: 20 }, owner.key],
      // The schema, the account, the key's scope.
      [{ ...draft, check_every_minutes: 0 }, owner.key],
      [{ ...draft, account_id: '1234567890' }, owner.key],
      [{ ...draft, platform: 'search' }, owner.key],
      [draft, reader],
    ];
    for (const [args, key] of refusals) {
      const real = await service.call('create_monitor', args, { key });
      const dry = await service.call('create_monitor', { ...args, dry_run: true }, { key });
      expect(real.status, JSON.stringify(real.body)).toBeGreaterThanOrEqual(400);
      expect([dry.status, dry.body.code, dry.body.structured_content]).toEqual([
        real.status,
        real.body.code,
        real.body.structured_content,
      ]);
      expect(dry.body.error).toBe(real.body.error);
    }
    expect(await stored(owner)).toEqual([]);
  });

  it('a dry-run update_monitor answers the monitor as it would be and leaves it as it was', async () => {
    const owner = await service.createOwner('pro', ['video']);
    const { monitor } = await ok(owner, 'create_monitor', draft);
    const [before] = await stored(owner);
    const usageBefore = await used(owner);
    const change = { monitor_id: monitor.id, enabled: false, name: 'Renamed', check_every_minutes: 30 };
    const dry = await ok(owner, 'update_monitor', { ...change, dry_run: true });
    expect(dry).toMatchObject({
      dry_run: true,
      monitor: { id: monitor.id, name: 'Renamed', enabled: false, check_every_minutes: 30 },
    });
    expect(await stored(owner)).toEqual([before]);
    expect(await used(owner)).toBe(usageBefore + 1);
    // Checked as the real call is: the rule it would make, the monitor's existence.
    const bad = { monitor_id: monitor.id, action: 'lower_budget_percent', dry_run: true };
    const refused = await service.call('update_monitor', bad, { key: owner.key });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/action_value/);
    const unknown = { monitor_id: `mon_${'0'.repeat(32)}`, enabled: false, dry_run: true };
    expect((await service.call('update_monitor', unknown, { key: owner.key })).status).toBe(404);
    const stranger = await service.createOwner('pro', ['video']);
    const foreign = await service.call('update_monitor', { ...change, dry_run: true }, { key: stranger.key });
    expect(foreign.status).toBe(404);
    expect(await stored(owner)).toEqual([before]);

    const real = await ok(owner, 'update_monitor', change);
    expect(real).toMatchObject({ dry_run: false, monitor: { name: 'Renamed', enabled: false } });
    expect((await stored(owner))[0]).toMatchObject({ name: 'Renamed', enabled: 0, check_every_minutes: 30 });
  });

  it('a dry-run delete_monitor answers what would be deleted and leaves it', async () => {
    const owner = await service.createOwner('pro', ['video']);
    const { monitor } = await ok(owner, 'create_monitor', draft);
    const before = await stored(owner);
    const dry = await ok(owner, 'delete_monitor', { monitor_id: monitor.id, dry_run: true });
    expect(dry).toEqual({ monitor_id: monitor.id, name: 'Dry runaway', deleted: false, dry_run: true });
    expect(await stored(owner)).toEqual(before);
    expect((await ok(owner, 'list_monitors', {})).monitors.map((m: Json) => m.id)).toEqual([monitor.id]);

    const real = await ok(owner, 'delete_monitor', { monitor_id: monitor.id });
    expect(real).toEqual({ monitor_id: monitor.id, name: 'Dry runaway', deleted: true, dry_run: false });
    expect(await stored(owner)).toEqual([]);
    // Its existence is checked on a dry run too.
    const gone = await service.call(
      'delete_monitor',
      { monitor_id: monitor.id, dry_run: true },
      { key: owner.key },
    );
    expect(gone.status).toBe(404);
  });

  it(`refuses a monitor past ${MAX_MONITORS_PER_ACCOUNT} on one account, saying what to do`, async () => {
    const owner = await service.createOwner('pro', ['video']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'video');
    const at = clock.now().toISOString();
    const rule = JSON.stringify({ name: 'Filler', conditions: [], check_every_minutes: 1440 });
    await service.services.storage.db
      .insertInto('monitors')
      .values(
        Array.from({ length: MAX_MONITORS_PER_ACCOUNT - 1 }, () => ({
          id: `mon_${randomUUID().replaceAll('-', '')}`,
          user_id: owner.userId,
          platform: 'video',
          account_id: account?.account_id ?? '',
          name: 'Filler',
          rule,
          check_every_minutes: 1440,
          enabled: 0 as const,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const args = {
      platform: 'video',
      name: 'One more',
      conditions: [{ metric: 'spend', operator: '>', threshold: 1 }],
      action: 'notify',
    };
    // A dry run counts the monitors as the real call does: the 250th is allowed, then none.
    const dry = { ...args, dry_run: true };
    expect((await service.call('create_monitor', dry, { key: owner.key })).status).toBe(200);
    expect((await service.call('create_monitor', args, { key: owner.key })).status).toBe(200);
    for (const call of [args, dry]) {
      const refused = await service.call('create_monitor', call, { key: owner.key });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/250 monitors, the most one account may have: delete one/);
    }
  });
});
