import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEMO_APPROVAL_ID, DEMO_MONITOR_ID, ensureDemo, seedDemoApproval } from '../../src/demo.ts';
import { type AccountCheck, checkAccount } from '../../src/monitors/check-account.ts';
import { approveChange, rejectChange } from '../../src/owners/approvals.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { setConnectionStatus } from '../../src/storage/connections.ts';
import type { AdAccount, User } from '../../src/storage/schema.ts';
import { findUserByEmail } from '../../src/storage/users.ts';
import { approvalSchema } from '../../src/tools/approvals/approval-object.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { TestService } from '../support/service.ts';
import { strictly } from '../support/strict-schema.ts';

type Json = Record<string, any>;

function outputOf(name: string): z.ZodObject {
  const tool = ALL_TOOLS.find((each) => each.name === name);
  if (!tool?.output) throw new Error(`${name} declares no output schema`);
  return tool.output;
}

/** The structured answer, checked against the tool's output schema with no field left unlisted. */
function inSchema(name: string, structured: unknown): Json {
  const parsed = strictly(outputOf(name)).safeParse(structured);
  expect(parsed.error?.issues ?? [], `${name}: ${JSON.stringify(structured)}`).toEqual([]);
  return structured as Json;
}

/**
 * The account, approval and monitor tools answer exactly what their output schemas state, on the demo
 * owner's sandbox accounts: the examples as written, and the answers of the states they can be in (an
 * approval pending, applied or rejected; a monitor new, fired, or failing its check; an account unread).
 */
