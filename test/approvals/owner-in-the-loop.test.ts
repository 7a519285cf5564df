import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyLimits } from '../../src/key-limits.ts';
import { resumeAgents, stopAgents } from '../../src/owners/agents.ts';
import { approveChange, rejectChange } from '../../src/owners/approvals.ts';
import { revertChange } from '../../src/owners/revert-change.ts';
import { quotaPeriod, tierLimit } from '../../src/quota.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import type { StoredCampaign } from '../../src/sandbox/video/campaign.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import type { User } from '../../src/storage/schema.ts';
import { findUserById } from '../../src/storage/users.ts';
import { callTool, connectOverHttp } from '../mcp/clients.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

/**
 * The owner in the loop (docs/approvals.md) on the TikTok sandbox, over REST and MCP: a stop is never
 * refused for quota, guardrails turn a change into an approval, the owner approves (once), rejects or
 * lets it expire, a drifted campaign is never written, and "stop all agents" refuses every key.
 */
describe.each(TEST_DIALECTS)('the owner in the loop (%s)', (dialect) => {
  const clock = new TestClock('2026-11-26T10:00:00.000Z');
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
  });
  afterAll(() => service?.stop());

  interface VideoOwner extends Owner {
    user: User;
    advertiser: string;
    /** Campaign ids by their seeded names. */
    campaigns: Record<string, string>;
  }

  async function videoOwner(tier: 'free' | 'pro' = 'pro'): Promise<VideoOwner> {
    const owner = await service.createOwner(tier, ['video']);
    const { db } = service.services.storage;
    const user = await findUserById(db, owner.userId);
    const [account] = await listAdAccounts(db, owner.userId, 'video');
    if (!user || !account) throw new Error('no owner');
    const stored = await new SandboxStore(db, 'video').list<StoredCampaign>('campaign', account.account_id);
    const campaigns = Object.fromEntries(stored.map((c) => [c.data.campaign_name, c.id]));
    return { ...owner, user, advertiser: account.account_id, campaigns };
  }

  const ALWAYS_ON = 'Always on: prospecting'; // ENABLE, 250 a day
  const RETARGETING = 'Retargeting: site visitors'; // ENABLE, 80 a day
  const SPRING = 'Spring launch'; // DISABLE, 100 a day

  const campaign = async (id: string) =>
    (await new SandboxStore(service.services.storage.db, 'video').get<StoredCampaign>('campaign', id))?.data;
  const update = (key: string, args: Record<string, unknown>, headers: Record<string, string> = {}) =>
    service.call('update_video_campaign', args, { key, headers });
  const spendKey = (owner: Owner, limits: Partial<KeyLimits> = {}) =>
    service.createKeyFor(owner, { scope: 'spend', ...limits });
  const used = async (owner: Owner) =>
    (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used as number;
  /** The successful writes the pipeline audited for an approval. */
  const appliedRows = async (approvalId: string) => {
    await service.services.audit.flush();
    const rows = await service.services.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('tool', '=', 'update_video_campaign')
      .where('details', 'like', `%${approvalId}%`)
      .execute();
    return rows.filter((row) => row.status === 200);
  };

  describe('a stop is never refused for quota', () => {
    let owner: VideoOwner;
    let key: string;

    beforeAll(async () => {
      owner = await videoOwner('free');
      key = await spendKey(owner);
      const { config, storage } = service.services;
      await storage.db
        .insertInto('quota_usage')
        .values({ user_id: owner.userId, period: quotaPeriod(clock.now()), used: tierLimit(config, 'free') })
        .execute();
    });

    it('pauses and lowers a budget free over REST, and refuses a raise with 402', async () => {
      const limit = tierLimit(service.services.config, 'free');
      const paused = await update(key, {
        campaign_id: owner.campaigns[ALWAYS_ON],
        operation_status: 'DISABLE',
      });
      expect(paused.status).toBe(200);
      expect(paused.body.data.quota).toMatchObject({ used: limit, limit, free_stop: true });
      expect((await campaign(owner.campaigns[ALWAYS_ON] ?? ''))?.operation_status).toBe('DISABLE');

      const lowered = await update(key, { campaign_id: owner.campaigns[RETARGETING], budget: 60 });
      expect(lowered.status).toBe(200);
      expect(lowered.body.data.quota.free_stop).toBe(true);
      expect((await campaign(owner.campaigns[RETARGETING] ?? ''))?.budget).toBe(60);

      const raised = await update(key, { campaign_id: owner.campaigns[RETARGETING], budget: 90 });
      expect([raised.status, raised.body.code]).toEqual([402, 'quota_exceeded']);
      expect((await campaign(owner.campaigns[RETARGETING] ?? ''))?.budget).toBe(60);
      // A pause that also renames is not a stop alone: it is billed, so refused.
      const renamed = await update(key, {
        campaign_id: owner.campaigns[RETARGETING],
        operation_status: 'DISABLE',
        name: 'Renamed',
      });
      expect([renamed.status, renamed.body.code]).toEqual([402, 'quota_exceeded']);
      expect(await used(owner)).toBe(limit);
    });

    it('pauses free over MCP too, and refuses an enable', async () => {
      const mcp = await connectOverHttp(service.url, key);
      try {
        const paused = await callTool(mcp, {
          name: 'update_video_campaign',
          arguments: { campaign_id: owner.campaigns[RETARGETING], operation_status: 'DISABLE' },
        });
        expect(paused.isError).toBeFalsy();
        expect((await campaign(owner.campaigns[RETARGETING] ?? ''))?.operation_status).toBe('DISABLE');
        const enabled = await callTool(mcp, {
          name: 'update_video_campaign',
          arguments: { campaign_id: owner.campaigns[SPRING], operation_status: 'ENABLE' },
        });
        expect(enabled.isError).toBe(true);
        expect(enabled._meta?.['adops/code']).toBe('quota_exceeded');
        expect((await campaign(owner.campaigns[SPRING] ?? ''))?.operation_status).toBe('DISABLE');
      } finally {
        await mcp.close();
      }
    });
  });

  describe('guardrails turn a change into an approval', () => {
    let owner: VideoOwner;

    beforeAll(async () => {
      owner = await videoOwner();
    });

    it('applies a raise within max_raise_percent and holds one beyond it, writing nothing', async () => {
      const key = await spendKey(owner, { maxRaisePercent: 50 });
      const id = owner.campaigns[RETARGETING] ?? '';
      const within = await update(key, { campaign_id: id, budget: 110 });
      expect(within.status).toBe(200);
      expect((await campaign(id))?.budget).toBe(110);

      const before = await used(owner);
      const beyond = await update(key, { campaign_id: id, budget: 200 });
      expect(beyond.status).toBe(202);
      expect(beyond.body.success).toBe(true);
      const approval = beyond.body.data.structured.approval;
      expect(approval).toMatchObject({
        status: 'pending',
        requested_by: 'key limited',
        approve_url: `${service.services.config.appUrl}/approvals/${approval.id}`,
        change: {
          tool: 'update_video_campaign',
          account: owner.advertiser,
          object: `campaign ${id}`,
          currency: 'USD',
          before: { daily_budget: '110.00', status: 'ACTIVE', platform_status: 'ENABLE' },
          after: { daily_budget: '200.00' },
          projected_daily_delta: '+90.00',
          // 26 November to 30 November: five days.
          projected_period_delta: '+450.00',
          period_end: '2026-11-30',
        },
      });
      expect(approval.reason).toContain('by at most 50%');
      expect(beyond.body.data.text).toContain('get_approval');
      expect((await campaign(id))?.budget).toBe(110);
      // The call that asked is billed like any other: it read the campaign.
      expect(await used(owner)).toBe(before + 1);
    });

    it('holds a tenfold budget for any key, saying minor units are the usual cause', async () => {
      const key = await spendKey(owner);
      const id = owner.campaigns[ALWAYS_ON] ?? '';
      const asked = await update(key, { campaign_id: id, budget: 5_000_000 });
      expect(asked.status).toBe(202);
      expect(asked.body.data.structured.approval.reason).toMatch(/minor units \(cents\) sent as major units/);
      expect(asked.body.data.structured.approval.change.projected_daily_delta).toBe('+4999750.00');
      expect((await campaign(id))?.budget).toBe(250);
    });

    it('holds every spend change of an approval: spend key, but not a pause', async () => {
      const key = await spendKey(owner, { approval: 'spend' });
      const spring = owner.campaigns[SPRING] ?? '';
      const enable = await update(key, { campaign_id: spring, operation_status: 'ENABLE' });
      expect(enable.status).toBe(202);
      expect(enable.body.data.structured.approval.change.projected_daily_delta).toBe('+100.00');
      expect((await campaign(spring))?.operation_status).toBe('DISABLE');
      const lower = await update(key, { campaign_id: owner.campaigns[ALWAYS_ON], budget: 240 });
      expect(lower.status).toBe(200);
    });

    it('shows the projected deltas and the approval it would need in a dry run', async () => {
      const key = await spendKey(owner, { maxRaisePercent: 10 });
      const dry = await update(key, { campaign_id: owner.campaigns[ALWAYS_ON], budget: 480, dry_run: true });
      expect(dry.status).toBe(200);
      expect(dry.body.data.structured.impact).toMatchObject({
        currency: 'USD',
        projected_daily_delta: '+240.00',
        projected_period_delta: '+1200.00',
      });
      expect(dry.body.data.structured.impact.approval_needed).toContain('at most 10%');
      expect(dry.body.data.text).toContain("would wait for the owner's approval");
    });

    it('answers the same approval to a repeat with the same Idempotency-Key', async () => {
      const key = await spendKey(owner);
      const headers = { 'idempotency-key': randomUUID() };
      const args = { campaign_id: owner.campaigns[RETARGETING], budget: 9_999 };
      const first = await update(key, args, headers);
      const again = await update(key, args, headers);
      expect(first.status).toBe(202);
      expect(again.status).toBe(202);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.data.structured.approval.id).toBe(first.body.data.structured.approval.id);
    });

    it("holds a new LinkedIn campaign budgeted at ten times the account's largest, creating nothing", async () => {
      const linkedIn = await service.createOwner('pro', ['network']);
      const [account] = await listAdAccounts(service.services.storage.db, linkedIn.userId, 'network');
      const store = new SandboxStore(service.services.storage.db, 'network');
      const campaigns = async () => (await store.list('campaign', account?.account_id ?? '')).length;
      const before = await campaigns();
      const text = {
        campaign_name: 'Q4 launch',
        campaign_group_name: 'Q4 2026',
        organization_id: '2414183',
        landing_page_url: 'https://example.com/q4',
        locations: ['urn:li:geo:103644278'],
        headline: 'Plans from $5',
        description: 'Project tools built for small teams.',
      };
      const held = await service.call(
        'create_network_text_campaign',
        { ...text, daily_budget: 6_000 },
        { key: linkedIn.key },
      );
      expect(held.status).toBe(202);
      expect(held.body.data.structured.approval.reason).toMatch(
        /times the typical daily budget in the account \(the median of its active ones, \d+\.\d\d USD\)/,
      );
      expect(held.body.data.structured.approval.change).toMatchObject({
        object: `a new campaign "${text.campaign_name}"`,
        after: { status: 'PAUSED', daily_budget: '6000.00' },
        // Created paused: it spends nothing until activated.
        projected_daily_delta: '0.00',
      });
      expect(await campaigns()).toBe(before);
      const made = await service.call(
        'create_network_text_campaign',
        { ...text, daily_budget: 30 },
        { key: linkedIn.key },
      );
      expect(made.status).toBe(200);
      expect(await campaigns()).toBe(before + 1);
    });

    it('answers an approval over MCP as a result, not an error', async () => {
      const key = await spendKey(owner);
      const mcp = await connectOverHttp(service.url, key);
      try {
        const result = await callTool(mcp, {
          name: 'update_video_campaign',
          arguments: { campaign_id: owner.campaigns[RETARGETING], budget: 50_000 },
        });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ approval: { status: 'pending' } });
        expect(result._meta?.['adops/status']).toBe(202);
      } finally {
        await mcp.close();
      }
    });
  });

  describe('the owner decides', () => {
    let owner: VideoOwner;
    let key: string;

    beforeAll(async () => {
      owner = await videoOwner();
      key = await spendKey(owner);
    });

    async function pending(id: string, budget: number): Promise<string> {
      const asked = await update(key, { campaign_id: id, budget });
      expect(asked.status).toBe(202);
      return asked.body.data.structured.approval.id;
    }
    const followUp = async (approvalId: string, asker = key) =>
      service.call('get_approval', { approval_id: approvalId }, { key: asker });

    it('approve applies the change once, audited with the approver, and get_approval says applied', async () => {
      const id = owner.campaigns[ALWAYS_ON] ?? '';
      const approvalId = await pending(id, 2_500);
      expect((await followUp(approvalId)).body.data.structured.approval.status).toBe('pending');

      const decision = await approveChange(service.services, owner.user, approvalId);
      expect(decision.status).toBe('applied');
      expect((await campaign(id))?.budget).toBe(2_500);
      const again = await approveChange(service.services, owner.user, approvalId);
      expect(again.status).toBe('applied');
      const rows = await appliedRows(approvalId);
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({
        approval_id: approvalId,
        approved_by: owner.email,
      });

      const answer = await followUp(approvalId);
      expect(answer.status).toBe(200);
      expect(answer.body.data.structured.approval).toMatchObject({
        status: 'applied',
        decided_by: owner.email,
        result: { structured: { after: { daily_budget: '2500.00' } } },
      });
    });

    it('reject makes nothing, and a later approve is refused', async () => {
      const id = owner.campaigns[RETARGETING] ?? '';
      const approvalId = await pending(id, 800);
      expect((await rejectChange(service.services, owner.user, approvalId)).status).toBe('rejected');
      expect((await approveChange(service.services, owner.user, approvalId)).status).toBe('rejected');
      expect((await campaign(id))?.budget).toBe(80);
      expect((await followUp(approvalId)).body.data.structured.approval.status).toBe('rejected');
    });

    it('an approval expires after a day, and approving it then makes nothing', async () => {
      const id = owner.campaigns[RETARGETING] ?? '';
      const approvalId = await pending(id, 900);
      clock.advanceSeconds(25 * 3600);
      try {
        expect((await followUp(approvalId)).body.data.structured.approval.status).toBe('expired');
        expect((await approveChange(service.services, owner.user, approvalId)).status).toBe('expired');
        expect((await campaign(id))?.budget).toBe(80);
      } finally {
        clock.advanceSeconds(-25 * 3600);
      }
    });

    it('a campaign changed since the request ends the approval drifted, and nothing is written', async () => {
      const id = owner.campaigns[RETARGETING] ?? '';
      const approvalId = await pending(id, 1_000);
      expect((await update(key, { campaign_id: id, budget: 85 })).status).toBe(200);

      const decision = await approveChange(service.services, owner.user, approvalId);
      expect(decision.status).toBe('drifted');
      expect(decision.message).toContain('budget was "80.00", is now "85.00"');
      expect((await campaign(id))?.budget).toBe(85);
      expect(await appliedRows(approvalId)).toHaveLength(0);
      const answer = (await followUp(approvalId)).body.data.structured.approval;
      expect(answer).toMatchObject({ status: 'drifted', result: { code: 'approval_drifted' } });
    });

    it("another owner's approval is not found", async () => {
      const approvalId = await pending(owner.campaigns[RETARGETING] ?? '', 3_000);
      const stranger = await videoOwner();
      const answer = await followUp(approvalId, stranger.key);
      expect([answer.status, answer.body.code]).toEqual([404, 'not_found']);
      await expect(approveChange(service.services, stranger.user, approvalId)).rejects.toThrow('No approval');
    });
  });

  describe('an approved change is not billed again', () => {
    it('applies it with the quota used up by the call that asked, and used does not move', async () => {
      const owner = await videoOwner('free');
      const key = await spendKey(owner);
      const { config, storage } = service.services;
      const limit = tierLimit(config, 'free');
      await storage.db
        .insertInto('quota_usage')
        .values({ user_id: owner.userId, period: quotaPeriod(clock.now()), used: limit - 1 })
        .execute();
      const id = owner.campaigns[ALWAYS_ON] ?? '';
      const asked = await update(key, { campaign_id: id, budget: 2_500 });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      // The call that asked used the last unit of the period.
      expect(asked.body.data.quota).toMatchObject({ used: limit, limit });
      const approvalId = asked.body.data.structured.approval.id as string;

      const decision = await approveChange(service.services, owner.user, approvalId);
      expect(decision.status, decision.message).toBe('applied');
      expect((await campaign(id))?.budget).toBe(2_500);
      const [row, ...more] = await appliedRows(approvalId);
      expect(more).toEqual([]);
      expect(row?.billable).toBe(0);
      const usage = await service.call('get_usage_status', {}, { key: owner.key });
      expect(usage.status).toBe(200);
      expect(usage.body.data.quota).toMatchObject({ used: limit, limit });
    });
  });

  describe('stop all agents', () => {
    it('refuses every key with agents_stopped until resumed, and pauses what agents raised', async () => {
      const owner = await videoOwner();
      const agent = await spendKey(owner);
      const raised = owner.campaigns[RETARGETING] ?? '';
      const enabled = owner.campaigns[SPRING] ?? '';
      const untouched = owner.campaigns[ALWAYS_ON] ?? '';
      expect((await update(agent, { campaign_id: raised, budget: 100 })).status).toBe(200);
      expect((await update(agent, { campaign_id: enabled, operation_status: 'ENABLE' })).status).toBe(200);
      // A lowered budget is not a raise: stopping leaves that campaign running.
      expect((await update(agent, { campaign_id: untouched, budget: 200 })).status).toBe(200);

      const stopped = await stopAgents(service.services, owner.user, { pauseChanged: true });
      expect(stopped.paused.map((p) => [p.objectId, p.status]).sort()).toEqual(
        [
          [raised, 200],
          [enabled, 200],
        ].sort(),
      );
      expect((await campaign(raised))?.operation_status).toBe('DISABLE');
      expect((await campaign(enabled))?.operation_status).toBe('DISABLE');
      expect((await campaign(untouched))?.operation_status).toBe('ENABLE');

      for (const key of [agent, owner.key]) {
        const refused = await service.call('get_usage_status', {}, { key });
        expect([refused.status, refused.body.code]).toEqual([403, 'agents_stopped']);
        expect(refused.body.error).toContain('adops agents resume');
      }
      const mcp = await connectOverHttp(service.url, agent).catch((error: Error) => error);
      expect(mcp).toBeInstanceOf(Error);

      expect(await resumeAgents(service.services, owner.user)).toBe(true);
      expect((await service.call('get_usage_status', {}, { key: agent })).status).toBe(200);
      // Resuming never activates a campaign again.
      expect((await campaign(enabled))?.operation_status).toBe('DISABLE');
      // The pauses were the owner's: no key, no app on their audit rows.
      await service.services.audit.flush();
      const pauses = await service.services.storage.db
        .selectFrom('audit_log')
        .selectAll()
        .where('user_id', '=', owner.userId)
        .where('api_key_id', 'is', null)
        .where('tool', '=', 'update_video_campaign')
        .execute();
      expect(pauses.map((row) => row.status)).toEqual([200, 200]);
    });

    it('leaves running what the owner raised or enabled in person', async () => {
      const owner = await videoOwner();
      const agent = await spendKey(owner);
      const changeOf = async (args: Record<string, unknown>) => {
        const answer = await update(agent, args);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return service.auditRow(answer.body.request_id);
      };
      // The owner undoes an agent's pause (enabling the campaign) and an agent's cut (raising it back).
      const enabledByOwner = owner.campaigns[ALWAYS_ON] ?? '';
      const raisedByOwner = owner.campaigns[RETARGETING] ?? '';
      const pause = await changeOf({ campaign_id: enabledByOwner, operation_status: 'DISABLE' });
      const cut = await changeOf({ campaign_id: raisedByOwner, budget: 60 });
      for (const change of [pause, cut]) {
        const revert = await revertChange(service.services, owner.user, change.id);
        expect(revert.kind, revert.message).toBe('reverted');
      }
      // The agent enables one itself: that one is paused.
      const enabledByAgent = owner.campaigns[SPRING] ?? '';
      await changeOf({ campaign_id: enabledByAgent, operation_status: 'ENABLE' });

      // The owner's two changes are spend raises on audit rows of their own, without a key or an app,
      // and the money history records them as raises by no agent.
      await service.services.audit.flush();
      const { db } = service.services.storage;
      const ownersRaises = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('user_id', '=', owner.userId)
        .where('reverts', 'in', [pause.id, cut.id])
        .where('status', '=', 200)
        .execute();
      expect(ownersRaises).toHaveLength(2);
      for (const row of ownersRaises) {
        expect(row).toMatchObject({ api_key_id: null, oauth_client_id: null });
        const moved = await db
          .selectFrom('money_changes')
          .selectAll()
          .where('audit_id', '=', row.id)
          .execute();
        expect(moved.length).toBeGreaterThan(0);
        for (const field of moved) expect(field).toMatchObject({ lifted: 1, by_agent: 0 });
      }

      const stopped = await stopAgents(service.services, owner.user, { pauseChanged: true });
      expect(stopped.paused.map((p) => [p.objectId, p.status])).toEqual([[enabledByAgent, 200]]);
      expect((await campaign(enabledByAgent))?.operation_status).toBe('DISABLE');
      expect(await campaign(enabledByOwner)).toMatchObject({ operation_status: 'ENABLE', budget: 250 });
      expect(await campaign(raisedByOwner)).toMatchObject({ operation_status: 'ENABLE', budget: 80 });
    });

    it('pauses what an agent raised 6 days ago, not what it raised 8 days ago', async () => {
      const now = clock.now();
      const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
      try {
        clock.set(daysAgo(8));
        const owner = await videoOwner();
        const agent = await spendKey(owner);
        const eightDaysAgo = owner.campaigns[RETARGETING] ?? '';
        const sixDaysAgo = owner.campaigns[SPRING] ?? '';
        expect((await update(agent, { campaign_id: eightDaysAgo, budget: 100 })).status).toBe(200);
        clock.set(daysAgo(6));
        expect((await update(agent, { campaign_id: sixDaysAgo, operation_status: 'ENABLE' })).status).toBe(
          200,
        );
        clock.set(now);

        const stopped = await stopAgents(service.services, owner.user, { pauseChanged: true });
        expect(stopped.paused.map((p) => [p.objectId, p.status])).toEqual([[sixDaysAgo, 200]]);
        expect((await campaign(sixDaysAgo))?.operation_status).toBe('DISABLE');
        expect(await campaign(eightDaysAgo)).toMatchObject({ operation_status: 'ENABLE', budget: 100 });
      } finally {
        clock.set(now);
      }
    });
  });
});

