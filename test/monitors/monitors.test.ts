import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountCheck, checkAccount, type Fired } from '../../src/monitors/check-account.ts';
import { monitorCaller } from '../../src/monitors/monitor-caller.ts';
import { dueAccountChecks } from '../../src/monitors/monitor-queues.ts';
import { executeTool } from '../../src/pipeline/execute-tool.ts';
import { stopUsersAgents, resumeUsersAgents, findUserById } from '../../src/storage/users.ts';
import { findMonitor } from '../../src/storage/monitors.ts';
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

  async function statusOf(owner: Owner, campaignId: string): Promise<string> {
    const list = await ok(owner, 'list_video_campaigns', {});
    return list.campaigns.find((c: Json) => c.campaign_id === campaignId)?.status;
  }

  async function check(owner: Owner, minute: string): Promise<Fired[]> {
    const account = await service.services.storage.db
      .selectFrom('ad_accounts')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    const job: AccountCheck = { userId: owner.userId, platform: 'video', accountId: account.account_id, minute };
    const fired: Fired[] = [];
    await checkAccount(service.services, job, async (each) => {
      fired.push(each);
    });
    return fired;
  }

  it('an absolute threshold fires on the campaign above it only, pauses it once, as the monitor, unbilled', async () => {
    clock.set('2026-11-24T15:00:30.000Z');
    const owner = await service.createOwner('pro', ['video']);
    const rows = await todaySpend(owner);
    const [top, second] = [...rows].sort((a, b) => Number(b.spend) - Number(a.spend));
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
    expect(audit).toMatchObject({ monitor_id: monitorId, tool: 'update_video_campaign', status: 200, billable: 0 });
    expect(audit.api_key_id).toBeNull();
    const usageAfter = (await ok(owner, 'get_usage_status', {})).quota?.used;
    // Two list_video_campaigns reads in between; the monitor's check and action are not billed.
    expect(usageAfter).toBe(usageBefore + 2);

    const history = await ok(owner, 'get_monitor_history', { monitor_id: monitorId });
    expect(history.firings).toHaveLength(1);
    expect(history.firings[0]).toMatchObject({ campaign_id: top.campaign_id, action: 'pause_campaign', result: 'applied' });
    expect(history.checks.map((c: Json) => c.due_at)).toEqual(['2026-11-24T15:02:00.000Z', '2026-11-24T15:01:00.000Z']);
    const listed = await ok(owner, 'list_monitors', {});
    expect(listed.monitors[0].last_firing.campaign_id).toBe(top.campaign_id);
  });
});