describe.each(TEST_DIALECTS)(
  'account, approval and monitor answers in their output schemas (%s)',
  (dialect) => {
    const clock = new TestClock('2026-11-24T15:00:30.000Z');
    let service: TestService;
    let key: string;
    let user: User;
    let video: AdAccount;

    beforeAll(async () => {
      service = await TestService.start(dialect, {
        clock,
        env: { ADOPS_TIER_LIMITS: 'free=1000,plus=150,pro=600,max=3000' },
      });
      const demo = await ensureDemo(service.services);
      await seedDemoApproval(service.services, demo);
      key = demo.key;
      const found = await findUserByEmail(service.services.storage.db, demo.email);
      const [account] = await listAdAccounts(service.services.storage.db, found?.id ?? '', 'video');
      if (!found || !account) throw new Error('no demo owner');
      user = found;
      video = account;
    });
    afterAll(() => service?.stop());

    async function ok(tool: string, args: Json): Promise<Json> {
      const { status, body } = await service.call(tool, args, { key });
      expect(status, JSON.stringify(body)).toBe(200);
      return inSchema(tool, body.data.structured);
    }

    async function check(minute: string): Promise<number> {
      const job: AccountCheck = { userId: user.id, platform: 'video', accountId: video.account_id, minute };
      let fired = 0;
      await checkAccount(service.services, job, async () => {
        fired += 1;
      });
      return fired;
    }

    it("runs every tool's example in its output schema", async () => {
      for (const name of [
        'get_usage_status',
        'list_connected_accounts',
        'get_connections_status',
        'get_approval',
        'get_performance_overview',
        'list_monitors',
        'test_monitor',
        'get_monitor_history',
        'update_monitor',
        'create_monitor',
      ]) {
        const tool = ALL_TOOLS.find((each) => each.name === name);
        if (!tool) throw new Error(`no tool ${name}`);
        await ok(name, tool.example);
      }
    });

    it('fails an answer with a field its schema does not list', async () => {
      const usage = await ok('get_usage_status', {});
      const schema = strictly(outputOf('get_usage_status'));
      expect(schema.safeParse(usage).success).toBe(true);
      expect(schema.safeParse({ ...usage, extra: 1 }).success).toBe(false);
      const nested = { ...usage, quota: { ...usage.quota, upgrade_url: 'https://example.com' } };
      expect(schema.safeParse(nested).success).toBe(false);
    });

    it('reads the usage, every account and every connection', async () => {
      const usage = await ok('get_usage_status', {});
      expect(usage.tiers.map((t: Json) => t.tier)).toContain(usage.quota.tier);
      const accounts = await ok('list_connected_accounts', {});
      expect(accounts.accounts.map((a: Json) => a.platform).sort()).toEqual([
        'network',
        'search',
        'social',
        'social',
        'video',
      ]);
      const connections = await ok('get_connections_status', {});
      expect(connections.platforms.map((p: Json) => [p.platform, p.status, p.accounts])).toEqual([
        ['search', 'active', 1],
        ['network', 'active', 1],
        ['social', 'active', 2],
        ['video', 'active', 1],
      ]);
      const overview = await ok('get_performance_overview', { date_range: 'LAST_30_DAYS' });
      expect(overview.accounts).toHaveLength(5);
      expect(overview.unreadable).toEqual([]);
    });

    it('gives an approval one shape: pending, applied, and as a 202 answer carries it, then rejected', async () => {
      const pending = await ok('get_approval', { approval_id: DEMO_APPROVAL_ID });
      expect(pending.approval).toMatchObject({ status: 'pending', decided_at: null, result: null });

      expect((await approveChange(service.services, user, DEMO_APPROVAL_ID)).status).toBe('applied');
      const applied = await ok('get_approval', { approval_id: DEMO_APPROVAL_ID });
      expect(applied.approval).toMatchObject({ status: 'applied', decided_by: user.email });
      expect(applied.approval.result.structured.campaign_id).toBe('1800000000000003');

      // Ten times the daily budget of 250.00 waits for the owner (HTTP 202).
      const asked = await service.call(
        'update_video_campaign',
        { campaign_id: '1800000000000002', budget: 2500 },
        { key },
      );
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      const waiting = strictly(approvalSchema).parse(asked.body.data.structured.approval) as Json;
      const followed = await ok('get_approval', { approval_id: waiting.id });
      expect(followed.approval).toEqual(waiting);

      expect((await rejectChange(service.services, user, waiting.id)).status).toBe('rejected');
      const rejected = await ok('get_approval', { approval_id: waiting.id });
      expect(rejected.approval).toMatchObject({ status: 'rejected', decided_by: user.email, result: null });
    });

    it('gives a monitor one shape from every monitor tool, with its checks and firings', async () => {
      const created = await ok('create_monitor', {
        platform: 'video',
        name: 'Any spend',
        conditions: [{ metric: 'spend', operator: '>', threshold: 0 }],
        check_every_minutes: 1,
        action: 'notify',
      });
      expect(created.monitor).toMatchObject({ enabled: true, last_check: null, last_firing: null });
      const id = created.monitor.id;

      const tested = await ok('test_monitor', { monitor_id: id });
      expect(tested.would_fire.length).toBeGreaterThan(0);

      clock.set('2026-11-24T15:01:10.000Z');
      expect(await check('2026-11-24T15:01:00.000Z')).toBe(tested.would_fire.length);
      const history = await ok('get_monitor_history', { monitor_id: id });
      expect(history.checks[0]).toMatchObject({
        outcome: 'checked',
        error: null,
        period: tested.period,
        matched_campaign_ids: tested.would_fire,
      });
      expect(history.firings[0]).toMatchObject({
        result: 'notified',
        period: tested.period,
        action: 'notify',
      });

      const listed = await ok('list_monitors', {});
      const mine = listed.monitors.find((m: Json) => m.id === id);
      expect(mine.last_check).toEqual({
        checked_at: '2026-11-24T15:01:10.000Z',
        outcome: 'checked',
        error: null,
      });
      expect(listed.monitors.map((m: Json) => m.id)).toContain(DEMO_MONITOR_ID);

      clock.set('2026-11-24T15:01:40.000Z');
      const updated = await ok('update_monitor', { monitor_id: id, enabled: false });
      const { updated_at: _later, enabled: _off, ...rest } = updated.monitor;
      const { updated_at: _earlier, enabled: _on, ...before } = mine;
      expect(rest).toEqual(before);
      expect(updated.monitor.enabled).toBe(false);

      const deleted = await ok('delete_monitor', { monitor_id: id });
      expect(deleted).toEqual({ monitor_id: id, name: 'Any spend', deleted: true, dry_run: false });
    });

    it('answers in the schemas when the account cannot be read: a failed check, an unread account', async () => {
      await setConnectionStatus(service.services.storage.db, video.connection_id, 'expired', clock.now());
      // The demo monitor is checked every 30 minutes since update_monitor's example.
      clock.set('2026-11-24T15:30:10.000Z');
      expect(await check('2026-11-24T15:30:00.000Z')).toBe(0);
      const history = await ok('get_monitor_history', { monitor_id: DEMO_MONITOR_ID });
      expect(history.checks[0]).toMatchObject({ outcome: 'failed', period: null, campaigns: [] });
      expect(history.checks[0].error).toEqual(expect.any(String));
      const listed = await ok('list_monitors', { platform: 'video' });
      const demo = listed.monitors.find((m: Json) => m.id === DEMO_MONITOR_ID);
      expect(demo.last_check).toMatchObject({ outcome: 'failed', checked_at: '2026-11-24T15:30:10.000Z' });

      const connections = await ok('get_connections_status', {});
      expect(connections.platforms.find((p: Json) => p.platform === 'video').status).toBe('expired');
      const overview = await ok('get_performance_overview', { date_range: 'LAST_7_DAYS' });
      expect(overview.unreadable).toEqual([
        expect.objectContaining({ platform: 'video', code: 'connection_expired' }),
      ]);
    });
  },
);