/**
 * Two instances approve one change at the same moment. The sandbox answers slowly, so both approvals are
 * past the move to `approved` and reading the campaign before either writes: only the idempotency key
 * of the approval (`approval:<id>`) keeps the second from writing too.
 */
describe.each(TEST_DIALECTS.filter((d) => d === 'postgres'))(
  'two instances approving at once (%s)',
  (dialect) => {
    const env = { ADOPS_SANDBOX_LATENCY_MS: '400' };
    let first: TestService;
    let second: TestService;

    beforeAll(async () => {
      first = await TestService.start(dialect, { env });
      second = await TestService.start(dialect, { env, database: first.database });
    });
    afterAll(async () => {
      await second?.stop();
      await first?.stop();
    });

    it('write the change once', async () => {
      const owner = await first.createOwner('pro', ['video']);
      const { db } = first.services.storage;
      const user = await findUserById(db, owner.userId);
      const [account] = await listAdAccounts(db, owner.userId, 'video');
      if (!user || !account) throw new Error('no owner');
      const stored = await new SandboxStore(db, 'video').list<StoredCampaign>('campaign', account.account_id);
      const id = stored.find(
        (c) => c.data.operation_status === 'ENABLE' && c.data.budget_mode === 'BUDGET_MODE_DAY',
      )?.id;
      const key = await first.createKeyFor(owner, { scope: 'spend' });
      const asked = await first.call(
        'update_video_campaign',
        { campaign_id: id, budget: 1_000_000 },
        { key },
      );
      expect(asked.status).toBe(202);
      const approvalId = asked.body.data.structured.approval.id as string;

      const decisions = await Promise.all([
        approveChange(first.services, user, approvalId),
        approveChange(second.services, user, approvalId),
      ]);
      const writes = async () => {
        await first.services.audit.flush();
        await second.services.audit.flush();
        return db
          .selectFrom('audit_log')
          .select(['status', 'replayed'])
          .where('details', 'like', `%${approvalId}%`)
          .where('status', '=', 200)
          .where('replayed', '=', 0)
          .execute();
      };
      expect(await writes()).toHaveLength(1);
      expect(decisions.map((d) => d.status)).toContain('applied');
      // Whichever lost the race either saw it applied or found it still being applied.
      for (const decision of decisions) expect(['applied', 'approved']).toContain(decision.status);
      const after = await new SandboxStore(db, 'video').get<StoredCampaign>('campaign', id ?? '');
      expect(after?.data.budget).toBe(1_000_000);
      // Approving again on either instance answers it applied and writes nothing more.
      expect((await approveChange(second.services, user, approvalId)).status).toBe('applied');
      expect(await writes()).toHaveLength(1);
    });
  },
);
