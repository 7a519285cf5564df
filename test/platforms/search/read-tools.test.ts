import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemo } from '../../../src/demo.ts';
import { formatMicros } from '../../../src/money.ts';
import { createSandboxCampaign } from '../../../src/sandbox/search/campaigns.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { ALL_TOOLS } from '../../../src/tools/registry.ts';
import { callTool, connectOverHttp, textOf } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { googleAds, type SearchOwner, searchOwner, VERSION } from './support.ts';

const NOW = '2026-11-22T10:00:00.000Z';
const tools = new Map(ALL_TOOLS.map((tool) => [tool.name, tool]));
/**
 * The structured answer as the tool's output schema reads it, strict at the top: the same object back means
 * every field, nested ones too, is described.
 */
const described = (tool: string, structured: unknown) => tools.get(tool)?.output?.strict().parse(structured);
const SEARCH_TOOLS = ['list_search_campaigns', 'list_search_ads', 'get_search_campaign_performance'];

// The search read tools through REST and MCP, on the search sandbox: what they answer, their filters, paging
// and cursors, the date rules, the multi-account rule, and the examples on a fresh demo database.
describe.each(TEST_DIALECTS)('the search read tools on the Google Ads sandbox (%s)', (dialect) => {
  let service: TestService;
  let acme: SearchOwner;
  let mcp: Client;
  const clock = new TestClock(NOW);

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock, env: { ADOPS_SANDBOX_PAGE_SIZE: '4' } });
    acme = await searchOwner(service);
    mcp = await connectOverHttp(service.url, acme.owner.key);
  });
  afterAll(async () => {
    await mcp.close();
    await service.stop();
  });

  const call = (tool: string, args: Record<string, unknown>, owner: Owner = acme.owner) =>
    service.call(tool, args, { key: owner.key, headers: { 'idempotency-key': randomUUID() } });
  const ok = async (tool: string, args: Record<string, unknown>, owner?: Owner) => {
    const answer = await call(tool, args, owner);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const refusedField = async (tool: string, args: Record<string, unknown>) => {
    const { status, body } = await call(tool, args);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.code).toBe('invalid_arguments');
    return body.structured_content.issues.map((issue: any) => issue.field);
  };

  describe('list_search_campaigns', () => {
    it('lists enabled and paused campaigns with budgets, ids in order, and removed ones when asked', async () => {
      const data = await ok('list_search_campaigns', {});
      const campaigns = data.structured.campaigns;
      expect(campaigns.map((c: any) => [c.name, c.status, c.platform_status])).toEqual([
        ['Brand - Search', 'ACTIVE', 'ENABLED'],
        ['Competitors - Search', 'ACTIVE', 'ENABLED'],
        ['Generic - Search', 'ACTIVE', 'ENABLED'],
        ['Generic - Long tail', 'PAUSED', 'PAUSED'],
        ['Performance Max - Catalog', 'ACTIVE', 'ENABLED'],
        ['Runaway: broad match', 'ACTIVE', 'ENABLED'],
      ]);
      expect(data.structured.status).toEqual(['ACTIVE', 'PAUSED']);
      expect(campaigns[0]).toEqual({
        campaign_id: '20123456789',
        name: 'Brand - Search',
        status: 'ACTIVE',
        platform_status: 'ENABLED',
        channel_type: 'SEARCH',
        daily_budget: '50.00',
        currency: 'USD',
        budget_id: '9123456701',
        budget_shared: false,
      });
      expect(campaigns.filter((c: any) => c.budget_shared).map((c: any) => c.name)).toEqual([
        'Generic - Search',
        'Generic - Long tail',
      ]);
      expect(data.structured.next_cursor).toBeNull();
      expect(data.text).toContain(
        '| Campaign | Id | Status | Channel | Daily budget (USD) | Budget id | Shared budget |',
      );
      expect(data.text).toContain(
        '| Performance Max - Catalog | 20123456793 | ACTIVE (ENABLED) | PERFORMANCE_MAX | 120.00 |',
      );
      const removed = await ok('list_search_campaigns', { status: ['REMOVED'] });
      expect(removed.structured.campaigns.map((c: any) => [c.name, c.status])).toEqual([
        ['Holiday sale', 'REMOVED'],
      ]);
      expect(removed.text).toContain('REMOVED campaigns');
      // Google's own word names the same status as the common one, so both together repeat it.
      const enabled = await ok('list_search_campaigns', { status: ['ENABLED'] });
      expect(enabled.structured.status).toEqual(['ACTIVE']);
      expect(enabled.structured.campaigns.map((c: any) => c.status)).toEqual(Array(5).fill('ACTIVE'));
      expect(await refusedField('list_search_campaigns', { status: ['ENABLED', 'ACTIVE'] })).toEqual([
        'status',
      ]);
      expect(await refusedField('list_search_campaigns', { status: ['RUNNING'] })).toEqual(['status[0]']);
      expect(described('list_search_campaigns', data.structured)).toEqual(data.structured);
      expect(described('list_search_campaigns', removed.structured)).toEqual(removed.structured);
      expect(await refusedField('list_search_campaigns', { limit: 501 })).toEqual(['limit']);
    });

    it('pages with a cursor bound to its query, one quota unit a page, the same over MCP', async () => {
      const all = (await ok('list_search_campaigns', { status: ['ENABLED', 'PAUSED', 'REMOVED'] })).structured
        .campaigns;
      const used = async () =>
        (await service.call('get_usage_status', {}, { key: acme.owner.key })).body.data.quota.used;
      const before = await used();
      const pages: any[] = [];
      let cursor: string | undefined;
      do {
        const data = await ok('list_search_campaigns', {
          status: ['REMOVED', 'PAUSED', 'ENABLED'],
          limit: 4,
          ...(cursor && { cursor }),
        });
        pages.push(data.structured.campaigns);
        cursor = data.structured.next_cursor ?? undefined;
        if (cursor) expect(data.text).toContain(`cursor "${cursor}"`);
      } while (cursor);
      expect(pages.map((page) => page.length)).toEqual([4, 3]);
      expect(pages.flat()).toEqual(all);
      expect(await used()).toBe(before + 2);

      const first = await ok('list_search_campaigns', { limit: 2 });
      const next = first.structured.next_cursor;
      expect(
        await refusedField('list_search_campaigns', { limit: 2, status: ['ENABLED'], cursor: next }),
      ).toEqual(['cursor']);
      expect(await refusedField('list_search_campaigns', { cursor: 'not-a-cursor' })).toEqual(['cursor']);
      // The cursor is bound to every other argument, the page size too, as on every list.
      expect(await refusedField('list_search_campaigns', { limit: 10, cursor: next })).toEqual(['cursor']);
      const rest = await ok('list_search_campaigns', { limit: 2, cursor: next });
      const last = await ok('list_search_campaigns', { limit: 2, cursor: rest.structured.next_cursor });
      expect(last.structured.next_cursor).toBeNull();
      expect([...rest.structured.campaigns, ...last.structured.campaigns].map((c: any) => c.name)).toEqual([
        'Generic - Search',
        'Generic - Long tail',
        'Performance Max - Catalog',
        'Runaway: broad match',
      ]);

      const viaMcp = await callTool(mcp, { name: 'list_search_campaigns', arguments: { limit: 2 } });
      expect(viaMcp.isError).toBeFalsy();
      expect(viaMcp.structuredContent).toEqual(first.structured);
      expect(textOf(viaMcp)).toBe(first.text);
    });
  });

  describe('list_search_ads', () => {
    it('lists ad groups with their ads and headlines with pins, filtered, and the ids update_ad_headlines takes', async () => {
      const brand = await ok('list_search_ads', { campaign_id: '20123456789' });
      expect(brand.structured.ad_groups).toEqual([
        {
          ad_group_id: '1234567',
          name: 'Brand terms',
          status: 'ACTIVE',
          platform_status: 'ENABLED',
          campaign_id: '20123456789',
          campaign_name: 'Brand - Search',
          ads: [
            {
              ad_id: '7654321',
              status: 'ACTIVE',
              platform_status: 'ENABLED',
              ad_type: 'RESPONSIVE_SEARCH_AD',
              final_url: 'https://example.com/',
              headlines: [
                { text: 'Project tools for teams', pinned_field: 'HEADLINE_1' },
                { text: 'Plans from $5 a month' },
                { text: 'Try it free' },
              ],
            },
            {
              ad_id: expect.stringMatching(/^\d{12}$/),
              status: 'ACTIVE',
              platform_status: 'ENABLED',
              ad_type: 'EXPANDED_TEXT_AD',
              final_url: 'https://example.com/',
              headlines: null,
            },
          ],
        },
      ]);
      expect(brand.text).toContain('"Project tools for teams" (pinned HEADLINE_1)');
      expect(brand.text).toContain(
        '| Brand - Search | Brand terms | 1234567 | 7654321 | RESPONSIVE_SEARCH_AD | ENABLED |',
      );

      expect(described('list_search_ads', brand.structured)).toEqual(brand.structured);
      const paused = await ok('list_search_ads', { status: ['PAUSED'] });
      expect(paused.structured.ad_count).toBe(1);
      expect(paused.structured.ad_groups[0].ads[0]).toMatchObject({
        status: 'PAUSED',
        platform_status: 'PAUSED',
      });
      expect(paused.structured.ad_groups[0].name).toBe('Project management software');
      const removed = await ok('list_search_ads', { status: ['REMOVED'] });
      expect(removed.structured.ad_groups.map((g: any) => g.campaign_name)).toEqual(['Holiday sale']);
      expect(removed.structured.ad_groups[0].ads.map((ad: any) => ad.status)).toEqual(['REMOVED']);
      expect(described('list_search_ads', removed.structured)).toEqual(removed.structured);
      const group = brand.structured.ad_groups[0];
      const inGroup = await ok('list_search_ads', { ad_group_id: group.ad_group_id, status: ['ENABLED'] });
      expect(inGroup.structured.ad_groups).toEqual([group]);

      const nothing = await ok('list_search_ads', { campaign_id: '999' });
      expect(nothing.structured).toMatchObject({ ad_count: 0, ad_groups: [], next_cursor: null });
      expect(nothing.text).toContain('no ACTIVE or PAUSED ads');

      const rsa = group.ads[0];
      const dry = await call('update_ad_headlines', {
        ad_group_id: group.ad_group_id,
        ad_id: rsa.ad_id,
        headlines: ['One', 'Two', 'Three'],
        dry_run: true,
      });
      expect(dry.status).toBe(200);
      expect(await refusedField('list_search_ads', { campaign_id: 'brand' })).toEqual(['campaign_id']);
    });

    it('pages across ad groups with a cursor bound to its filters, the same over MCP', async () => {
      const all = await ok('list_search_ads', {});
      const ads = (data: any) =>
        data.structured.ad_groups.flatMap((g: any) => g.ads.map((a: any) => [g.ad_group_id, a.ad_id]));
      expect(all.structured.ad_count).toBe(7);
      const seen: string[][] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const data = await ok('list_search_ads', { limit: 1, ...(cursor && { cursor }) });
        seen.push(...ads(data));
        cursor = data.structured.next_cursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(7);
      expect(seen).toEqual(ads(all));
      // Ad groups come in id order, the ads of each in id order: what the keyset cursor relies on.
      expect([...seen].sort((a, b) => Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1]))).toEqual(
        seen,
      );

      const first = await ok('list_search_ads', { limit: 1 });
      expect(
        await refusedField('list_search_ads', {
          limit: 1,
          campaign_id: '20123456791',
          cursor: first.structured.next_cursor,
        }),
      ).toEqual(['cursor']);
      const viaMcp = await callTool(mcp, { name: 'list_search_ads', arguments: { limit: 1 } });
      expect(viaMcp.structuredContent).toEqual(first.structured);
    });
  });

  describe('get_search_campaign_performance', () => {
    it('resolves each named range in the account time zone, and refuses bad dates naming the field', async () => {
      const cases: Array<[string, string, string]> = [
        ['TODAY', '2026-11-22', '2026-11-22'],
        ['YESTERDAY', '2026-11-21', '2026-11-21'],
        ['LAST_7_DAYS', '2026-11-15', '2026-11-21'],
        ['LAST_30_DAYS', '2026-10-23', '2026-11-21'],
        ['THIS_MONTH', '2026-11-01', '2026-11-22'],
        ['LAST_MONTH', '2026-10-01', '2026-10-31'],
      ];
      for (const [range, start, end] of cases) {
        const data = await ok('get_search_campaign_performance', { date_range: range });
        expect([range, data.structured.period]).toEqual([range, { start, end }]);
      }
      const dates = await ok('get_search_campaign_performance', {
        start_date: '2026-09-01',
        end_date: '2026-09-30',
      });
      expect(dates.structured.period).toEqual({ start: '2026-09-01', end: '2026-09-30' });
      expect(
        await refusedField('get_search_campaign_performance', {
          start_date: '2026-11-01',
          end_date: '2026-11-23',
        }),
      ).toEqual(['end_date']);
      expect(
        await refusedField('get_search_campaign_performance', {
          start_date: '2025-01-01',
          end_date: '2026-01-02',
        }),
      ).toEqual(['end_date']);
      expect(
        await refusedField('get_search_campaign_performance', {
          start_date: '2026-11-02',
          end_date: '2026-11-01',
        }),
      ).toEqual(['end_date']);
      expect(await refusedField('get_search_campaign_performance', { start_date: '2026-11-01' })).toEqual([
        'end_date',
      ]);
      expect(
        await refusedField('get_search_campaign_performance', {
          date_range: 'LAST_7_DAYS',
          start_date: '2026-11-01',
          end_date: '2026-11-02',
        }),
      ).toEqual(['date_range']);
      expect(await refusedField('get_search_campaign_performance', { date_range: 'LAST_YEAR' })).toEqual([
        'date_range',
      ]);
    });

    it("reports Google's numbers per campaign and day, sorted by spend, totals the sum of the days", async () => {
      const byDay = await ok('get_search_campaign_performance', {
        date_range: 'LAST_30_DAYS',
        breakdown: 'day',
      });
      const { campaigns, totals } = byDay.structured;
      expect(campaigns.map((c: any) => c.name).sort()).toEqual([
        'Brand - Search',
        'Competitors - Search',
        'Generic - Long tail',
        'Generic - Search',
        'Performance Max - Catalog',
        'Runaway: broad match',
      ]);
      const spend = (text: string) => Number(text.replace('.', ''));
      expect(campaigns.map((c: any) => spend(c.spend))).toEqual(
        campaigns.map((c: any) => spend(c.spend)).sort((a: number, b: number) => b - a),
      );
      for (const campaign of campaigns) {
        const days = campaign.days;
        expect(days.reduce((sum: number, d: any) => sum + d.clicks, 0)).toBe(campaign.clicks);
        expect(days.reduce((sum: number, d: any) => sum + d.impressions, 0)).toBe(campaign.impressions);
        expect(days.reduce((sum: number, d: any) => sum + spend(d.spend), 0)).toBe(spend(campaign.spend));
      }
      expect(campaigns.reduce((sum: number, c: any) => sum + spend(c.spend), 0)).toBe(spend(totals.spend));
      const longTail = campaigns.find((c: any) => c.name === 'Generic - Long tail');
      expect(longTail.days.at(-1).date).toBe('2026-10-31');
      expect(byDay.text).toContain('By day, all campaigns');

      // The same numbers Google's report gives, in micros, read by the adapter into the currency's decimals.
      const raw = await googleAds(
        service,
        `/${VERSION}/customers/${acme.customerId}/googleAds:searchStream`,
        {
          token: acme.token,
          body: {
            query:
              "SELECT metrics.cost_micros FROM campaign WHERE campaign.id = 20123456789 AND segments.date BETWEEN '2026-10-23' AND '2026-11-21'",
          },
        },
      );
      const brand = campaigns.find((c: any) => c.campaign_id === '20123456789');
      expect(brand.spend).toBe(formatMicros(Number(raw.body[0].results[0].metrics.costMicros), 'USD'));
      const plain = await ok('get_search_campaign_performance', { date_range: 'LAST_30_DAYS' });
      expect(plain.structured.totals).toEqual(totals);
      expect(plain.structured.campaigns[0].days).toBeUndefined();
    });

    it('lists unknown ids as not found, removed campaigns when they spent or are asked for, a new paused one at zero', async () => {
      const asked = await ok('get_search_campaign_performance', {
        date_range: 'LAST_7_DAYS',
        campaign_ids: ['20123456789', '20123456794', '999'],
      });
      expect(asked.structured.not_found).toEqual(['999']);
      expect(asked.text).toContain('Not found in this account: 999.');
      expect(asked.structured.campaigns.map((c: any) => [c.name, c.spend])).toEqual([
        ['Brand - Search', expect.stringMatching(/^[1-9]\d*\.\d\d$/)],
        ['Holiday sale', '0.00'],
      ]);
      const september = await ok('get_search_campaign_performance', {
        start_date: '2026-09-01',
        end_date: '2026-09-30',
      });
      expect(september.structured.campaigns.map((c: any) => c.name)).toContain('Holiday sale');
      const lastWeek = await ok('get_search_campaign_performance', { date_range: 'LAST_7_DAYS' });
      expect(lastWeek.structured.campaigns.map((c: any) => c.name)).not.toContain('Holiday sale');

      const { db } = service.services.storage;
      const made = await createSandboxCampaign(
        db,
        new SandboxStore(db, 'search'),
        acme.customerId,
        { name: 'Just made, paused', status: 'PAUSED', dailyBudgetMicros: 25e6 },
        clock.now(),
      );
      const today = await ok('get_search_campaign_performance', { date_range: 'TODAY', breakdown: 'day' });
      expect(today.structured.campaigns.find((c: any) => c.campaign_id === made)).toEqual({
        campaign_id: made,
        name: 'Just made, paused',
        status: 'PAUSED',
        platform_status: 'PAUSED',
        daily_budget: '25.00',
        impressions: 0,
        clicks: 0,
        spend: '0.00',
        conversions: 0,
        ctr: null,
        average_cpc: null,
        cost_per_conversion: null,
        days: [],
      });
    });

    it('answers the same bytes twice, the same over MCP, and a Google throttle as 429', async () => {
      const args = { date_range: 'LAST_30_DAYS', breakdown: 'day' };
      const first = await ok('get_search_campaign_performance', args);
      const again = await ok('get_search_campaign_performance', args);
      expect(JSON.stringify({ text: again.text, structured: again.structured })).toBe(
        JSON.stringify({ text: first.text, structured: first.structured }),
      );
      const viaMcp = await callTool(mcp, { name: 'get_search_campaign_performance', arguments: args });
      expect(viaMcp.structuredContent).toEqual(first.structured);
      const throttled = await call('get_search_campaign_performance', {
        campaign_ids: ['sandbox_rate_limited'],
      });
      expect(throttled.status).toBe(429);
      expect(throttled.body.code).toBe('upstream_rate_limited');
    });
  });

  it('asks which account when the owner has two, and reads the one named', async () => {
    const owner = await service.createOwner('pro', ['search', 'search']);
    const [first, second] = await listAdAccounts(service.services.storage.db, owner.userId, 'search');
    for (const tool of SEARCH_TOOLS) {
      const unnamed = await call(tool, {}, owner);
      expect([tool, unnamed.status, unnamed.body.code]).toEqual([tool, 400, 'account_selection_required']);
      expect(unnamed.body.error).toContain(first?.account_id);
      expect(unnamed.body.error).toContain(second?.account_id);
    }
    const named = await ok('list_search_campaigns', { customer_id: second?.account_id }, owner);
    expect(named.structured.customer_id).toBe(second?.account_id);
    // Not the database's first account: fresh ids, the same plan.
    expect(named.structured.campaigns.map((c: any) => c.campaign_id)).not.toContain('20123456789');
    const report = await ok('get_search_campaign_performance', { customer_id: first?.account_id }, owner);
    expect(report.structured.account_id).toBe(first?.account_id);
  });
});

describe.each(TEST_DIALECTS)('the search examples on a fresh demo database (%s)', (dialect) => {
  it('runs every search tool example as written and answers 200', async () => {
    const service = await TestService.start(dialect, { clock: new TestClock(NOW) });
    try {
      const demo = await ensureDemo(service.services);
      for (const tool of ALL_TOOLS.filter(
        (t) => t.platform === 'search' && t.name !== 'validate_and_prepare_assets',
      )) {
        const { status, body } = await service.call(tool.name, tool.example, {
          key: demo.key,
          headers: { 'idempotency-key': randomUUID() },
        });
        expect([tool.name, status, body.error]).toEqual([tool.name, 200, undefined]);
      }
    } finally {
      await service.stop();
    }
  });
});
