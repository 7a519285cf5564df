import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToMicros } from '../../../src/money.ts';
import { issueSandboxToken } from '../../../src/sandbox/tokens.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { listNetworkCampaigns } from '../../../src/tools/network/list-network-campaigns.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';

type Json = Record<string, any>;

const micros = (amount: string) => decimalToMicros(amount);

/**
 * list_network_campaigns and get_network_campaign_performance on the LinkedIn sandbox, through REST and
 * MCP: paging and filters, the date rules, the multi-account rule, totals that are the sums of the days,
 * reports that follow what happens to a campaign (created paused, activated, paused, re-budgeted), and
 * the same answer every time.
 */
describe.each(TEST_DIALECTS)('the network read tools on the LinkedIn sandbox (%s)', (dialect) => {
  const clock = new TestClock('2026-11-22T10:00:00.000Z');
  let service: TestService;
  let owner: Owner;
  let accountId: string;
  let mcp: Client;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    owner = await service.createOwner('max', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    accountId = account?.account_id ?? '';
    mcp = await connectOverHttp(service.url, owner.key);
  });
  afterAll(async () => {
    await mcp.close();
    await service.stop();
  });

  /** A list answer that succeeds is exactly what its output schema describes, with no field unlisted. */
  const call = async (tool: string, args: Json, key = owner.key) => {
    const answer = await service.call(tool, args, { key });
    if (answer.status === 200 && tool === 'list_network_campaigns') {
      const structured = answer.body.data.structured;
      expect(listNetworkCampaigns.output?.strict().parse(structured)).toEqual(structured);
    }
    return answer;
  };
  const list = (args: Json = {}) => call('list_network_campaigns', args);
  const report = (args: Json) => call('get_network_campaign_performance', args);

  /** A call to the LinkedIn sandbox as LinkedIn's own clients make it, with a token for the account. */
  async function linkedIn(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const { db } = service.services.storage;
    const grant = { userId: owner.userId, accountIds: [accountId] };
    const token = (await issueSandboxToken(db, 'network', 'access', grant, clock.now())).token;
    const response = await fetch(`${service.url}/sandbox/network/rest${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'linkedin-version': service.services.config.platforms.settings.network.apiVersion,
        'x-restli-protocol-version': '2.0.0',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
  }
  const setCampaign = (campaignId: string, set: Json) =>
    linkedIn(
      'POST',
      `/adAccounts/${accountId}/adCampaigns/${campaignId}`,
      { patch: { $set: set } },
      {
        'x-restli-method': 'PARTIAL_UPDATE',
      },
    );

  it('lists every campaign with its group, page by page, and refuses a cursor of another query', async () => {
    const all = await list();
    expect(all.status).toBe(200);
    const everything = all.body.data.structured;
    expect(everything.next_cursor).toBeNull();
    expect(everything.campaigns).toHaveLength(7);
    expect(everything.campaigns.map((c: Json) => c.status).sort()).toEqual([
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'PAUSED',
      'PAUSED',
      'PAUSED',
    ]);
    const carousel = everything.campaigns.find((c: Json) => c.format === 'CAROUSEL');
    expect(carousel).toMatchObject({
      name: 'Carousel: product tour',
      status: 'PAUSED',
      platform_status: 'PAUSED',
      type: 'SPONSORED_UPDATES',
      objective: 'WEBSITE_VISIT',
      daily_budget: '50.00',
      currency: 'USD',
      creatives: 2,
    });
    expect(everything.campaign_groups.map((g: Json) => g.name).sort()).toEqual([
      'Always on',
      'Broad reach',
      'Spring promo',
      'Video views',
    ]);
    expect(all.body.data.text).toContain('| Carousel: product tour |');

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list({ limit: 2, ...(cursor && { cursor }) });
      expect(page.status).toBe(200);
      const { campaigns, next_cursor } = page.body.data.structured;
      expect(campaigns.length).toBeLessThanOrEqual(2);
      seen.push(...campaigns.map((c: Json) => c.campaign_id));
      cursor = next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual(everything.campaigns.map((c: Json) => c.campaign_id));

    const first = await list({ limit: 2 });
    const elsewhere = await list({
      limit: 2,
      status: ['PAUSED'],
      cursor: first.body.data.structured.next_cursor,
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('invalid_arguments');
    expect(elsewhere.body.error).toContain('cursor');
    const tooMany = await list({ limit: 501 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain('limit');
  });

  it('filters by campaign group and status, and names a group that is not there', async () => {
    const everything = (await list()).body.data.structured;
    const group = everything.campaign_groups.find((g: Json) => g.name === 'Always on');
    const inGroup = await list({
      campaign_group_id: `urn:li:sponsoredCampaignGroup:${group.campaign_group_id}`,
    });
    const campaigns = inGroup.body.data.structured.campaigns;
    expect(campaigns.map((c: Json) => c.name).sort()).toEqual([
      'Carousel: product tour',
      'Single image: free trial',
      'Text ads: desktop rail',
    ]);
    expect(new Set(campaigns.map((c: Json) => c.campaign_group_id))).toEqual(
      new Set([group.campaign_group_id]),
    );

    const paused = (await list({ status: ['PAUSED'] })).body.data.structured.campaigns;
    expect(paused.map((c: Json) => c.name).sort()).toEqual([
      'Carousel: product tour',
      'Spring promo: awareness',
      'Video: launch teaser',
    ]);
    const archived = (await list({ status: ['ARCHIVED'] })).body.data.structured;
    expect(archived.campaigns).toEqual([]);

    // One vocabulary: a draft lists as PAUSED and an archived campaign as REMOVED, each with LinkedIn's
    // own value beside it; the filter takes either word.
    const spring = paused.find((c: Json) => c.name === 'Spring promo: awareness');
    const video = paused.find((c: Json) => c.name === 'Video: launch teaser');
    await setCampaign(spring.campaign_id, { status: 'ARCHIVED' });
    await setCampaign(video.campaign_id, { status: 'DRAFT' });
    try {
      const removed = (await list({ status: ['REMOVED'] })).body.data.structured.campaigns;
      expect(removed).toEqual([
        expect.objectContaining({ name: spring.name, status: 'REMOVED', platform_status: 'ARCHIVED' }),
      ]);
      expect((await list({ status: ['ARCHIVED'] })).body.data.structured.campaigns).toEqual(removed);
      const stopped = (await list({ status: ['paused'] })).body.data.structured.campaigns;
      expect(stopped.map((c: Json) => [c.name, c.status, c.platform_status]).sort()).toEqual([
        ['Carousel: product tour', 'PAUSED', 'PAUSED'],
        ['Video: launch teaser', 'PAUSED', 'DRAFT'],
      ]);
      const repeated = await list({ status: ['PAUSED', 'DRAFT'] });
      expect([repeated.status, repeated.body.code]).toEqual([400, 'invalid_arguments']);
    } finally {
      await setCampaign(spring.campaign_id, { status: 'PAUSED' });
      await setCampaign(video.campaign_id, { status: 'PAUSED' });
    }

    const missing = await list({ campaign_group_id: '999999999' });
    expect(missing.status).toBe(200);
    expect(missing.body.data.structured).toMatchObject({ campaigns: [], not_found: ['999999999'] });
    expect(missing.body.data.text).toContain('Campaign group 999999999 is not in this account');
  });

  it('reports each named range and explicit dates in the account time zone, and refuses bad periods', async () => {
    const expected: Record<string, [string, string]> = {
      TODAY: ['2026-11-22', '2026-11-22'],
      YESTERDAY: ['2026-11-21', '2026-11-21'],
      LAST_7_DAYS: ['2026-11-15', '2026-11-21'],
      LAST_30_DAYS: ['2026-10-23', '2026-11-21'],
      THIS_MONTH: ['2026-11-01', '2026-11-22'],
      LAST_MONTH: ['2026-10-01', '2026-10-31'],
    };
    for (const [range, [start, end]] of Object.entries(expected)) {
      const answer = await report({ date_range: range });
      expect(answer.status, range).toBe(200);
      expect(answer.body.data.structured.period).toEqual({ start, end });
    }
    const dates = await report({ start_date: '2026-09-01', end_date: '2026-09-30' });
    expect(dates.body.data.structured.period).toEqual({ start: '2026-09-01', end: '2026-09-30' });
    expect(micros(dates.body.data.structured.totals.spend)).toBeGreaterThan(0);

    const refusals: Array<[Json, string]> = [
      [{ start_date: '2026-11-01', end_date: '2026-11-23' }, 'end_date'],
      [{ start_date: '2025-01-01', end_date: '2026-01-02' }, 'end_date'],
      [{ start_date: '2026-11-10', end_date: '2026-11-01' }, 'end_date'],
      [{ start_date: '2026-11-01' }, 'end_date'],
      [{ date_range: 'LAST_7_DAYS', start_date: '2026-11-01', end_date: '2026-11-02' }, 'date_range'],
      [{ date_range: 'LAST_WEEK' }, 'date_range'],
      [{ campaign_ids: ['abc'] }, 'campaign_ids'],
    ];
    for (const [args, field] of refusals) {
      const refused = await report(args);
      expect(refused.status, JSON.stringify(args)).toBe(400);
      expect(refused.body.code).toBe('invalid_arguments');
      expect(refused.body.error).toContain(field);
    }
  });

  it('answers totals that are the sums of the days, never above a daily budget, the same every time', async () => {
    const args = { date_range: 'LAST_30_DAYS', breakdown: 'day' };
    const first = await report(args);
    expect(first.status).toBe(200);
    const { campaigns, totals, currency } = first.body.data.structured;
    expect(currency).toBe('USD');
    const listed = (await list()).body.data.structured.campaigns;
    const budgets = new Map<string, string | null>(listed.map((c: Json) => [c.campaign_id, c.daily_budget]));
    expect(listed.filter((c: Json) => c.daily_budget === null).map((c: Json) => c.name)).toEqual([
      'Runaway: audience expansion',
    ]);
    const sum = { impressions: 0, clicks: 0, spend: 0, conversions: 0 };
    for (const campaign of campaigns) {
      const days = { impressions: 0, clicks: 0, spend: 0, conversions: 0 };
      for (const day of campaign.days) {
        days.impressions += day.impressions;
        days.clicks += day.clicks;
        days.spend += micros(day.spend);
        days.conversions += day.conversions;
        // The runaway has a lifetime budget alone (null here): no daily budget caps its days.
        const budget = budgets.get(campaign.campaign_id);
        if (budget !== null) expect(micros(day.spend)).toBeLessThanOrEqual(micros(budget ?? '0'));
      }
      expect(days).toEqual({
        impressions: campaign.impressions,
        clicks: campaign.clicks,
        spend: micros(campaign.spend),
        conversions: campaign.conversions,
      });
      sum.impressions += days.impressions;
      sum.clicks += days.clicks;
      sum.spend += days.spend;
      sum.conversions += days.conversions;
    }
    expect(sum).toEqual({
      impressions: totals.impressions,
      clicks: totals.clicks,
      spend: micros(totals.spend),
      conversions: totals.conversions,
    });
    // Sorted by spend, most first; the campaigns that ran have days, the never-run one has none.
    const spends = campaigns.map((c: Json) => micros(c.spend));
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    expect(campaigns.find((c: Json) => c.name === 'Spring promo: awareness').days).toEqual([]);

    const second = await report(args);
    expect(JSON.stringify(second.body.data.structured)).toBe(JSON.stringify(first.body.data.structured));
    expect(second.body.data.text).toBe(first.body.data.text);
    // Without a breakdown, the same totals.
    const whole = await report({ date_range: 'LAST_30_DAYS' });
    expect(whole.body.data.structured.totals).toEqual(totals);
  });

  it('follows a campaign: zero while paused, accruing once active, capped when re-budgeted, stopping when paused', async () => {
    const created = await call('create_network_image_campaign', {
      campaign_name: 'Fresh',
      campaign_group_name: 'Fresh group',
      organization_id: '2414183',
      daily_budget: 25,
      landing_page_url: 'https://example.com/fresh',
      locations: ['urn:li:geo:103644278'],
      introductory_text: 'New.',
      headline: 'New',
      image_urn: 'urn:li:image:C4E10AQFoyyAjHPMQuQ',
    });
    expect(created.status).toBe(200);
    const campaignId = created.body.data.structured.campaign.id as string;
    const today = async () =>
      (await report({ date_range: 'TODAY', campaign_ids: [campaignId] })).body.data.structured;

    const paused = await today();
    expect(paused.campaigns).toEqual([
      expect.objectContaining({ campaign_id: campaignId, impressions: 0, spend: '0.00' }),
    ]);
    expect(paused.not_found).toEqual([]);

    await setCampaign(campaignId, { status: 'ACTIVE' });
    // Today accrues through the day: nothing at the instant it starts, then more by the hour.
    expect((await today()).campaigns[0].impressions).toBe(0);
    clock.set('2026-11-22T16:00:00.000Z');
    try {
      const active = await today();
      expect(active.campaigns[0].impressions).toBeGreaterThan(0);
      expect(micros(active.campaigns[0].spend)).toBeLessThanOrEqual(25_000_000);

      clock.set('2026-11-23T10:00:00.000Z');
      await linkedIn(
        'POST',
        `/adAccounts/${accountId}/adCampaigns?ids=List(${campaignId})`,
        {
          entities: {
            [campaignId]: { patch: { $set: { dailyBudget: { amount: '12.00', currencyCode: 'USD' } } } },
          },
        },
        { 'x-restli-method': 'BATCH_PARTIAL_UPDATE' },
      );
      const morning = micros((await today()).campaigns[0].spend);
      expect(morning).toBeGreaterThan(0);
      // From the new budget on, the day accrues up to it and no further; the morning's spend stays.
      clock.set('2026-11-23T16:00:00.000Z');
      const rebudgeted = await today();
      expect(micros(rebudgeted.campaigns[0].spend)).toBeGreaterThanOrEqual(morning);
      expect(micros(rebudgeted.campaigns[0].spend)).toBeLessThanOrEqual(Math.max(morning, 12_000_000));

      await setCampaign(campaignId, { status: 'PAUSED' });
      clock.set('2026-11-23T22:00:00.000Z');
      // The same figures; the row now says the campaign is paused.
      expect((await today()).campaigns[0]).toEqual({
        ...rebudgeted.campaigns[0],
        status: 'PAUSED',
        platform_status: 'PAUSED',
      });
      const both = await report({
        start_date: '2026-11-22',
        end_date: '2026-11-23',
        campaign_ids: [campaignId],
        breakdown: 'day',
      });
      expect(both.body.data.structured.campaigns[0].days.map((d: Json) => d.date)).toEqual([
        '2026-11-22',
        '2026-11-23',
      ]);
    } finally {
      clock.set('2026-11-22T10:00:00.000Z');
    }
  });

  it('lists ids that are not campaigns of the account as not found', async () => {
    const [seeded] = (await list()).body.data.structured.campaigns;
    const answer = await report({
      date_range: 'LAST_7_DAYS',
      campaign_ids: [`urn:li:sponsoredCampaign:${seeded.campaign_id}`, '999999999'],
    });
    expect(answer.status).toBe(200);
    const { campaigns, not_found } = answer.body.data.structured;
    expect(campaigns.map((c: Json) => c.campaign_id)).toEqual([seeded.campaign_id]);
    expect(not_found).toEqual(['999999999']);
    expect(answer.body.data.text).toContain('Not found in this account: 999999999');
  });

  it('answers a magic id with the fault it names', async () => {
    const throttled = await list({ campaign_group_id: 'sandbox_rate_limited' });
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('upstream_rate_limited');
    const failing = await report({ date_range: 'YESTERDAY', campaign_ids: ['sandbox_server_error'] });
    expect(failing.status).toBe(500);
    expect(failing.body.code).toBe('upstream_error');
  });

  it('follows the multi-account rule', async () => {
    const two = await service.createOwner('max', ['network', 'network']);
    const accounts = await listAdAccounts(service.services.storage.db, two.userId, 'network');
    for (const tool of ['list_network_campaigns', 'get_network_campaign_performance']) {
      const unnamed = await call(tool, {}, two.key);
      expect(unnamed.status, tool).toBe(400);
      expect(unnamed.body.error).toContain('account_id');
      const named = await call(tool, { account_id: accounts[1]?.account_id }, two.key);
      expect(named.status, tool).toBe(200);
      expect(named.body.data.structured.account_id).toBe(accounts[1]?.account_id);
    }
  });

  it('answers the same through MCP, marked read-only', async () => {
    const tools = (await mcp.listTools()).tools.filter(
      (t) => t.name.startsWith('list_network') || t.name === 'get_network_campaign_performance',
    );
    expect(tools.map((t) => [t.name, t.annotations?.readOnlyHint])).toEqual([
      ['list_network_campaigns', true],
      ['list_network_creatives', true],
      ['list_network_organizations', true],
      ['get_network_campaign_performance', true],
    ]);
    for (const [name, args] of [
      ['list_network_campaigns', { limit: 2 }],
      ['get_network_campaign_performance', { date_range: 'LAST_MONTH', breakdown: 'day' }],
    ] as const) {
      const rest = await call(name, args);
      const result = await callTool(mcp, { name, arguments: args });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual(rest.body.data.structured);
    }
    const refused = await callTool(mcp, {
      name: 'get_network_campaign_performance',
      arguments: { start_date: '2026-12-01', end_date: '2026-12-02' },
    });
    expect(refused.isError).toBe(true);
  });
});
