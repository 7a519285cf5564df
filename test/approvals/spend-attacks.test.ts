import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import { DEFAULT_LIMITS, type KeyLimits } from '../../src/key-limits.ts';
import { checkAccount } from '../../src/monitors/check-account.ts';
import { resumeAgents, stopAgents } from '../../src/owners/agents.ts';
import { approveChange } from '../../src/owners/approvals.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { narrowKey } from '../../src/owners/narrow-key.ts';
import { executeTool } from '../../src/pipeline/execute-tool.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import type { StoredAdGroup } from '../../src/sandbox/video/adgroup.ts';
import type { StoredCampaign } from '../../src/sandbox/video/campaign.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { findApiKeyById, revokeApiKey } from '../../src/storage/api-keys.ts';
import type { User } from '../../src/storage/schema.ts';
import { findUserById } from '../../src/storage/users.ts';
import { TestClock } from '../support/clock.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

type Json = Record<string, any>;

/**
 * What an outside attack on the money rules found (issue 34), each tried again the way an agent, an owner
 * or the platform would, over the real server on both databases: every one of them now holds.
 */
describe.each(TEST_DIALECTS)('the money rules an attack got around (%s)', (dialect) => {
  const clock = new TestClock('2026-11-26T10:00:00.000Z');
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
  });
  afterAll(() => service?.stop());

  interface VideoOwner extends Owner {
    user: User;
    advertiser: string;
    campaigns: Record<string, string>;
    adGroups: Record<string, string>;
  }

  async function videoOwner(): Promise<VideoOwner> {
    const owner = await service.createOwner('max', ['video']);
    const { db } = service.services.storage;
    const user = await findUserById(db, owner.userId);
    const [account] = await listAdAccounts(db, owner.userId, 'video');
    if (!user || !account) throw new Error('no owner');
    const store = new SandboxStore(db, 'video');
    const campaigns = await store.list<StoredCampaign>('campaign', account.account_id);
    const adGroups = await store.list<StoredAdGroup>('adgroup', account.account_id);
    return {
      ...owner,
      user,
      advertiser: account.account_id,
      campaigns: Object.fromEntries(campaigns.map((c) => [c.data.campaign_name, c.id])),
      adGroups: Object.fromEntries(adGroups.map((g) => [g.data.adgroup_name, g.id])),
    };
  }

  const store = () => new SandboxStore(service.services.storage.db, 'video');
  const campaign = async (id: string) => (await store().get<StoredCampaign>('campaign', id))?.data;
  const adGroup = async (id: string) => (await store().get<StoredAdGroup>('adgroup', id))?.data;
  /** A key of the owner with its id, as the console makes one. */
  const keyOf = async (owner: VideoOwner, limits: Partial<KeyLimits> = {}) => {
    const made = await issueKey(service.services.storage.db, owner.user, 'agent', 'never', clock.now(), {
      ...DEFAULT_LIMITS,
      scope: 'spend',
      ...limits,
    });
    return { key: made.key, id: made.id };
  };
  const call = (key: string, tool: string, args: Json) => service.call(tool, args, { key });

  describe('1. guardrails hold below the campaign and on lifetime budgets', () => {
    let owner: VideoOwner;
    beforeAll(async () => {
      owner = await videoOwner();
    });

    it("waits for the owner when an ad group's daily budget is raised 120 -> 12,000, for any key", async () => {
      const id = owner.adGroups['Prospecting: broad'] ?? '';
      for (const limits of [{ maxRaisePercent: 20 }, {}]) {
        const { key } = await keyOf(owner, limits);
        const dry = await call(key, 'update_video_ad_group', {
          adgroup_id: id,
          daily_budget: 12_000,
          dry_run: true,
        });
        expect(dry.status, JSON.stringify(dry.body)).toBe(200);
        expect(dry.body.data.structured.impact.approval_needed).toMatch(/100 times its current 120\.00 USD/);
        const asked = await call(key, 'update_video_ad_group', { adgroup_id: id, daily_budget: 12_000 });
        expect(asked.status, JSON.stringify(asked.body)).toBe(202);
        expect(asked.body.data.structured.approval.change).toMatchObject({
          object: `ad group ${id}`,
          before: { daily_budget: '120.00', status: 'ACTIVE' },
          after: { daily_budget: '12000.00' },
          projected_daily_delta: '+11880.00',
        });
        expect((await adGroup(id))?.budget).toBe(120);
      }
    });

    it('holds an ad group raise past max_raise_percent, and lets one within it through', async () => {
      const id = owner.adGroups['Prospecting: interests'] ?? '';
      const { key } = await keyOf(owner, { maxRaisePercent: 20 });
      const beyond = await call(key, 'update_video_ad_group', { adgroup_id: id, daily_budget: 120 });
      expect(beyond.status).toBe(202);
      expect(beyond.body.data.structured.approval.reason).toContain('by 50%');
      const within = await call(key, 'update_video_ad_group', { adgroup_id: id, daily_budget: 92 });
      expect(within.status, JSON.stringify(within.body)).toBe(200);
      expect((await adGroup(id))?.budget).toBe(92);
    });

    it('refuses a write key an ad group raise or enable (403), and lets it lower and pause', async () => {
      const id = owner.adGroups['Prospecting: lookalike 1%'] ?? '';
      const { key } = await keyOf(owner, { scope: 'write' });
      const raised = await call(key, 'update_video_ad_group', { adgroup_id: id, daily_budget: 60 });
      expect([raised.status, raised.body.code]).toEqual([403, 'insufficient_scope']);
      const old = owner.adGroups['Prospecting: old creatives'] ?? '';
      const enabled = await call(key, 'update_video_ad_group', { adgroup_id: old, status: 'ACTIVE' });
      expect([enabled.status, enabled.body.code]).toEqual([403, 'insufficient_scope']);
      expect((await call(key, 'update_video_ad_group', { adgroup_id: id, daily_budget: 40 })).status).toBe(
        200,
      );
      expect((await adGroup(id))?.budget).toBe(40);
    });

    it('holds a lifetime budget raised 3,000 -> 300,000 by a 20% key, and one within 20% goes through', async () => {
      const id = owner.campaigns['Holiday teaser'] ?? '';
      const { key } = await keyOf(owner, { maxRaisePercent: 20 });
      const asked = await call(key, 'update_video_campaign', { campaign_id: id, budget: 300_000 });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      expect(asked.body.data.structured.approval.reason).toMatch(
        /lifetime budget of campaign \d+ to 300000\.00 USD, 100 times/,
      );
      expect(asked.body.data.structured.approval.change.before).toMatchObject({ budget: '3000.00' });
      expect((await campaign(id))?.budget).toBe(3000);
      const beyond = await call(key, 'update_video_campaign', { campaign_id: id, budget: 4000 });
      expect(beyond.status).toBe(202);
      const within = await call(key, 'update_video_campaign', { campaign_id: id, budget: 3500 });
      expect(within.status, JSON.stringify(within.body)).toBe(200);
      expect((await campaign(id))?.budget).toBe(3500);
    });
  });

  describe('7. the tenfold guard judges a day, not a call', () => {
    it('lets 80 -> 720 through and holds 720 -> 6,480: 81 times the lowest value of the day', async () => {
      const owner = await videoOwner();
      const id = owner.campaigns['Retargeting: site visitors'] ?? '';
      const { key } = await keyOf(owner);
      expect((await call(key, 'update_video_campaign', { campaign_id: id, daily_budget: 720 })).status).toBe(
        200,
      );
      const second = await call(key, 'update_video_campaign', { campaign_id: id, daily_budget: 6480 });
      expect(second.status, JSON.stringify(second.body)).toBe(202);
      expect(second.body.data.structured.approval.reason).toContain(
        '81 times 80.00 USD, its lowest value in the last 24 hours',
      );
      expect((await campaign(id))?.budget).toBe(720);
      // A day later the step is judged from what the campaign has now.
      clock.advanceSeconds(25 * 3600);
      const later = await call(key, 'update_video_campaign', { campaign_id: id, daily_budget: 6480 });
      expect(later.status, JSON.stringify(later.body)).toBe(200);
    });
  });

  describe('2. the service keeps its own idempotency keys where no caller reaches', () => {
    /** The keys the service used to derive, which any caller could compute and send first. */
    const uuidOf = (hex: string) =>
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;

    it("a read key's call under the key a monitor used to derive does not disarm the monitor", async () => {
      clock.set('2026-11-24T15:00:30.000Z');
      const owner = await videoOwner();
      const reader = await keyOf(owner, { scope: 'read' });
      const listed = await call(owner.key, 'get_video_campaign_performance', { date_range: 'TODAY' });
      const rows = [...listed.body.data.structured.campaigns].sort(
        (a: Json, b: Json) => Number(b.spend) - Number(a.spend),
      );
      const [top, next] = rows;
      const made = await call(owner.key, 'create_monitor', {
        platform: 'video',
        name: 'Runaway guard',
        conditions: [
          { metric: 'spend', operator: '>', threshold: (Number(top.spend) + Number(next.spend)) / 2 },
        ],
        check_every_minutes: 1,
        action: 'pause_campaign',
      });
      const monitorId = made.body.data.structured.monitor.id;
      const seed = `monitor:${monitorId}:${top.campaign_id}:2026-11-24`;
      const planted = uuidOf(createHash('sha256').update(seed).digest('hex'));
      const read = await service.call(
        'get_usage_status',
        {},
        {
          key: reader.key,
          headers: { 'idempotency-key': planted },
        },
      );
      expect(read.status).toBe(200);
      clock.set('2026-11-24T15:01:10.000Z');
      const fired: Json[] = [];
      await checkAccount(
        service.services,
        {
          userId: owner.userId,
          platform: 'video',
          accountId: owner.advertiser,
          minute: '2026-11-24T15:01:00.000Z',
        },
        async (each) => {
          fired.push(each);
        },
      );
      expect(fired.map((f) => [f.firing.campaign_id, f.action.result])).toEqual([
        [top.campaign_id, 'applied'],
      ]);
      expect((await campaign(top.campaign_id))?.operation_status).toBe('DISABLE');
      clock.set('2026-11-26T10:00:00.000Z');
    });

    it("a key planted under the approval's old derived key does not make an approve answer applied unwritten", async () => {
      const owner = await videoOwner();
      const id = owner.campaigns['Retargeting: site visitors'] ?? '';
      const { key } = await keyOf(owner);
      const asked = await call(key, 'update_video_campaign', { campaign_id: id, daily_budget: 8000 });
      expect(asked.status).toBe(202);
      const approvalId: string = asked.body.data.structured.approval.id;
      const reader = await keyOf(owner, { scope: 'read' });
      const planted = await service.call(
        'get_usage_status',
        {},
        {
          key: reader.key,
          headers: { 'idempotency-key': uuidOf(approvalId.replace(/^apr_/, '')) },
        },
      );
      expect(planted.status).toBe(200);
      const decision = await approveChange(service.services, owner.user, approvalId);
      expect(decision.status).toBe('applied');
      expect((await campaign(id))?.budget).toBe(8000);
    });

    it('refuses any Idempotency-Key that is not a UUID, so none can name a key of the service', async () => {
      const owner = await videoOwner();
      for (const value of ['approval:apr_0123', 'revert:aud_1', 'monitor:mon_1:1:2026-11-24']) {
        const refused = await service.call(
          'get_usage_status',
          {},
          {
            key: owner.key,
            headers: { 'idempotency-key': value },
          },
        );
        expect([refused.status, refused.body.code], value).toEqual([400, 'invalid_idempotency_key']);
      }
    });
  });

  describe('3. an approval is applied by the limits its key has when the owner approves', () => {
    let owner: VideoOwner;
    beforeAll(async () => {
      owner = await videoOwner();
    });

    /** A spend key asks to enable a paused campaign at a tenfold budget: it waits for the owner. */
    async function ask(name: string) {
      const made = await keyOf(owner);
      const id = owner.campaigns[name] ?? '';
      const asked = await call(made.key, 'update_video_campaign', {
        campaign_id: id,
        status: 'ACTIVE',
        daily_budget: 5000,
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      return { ...made, campaignId: id, approvalId: asked.body.data.structured.approval.id as string };
    }

    async function approveAndExpectNothing(
      asked: Awaited<ReturnType<typeof ask>>,
      code: string,
      says: RegExp,
    ) {
      const before = await campaign(asked.campaignId);
      const decision = await approveChange(service.services, owner.user, asked.approvalId);
      expect(decision.status).toBe('failed');
      expect(JSON.parse(decision.approval.result ?? '{}')).toMatchObject({ code });
      expect(decision.message).toMatch(says);
      expect(await campaign(asked.campaignId)).toEqual(before);
      const followed = await call(owner.key, 'get_approval', { approval_id: asked.approvalId });
      expect(followed.body.data.structured.approval.status).toBe('failed');
    }

    it('a key narrowed to write since it asked cannot have its activation applied', async () => {
      const asked = await ask('Spring launch');
      const row = await findApiKeyById(service.services.storage.db, asked.id);
      if (!row) throw new Error('no key');
      await narrowKey(service.services.storage.db, row, { scope: 'write' });
      await approveAndExpectNothing(asked, 'insufficient_scope', /write scope/);
    });

    it('a ceiling lowered below the budget since it asked refuses it', async () => {
      const asked = await ask('App installs test');
      const row = await findApiKeyById(service.services.storage.db, asked.id);
      if (!row) throw new Error('no key');
      await narrowKey(service.services.storage.db, row, { ceilings: ['100:USD'] });
      await approveAndExpectNothing(asked, 'insufficient_scope', /up to 100\.00 USD/);
    });

    it('a revoked key ends it, and its page says so before the owner approves', async () => {
      const asked = await ask('Winter sale (draft)');
      await revokeApiKey(service.services.storage.db, asked.id, clock.now());
      await approveAndExpectNothing(asked, 'unauthenticated', /was revoked/);
    });

    it('stopped agents end it: nothing is applied while they are stopped, nor after they resume', async () => {
      const fresh = await videoOwner();
      const made = await keyOf(fresh);
      const id = fresh.campaigns['Spring launch'] ?? '';
      const asked = await call(made.key, 'update_video_campaign', {
        campaign_id: id,
        status: 'ACTIVE',
        daily_budget: 5000,
      });
      expect(asked.status).toBe(202);
      await stopAgents(service.services, fresh.user, { pauseChanged: false });
      const stopped = await findUserById(service.services.storage.db, fresh.userId);
      if (!stopped) throw new Error('no owner');
      const decision = await approveChange(service.services, stopped, asked.body.data.structured.approval.id);
      expect(decision.status).toBe('failed');
      expect(JSON.parse(decision.approval.result ?? '{}')).toMatchObject({ code: 'agents_stopped' });
      await resumeAgents(service.services, stopped);
      expect((await campaign(id))?.operation_status).toBe('DISABLE');
      const resumed = await findUserById(service.services.storage.db, fresh.userId);
      if (!resumed) throw new Error('no owner');
      const again = await approveChange(service.services, resumed, asked.body.data.structured.approval.id);
      expect(again.status).toBe('failed');
      expect((await campaign(id))?.operation_status).toBe('DISABLE');
    });
  });

  describe('4. stop means stopped', () => {
    it('also pauses an ad group an agent raised, not only campaigns', async () => {
      const owner = await videoOwner();
      const { key } = await keyOf(owner);
      const id = owner.adGroups['Prospecting: broad'] ?? '';
      expect((await call(key, 'update_video_ad_group', { adgroup_id: id, daily_budget: 130 })).status).toBe(
        200,
      );
      const stopped = await stopAgents(service.services, owner.user, { pauseChanged: true });
      expect(stopped.paused.map((p) => [p.kind, p.objectId, p.status])).toEqual([['ad_group', id, 200]]);
      expect((await adGroup(id))?.operation_status).toBe('DISABLE');
      await resumeAgents(service.services, owner.user);
    });

    it('an activation in flight when Stop is pressed ends before Stop answers, and is paused', async () => {
      const owner = await videoOwner();
      const { key } = await keyOf(owner);
      const id = owner.campaigns['Spring launch'] ?? '';
      const { config, storage } = service.services;
      config.platforms.sandboxLatencyMs = 1500;
      try {
        const activation = call(key, 'update_video_campaign', { campaign_id: id, status: 'ACTIVE' });
        // Past the fence: the write is in flight.
        for (let i = 0; i < 200; i++) {
          const inFlight = await storage.db
            .selectFrom('writes_in_flight')
            .select('id')
            .where('user_id', '=', owner.userId)
            .execute();
          if (inFlight.length > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const stopped = await stopAgents(service.services, owner.user, { pauseChanged: true });
        expect((await activation).status).toBe(200);
        expect(stopped.paused.map((p) => [p.objectId, p.status])).toEqual([[id, 200]]);
        expect((await campaign(id))?.operation_status).toBe('DISABLE');
      } finally {
        config.platforms.sandboxLatencyMs = 0;
        await resumeAgents(service.services, owner.user);
      }
    });

    it('an activation that reaches its write after Stop answered is refused, and writes nothing', async () => {
      const owner = await videoOwner();
      const { key } = await keyOf(owner);
      const id = owner.campaigns['Spring launch'] ?? '';
      const { config } = service.services;
      config.platforms.sandboxLatencyMs = 1500;
      try {
        // Authenticated (and its key cached) before the stop; it reads the campaign for 1.5 s.
        const activation = call(key, 'update_video_campaign', { campaign_id: id, status: 'ACTIVE' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const stopped = await stopAgents(service.services, owner.user, { pauseChanged: true });
        expect(stopped.paused).toEqual([]);
        const refused = await activation;
        expect([refused.status, refused.body.code]).toEqual([403, 'agents_stopped']);
        expect((await campaign(id))?.operation_status).toBe('DISABLE');
      } finally {
        config.platforms.sandboxLatencyMs = 0;
        await resumeAgents(service.services, owner.user);
      }
    });
  });

  describe('5. an approval below the campaign is bound to its object', () => {
    it('names the ad group and its before values, and ends drifted when another key raised it since', async () => {
      const owner = await videoOwner();
      const id = owner.adGroups['Prospecting: broad'] ?? '';
      const guarded = await keyOf(owner, { maxRaisePercent: 20 });
      const asked = await call(guarded.key, 'update_video_ad_group', { adgroup_id: id, daily_budget: 200 });
      expect(asked.status).toBe(202);
      expect(asked.body.data.structured.approval.change).toMatchObject({
        object: `ad group ${id}`,
        before: { daily_budget: '120.00' },
        projected_daily_delta: '+80.00',
      });
      const other = await keyOf(owner);
      expect(
        (await call(other.key, 'update_video_ad_group', { adgroup_id: id, daily_budget: 125 })).status,
      ).toBe(200);
      const decision = await approveChange(
        service.services,
        owner.user,
        asked.body.data.structured.approval.id,
      );
      expect(decision.status).toBe('drifted');
      expect(decision.message).toContain('daily_budget was "120.00", is now "125.00"');
      expect((await adGroup(id))?.budget).toBe(125);
    });
  });

  describe('6. a dry run is not a stop', () => {
    it('is billed as a read, and a stop that changes nothing is refused with the quota', async () => {
      const owner = await videoOwner();
      const id = owner.campaigns['Spring launch'] ?? '';
      const used = async () => (await call(owner.key, 'get_usage_status', {})).body.data.quota.used as number;
      const before = await used();
      const dry = await call(owner.key, 'update_video_campaign', {
        campaign_id: id,
        status: 'PAUSED',
        dry_run: true,
      });
      expect(dry.status).toBe(200);
      expect(await used()).toBe(before + 1);
    });
  });
});

describe.each(TEST_DIALECTS)('a dry run is not a stop, past the rate limit (%s)', (dialect) => {
  let service: TestService;
  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: { ADOPS_RATE_LIMIT_PER_SECOND: '1', ADOPS_RATE_LIMIT_BURST: '2' },
    });
  });
  afterAll(() => service?.stop());

  async function campaigns(owner: Owner) {
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'video');
    const stored = await new SandboxStore(service.services.storage.db, 'video').list<StoredCampaign>(
      'campaign',
      account?.account_id ?? '',
    );
    return {
      running: stored.filter((c) => c.data.operation_status === 'ENABLE').map((c) => c.id),
      paused: stored.filter((c) => c.data.operation_status === 'DISABLE').map((c) => c.id),
    };
  }

  it('refuses dry-run pauses in a burst with 429, as any read', async () => {
    const owner = await service.createOwner('max', ['video']);
    const { running } = await campaigns(owner);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        service.call(
          'update_video_campaign',
          { campaign_id: running[0], status: 'PAUSED', dry_run: true },
          {
            key: owner.key,
          },
        ),
      ),
    );
    const refused = answers.filter((a) => a.status === 429);
    // Two in the burst, and at most a few refilled while the ten ran.
    expect(refused.length).toBeGreaterThanOrEqual(6);
    expect(refused[0]?.body.code).toBe('rate_limited');
  });

  it('a call the door found rate-limited runs only if it stops something', async () => {
    const owner = await service.createOwner('max', ['video']);
    const { running, paused } = await campaigns(owner);
    const user = await findUserById(service.services.storage.db, owner.userId);
    const key = await service.services.storage.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    if (!user) throw new Error('no owner');
    const caller = {
      userId: user.id,
      email: user.email,
      tier: user.tier,
      apiKeyId: key.id,
      limits: { ...DEFAULT_LIMITS, scope: 'spend' as const },
    };
    const rateLimited = new AppError('rate_limited', 'Too many requests with this API key.', {
      retryAfterSeconds: 1,
    });
    const run = (args: Json) =>
      executeTool(service.services, caller, 'update_video_campaign', args, {
        requestId: `req_${Math.random().toString(36).slice(2)}`,
        mode: { kind: 'call', rateLimited },
      });
    const real = await run({ campaign_id: running[0], status: 'PAUSED' });
    expect(real.outcome).toMatchObject({ ok: true, status: 200 });
    const dry = await run({ campaign_id: running[1], status: 'PAUSED', dry_run: true });
    expect(dry.outcome).toMatchObject({ ok: false, status: 429, code: 'rate_limited' });
    const nothing = await run({ campaign_id: paused[0], status: 'PAUSED' });
    expect(nothing.outcome).toMatchObject({ ok: false, status: 429, code: 'rate_limited' });
    expect(nothing.outcome.ok === false && nothing.outcome.message).toMatch(
      /^Nothing to stop: Nothing to change: TikTok campaign/,
    );
    const raise = await run({ campaign_id: running[1], daily_budget: 1000 });
    expect(raise.outcome).toMatchObject({ ok: false, status: 429, code: 'rate_limited' });
  });
});
