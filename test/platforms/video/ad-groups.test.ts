import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import type { StoredAdGroup } from '../../../src/sandbox/video/adgroup.ts';
import type { AdAccount } from '../../../src/storage/schema.ts';
import { listVideoAdGroups } from '../../../src/tools/video/list-video-ad-groups.ts';
import { listVideoAds } from '../../../src/tools/video/list-video-ads.ts';
import { updateVideoAdGroup } from '../../../src/tools/video/update-video-ad-group.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { FaultProxy } from '../../support/fault-proxy.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { SEEDED, videoAccounts } from './read-support.ts';
import { spendOwner } from './update-support.ts';

const API = '/sandbox/video/open_api/v1.3';
const STATUS_PATH = `${API}/adgroup/status/update/`;
const UPDATE_PATH = `${API}/adgroup/update/`;
/** Seeded ad groups of "Always on: prospecting" (src/sandbox/video/seed-adgroups.ts). */
const BROAD = '1810000000000001';
const INTERESTS = '1810000000000002';
const LOOKALIKE = '1810000000000003';
const OLD = '1810000000000010';
/** An ad group of "Retargeting", on its campaign's budget. */
const VISITORS = '1810000000000004';

/**
 * The ad group and ad tools against the TikTok sandbox of a second service, through a proxy that lists
 * every request, so a test can tell which writes reached TikTok.
 */
