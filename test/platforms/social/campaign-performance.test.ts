import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMicros } from '../../../src/money.ts';
import { activityHistories } from '../../../src/sandbox/activity.ts';
import { dailyMetrics, daysBetween } from '../../../src/sandbox/daily-metrics.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAuditEntries } from '../../../src/storage/audit.ts';
import { callTool, connectOverHttp, textOf } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';
import {
  addSandboxCampaign,
  changeSandboxCampaign,
  ownerWithMagicAccount,
  socialAccounts,
} from './support.ts';

const TOOL = 'get_social_campaign_performance';
const TODAY = '2026-11-22';
const DAY_MS = 86_400_000;
const daysAgo = (days: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

describe.each(TEST_DIALECTS)(
  'get_social_campaign_performance against the social sandbox on %s',
  (dialect) => {
    let service: TestService;
    const clock = new TestClock(`${TODAY}T10:00:00Z`);
    const clients: Client[] = [];

    beforeAll(async () => {
      service = await TestService.start(dialect, { clock });
    });
    afterAll(async () => {
      for (const client of clients) await client.close();
      await service.stop();
    });
    beforeEach(() => {
      clock.set(`${TODAY}T10:00:00Z`);
    });

    async function ownerWithAccount() {
      const owner = await service.createOwner('free', ['social']);
      const [account] = await socialAccounts(service, owner);
      const accountId = account?.account_id ?? '';
      const stored = await new SandboxStore(service.services.storage.db, 'social').list<any>(
        'campaign',
        accountId,
      );
      const ids: Record<string, string> = Object.fromEntries(stored.map((c) => [c.data.name, c.id]));
      return { owner, accountId, ids };
    }

    /** What the sandbox's daily metrics say a campaign did over the days: what the report must add up to. */
    async function expected(campaignId: string, start: string, end: string) {
      const histories = await activityHistories(service.services.storage.db, 'social', [campaignId]);
      const days = daysBetween(start, end).map((day) =>
        dailyMetrics('social', campaignId, day, histories.get(campaignId) ?? [], 'USD', clock.now()),
      );
      return {
        impressions: days.reduce((s, d) => s + d.impressions, 0),
        clicks: days.reduce((s, d) => s + d.clicks, 0),
        spend: formatMicros(
          days.reduce((s, d) => s + d.spendMicros, 0),
          'USD',
        ),
        conversions: days.reduce((s, d) => s + d.conversions, 0),
      };
    }

    it('reports each campaign with its totals, sorted by spend, conversions counted once', async () => {
      const { owner, accountId, ids } = await ownerWithAccount();
      const { status, body } = await service.call(TOOL, { date_range: 'LAST_30_DAYS' }, { key: owner.key });
      expect(status, JSON.stringify(body)).toBe(200);
      const s = body.data.structured;
      expect(s).toMatchObject({
        account_id: accountId,
        currency: 'USD',
        period: { start: daysAgo(30), end: daysAgo(1) },
        breakdown: 'none',
        not_found: [],
      });
      expect(s.campaigns.map((c: any) => c.name).sort()).toEqual(
        [
          'Always-on prospecting',
          'Brand video: awareness',
          'Instagram engagement test',
          'Lead forms: spring webinar',
          'Retargeting: cart abandoners',
          'Runaway: advantage+ audience',
        ].sort(),
      );
      const spends = s.campaigns.map((c: any) => Number(c.spend));
      expect(spends).toEqual([...spends].sort((a, b) => b - a));
      for (const name of [
        'Always-on prospecting',
        'Lead forms: spring webinar',
        'Retargeting: cart abandoners',
      ]) {
        const line = s.campaigns.find((c: any) => c.name === name);
        expect(line, name).toMatchObject(await expected(ids[name] ?? '', daysAgo(30), daysAgo(1)));
        expect(line.ctr).toBeGreaterThan(0.005);
        expect(line.average_cpc).toMatch(/^\d+\.\d{2}$/);
      }
      expect(s.campaigns.find((c: any) => c.name === 'Instagram engagement test')).toMatchObject({
        impressions: 0,
        spend: '0.00',
        ctr: null,
        average_cpc: null,
        cost_per_conversion: null,
      });
      expect(s.totals.impressions).toBe(s.campaigns.reduce((sum: number, c: any) => sum + c.impressions, 0));
      const text: string = body.data.text;
      expect(text).toContain(
        `Meta Ads (social) account ${accountId}, LAST_30_DAYS (${daysAgo(30)} to ${daysAgo(1)}), in USD`,
      );
      expect(text).toContain(
        '| Campaign | Id | Status | Impressions | Clicks | Spend (USD) | Conversions | CTR | Avg. CPC | Cost/conv. |',
      );
      expect(text).toContain(`| **Total** |  |  | ${s.totals.impressions.toLocaleString('en-US')} |`);
    });

    it('gives each campaign its days on breakdown "day", which sum exactly to the totals', async () => {
      const { owner } = await ownerWithAccount();
      const args = { start_date: daysAgo(50), end_date: daysAgo(1) };
      const byDay = await service.call(TOOL, { ...args, breakdown: 'day' }, { key: owner.key });
      const whole = await service.call(TOOL, args, { key: owner.key });
      const s = byDay.body.data.structured;
      expect(s.totals).toEqual(whole.body.data.structured.totals);
      for (const campaign of s.campaigns) {
        const sum = (field: string) =>
          campaign.days.reduce((total: number, day: any) => total + Number(day[field]), 0);
        expect(sum('impressions')).toBe(campaign.impressions);
        expect(sum('clicks')).toBe(campaign.clicks);
        expect(sum('conversions')).toBe(campaign.conversions);
        expect(Math.round(sum('spend') * 100)).toBe(Math.round(Number(campaign.spend) * 100));
        for (const day of campaign.days) expect(day.date >= daysAgo(50) && day.date <= daysAgo(1)).toBe(true);
      }
      const retargeting = s.campaigns.find((c: any) => c.name === 'Retargeting: cart abandoners');
      // Paused from 45 to 39 days ago: no rows, as Meta leaves out days without delivery.
      expect(retargeting.days.map((d: any) => d.date)).not.toContain(daysAgo(42));
      expect(retargeting.days).toHaveLength(43);
      expect(byDay.body.data.text).toContain('By day, all campaigns');
      expect(whole.body.data.structured.campaigns[0].days).toBeUndefined();
    });

    it('reads every named range in the account time zone, and refuses the date rules broken', async () => {
      const { owner } = await ownerWithAccount();
      const period = async (args: Record<string, unknown>) => {
        const { status, body } = await service.call(TOOL, args, { key: owner.key });
        expect(status, JSON.stringify(body)).toBe(200);
        return [body.data.structured.period.start, body.data.structured.period.end];
      };
      expect(await period({ date_range: 'TODAY' })).toEqual([TODAY, TODAY]);
      expect(await period({ date_range: 'YESTERDAY' })).toEqual([daysAgo(1), daysAgo(1)]);
      expect(await period({ date_range: 'LAST_7_DAYS' })).toEqual([daysAgo(7), daysAgo(1)]);
      expect(await period({})).toEqual([daysAgo(7), daysAgo(1)]);
      expect(await period({ date_range: 'LAST_30_DAYS' })).toEqual([daysAgo(30), daysAgo(1)]);
      expect(await period({ date_range: 'THIS_MONTH' })).toEqual(['2026-11-01', TODAY]);
      expect(await period({ date_range: 'LAST_MONTH' })).toEqual(['2026-10-01', '2026-10-31']);
      expect(await period({ start_date: '2026-09-01', end_date: TODAY })).toEqual(['2026-09-01', TODAY]);
      const refused = async (args: Record<string, unknown>, field: string) => {
        const { status, body } = await service.call(TOOL, args, { key: owner.key });
        expect(status).toBe(400);
        expect(body.code).toBe('invalid_arguments');
        expect(body.error).toContain(field);
        return body.error as string;
      };
      expect(await refused({ start_date: daysAgo(1), end_date: '2026-11-23' }, 'end_date')).toContain(
        'is in the future',
      );
      expect(await refused({ start_date: '2025-01-01', end_date: '2026-01-05' }, 'end_date')).toContain(
        '366',
      );
      expect(await refused({ start_date: daysAgo(1), end_date: daysAgo(3) }, 'end_date')).toContain(
        'on or after',
      );
      await refused({ start_date: daysAgo(3) }, 'end_date');
      await refused({ date_range: 'TODAY', start_date: daysAgo(3), end_date: daysAgo(1) }, 'date_range');
      await refused({ date_range: 'LAST_90_DAYS' }, 'date_range');
      await refused({ campaign_ids: ['not-an-id'] }, 'campaign_ids');
      const usage = await service.call('get_usage_status', {}, { key: owner.key });
      expect(usage.body.data.quota.used).toBe(8);
    });

    it('reports a campaign just created paused as zero, and one paused today as spending nothing today', async () => {
      const { owner, accountId, ids } = await ownerWithAccount();
      const created = await addSandboxCampaign(service, accountId, {
        name: 'Created paused',
        status: 'PAUSED',
      });
      const prospecting = ids['Always-on prospecting'] ?? '';
      const before = await service.call(
        TOOL,
        { date_range: 'TODAY', campaign_ids: [prospecting] },
        { key: owner.key },
      );
      expect(before.body.data.structured.campaigns[0].impressions).toBeGreaterThan(0);
      await changeSandboxCampaign(service, prospecting, { status: 'PAUSED' });
      const today = await service.call(
        TOOL,
        { date_range: 'TODAY', campaign_ids: [created, prospecting] },
        { key: owner.key },
      );
      expect(today.status).toBe(200);
      const s = today.body.data.structured;
      expect(s.not_found).toEqual([]);
      expect(s.campaigns.map((c: any) => [c.name, c.impressions, c.spend])).toEqual([
        ['Always-on prospecting', 0, '0.00'],
        ['Created paused', 0, '0.00'],
      ]);
      const yesterday = await service.call(
        TOOL,
        { date_range: 'YESTERDAY', campaign_ids: [prospecting] },
        { key: owner.key },
      );
      expect(yesterday.body.data.structured.campaigns[0]).toMatchObject(
        await expected(prospecting, daysAgo(1), daysAgo(1)),
      );
    });

    it('lists unknown ids as not found, reports archived campaigns asked for and deleted ones that spent', async () => {
      const { owner, accountId, ids } = await ownerWithAccount();
      const seasonal = ids['Seasonal sale (ended)'] ?? '';
      const asked = await service.call(
        TOOL,
        {
          start_date: daysAgo(70),
          end_date: daysAgo(55),
          campaign_ids: [seasonal, '999', ids['Brand video: awareness']],
        },
        { key: owner.key },
      );
      const s = asked.body.data.structured;
      expect(s.not_found).toEqual(['999']);
      expect(s.campaigns.map((c: any) => c.name).sort()).toEqual([
        'Brand video: awareness',
        'Seasonal sale (ended)',
      ]);
      expect(s.campaigns.find((c: any) => c.campaign_id === seasonal)).toMatchObject(
        await expected(seasonal, daysAgo(70), daysAgo(55)),
      );
      expect(asked.body.data.text).toContain('Not found in this account: 999.');
      const gone = await addSandboxCampaign(
        service,
        accountId,
        { name: 'Deleted after a test', status: 'ACTIVE' },
        { date: daysAgo(5) },
      );
      await changeSandboxCampaign(service, gone, { status: 'DELETED' }, daysAgo(2));
      const week = await service.call(TOOL, { date_range: 'LAST_7_DAYS' }, { key: owner.key });
      const deleted = week.body.data.structured.campaigns.find((c: any) => c.campaign_id === gone);
      expect(deleted).toMatchObject({
        name: 'Deleted after a test',
        ...(await expected(gone, daysAgo(7), daysAgo(1))),
      });
      expect(deleted.impressions).toBeGreaterThan(0);
      const other = await ownerWithAccount();
      const foreign = await service.call(TOOL, { campaign_ids: [gone, seasonal] }, { key: other.owner.key });
      expect(foreign.body.data.structured.not_found).toEqual([gone, seasonal]);
    });

    it("follows every page of Meta's insights: 25 campaigns by day over 30 days", async () => {
      const { owner, accountId } = await ownerWithAccount();
      for (let i = 0; i < 22; i++) {
        await addSandboxCampaign(
          service,
          accountId,
          { name: `Always on ${i}`, status: 'ACTIVE' },
          { date: daysAgo(40) },
        );
      }
      const { status, body } = await service.call(
        TOOL,
        { date_range: 'LAST_30_DAYS', breakdown: 'day' },
        { key: owner.key },
      );
      expect(status).toBe(200);
      const campaigns = body.data.structured.campaigns;
      const days = campaigns.reduce((sum: number, c: any) => sum + c.days.length, 0);
      // 22 new and 2 seeded campaigns ran every day, the lead forms too: more rows than Meta's page of 500.
      expect(days).toBeGreaterThan(500);
      for (const campaign of campaigns.filter((c: any) => c.name.startsWith('Always on '))) {
        expect(campaign.days).toHaveLength(30);
      }
      await service.services.audit.flush();
      const [entry] = await listAuditEntries(service.services.storage.db, owner.userId);
      // The campaigns edge, then two pages of insights.
      expect(JSON.parse(entry?.upstream_request_ids ?? '[]')).toHaveLength(3);
    });

    it('follows the multi-account rule', async () => {
      const owner = await service.createOwner('free', ['social', 'social']);
      const accounts = await socialAccounts(service, owner);
      const unnamed = await service.call(TOOL, {}, { key: owner.key });
      expect(unnamed.status).toBe(400);
      expect(unnamed.body.code).toBe('account_selection_required');
      const named = await service.call(TOOL, { ad_account_id: accounts[1]?.account_id }, { key: owner.key });
      expect(named.status).toBe(200);
      expect(named.body.data.structured.account_id).toBe(accounts[1]?.account_id);
    });

    it('answers the same through MCP as over REST, the same bytes on every run', async () => {
      const { owner } = await ownerWithAccount();
      const client = await connectOverHttp(service.url, owner.key);
      clients.push(client);
      const args = { date_range: 'LAST_MONTH', breakdown: 'day' };
      const result = await callTool(client, { name: TOOL, arguments: args });
      const rest = await service.call(TOOL, args, { key: owner.key });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe(rest.body.data.text);
      expect(result.structuredContent).toEqual(rest.body.data.structured);
      const again = await service.call(TOOL, args, { key: owner.key });
      expect(JSON.stringify({ text: again.body.data.text, structured: again.body.data.structured })).toBe(
        JSON.stringify({ text: rest.body.data.text, structured: rest.body.data.structured }),
      );
    });

    it("turns Meta's throttle on insights into 429, and uses no quota", async () => {
      const owner: Owner = await ownerWithMagicAccount(service, 'rate_limited');
      const { status, body } = await service.call(TOOL, {}, { key: owner.key });
      expect(status).toBe(429);
      expect(body.code).toBe('upstream_rate_limited');
      const usage = await service.call('get_usage_status', {}, { key: owner.key });
      expect(usage.body.data.quota.used).toBe(0);
    });
  },
);
