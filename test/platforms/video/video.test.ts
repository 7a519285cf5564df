import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../src/key-limits.ts';
import { RecoveryPoints } from '../../../src/platforms/recovery-points.ts';
import { PlatformSession } from '../../../src/platforms/session.ts';
import { VideoClient } from '../../../src/platforms/video/client.ts';
import { videoProtocol } from '../../../src/platforms/video/protocol.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import type { AdAccount } from '../../../src/storage/schema.ts';
import type { ToolContext } from '../../../src/tools/tool.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { spendOwner } from './update-support.ts';

/** The context a tool handler gets, for driving the adapter directly. */
function toolContext(service: TestService, owner: Owner, account: AdAccount | undefined): ToolContext {
  return {
    services: service.services,
    caller: {
      userId: owner.userId,
      email: owner.email,
      tier: 'pro',
      apiKeyId: owner.keyId,
      limits: DEFAULT_LIMITS,
    },
    account: account ?? null,
    dryRun: false,
    requestId: 'req_test',
    now: service.services.clock.now(),
    onProgress: () => {},
    trace: { upstreamRequestIds: [], createdObjectIds: [] },
    recovery: new RecoveryPoints({ now: () => new Date() }),
    async authorizeChange() {},
    noteChange() {},
  };
}

describe.each(TEST_DIALECTS)('update_video_campaign on the TikTok sandbox (%s)', (dialect) => {
  let service: TestService;
  let owner: Owner;
  let advertiserId: string;
  let campaignId: string;

  beforeAll(async () => {
    service = await TestService.start(dialect, { env: { ADOPS_UPSTREAM_TIMEOUT_MS: '1500' } });
    owner = await spendOwner(service);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'video');
    advertiserId = account?.account_id ?? '';
    const [campaign] = await new SandboxStore(service.services.storage.db, 'video').list(
      'campaign',
      advertiserId,
    );
    campaignId = campaign?.id ?? '';
  });
  afterAll(() => service.stop());

  const update = (args: Record<string, unknown>, headers: Record<string, string> = {}) =>
    service.call('update_video_campaign', { campaign_id: campaignId, ...args }, { key: owner.key, headers });
  const stored = async () =>
    (
      await new SandboxStore(service.services.storage.db, 'video').get<Record<string, unknown>>(
        'campaign',
        campaignId,
      )
    )?.data;

  it('renames and re-budgets, showing the fields before and after', async () => {
    // budget, the older name of daily_budget, still changes a daily budget.
    const { status, body } = await update({ name: 'Summer launch', budget: 75 });
    expect(status).toBe(200);
    expect(body.data.structured).toMatchObject({
      campaign_id: campaignId,
      name: 'Summer launch',
      currency: 'USD',
      before: { name: 'Spring launch', daily_budget: '100.00', budget: null, budget_mode: 'BUDGET_MODE_DAY' },
      after: { name: 'Summer launch', daily_budget: '75.00', budget: null, budget_mode: 'BUDGET_MODE_DAY' },
      changed: ['name', 'daily_budget'],
    });
    expect(body.data.text).toContain('Spring launch');
    expect(body.data.quota.used).toBe(1);
    expect(await stored()).toMatchObject({ campaign_name: 'Summer launch', budget: 75 });
    const next = await update({ name: 'Summer launch 2' });
    expect(next.body.data.structured.before.name).toBe('Summer launch');
  });

  it('shows the request on a dry run and changes nothing', async () => {
    const before = await stored();
    const { status, body } = await update({ budget: 500, dry_run: true });
    expect(status).toBe(200);
    expect(body.data.structured.preview).toEqual([
      {
        step: 1,
        action: 'change the budget',
        method: 'POST',
        url: '/sandbox/video/open_api/v1.3/campaign/update/',
        body: { advertiser_id: advertiserId, campaign_id: campaignId, budget: 500 },
        validated: false,
      },
    ]);
    // A dry run is a read: billed as one.
    expect(body.data.quota.used).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
  });

  it("reports the platform's reasons as 400s a marketer understands", async () => {
    const missing = await update({ campaign_id: '1234567890', name: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('upstream_rejected');
    expect(missing.body.error).toContain('no campaign 1234567890');
    const low = await update({ budget: 20 });
    expect(low.status).toBe(400);
    expect(low.body.error).toContain('at least 50');
  });

  it('refuses to switch the budget type, saying why and what to do instead, and changes nothing', async () => {
    const before = await stored();
    const { status, body } = await update({ budget_mode: 'BUDGET_MODE_TOTAL', budget: 900 });
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_arguments');
    expect(body.error).toContain(
      "budget_mode: cannot be changed: TikTok fixes a campaign's budget type (daily, lifetime or no limit)",
    );
    expect(body.error).toContain('create a new campaign with it in TikTok Ads Manager');
    expect(body.data?.quota).toBeUndefined();
    expect(await stored()).toEqual(before);
  });

  it('explains campaigns TikTok will not re-budget or change: no budget limit, deleted', async () => {
    const store = new SandboxStore(service.services.storage.db, 'video');
    const now = service.services.clock.now();
    const base = { objective_type: 'TRAFFIC', budget: 0, operation_status: 'ENABLE' };
    const unlimited = '1811111111111111111';
    await store.put(
      {
        type: 'campaign',
        id: unlimited,
        accountId: advertiserId,
        data: { ...base, campaign_name: 'Open', budget_mode: 'BUDGET_MODE_INFINITE' },
      },
      now,
    );
    const budgeted = await update({ campaign_id: unlimited, budget: 80 });
    expect(budgeted.status).toBe(400);
    expect(budgeted.body.code).toBe('invalid_arguments');
    expect(budgeted.body.error).toContain('has no budget limit (BUDGET_MODE_INFINITE)');
    expect((await update({ campaign_id: unlimited, name: 'Open 2' })).status).toBe(200);

    const gone = '1822222222222222222';
    await store.put(
      {
        type: 'campaign',
        id: gone,
        accountId: advertiserId,
        data: { ...base, campaign_name: 'Gone', budget_mode: 'BUDGET_MODE_DAY', budget: 60, deleted: true },
      },
      now,
    );
    const deleted = await update({ campaign_id: gone, name: 'Back' });
    expect(deleted.status).toBe(400);
    expect(deleted.body.code).toBe('upstream_rejected');
    expect(deleted.body.error).toContain('is deleted, and TikTok does not change deleted campaigns');
  });

  it('reads the campaign list page after page', async () => {
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'video');
    const context = toolContext(service, owner, account);
    const client = new VideoClient(await PlatformSession.open(context, videoProtocol([40100])));
    const all = await client.listCampaigns(advertiserId, { primary_status: 'STATUS_ALL' }, 2);
    const inStore = await new SandboxStore(service.services.storage.db, 'video').list(
      'campaign',
      advertiserId,
    );
    expect(all.map((c) => c.campaign_id)).toEqual(inStore.map((c) => c.id));
    expect(inStore.length).toBeGreaterThan(2);
    // One request id per page read.
    expect(context.trace.upstreamRequestIds).toHaveLength(Math.ceil(inStore.length / 2));
  });

  it('answers a campaign in a shape it does not expect with a clear upstream_error', async () => {
    const odd = '1833333333333333333';
    await new SandboxStore(service.services.storage.db, 'video').put(
      {
        type: 'campaign',
        id: odd,
        accountId: advertiserId,
        data: {
          campaign_name: 'Odd',
          budget_mode: 'BUDGET_MODE_DAY',
          budget: 'lots',
          operation_status: 'ENABLE',
        },
      },
      service.services.clock.now(),
    );
    const { status, body } = await update({ campaign_id: odd, name: 'Even' });
    expect(status).toBe(500);
    expect(body.code).toBe('upstream_error');
    expect(body.error).toContain(
      'Internal error: UpstreamProtocolError. TikTok Ads (video) answered the campaign list',
    );
    expect(body.error).toContain('data.list.0.budget');
  });

  it('answers a throttle with 429, Retry-After and the wait, using no quota', async () => {
    const usedBefore = (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used;
    // The advertiser's limit per second: retried, then answered with a wait of a second.
    const advertiser = await update({ campaign_id: 'sandbox_rate_limited', name: 'x' });
    expect([advertiser.status, advertiser.body.code]).toEqual([429, 'upstream_rate_limited']);
    expect(advertiser.headers.get('retry-after')).toBe('1');
    expect(advertiser.body.error).toContain('is rate-limiting this ad account');
    expect(advertiser.body.error).toContain('Other accounts are not affected.');
    expect((await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used).toBe(
      usedBefore,
    );
  });

  it("holds back the owner's every TikTok call for five minutes on the app's limit, and no other owner's", async () => {
    const throttled = await service.createOwner('pro', ['video']);
    const other = await service.createOwner('pro', ['video']);
    const call = (who: { key: string }, campaignId: string) =>
      service.call('update_video_campaign', { campaign_id: campaignId, name: 'x' }, { key: who.key });
    const app = await call(throttled, 'sandbox_rate_limited_app');
    expect([app.status, app.headers.get('retry-after')]).toEqual([429, '300']);
    expect(app.body.error).toContain("is rate-limiting this service's app");
    expect(app.body.error).toMatch(/until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const list = (who: { key: string }) => service.call('list_video_campaigns', {}, { key: who.key });
    const held = await list(throttled);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(290);
    // In the sandbox each owner's app is its own: another owner's calls go on.
    expect((await list(other)).status).toBe(200);
  });

  it('retries a read after a server error, then answers 500 with the Internal error prefix', async () => {
    const { status, body } = await update({ campaign_id: 'sandbox_server_error', name: 'x' });
    expect(status).toBe(500);
    expect(body.code).toBe('upstream_error');
    expect(body.error).toMatch(/^Internal error: UpstreamServerError\. TikTok Ads \(video\) failed/);
  });

  it('honours the upstream timeout', async () => {
    const started = Date.now();
    const { status, body } = await update({ campaign_id: 'sandbox_slow', name: 'x' }, {});
    expect(status).toBe(500);
    expect(body.error).toMatch(/^Internal error: UpstreamTimeout\./);
    expect(Date.now() - started).toBeLessThan(9_000);
  }, 20_000);

  it('marks the connection expired when the platform refuses the token, and asks to reconnect', async () => {
    const other = await service.createOwner('pro', ['video']);
    const { status, body } = await service.call(
      'update_video_campaign',
      { campaign_id: 'sandbox_token_expired', name: 'x' },
      { key: other.key, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(status).toBe(400);
    expect(body.code).toBe('connection_expired');
    expect(body.error).toContain(`${service.services.config.appUrl}/connections`);
    const health = await service.call('get_connections_status', {}, { key: other.key });
    const video = health.body.data.structured.platforms.find((p: any) => p.platform === 'video');
    expect(video.status).toBe('expired');
  });

  it('emulates TikTok: the token goes in Access-Token and must cover the advertiser', async () => {
    const url = `${service.url}/sandbox/video/open_api/v1.3/campaign/get/?advertiser_id=${advertiserId}`;
    const noToken = (await (await fetch(url)).json()) as any;
    expect(noToken).toMatchObject({ code: 40104 });
    const bearer = (await (await fetch(url, { headers: { authorization: 'Bearer x' } })).json()) as any;
    expect(bearer.code).toBe(40104);
    const wrong = (await (
      await fetch(url, { headers: { 'access-token': 'sbx_video_access_nope' } })
    ).json()) as any;
    expect(wrong).toMatchObject({ code: 40105, message: 'Access token is invalid or has expired.' });
    expect(typeof wrong.request_id).toBe('string');
  });

  it('keeps the sandbox state across a restart', async () => {
    await update({ name: 'Persisted name' });
    const again = await TestService.start(dialect, { database: service.database });
    try {
      const result = await again.call(
        'update_video_campaign',
        { campaign_id: campaignId, budget: 90 },
        { key: owner.key },
      );
      expect(result.status).toBe(200);
      expect(result.body.data.structured.before.name).toBe('Persisted name');
    } finally {
      await again.stop();
    }
  });
});
