import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeyLimits } from '../../../src/key-limits.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import type { StoredCampaign } from '../../../src/sandbox/video/campaign.ts';
import type { AdAccount } from '../../../src/storage/schema.ts';
import { listVideoCampaigns } from '../../../src/tools/video/list-video-campaigns.ts';
import { updateVideoCampaign } from '../../../src/tools/video/update-video-campaign.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { FaultProxy, type Trap } from '../../support/fault-proxy.ts';
import { outputOf } from '../../support/output-schema.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { SEEDED, videoAccounts } from './read-support.ts';
import { reportedSpend, spendOwner } from './update-support.ts';

const STATUS_PATH = '/sandbox/video/open_api/v1.3/campaign/status/update/';
const UPDATE_PATH = '/sandbox/video/open_api/v1.3/campaign/update/';

/**
 * update_video_campaign against the TikTok sandbox of a second service, through a proxy that lists every
 * request: so a test can tell which writes reached TikTok, and in which order.
 */
describe.each(TEST_DIALECTS)('update_video_campaign: status, budget and keys (%s)', (dialect) => {
  let platform: TestService;
  let proxy: FaultProxy;
  let service: TestService;
  let owner: Owner;
  let account: AdAccount;
  // One clock for both instances, at noon: a day's spend accrues through the day, and a test moves it.
  const clock = new TestClock('2026-11-22T12:00:00.000Z');

  beforeAll(async () => {
    platform = await TestService.start(dialect, { clock });
    proxy = await FaultProxy.start(platform.url);
    service = await TestService.start(dialect, {
      clock,
      database: platform.database,
      env: { ADOPS_SANDBOX_URL: proxy.url },
    });
    owner = await spendOwner(service);
    [account] = (await videoAccounts(service, owner)) as [AdAccount];
  });
  afterAll(async () => {
    await service?.stop();
    await proxy?.close();
    await platform?.stop();
  });
  beforeEach(() => {
    proxy.passed.length = 0;
  });

  const keyWith = (limits: Partial<KeyLimits>) => service.createKeyFor(owner, limits);
  const update = (args: Record<string, unknown>, key = owner.key, headers: Record<string, string> = {}) =>
    service.call('update_video_campaign', args, { key, headers });
  const stored = async (id: string) =>
    (await new SandboxStore(service.services.storage.db, 'video').get<StoredCampaign>('campaign', id))?.data;
  /** The writes that reached TikTok, in order. */
  const writes = () => proxy.passed.filter((request) => request.startsWith('POST '));
  const used = async () =>
    (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used;
  const today = () => service.services.clock.now().toISOString().slice(0, 10);
  const audited = async (requestId: string) => {
    const row = await service.auditRow(requestId);
    return { ...row, details: row?.details ? JSON.parse(row.details) : null };
  };

  it('disables and enables a campaign through campaign/status/update/, and its spend follows', async () => {
    const id = SEEDED.alwaysOn;
    const morning = await reportedSpend(platform, account, id, today());
    expect(Number(morning)).toBeGreaterThan(0);

    const paused = await update({ campaign_id: id, status: 'PAUSED' });
    expect(paused.status).toBe(200);
    const side = { name: 'Always on: prospecting', daily_budget: '250.00', budget: null };
    expect(outputOf(updateVideoCampaign, paused.body.data.structured)).toEqual({
      advertiser_id: account.account_id,
      campaign_id: id,
      name: 'Always on: prospecting',
      currency: 'USD',
      before: { ...side, status: 'ACTIVE', platform_status: 'ENABLE', budget_mode: 'BUDGET_MODE_DAY' },
      after: { ...side, status: 'PAUSED', platform_status: 'DISABLE', budget_mode: 'BUDGET_MODE_DAY' },
      changed: ['status'],
      dry_run: false,
    });
    expect(paused.body.data.text).toContain(
      'enabled, 250.00 USD a day -> "Always on: prospecting", disabled',
    );
    expect(writes()).toEqual([`POST ${STATUS_PATH}`]);
    expect((await stored(id))?.operation_status).toBe('DISABLE');
    // Today keeps what it spent until then, and accrues nothing after.
    clock.advanceSeconds(3600);
    expect(await reportedSpend(platform, account, id, today())).toBe(morning);
    const listed = await service.call('list_video_campaigns', {}, { key: owner.key });
    const { campaigns } = outputOf(listVideoCampaigns, listed.body.data.structured);
    expect(campaigns.find((c: any) => c.campaign_id === id)).toMatchObject({
      status: 'PAUSED',
      platform_status: 'DISABLE',
    });

    // TikTok's own word is taken for the status too.
    const resumed = await update({ campaign_id: id, status: 'ENABLE' });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.structured.after).toMatchObject({ status: 'ACTIVE', platform_status: 'ENABLE' });
    expect((await stored(id))?.operation_status).toBe('ENABLE');
    clock.advanceSeconds(3600);
    expect(Number(await reportedSpend(platform, account, id, today()))).toBeGreaterThan(Number(morning));
  });

  it('sends only the requests a change needs, disabling first and enabling last', async () => {
    const id = SEEDED.springLaunch;
    const both = await update({ campaign_id: id, operation_status: 'ENABLE', budget: 140 });
    expect(both.status).toBe(200);
    expect(writes()).toEqual([`POST ${UPDATE_PATH}`, `POST ${STATUS_PATH}`]);
    expect(await stored(id)).toMatchObject({ operation_status: 'ENABLE', budget: 140 });
    // The raised budget caps today's spend.
    expect(Number(await reportedSpend(platform, account, id, today()))).toBeLessThanOrEqual(140);

    proxy.passed.length = 0;
    const rename = await update({ campaign_id: id, operation_status: 'DISABLE', name: 'Spring (paused)' });
    expect(rename.status).toBe(200);
    expect(writes()).toEqual([`POST ${STATUS_PATH}`, `POST ${UPDATE_PATH}`]);
    expect(await stored(id)).toMatchObject({ operation_status: 'DISABLE', campaign_name: 'Spring (paused)' });

    // Only the status differs: the same name and budget are not sent again.
    proxy.passed.length = 0;
    const same = await update({
      campaign_id: id,
      operation_status: 'ENABLE',
      name: 'Spring (paused)',
      budget: 140,
    });
    expect(same.status).toBe(200);
    expect(writes()).toEqual([`POST ${STATUS_PATH}`]);
    await update({ campaign_id: id, operation_status: 'DISABLE', name: 'Spring launch', budget: 100 });
  });

  it('answers a change that changes nothing with 200, sending no write to TikTok', async () => {
    const id = SEEDED.appInstalls;
    const before = await stored(id);
    const { status, body } = await update({
      campaign_id: id,
      operation_status: 'DISABLE',
      budget: 50,
      name: 'App installs test',
    });
    expect(status).toBe(200);
    expect(body.data.text).toContain('Nothing to change');
    expect(body.data.text).toContain('No request was sent to TikTok');
    expect(outputOf(updateVideoCampaign, body.data.structured)).toMatchObject({
      changed: [],
      dry_run: false,
      before: body.data.structured.after,
    });
    expect(proxy.passed.length).toBeGreaterThan(0);
    expect(writes()).toEqual([]);
    expect(await stored(id)).toEqual(before);
    // Nothing changes, nothing starts spend: a write key gets the same answer.
    const write = await keyWith({ scope: 'write' });
    expect((await update({ campaign_id: SEEDED.alwaysOn, operation_status: 'ENABLE' }, write)).status).toBe(
      200,
    );
    expect(writes()).toEqual([]);
  });

  it('previews the requests on a dry run, in order, changing nothing, billed as the read it is', async () => {
    const id = SEEDED.appInstalls;
    const before = await stored(id);
    const quota = await used();
    const { status, body } = await update({
      campaign_id: id,
      operation_status: 'ENABLE',
      budget: 75,
      dry_run: true,
    });
    expect(status).toBe(200);
    expect(body.data.text).toMatch(
      /^Dry run: TikTok campaign \d+ would change from .* with 2 requests to TikTok/,
    );
    expect(body.data.structured.preview).toEqual([
      {
        step: 1,
        action: 'change the budget',
        method: 'POST',
        url: UPDATE_PATH,
        body: { advertiser_id: account.account_id, campaign_id: id, budget: 75 },
        validated: false,
      },
      {
        step: 2,
        action: 'enable the campaign',
        method: 'POST',
        url: STATUS_PATH,
        body: { advertiser_id: account.account_id, campaign_ids: [id], operation_status: 'ENABLE' },
        validated: false,
      },
    ]);
    expect(outputOf(updateVideoCampaign, body.data.structured)).toMatchObject({
      after: { status: 'ACTIVE', platform_status: 'ENABLE', daily_budget: '75.00' },
      changed: ['status', 'daily_budget'],
      dry_run: true,
    });
    expect(writes()).toEqual([]);
    expect(await stored(id)).toEqual(before);
    expect(await used()).toBe(quota + 1);
    // A dry run asks the key too: a write key may not preview an enable.
    const write = await keyWith({ scope: 'write' });
    const refused = await update({ campaign_id: id, operation_status: 'ENABLE', dry_run: true }, write);
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
  });

  it('replays a retry with the same Idempotency-Key, acting once', async () => {
    const id = SEEDED.retargeting;
    const headers = { 'idempotency-key': randomUUID() };
    const first = await update({ campaign_id: id, operation_status: 'DISABLE' }, owner.key, headers);
    expect(first.status).toBe(200);
    const quota = await used();
    const again = await update({ campaign_id: id, operation_status: 'DISABLE' }, owner.key, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.text).toBe(first.body.data.text);
    expect(again.body.data.structured).toEqual(first.body.data.structured);
    expect(writes()).toEqual([`POST ${STATUS_PATH}`]);
    expect(await used()).toBe(quota);
    await update({ campaign_id: id, operation_status: 'ENABLE' });
  });

  it('keeps the fields before and after in the audit row', async () => {
    const id = SEEDED.retargeting;
    const { body } = await update({ campaign_id: id, operation_status: 'DISABLE', budget: 70 });
    const row = await audited(body.request_id);
    expect(row).toMatchObject({ tool: 'update_video_campaign', status: 200 });
    expect(row.details).toMatchObject({
      campaign_id: id,
      operation_status: 'DISABLE',
      budget: 70,
      before: {
        status: 'ACTIVE',
        platform_status: 'ENABLE',
        daily_budget: '80.00',
        budget: null,
        budget_mode: 'BUDGET_MODE_DAY',
      },
      after: {
        status: 'PAUSED',
        platform_status: 'DISABLE',
        daily_budget: '70.00',
        budget: null,
        budget_mode: 'BUDGET_MODE_DAY',
      },
    });
    await update({ campaign_id: id, operation_status: 'ENABLE', budget: 80 });
  });

  it('lets a write key disable, lower and rename, not enable or raise', async () => {
    const write = await keyWith({ scope: 'write' });
    const id = SEEDED.alwaysOn;
    const paused = await update({ campaign_id: id, operation_status: 'DISABLE', budget: 240 }, write);
    expect(paused.status).toBe(200);
    expect(await stored(id)).toMatchObject({ operation_status: 'DISABLE', budget: 240 });

    proxy.passed.length = 0;
    const quota = await used();
    const enable = await update({ campaign_id: id, operation_status: 'ENABLE' }, write);
    expect([enable.status, enable.body.code]).toEqual([403, 'insufficient_scope']);
    expect(enable.body.error).toContain(`update_video_campaign would enable campaign ${id}`);
    expect(enable.body.structured_content).toMatchObject({ limit: 'scope', needed: 'spend' });
    const raise = await update({ campaign_id: id, budget: 260 }, write);
    expect([raise.status, raise.body.code]).toEqual([403, 'insufficient_scope']);
    expect(raise.body.error).toContain(`raise the daily budget of campaign ${id} to 260.00 USD`);
    expect(writes()).toEqual([]);
    expect(await stored(id)).toMatchObject({ operation_status: 'DISABLE', budget: 240 });
    expect(await used()).toBe(quota);
    expect(await audited(enable.body.request_id)).toMatchObject({ status: 403, code: 'insufficient_scope' });

    const renamed = await update({ campaign_id: id, name: 'Always on (renamed)' }, write);
    expect(renamed.status).toBe(200);
    const restored = await update({
      campaign_id: id,
      name: 'Always on: prospecting',
      operation_status: 'ENABLE',
      budget: 250,
    });
    expect(restored.status).toBe(200);
  });

  it('holds a ceiling: a daily budget at it passes, above it is refused; a lifetime budget is refused', async () => {
    const key = await keyWith({ scope: 'spend', ceilings: { USD: 120_000_000 } });
    const id = SEEDED.retargeting;
    const above = await update({ campaign_id: id, budget: 120.01 }, key);
    expect([above.status, above.body.code]).toEqual([403, 'insufficient_scope']);
    expect(above.body.structured_content).toMatchObject({
      limit: 'ceiling',
      asked: '120.01',
      ceiling: '120.00',
    });
    expect(writes()).toEqual([]);
    const at = await update({ campaign_id: id, budget: 120 }, key);
    expect(at.status).toBe(200);
    expect(await stored(id)).toMatchObject({ budget: 120 });
    // Lowering is checked against the ceiling too, and passes under it.
    expect((await update({ campaign_id: id, budget: 80 }, key)).status).toBe(200);

    const lifetime = SEEDED.holidayTeaser;
    const total = await update({ campaign_id: lifetime, budget: 2500 }, key);
    expect([total.status, total.body.code]).toEqual([403, 'insufficient_scope']);
    expect(total.body.error).toContain(
      'a lifetime budget of 2500.00 USD, which a daily ceiling cannot bound',
    );
    expect(total.body.structured_content).toMatchObject({ limit: 'ceiling', budget_type: 'lifetime' });
    expect((await stored(lifetime))?.budget).toBe(3000);
    // Without a budget, the ceiling has nothing to check.
    expect((await update({ campaign_id: lifetime, operation_status: 'DISABLE' }, key)).status).toBe(200);
    // A key without ceilings may change a lifetime budget (lowering it needs only write).
    const write = await keyWith({ scope: 'write' });
    const lowered = await update({ campaign_id: lifetime, budget: 2500 }, write);
    expect(lowered.status).toBe(200);
    expect(lowered.body.data.text).toContain('2500.00 USD for its lifetime');
    await update({ campaign_id: lifetime, operation_status: 'ENABLE', budget: 3000 });
  });

  it('works the same over MCP: a change, and a refusal with the same code', async () => {
    const id = SEEDED.alwaysOn;
    const write = await connectOverHttp(service.url, await keyWith({ scope: 'write' }));
    try {
      const paused = await callTool(write, {
        name: 'update_video_campaign',
        arguments: { campaign_id: id, operation_status: 'DISABLE' },
      });
      expect(paused.isError).toBeFalsy();
      expect(outputOf(updateVideoCampaign, paused.structuredContent)).toMatchObject({
        before: { status: 'ACTIVE', platform_status: 'ENABLE' },
        after: { status: 'PAUSED', platform_status: 'DISABLE' },
      });
      expect((await stored(id))?.operation_status).toBe('DISABLE');
      const refused = await callTool(write, {
        name: 'update_video_campaign',
        arguments: { campaign_id: id, operation_status: 'ENABLE' },
      });
      expect(refused.isError).toBe(true);
      expect(refused._meta).toMatchObject({ 'adops/code': 'insufficient_scope', 'adops/status': 403 });
      expect((await stored(id))?.operation_status).toBe('DISABLE');
    } finally {
      await write.close();
    }
    const spend = await connectOverHttp(service.url, owner.key);
    try {
      const resumed = await callTool(spend, {
        name: 'update_video_campaign',
        arguments: { campaign_id: id, operation_status: 'ENABLE' },
      });
      expect(resumed.isError).toBeFalsy();
      expect((await stored(id))?.operation_status).toBe('ENABLE');
    } finally {
      await spend.close();
    }
  });

  it('says so when TikTok applied the first request and the second failed', async () => {
    const id = SEEDED.appInstalls;
    // Every status request is cut before it reaches TikTok, retries included.
    const trap: Trap = {
      matches: (method, path) => method === 'POST' && path.startsWith(STATUS_PATH),
      when: 'before',
      fire: () => {
        proxy.trap = trap;
      },
    };
    proxy.trap = trap;
    try {
      const { status, body } = await update({ campaign_id: id, operation_status: 'ENABLE', budget: 65 });
      expect([status, body.code]).toEqual([500, 'upstream_error']);
      expect(body.error).toMatch(/^Internal error: /);
      expect(body.error).toContain(
        `when trying to enable the campaign; TikTok had already applied the first change to campaign ${id} ` +
          '(change the budget)',
      );
    } finally {
      proxy.trap = undefined;
    }
    expect(await stored(id)).toMatchObject({ budget: 65, operation_status: 'DISABLE' });
    // A new call sends only what still differs.
    proxy.passed.length = 0;
    expect((await update({ campaign_id: id, operation_status: 'ENABLE', budget: 65 })).status).toBe(200);
    expect(writes()).toEqual([`POST ${STATUS_PATH}`]);
    await update({ campaign_id: id, operation_status: 'DISABLE', budget: 50 });
  });

  it('takes daily_budget as the daily budget, budget as its older name, never both', async () => {
    const id = SEEDED.retargeting;
    const daily = await update({ campaign_id: id, daily_budget: 85 });
    expect(daily.status).toBe(200);
    expect(daily.body.data.structured.after).toMatchObject({
      daily_budget: '85.00',
      budget: null,
      budget_mode: 'BUDGET_MODE_DAY',
    });
    const twice = await update({ campaign_id: id, status: 'PAUSED', operation_status: 'DISABLE' });
    expect([twice.status, twice.body.code]).toEqual([400, 'invalid_arguments']);
    expect(twice.body.error).toContain('operation_status: is the older name of status: pass status alone');
    expect((await stored(id))?.budget).toBe(85);
    const both = await update({ campaign_id: id, daily_budget: 90, budget: 90 });
    expect([both.status, both.body.code]).toEqual([400, 'invalid_arguments']);
    expect(both.body.error).toContain('budget: is the older name of daily_budget: pass one of them');
    // A lifetime budget is not a daily one: daily_budget is refused there, budget still changes it.
    const lifetime = await update({ campaign_id: SEEDED.holidayTeaser, daily_budget: 2900 });
    expect([lifetime.status, lifetime.body.code]).toEqual([400, 'invalid_arguments']);
    expect(lifetime.body.error).toContain('has a BUDGET_MODE_TOTAL budget, not a daily one; pass budget');
    expect(writes()).toEqual([`POST ${UPDATE_PATH}`]);
    expect((await update({ campaign_id: id, budget: 80 })).status).toBe(200);
    expect((await stored(id))?.budget).toBe(80);
  });

  it('refuses to change the status of a deleted campaign, naming it', async () => {
    const store = new SandboxStore(service.services.storage.db, 'video');
    const gone = '1844444444444444444';
    await store.put(
      {
        type: 'campaign',
        id: gone,
        accountId: account.account_id,
        data: {
          campaign_name: 'Gone',
          budget_mode: 'BUDGET_MODE_DAY',
          budget: 60,
          operation_status: 'DISABLE',
          deleted: true,
        },
      },
      service.services.clock.now(),
    );
    const { status, body } = await update({ campaign_id: gone, operation_status: 'ENABLE' });
    expect([status, body.code]).toEqual([400, 'upstream_rejected']);
    expect(body.error).toContain(`TikTok campaign ${gone} ("Gone") is deleted`);
    expect(writes()).toEqual([]);
  });
});
