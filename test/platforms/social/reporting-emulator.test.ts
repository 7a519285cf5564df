import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToMicros } from '../../../src/money.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import {
  accessTokenOf,
  addSandboxCampaign,
  changeSandboxCampaign,
  graph,
  socialAccounts,
} from './support.ts';

const TODAY = '2026-11-22';
const DAY_MS = 86_400_000;
const daysAgo = (days: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
const range = (since: string, until: string) => encodeURIComponent(JSON.stringify({ since, until }));
const LISTED = [
  'Always-on prospecting',
  'Retargeting: cart abandoners',
  'Brand video: awareness',
  'Runaway: advantage+ audience',
  'Lead forms: spring webinar',
  'Instagram engagement test',
];

/** Every row of an insights query, following paging.next as a client does (the links carry the token). */
async function everyRow(service: TestService, token: string, path: string): Promise<any[]> {
  const first = await graph(service, path, token);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const rows = [...first.body.data];
  let next: string | undefined = first.body.paging?.next;
  while (next) {
    const body: any = await (await fetch(next)).json();
    rows.push(...body.data);
    next = body.paging?.next;
  }
  return rows;
}

function sumOf(rows: any[], field: string): number {
  return rows.reduce((sum, row) => sum + Number(row[field] ?? 0), 0);
}

function actionsOf(rows: any[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows) {
    for (const action of row.actions ?? [])
      out[action.action_type] = (out[action.action_type] ?? 0) + Number(action.value);
  }
  return out;
}

describe.each(TEST_DIALECTS)('the social sandbox reports like the Marketing API on %s', (dialect) => {
  let service: TestService;
  const clock = new TestClock(`${TODAY}T10:00:00Z`);
  let token: string;
  let accountId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    const owner = await service.createOwner('free', ['social']);
    token = await accessTokenOf(service, owner);
    accountId = (await socialAccounts(service, owner))[0]?.account_id ?? '';
    const campaigns = await new SandboxStore(service.services.storage.db, 'social').list<any>(
      'campaign',
      accountId,
    );
    ids = Object.fromEntries(campaigns.map((c) => [c.data.name, c.id]));
  });
  afterAll(() => service.stop());

  describe('act_{id}/campaigns', () => {
    it('lists the campaigns neither archived nor deleted by default, with the Campaign fields asked', async () => {
      const answer = await graph(
        service,
        `/v25.0/${accountId}/campaigns?fields=id,name,status,effective_status,objective,daily_budget,lifetime_budget`,
        token,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data.map((c: any) => c.name)).toEqual(LISTED);
      const [prospecting] = answer.body.data;
      expect(prospecting).toEqual({
        id: expect.stringMatching(/^1202\d{14}$/),
        name: 'Always-on prospecting',
        status: 'ACTIVE',
        effective_status: 'ACTIVE',
        objective: 'OUTCOME_TRAFFIC',
        daily_budget: '20000',
      });
      const lifetime = answer.body.data.find((c: any) => c.name === 'Lead forms: spring webinar');
      expect(lifetime).toMatchObject({ lifetime_budget: '1200000' });
      expect(lifetime.daily_budget).toBeUndefined();
      const adSetBudgets = answer.body.data.find((c: any) => c.name === 'Instagram engagement test');
      expect(adSetBudgets).toMatchObject({ status: 'PAUSED' });
      expect(Object.keys(adSetBudgets)).not.toContain('daily_budget');
      const bare = await graph(service, `/v25.0/${accountId}/campaigns`, token);
      expect(Object.keys(bare.body.data[0])).toEqual(['id']);
    });

    it('filters by effective_status, as a JSON list or a comma list, and never lists deleted campaigns', async () => {
      const names = async (filter: string) =>
        (
          await graph(
            service,
            `/v25.0/${accountId}/campaigns?fields=name&effective_status=${encodeURIComponent(filter)}`,
            token,
          )
        ).body.data.map((c: any) => c.name);
      expect(await names('["ARCHIVED"]')).toEqual(['Seasonal sale (ended)']);
      expect(await names('PAUSED')).toEqual(['Brand video: awareness', 'Instagram engagement test']);
      expect(await names('["ACTIVE","ARCHIVED"]')).toHaveLength(5);
      const doomed = await addSandboxCampaign(service, accountId, { name: 'Deleted one', status: 'DELETED' });
      expect(await names('["DELETED"]')).toEqual([]);
      expect(
        (await graph(service, `/v25.0/${accountId}/campaigns?fields=name`, token)).body.data,
      ).not.toContainEqual(expect.objectContaining({ id: doomed }));
      const wrong = await graph(service, `/v25.0/${accountId}/campaigns?effective_status=["RUNNING"]`, token);
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
      expect(wrong.body.error.message).toMatch(
        /^\(#100\) Param effective_status\[0\] must be one of \{ACTIVE, PAUSED, DELETED/,
      );
      const completed = await graph(service, `/v25.0/${accountId}/campaigns?is_completed=true`, token);
      expect(completed.body.data).toEqual([]);
    });

    it('pages with cursors and refuses fields Campaign does not have, and a create without its parameters', async () => {
      const seen: string[] = [];
      let url: string | undefined;
      const first = await graph(service, `/v25.0/${accountId}/campaigns?fields=name&limit=2`, token);
      seen.push(...first.body.data.map((c: any) => c.name));
      expect(first.body.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
      url = first.body.paging.next;
      while (url) {
        const body: any = await (await fetch(url)).json();
        seen.push(...body.data.map((c: any) => c.name));
        url = body.paging?.next;
      }
      expect(seen).toEqual(LISTED);
      const field = await graph(service, `/v25.0/${accountId}/campaigns?fields=id,budget`, token);
      expect(field.status).toBe(400);
      expect(field.body.error.message).toBe(
        '(#100) Tried accessing nonexisting field (budget) on node type (Campaign)',
      );
      const posted = await graph(service, `/v25.0/${accountId}/campaigns`, token, { method: 'POST' });
      expect(posted.status).toBe(400);
      expect(posted.body.error).toMatchObject({
        code: 100,
        message: '(#100) The parameter name is required',
      });
    });
  });

  describe('act_{id}/insights', () => {
    const campaignDays = (since: string, until: string, extra = '') =>
      `/v25.0/${accountId}/insights?level=campaign&fields=campaign_id,campaign_name,impressions,clicks,spend,actions` +
      `&time_range=${range(since, until)}&time_increment=1&limit=500${extra}`;

    it("answers a campaign's days in Meta's shapes: strings for numbers, date_start and date_stop, actions", async () => {
      const rows = await everyRow(service, token, campaignDays(daysAgo(7), daysAgo(1)));
      // Four campaigns ran all week; the paused, the archived and the never-run ones have no rows.
      expect(new Set(rows.map((r) => r.campaign_name))).toEqual(
        new Set([
          'Always-on prospecting',
          'Retargeting: cart abandoners',
          'Lead forms: spring webinar',
          'Runaway: advantage+ audience',
        ]),
      );
      expect(rows).toHaveLength(28);
      const [row] = rows;
      expect(row).toEqual({
        campaign_id: expect.stringMatching(/^\d+$/),
        campaign_name: expect.any(String),
        impressions: expect.stringMatching(/^\d+$/),
        clicks: expect.stringMatching(/^\d+$/),
        spend: expect.stringMatching(/^\d+(\.\d{1,2})?$/),
        actions: expect.arrayContaining([
          { action_type: 'link_click', value: expect.stringMatching(/^\d+$/) },
        ]),
        date_start: row.date_start,
        date_stop: row.date_start,
      });
      const sales = rows.find((r) => r.campaign_name === 'Retargeting: cart abandoners');
      const types = sales.actions.map((a: any) => a.action_type);
      expect(types).toEqual(
        expect.arrayContaining(['offsite_conversion.fb_pixel_purchase', 'purchase', 'omni_purchase']),
      );
      const leads = rows.find((r) => r.campaign_name === 'Lead forms: spring webinar');
      expect(leads.actions.map((a: any) => a.action_type)).toEqual(
        expect.arrayContaining(['onsite_conversion.lead_grouped', 'lead']),
      );
    });

    it('makes the whole range the exact sum of its days, by campaign and for the account', async () => {
      const since = daysAgo(30);
      const until = daysAgo(1);
      const days = await everyRow(service, token, campaignDays(since, until));
      const whole = await everyRow(
        service,
        token,
        `/v25.0/${accountId}/insights?level=campaign&fields=campaign_id,impressions,clicks,spend,actions&time_range=${range(since, until)}`,
      );
      for (const total of whole) {
        expect(total).toMatchObject({ date_start: since, date_stop: until });
        const mine = days.filter((d) => d.campaign_id === total.campaign_id);
        expect(sumOf(mine, 'impressions')).toBe(Number(total.impressions));
        expect(sumOf(mine, 'clicks')).toBe(Number(total.clicks));
        expect(mine.reduce((sum, d) => sum + decimalToMicros(d.spend), 0)).toBe(decimalToMicros(total.spend));
        expect(actionsOf(mine)).toEqual(actionsOf([total]));
      }
      const account = await everyRow(
        service,
        token,
        `/v25.0/${accountId}/insights?fields=account_id,impressions,spend&time_range=${range(since, until)}`,
      );
      expect(account).toEqual([
        {
          account_id: accountId.replace('act_', ''),
          impressions: String(sumOf(whole, 'impressions')),
          spend: expect.any(String),
          date_start: since,
          date_stop: until,
        },
      ]);
      expect(decimalToMicros(account[0].spend)).toBe(whole.reduce((s, r) => s + decimalToMicros(r.spend), 0));
    });

    it('spends only on active days, never above the daily budget, over 90 days of history', async () => {
      const rows = await everyRow(service, token, campaignDays(daysAgo(95), TODAY));
      const of = (name: string) => rows.filter((r) => r.campaign_id === ids[name]).map((r) => r.date_start);
      expect(of('Always-on prospecting')[0]).toBe(daysAgo(90));
      expect(of('Always-on prospecting')).toHaveLength(91);
      const retargeting = of('Retargeting: cart abandoners');
      expect(retargeting).not.toContain(daysAgo(45));
      expect(retargeting).not.toContain(daysAgo(39));
      expect(retargeting).toContain(daysAgo(38));
      expect(of('Brand video: awareness').at(-1)).toBe(daysAgo(21));
      expect(of('Seasonal sale (ended)').at(-1)).toBe(daysAgo(61));
      expect(of('Lead forms: spring webinar')[0]).toBe(daysAgo(60));
      expect(of('Instagram engagement test')).toEqual([]);
      for (const row of rows.filter((r) => r.campaign_id === ids['Retargeting: cart abandoners'])) {
        expect(decimalToMicros(row.spend)).toBeLessThanOrEqual(80_000_000);
      }
      for (const row of rows.filter((r) => r.campaign_id === ids['Lead forms: spring webinar'])) {
        expect(decimalToMicros(row.spend)).toBeLessThanOrEqual(100_000_000);
      }
    });

    it('answers the same bytes every time, and nothing after today', async () => {
      const path = campaignDays(daysAgo(3), '2026-12-31');
      const first = await graph(service, path, token);
      const second = await graph(service, path, token);
      expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
      expect(
        first.body.data
          .map((r: any) => r.date_start)
          .sort()
          .at(-1),
      ).toBe(TODAY);
    });

    it('filters by campaign id, and leaves deleted campaigns out unless their status is asked for', async () => {
      const prospecting = ids['Always-on prospecting'] ?? '';
      const filter = (rules: unknown[]) => `&filtering=${encodeURIComponent(JSON.stringify(rules))}`;
      const one = await everyRow(
        service,
        token,
        campaignDays(
          daysAgo(7),
          daysAgo(1),
          filter([{ field: 'campaign.id', operator: 'IN', value: [prospecting] }]),
        ),
      );
      expect(new Set(one.map((r) => r.campaign_id))).toEqual(new Set([prospecting]));
      const gone = await addSandboxCampaign(
        service,
        accountId,
        { name: 'Gone', status: 'ACTIVE' },
        { date: daysAgo(5) },
      );
      await changeSandboxCampaign(service, gone, { status: 'DELETED' }, daysAgo(2));
      const hidden = await everyRow(service, token, campaignDays(daysAgo(7), daysAgo(1)));
      expect(hidden.map((r) => r.campaign_id)).not.toContain(gone);
      const every = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED', 'IN_PROCESS', 'WITH_ISSUES'];
      const shown = await everyRow(
        service,
        token,
        campaignDays(
          daysAgo(7),
          daysAgo(1),
          filter([{ field: 'campaign.effective_status', operator: 'IN', value: every }]),
        ),
      );
      expect(shown.filter((r) => r.campaign_id === gone).map((r) => r.date_start)).toEqual([
        daysAgo(5),
        daysAgo(4),
        daysAgo(3),
      ]);
      const unsupported = await graph(
        service,
        campaignDays(
          daysAgo(7),
          daysAgo(1),
          filter([{ field: 'ad.impressions', operator: 'GREATER_THAN', value: 0 }]),
        ),
        token,
      );
      expect(unsupported.status).toBe(400);
      expect(unsupported.body.error.error_user_title).toBe('Not served by the sandbox');
      const operator = await graph(
        service,
        campaignDays(
          daysAgo(7),
          daysAgo(1),
          filter([{ field: 'campaign.id', operator: 'AMONG', value: [] }]),
        ),
        token,
      );
      expect(operator.body.error.message).toMatch(
        /^\(#100\) Param filtering\[0\]\[operator\] must be one of \{EQUAL/,
      );
    });

    it('reads date_preset (last_30d by default), months, and days of N', async () => {
      const preset = async (extra: string) =>
        (await everyRow(service, token, `/v25.0/${accountId}/insights?fields=spend${extra}`)).map((r) => [
          r.date_start,
          r.date_stop,
        ]);
      expect(await preset('')).toEqual([[daysAgo(30), daysAgo(1)]]);
      expect(await preset('&date_preset=last_7d')).toEqual([[daysAgo(7), daysAgo(1)]]);
      expect(await preset('&date_preset=yesterday')).toEqual([[daysAgo(1), daysAgo(1)]]);
      expect(await preset('&date_preset=this_month')).toEqual([['2026-11-01', TODAY]]);
      expect(await preset('&date_preset=last_month')).toEqual([['2026-10-01', '2026-10-31']]);
      expect(await preset('&date_preset=last_week_mon_sun')).toEqual([['2026-11-09', '2026-11-15']]);
      expect(await preset(`&time_range=${range('2026-09-15', '2026-11-10')}&time_increment=monthly`)).toEqual(
        [
          ['2026-09-15', '2026-09-30'],
          ['2026-10-01', '2026-10-31'],
          ['2026-11-01', '2026-11-10'],
        ],
      );
      expect(await preset(`&time_range=${range('2026-11-01', '2026-11-10')}&time_increment=4`)).toEqual([
        ['2026-11-01', '2026-11-04'],
        ['2026-11-05', '2026-11-08'],
        ['2026-11-09', '2026-11-10'],
      ]);
    });

    it("refuses what Meta refuses, in Meta's words, and says what the sandbox does not serve", async () => {
      const refused = async (extra: string) =>
        (await graph(service, `/v25.0/${accountId}/insights?${extra}`, token)).body.error;
      expect(await refused('level=adgroup')).toMatchObject({
        code: 100,
        message: '(#100) Param level must be one of {ad, adset, campaign, account}',
      });
      expect((await refused('breakdowns=age')).error_user_title).toBe('Not served by the sandbox');
      expect((await refused('breakdowns=device_platform,gender')).message).toBe(
        '(#100) Current combination of data breakdown columns (device_platform, gender) is invalid',
      );
      expect((await refused('breakdowns=publisher_platform,device_platform')).error_user_title).toBe(
        'Not served by the sandbox',
      );
      expect((await refused('breakdowns=devices')).message).toMatch(
        /^\(#100\) breakdowns\[0\] must be one of/,
      );
      expect((await refused('time_range={"since":"2026-11-10"}')).message).toMatch(
        /must have since and until/,
      );
      expect((await refused(`time_range=${range('2026-11-10', '2026-11-01')}`)).message).toMatch(
        /until must not be before since/,
      );
      expect(await refused(`time_range=${range('2023-01-01', '2023-01-31')}`)).toMatchObject({
        code: 3018,
        message: 'The start date of the time range cannot be beyond 37 months from the current date',
      });
      for (const increment of ['0', '91', 'weekly']) {
        expect((await refused(`time_increment=${increment}`)).message).toMatch(
          /^\(#100\) Param time_increment/,
        );
      }
      expect((await refused('fields=spend,budget')).message).toBe(
        '(#100) budget is not valid for fields param. please check ' +
          'https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values',
      );
      expect((await refused('date_preset=lifetime')).message).toMatch(
        /^\(#100\) Param date_preset must be one of/,
      );
      expect((await refused('breakdowns=["age"]')).error_user_title).toBe('Not served by the sandbox');
      expect((await refused('sort=spend_descending')).error_user_title).toBe('Not served by the sandbox');
      expect((await refused('colour=red')).error_user_msg).toMatch(
        /^colour is not a parameter of this endpoint/,
      );
      const attribution = await graph(
        service,
        `/v25.0/${accountId}/insights?fields=spend&use_unified_attribution_setting=true&action_report_time=impression`,
        token,
      );
      expect(attribution.status).toBe(200);
    });

    it('pages its rows with cursors as every edge does', async () => {
      const all = await everyRow(service, token, campaignDays(daysAgo(10), daysAgo(1)));
      const small = await everyRow(
        service,
        token,
        campaignDays(daysAgo(10), daysAgo(1)).replace('limit=500', 'limit=7'),
      );
      expect(small).toEqual(all);
      expect(all.length).toBeGreaterThan(7);
    });
  });
});