describe.each(TEST_DIALECTS)('TikTok ad groups and ads (%s)', (dialect) => {
  let platform: TestService;
  let proxy: FaultProxy;
  let service: TestService;
  let owner: Owner;
  let account: AdAccount;
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

  const call = (tool: string, args: Record<string, unknown>, key = owner.key, headers = {}) =>
    service.call(tool, args, { key, headers });
  const writes = () => proxy.passed.filter((request) => request.startsWith('POST '));
  const stored = async (id: string) =>
    (await new SandboxStore(service.services.storage.db, 'video').get<StoredAdGroup>('adgroup', id))?.data;
  const report = async (level: string, dimension: string, day: string, from = day) => {
    const url = new URL(`${platform.url}${API}/report/integrated/get/`);
    const params = {
      advertiser_id: account.account_id,
      report_type: 'BASIC',
      data_level: level,
      dimensions: JSON.stringify([dimension]),
      metrics: JSON.stringify(['spend', 'conversion', 'cost_per_conversion']),
      start_date: from,
      end_date: day,
      page_size: '1000',
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const headers = { 'access-token': await service.accessToken(account) };
    const answer = (await (await fetch(url, { headers })).json()) as any;
    expect(answer.code).toBe(0);
    return answer.data.list as Array<{ dimensions: Record<string, string>; metrics: Record<string, string> }>;
  };
  const cents = (rows: Array<{ metrics: Record<string, string> }>) =>
    rows.reduce((sum, row) => sum + Math.round(Number(row.metrics.spend) * 100), 0);

  it('lists ad groups with status, platform status, daily budget where they hold one, and pages', async () => {
    const { status, body } = await call('list_video_ad_groups', { campaign_ids: [SEEDED.alwaysOn] });
    expect(status).toBe(200);
    const answer = listVideoAdGroups.output?.parse(body.data.structured);
    expect(answer).toMatchObject({ advertiser_id: account.account_id, currency: 'USD', next_cursor: null });
    expect(body.data.structured.ad_groups).toEqual([
      {
        adgroup_id: BROAD,
        name: 'Prospecting: broad',
        campaign_id: SEEDED.alwaysOn,
        status: 'ACTIVE',
        platform_status: 'ENABLE',
        secondary_status: 'ADGROUP_STATUS_DELIVERY_OK',
        budget_mode: 'BUDGET_MODE_DAY',
        daily_budget: '120.00',
        placement_type: 'PLACEMENT_TYPE_NORMAL',
        placements: ['PLACEMENT_TIKTOK'],
        optimization_goal: 'CLICK',
      },
      expect.objectContaining({ adgroup_id: INTERESTS, daily_budget: '80.00' }),
      expect.objectContaining({ adgroup_id: LOOKALIKE, daily_budget: '50.00' }),
      expect.objectContaining({ adgroup_id: OLD, status: 'PAUSED', platform_status: 'DISABLE' }),
    ]);
    // On its campaign's budget: no daily budget of its own.
    const retargeting = await call('list_video_ad_groups', { campaign_ids: [SEEDED.retargeting] });
    expect(retargeting.body.data.structured.ad_groups[0]).toMatchObject({
      adgroup_id: VISITORS,
      budget_mode: 'BUDGET_MODE_INFINITE',
      daily_budget: null,
    });
    // Filters: PAUSED only (TikTok's DISABLE taken too).
    for (const word of ['PAUSED', 'DISABLE']) {
      const paused = await call('list_video_ad_groups', { campaign_ids: [SEEDED.alwaysOn], status: [word] });
      expect(paused.body.data.structured.ad_groups.map((g: any) => g.adgroup_id)).toEqual([OLD]);
    }
    // Paging: two at a time through every ad group of the advertiser, each once.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call('list_video_ad_groups', { limit: 2, ...(cursor && { cursor }) });
      expect(page.status).toBe(200);
      expect(page.body.data.structured.ad_groups.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.structured.ad_groups.map((g: any) => g.adgroup_id));
      cursor = page.body.data.structured.next_cursor ?? undefined;
    } while (cursor);
    const all = await call('list_video_ad_groups', { limit: 500 });
    expect(seen).toEqual(all.body.data.structured.ad_groups.map((g: any) => g.adgroup_id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(8);
    // A cursor of another query is a clear 400.
    const first = await call('list_video_ad_groups', { limit: 2 });
    const other = await call('list_video_ad_groups', {
      limit: 3,
      cursor: first.body.data.structured.next_cursor,
    });
    expect([other.status, other.body.code]).toEqual([400, 'invalid_arguments']);
    expect(other.body.error).toContain('cursor');
    const bad = await call('list_video_ad_groups', { campaign_ids: ['abc'] });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_arguments']);
    expect(bad.body.error).toContain('must be digits');
  });

  it('lists ads with their video ids, by ad group or campaign, and filters by status', async () => {
    const { status, body } = await call('list_video_ads', {
      adgroup_ids: [LOOKALIKE],
      status: ['ACTIVE', 'PAUSED'],
    });
    expect(status).toBe(200);
    listVideoAds.output?.parse(body.data.structured);
    expect(body.data.structured.ads).toEqual([
      expect.objectContaining({
        name: 'Lookalike: creator duet 15s',
        adgroup_id: LOOKALIKE,
        campaign_id: SEEDED.alwaysOn,
        status: 'ACTIVE',
        platform_status: 'ENABLE',
        video_id: 'v10033g50000lookal0001',
      }),
      expect.objectContaining({ name: 'Lookalike: old cut', status: 'PAUSED', platform_status: 'DISABLE' }),
    ]);
    const active = await call('list_video_ads', { campaign_ids: [SEEDED.alwaysOn], status: ['ACTIVE'] });
    const names = active.body.data.structured.ads.map((ad: any) => ad.name);
    expect(names).toContain('Broad: unboxing 20s');
    expect(names).not.toContain('Lookalike: old cut');
    const paged = await call('list_video_ads', { campaign_ids: [SEEDED.alwaysOn], limit: 1 });
    expect(paged.body.data.structured.ads).toHaveLength(1);
    expect(paged.body.data.structured.next_cursor).toEqual(expect.any(String));
  });

  it('reports ad groups and ads that add up to their campaign, with different costs per conversion', async () => {
    // Thirty days up to yesterday: enough conversions for their costs to tell the ad groups apart.
    const [day, from] = ['2026-11-21', '2026-10-23'];
    const campaigns = await report('AUCTION_CAMPAIGN', 'campaign_id', day, from);
    const adGroups = await report('AUCTION_ADGROUP', 'adgroup_id', day, from);
    const ads = await report('AUCTION_AD', 'ad_id', day, from);
    expect(cents(adGroups)).toBe(cents(campaigns));
    expect(cents(ads)).toBe(cents(campaigns));
    const alwaysOn = campaigns.find((row) => row.dimensions.campaign_id === SEEDED.alwaysOn);
    const mine = adGroups.filter((row) =>
      [BROAD, INTERESTS, LOOKALIKE, OLD].includes(row.dimensions.adgroup_id ?? ''),
    );
    expect(cents(mine)).toBe(cents(alwaysOn ? [alwaysOn] : []));
    // Disabled ten days ago, it spent only before that.
    const old = await report('AUCTION_ADGROUP', 'adgroup_id', day, '2026-11-13');
    expect(old.find((row) => row.dimensions.adgroup_id === OLD)?.metrics.spend).toBe('0.00');
    expect(Number(mine.find((row) => row.dimensions.adgroup_id === OLD)?.metrics.spend)).toBeGreaterThan(0);
    const costs = mine
      .filter((row) => row.dimensions.adgroup_id !== OLD)
      .map((row) => Number(row.metrics.cost_per_conversion));
    expect(new Set(costs).size, JSON.stringify(mine)).toBe(3);
  });

  it('pauses an ad group: before and after, it reads DISABLE and stops accruing; the audit keeps both', async () => {
    const read = await call(
      'update_video_ad_group',
      { adgroup_id: INTERESTS, status: 'PAUSED' },
      await service.createKeyFor(owner, { scope: 'read' }),
    );
    expect([read.status, read.body.code]).toEqual([403, 'insufficient_scope']);
    const today = '2026-11-22';
    const { status, body } = await call('update_video_ad_group', { adgroup_id: INTERESTS, status: 'PAUSED' });
    expect(status).toBe(200);
    updateVideoAdGroup.output?.parse(body.data.structured);
    expect(body.data.structured).toMatchObject({
      advertiser_id: account.account_id,
      adgroup_id: INTERESTS,
      name: 'Prospecting: interests',
      before: { status: 'ACTIVE', platform_status: 'ENABLE', daily_budget: '80.00' },
      after: { status: 'PAUSED', platform_status: 'DISABLE', daily_budget: '80.00' },
      changed: ['status'],
      dry_run: false,
    });
    expect(writes()).toEqual([`POST ${STATUS_PATH}`]);
    expect((await stored(INTERESTS))?.operation_status).toBe('DISABLE');
    const listed = await call('list_video_ad_groups', {
      campaign_ids: [SEEDED.alwaysOn],
      status: ['PAUSED'],
    });
    expect(listed.body.data.structured.ad_groups.map((g: any) => g.adgroup_id)).toContain(INTERESTS);
    const spentAt = async () =>
      (await report('AUCTION_ADGROUP', 'adgroup_id', today)).find(
        (row) => row.dimensions.adgroup_id === INTERESTS,
      )?.metrics.spend;
    const paused = await spentAt();
    clock.advanceSeconds(2 * 3600);
    expect(await spentAt()).toBe(paused);
    const row = await service.auditRow(body.request_id);
    expect(JSON.parse(row.details ?? '{}')).toMatchObject({
      adgroup_id: INTERESTS,
      before: { platform_status: 'ENABLE' },
      after: { platform_status: 'DISABLE' },
    });
    // Nothing to change: nothing sent.
    proxy.passed.length = 0;
    const again = await call('update_video_ad_group', { adgroup_id: INTERESTS, status: 'DISABLE' });
    expect(again.body.data.structured.changed).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('enables and raises only with the spend scope; a dry run sends nothing and shows the requests', async () => {
    const write = await service.createKeyFor(owner, { scope: 'write' });
    const refused = await call('update_video_ad_group', { adgroup_id: INTERESTS, status: 'ACTIVE' }, write);
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    const raise = await call('update_video_ad_group', { adgroup_id: BROAD, daily_budget: 150 }, write);
    expect([raise.status, raise.body.code]).toEqual([403, 'insufficient_scope']);
    expect(raise.body.error).toContain(`raise the daily budget of ad group ${BROAD} to 150.00 USD`);
    // Lowering needs the write scope only.
    const lower = await call('update_video_ad_group', { adgroup_id: BROAD, daily_budget: 100 }, write);
    expect(lower.status).toBe(200);
    expect((await stored(BROAD))?.budget).toBe(100);
    proxy.passed.length = 0;
    const dry = await call('update_video_ad_group', {
      adgroup_id: INTERESTS,
      status: 'ENABLE',
      daily_budget: 90,
      dry_run: true,
    });
    expect(dry.status).toBe(200);
    updateVideoAdGroup.output?.parse(dry.body.data.structured);
    expect(dry.body.data.structured).toMatchObject({
      dry_run: true,
      after: { status: 'ACTIVE', daily_budget: '90.00' },
      preview: [
        {
          step: 1,
          url: UPDATE_PATH,
          body: { adgroup_id: INTERESTS, budget: 90 },
        },
        {
          step: 2,
          url: STATUS_PATH,
          body: { adgroup_ids: [INTERESTS], operation_status: 'ENABLE' },
        },
      ],
    });
    expect(writes()).toEqual([]);
    expect(await stored(INTERESTS)).toMatchObject({ operation_status: 'DISABLE', budget: 80 });
    const done = await call('update_video_ad_group', {
      adgroup_id: INTERESTS,
      status: 'ACTIVE',
      daily_budget: 90,
    });
    expect(done.status).toBe(200);
    expect(writes()).toEqual([`POST ${UPDATE_PATH}`, `POST ${STATUS_PATH}`]);
    expect(await stored(INTERESTS)).toMatchObject({ operation_status: 'ENABLE', budget: 90 });
  });

  it('refuses a daily budget where the ad group holds none, saying where it lives; clear 400s', async () => {
    const elsewhere = await call('update_video_ad_group', { adgroup_id: VISITORS, daily_budget: 40 });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'invalid_arguments']);
    expect(elsewhere.body.error).toContain(`its budget lives on campaign ${SEEDED.retargeting}`);
    expect(elsewhere.body.error).toContain('update_video_campaign daily_budget');
    const nothing = await call('update_video_ad_group', { adgroup_id: VISITORS });
    expect(nothing.body.error).toContain(
      'nothing to change: pass at least one of status, daily_budget or name',
    );
    const low = await call('update_video_ad_group', { adgroup_id: BROAD, daily_budget: 5 });
    expect([low.status, low.body.code]).toEqual([400, 'invalid_arguments']);
    const named = await call('update_video_ad_group', { adgroup_id: BROAD, budget: 40 });
    expect(named.body.error).toContain('is named daily_budget here');
    const unknown = await call('update_video_ad_group', { adgroup_id: '1819999999999999', status: 'PAUSED' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'upstream_rejected']);
    expect(writes()).toEqual([]);
  });

  it('replays a retry with the same Idempotency-Key, writing once', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const first = await call(
      'update_video_ad_group',
      { adgroup_id: LOOKALIKE, name: 'Lookalike 1%' },
      owner.key,
      headers,
    );
    expect(first.status).toBe(200);
    const again = await call(
      'update_video_ad_group',
      { adgroup_id: LOOKALIKE, name: 'Lookalike 1%' },
      owner.key,
      headers,
    );
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.structured).toEqual(first.body.data.structured);
    expect(writes()).toEqual([`POST ${UPDATE_PATH}`]);
    expect((await stored(LOOKALIKE))?.adgroup_name).toBe('Lookalike 1%');
  });

  it('works the same over MCP, and the structured answers parse with the output schemas', async () => {
    const mcp = await connectOverHttp(service.url, owner.key);
    try {
      const listed = await callTool(mcp, {
        name: 'list_video_ad_groups',
        arguments: { campaign_ids: [SEEDED.retargeting] },
      });
      expect(listed.isError).toBeFalsy();
      expect(listVideoAdGroups.output?.parse(listed.structuredContent).ad_groups).toHaveLength(2);
      const ads = await callTool(mcp, { name: 'list_video_ads', arguments: { adgroup_ids: [VISITORS] } });
      expect(listVideoAds.output?.parse(ads.structuredContent)).toMatchObject({
        ads: [expect.objectContaining({ video_id: 'v10033g50000retarg0001' })],
      });
      const paused = await callTool(mcp, {
        name: 'update_video_ad_group',
        arguments: { adgroup_id: VISITORS, status: 'PAUSED' },
      });
      expect(paused.isError).toBeFalsy();
      expect(updateVideoAdGroup.output?.parse(paused.structuredContent)).toMatchObject({
        after: { platform_status: 'DISABLE' },
      });
      expect((await stored(VISITORS))?.operation_status).toBe('DISABLE');
    } finally {
      await mcp.close();
    }
  });
});
