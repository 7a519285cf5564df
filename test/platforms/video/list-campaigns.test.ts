import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../../../src/storage/audit.ts';
import type { AdAccount } from '../../../src/storage/schema.ts';
import { listVideoCampaigns } from '../../../src/tools/video/list-video-campaigns.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { outputOf } from '../../support/output-schema.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { addRunningCampaigns, SEEDED, sandboxCall, videoAccounts } from './read-support.ts';

const TOOL = 'list_video_campaigns';

describe.each(TEST_DIALECTS)('list_video_campaigns on the TikTok sandbox (%s)', (dialect) => {
  let service: TestService;
  let owner: Owner;
  let account: AdAccount;
  let mcp: Client;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock: new TestClock('2026-11-22T10:00:00.000Z') });
    // The database's first TikTok advertiser: it has the seeded campaigns' stable ids.
    owner = await service.createOwner('pro', ['video']);
    [account] = (await videoAccounts(service, owner)) as [AdAccount];
    mcp = await connectOverHttp(service.url, owner.key);
  });
  afterAll(async () => {
    await mcp.close();
    await service.stop();
  });

  const list = (args: Record<string, unknown>, key = owner.key) => service.call(TOOL, args, { key });
  const ids = (body: Record<string, any>) =>
    outputOf(listVideoCampaigns, body.data.structured).campaigns.map((c: any) => c.campaign_id);

  it('lists the running and paused campaigns with status, objective, budget type and budget', async () => {
    const { status, body } = await list({});
    expect(status).toBe(200);
    const { text } = body.data;
    const structured = outputOf(listVideoCampaigns, body.data.structured);
    expect(structured).toMatchObject({
      advertiser_id: account.account_id,
      currency: 'USD',
      status: ['ACTIVE', 'PAUSED'],
      next_cursor: null,
    });
    expect(structured.campaigns).toEqual([
      {
        campaign_id: SEEDED.springLaunch,
        name: 'Spring launch',
        status: 'PAUSED',
        platform_status: 'DISABLE',
        secondary_status: 'CAMPAIGN_STATUS_DISABLE',
        objective_type: 'TRAFFIC',
        daily_budget: '100.00',
        budget: null,
        budget_mode: 'BUDGET_MODE_DAY',
      },
      expect.objectContaining({
        campaign_id: SEEDED.alwaysOn,
        status: 'ACTIVE',
        platform_status: 'ENABLE',
        daily_budget: '250.00',
      }),
      expect.objectContaining({ campaign_id: SEEDED.retargeting, objective_type: 'WEB_CONVERSIONS' }),
      expect.objectContaining({ campaign_id: SEEDED.appInstalls, status: 'PAUSED' }),
      expect.objectContaining({ campaign_id: SEEDED.runaway, name: 'Runaway: spark ads', status: 'ACTIVE' }),
      expect.objectContaining({
        campaign_id: SEEDED.holidayTeaser,
        budget_mode: 'BUDGET_MODE_TOTAL',
        daily_budget: null,
        budget: '3000.00',
      }),
      expect.objectContaining({ campaign_id: SEEDED.winterSale, name: 'Winter sale (draft)' }),
    ]);
    expect(text).toContain('| Campaign | Id | Status | Objective | Budget (USD) |');
    expect(text).toContain(
      `| Spring launch | ${SEEDED.springLaunch} | PAUSED (DISABLE) | TRAFFIC | 100.00 a day |`,
    );
    expect(text).toContain(
      '| Holiday teaser | 1800000000000005 | ACTIVE (ENABLE) | VIDEO_VIEWS | 3000.00 lifetime |',
    );
    expect(body.data.quota.used).toBeGreaterThan(0);
  });

  it('pages with limit and an opaque cursor bound to the query, one TikTok page per answer', async () => {
    const first = await list({ limit: 4 });
    expect(ids(first.body)).toEqual([
      SEEDED.springLaunch,
      SEEDED.alwaysOn,
      SEEDED.retargeting,
      SEEDED.appInstalls,
    ]);
    const cursor = first.body.data.structured.next_cursor;
    expect(cursor).toEqual(expect.any(String));
    expect(first.body.data.text).toContain('more with next_cursor');
    const second = await list({ limit: 4, cursor });
    expect(ids(second.body)).toEqual([SEEDED.runaway, SEEDED.holidayTeaser, SEEDED.winterSale]);
    expect(second.body.data.structured.next_cursor).toBeNull();

    for (const other of [
      { limit: 5, cursor },
      { limit: 4, status: ['ENABLE'], cursor },
      { limit: 4, cursor: 'bm9wZQ' },
    ]) {
      const refused = await list(other);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid_arguments');
      expect(refused.body.error).toContain('cursor: is not a next_cursor of a call with these arguments');
    }
    await service.services.audit.flush();
    const entries = await listAuditEntries(service.services.storage.db, owner.userId);
    const entry = entries.find((e) => e.request_id === second.body.request_id);
    expect(JSON.parse(entry?.upstream_request_ids ?? '[]')).toHaveLength(1);
  });

  it('filters by status, deleted campaigns only when asked for, paging through what it keeps', async () => {
    const running = await list({ status: ['ACTIVE'] });
    expect(ids(running.body)).toEqual([
      SEEDED.alwaysOn,
      SEEDED.retargeting,
      SEEDED.runaway,
      SEEDED.holidayTeaser,
    ]);
    const paused = await list({ status: ['PAUSED'] });
    expect(ids(paused.body)).toEqual([SEEDED.springLaunch, SEEDED.appInstalls, SEEDED.winterSale]);
    // TikTok's own word is taken for the common status it means.
    expect(ids((await list({ status: ['DISABLE'] })).body)).toEqual(ids(paused.body));

    await sandboxCall(service, account, '/campaign/status/update/', {
      campaign_ids: [SEEDED.appInstalls],
      operation_status: 'DELETE',
    });
    expect(ids((await list({})).body)).not.toContain(SEEDED.appInstalls);
    const deleted = await list({ status: ['REMOVED'] });
    expect(deleted.body.data.structured.campaigns).toEqual([
      expect.objectContaining({
        campaign_id: SEEDED.appInstalls,
        status: 'REMOVED',
        platform_status: 'DELETE',
      }),
    ]);

    // ENABLE and DELETE: TikTok has no one filter for it, so the answer keeps them from every page.
    const kept: string[] = [];
    let cursor: string | undefined;
    let calls = 0;
    do {
      const page = await list({ status: ['DELETE', 'ENABLE'], limit: 2, ...(cursor && { cursor }) });
      expect(page.status).toBe(200);
      expect(page.body.data.structured.status).toEqual(['ACTIVE', 'REMOVED']);
      kept.push(...ids(page.body));
      cursor = page.body.data.structured.next_cursor ?? undefined;
      calls++;
    } while (cursor);
    expect(kept).toEqual([
      SEEDED.alwaysOn,
      SEEDED.retargeting,
      SEEDED.appInstalls,
      SEEDED.runaway,
      SEEDED.holidayTeaser,
    ]);
    expect(calls).toBe(3);
  });

  it('follows the cursor to the end of a long list, each campaign once', async () => {
    const other = await service.createOwner('pro', ['video']);
    const [theirs] = await videoAccounts(service, other);
    const added = await addRunningCampaigns(service, theirs?.account_id ?? '', 45, '2026-11-01');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ limit: 10, ...(cursor && { cursor }) }, other.key);
      seen.push(...ids(page.body));
      cursor = page.body.data.structured.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(52);
    expect(new Set(seen).size).toBe(52);
    expect(seen.slice(7)).toEqual(added);
    // Fresh ids for every advertiser after the first.
    expect(seen).not.toContain(SEEDED.springLaunch);
  });

  it('refuses bad arguments with the field and the rule', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ limit: 501 }, 'limit'],
      [{ limit: 0 }, 'limit'],
      [{ status: ['RUNNING'] }, 'status'],
      [{ status: [] }, 'status'],
      [{ status: ['ACTIVE', 'ACTIVE'] }, 'status'],
      [{ cursor: '' }, 'cursor'],
    ];
    for (const [args, field] of cases) {
      const { status, body } = await list(args);
      expect(status, JSON.stringify(args)).toBe(400);
      expect(body.code).toBe('invalid_arguments');
      expect(body.error).toContain(`Invalid arguments for ${TOOL}: ${field}`);
    }
  });

  it('follows the multi-account rule: several advertisers need advertiser_id', async () => {
    const several = await service.createOwner('pro', ['video', 'video']);
    const accounts = await videoAccounts(service, several);
    const unnamed = await list({}, several.key);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error).toContain('advertiser_id');
    const named = await list({ advertiser_id: accounts[1]?.account_id }, several.key);
    expect(named.status).toBe(200);
    expect(named.body.data.structured.advertiser_id).toBe(accounts[1]?.account_id);
    expect(named.body.data.structured.campaigns).toHaveLength(7);
  });

  it('answers the same over MCP, read-only', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.find((tool) => tool.name === TOOL)?.annotations?.readOnlyHint).toBe(true);
    const rest = await list({ status: ['ACTIVE'], limit: 2 });
    const result = await callTool(mcp, { name: TOOL, arguments: { status: ['ACTIVE'], limit: 2 } });
    expect(result.isError).toBeFalsy();
    expect(outputOf(listVideoCampaigns, result.structuredContent)).toEqual(rest.body.data.structured);
    const next = await callTool(mcp, {
      name: TOOL,
      arguments: { status: ['ACTIVE'], limit: 2, cursor: rest.body.data.structured.next_cursor },
    });
    expect((next.structuredContent as any).campaigns.map((c: any) => c.campaign_id)).toEqual([
      SEEDED.runaway,
      SEEDED.holidayTeaser,
    ]);
  });
});
