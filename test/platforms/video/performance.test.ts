import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToMicros } from '../../../src/money.ts';
import { addAccount } from '../../../src/owners/add-account.ts';
import { listAuditEntries } from '../../../src/storage/audit.ts';
import type { AdAccount } from '../../../src/storage/schema.ts';
import { findUserById } from '../../../src/storage/users.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { addRunningCampaigns, SEEDED, sandboxCall, videoAccounts } from './read-support.ts';

const TOOL = 'get_video_campaign_performance';
/** The service clock: seeding and "today" are 2026-11-22 (UTC, the sandbox advertisers' time zone). */
const NOW = '2026-11-22T10:00:00.000Z';

interface Metrics {
  impressions: number;
  clicks: number;
  spend: string;
  conversions: number;
}

/** Sums of the counts and of the spend (exactly, in micros). */
function sum(rows: Metrics[]) {
  return rows.reduce(
    (total, row) => ({
      impressions: total.impressions + row.impressions,
      clicks: total.clicks + row.clicks,
      spendMicros: total.spendMicros + decimalToMicros(row.spend),
      conversions: total.conversions + row.conversions,
    }),
    { impressions: 0, clicks: 0, spendMicros: 0, conversions: 0 },
  );
}

const counts = (row: Metrics) => ({
  impressions: row.impressions,
  clicks: row.clicks,
  spendMicros: decimalToMicros(row.spend),
  conversions: row.conversions,
});

describe.each(TEST_DIALECTS)('get_video_campaign_performance on the TikTok sandbox (%s)', (dialect) => {
  let service: TestService;
  let owner: Owner;
  const clock = new TestClock(NOW);

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    // The database's first TikTok advertiser: it has the seeded campaigns' stable ids.
    owner = await service.createOwner('pro', ['video']);
  });
  afterAll(() => service.stop());

  const report = (args: Record<string, unknown>, key = owner.key) => service.call(TOOL, args, { key });
  const upstreamCalls = async (of: Owner, requestId: string) => {
    await service.services.audit.flush();
    const entries = await listAuditEntries(service.services.storage.db, of.userId);
    const entry = entries.find((e) => e.request_id === requestId);
    return (JSON.parse(entry?.upstream_request_ids ?? '[]') as string[]).length;
  };
  const campaign = (body: Record<string, any>, id: string) =>
    body.data.structured.campaigns.find((c: any) => c.campaign_id === id);

  it('reports every campaign with totals that are their sum, sorted by spend, in the account currency', async () => {
    const { status, body } = await report({ date_range: 'LAST_30_DAYS' });
    expect(status).toBe(200);
    const { structured, text } = body.data;
    expect(structured.period).toEqual({ start: '2026-10-23', end: '2026-11-21' });
    expect(structured.currency).toBe('USD');
    expect(structured.campaigns.map((c: any) => c.campaign_id).sort()).toEqual(Object.values(SEEDED).sort());
    const spends = structured.campaigns.map((c: any) => decimalToMicros(c.spend));
    expect(spends).toEqual([...spends].sort((a: number, b: number) => b - a));
    expect(counts(structured.totals)).toEqual(sum(structured.campaigns));
    // Paused two months ago, and created paused today: nothing in the period.
    for (const id of [SEEDED.appInstalls, SEEDED.winterSale]) {
      expect(campaign(body, id)).toMatchObject({ impressions: 0, clicks: 0, spend: '0.00', conversions: 0 });
      expect(campaign(body, id)).toMatchObject({ ctr: null, average_cpc: null, cost_per_conversion: null });
    }
    // Spring launch ran until 2026-10-31, nine days of the period.
    expect(decimalToMicros(campaign(body, SEEDED.springLaunch).spend)).toBeGreaterThan(0);
    expect(structured.not_found).toEqual([]);
    expect(text).toContain('| Campaign | Id | Status | Impressions | Clicks | Spend (USD) |');
    expect(text).toContain(`| **Total** |  |  | ${structured.totals.impressions.toLocaleString('en-US')} |`);
    expect(text).toMatch(
      /^TikTok Ads \(video\) account \d+, LAST_30_DAYS \(2026-10-23 to 2026-11-21\), in USD/,
    );
  });

  it("breaks down by day, each campaign's days summing to its period, days with nothing left out", async () => {
    const { body } = await report({ date_range: 'LAST_30_DAYS', breakdown: 'day' });
    for (const line of body.data.structured.campaigns) {
      expect(sum(line.days), line.name).toEqual(counts(line));
    }
    expect(campaign(body, SEEDED.alwaysOn).days).toHaveLength(30);
    expect(campaign(body, SEEDED.springLaunch).days.map((d: any) => d.date)).toEqual([
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
    ]);
    expect(campaign(body, SEEDED.winterSale).days).toEqual([]);
    // Never more than the daily budget: retargeting runs on 80 a day.
    for (const day of campaign(body, SEEDED.retargeting).days)
      expect(decimalToMicros(day.spend)).toBeLessThanOrEqual(80_000_000);
    expect(body.data.text).toContain('By day, all campaigns');
    const rest = await report({ date_range: 'LAST_30_DAYS' });
    expect(counts(rest.body.data.structured.totals)).toEqual(counts(body.data.structured.totals));
  });

  it('reads longer daily breakdowns 30 days a report, and the period at once without one', async () => {
    const period = { start_date: '2026-08-24', end_date: '2026-11-21' };
    const daily = await report({ ...period, breakdown: 'day' });
    expect(daily.status).toBe(200);
    expect(campaign(daily.body, SEEDED.alwaysOn).days).toHaveLength(90);
    // campaign/get, then three reports of 30 days.
    expect(await upstreamCalls(owner, daily.body.request_id)).toBe(4);
    const whole = await report(period);
    expect(await upstreamCalls(owner, whole.body.request_id)).toBe(2);
    expect(whole.body.data.structured.totals).toEqual(daily.body.data.structured.totals);
    for (const line of daily.body.data.structured.campaigns)
      expect(counts(campaign(whole.body, line.campaign_id))).toEqual(sum(line.days));
  });

  it('resolves every named range in the account time zone', async () => {
    const expected: Record<string, [string, string]> = {
      TODAY: ['2026-11-22', '2026-11-22'],
      YESTERDAY: ['2026-11-21', '2026-11-21'],
      LAST_7_DAYS: ['2026-11-15', '2026-11-21'],
      LAST_30_DAYS: ['2026-10-23', '2026-11-21'],
      THIS_MONTH: ['2026-11-01', '2026-11-22'],
      LAST_MONTH: ['2026-10-01', '2026-10-31'],
    };
    for (const [range, [start, end]] of Object.entries(expected)) {
      const { status, body } = await report({ date_range: range });
      expect(status, range).toBe(200);
      expect(body.data.structured.period, range).toEqual({ start, end });
    }
    const unnamed = await report({});
    expect(unnamed.body.data.structured.period).toEqual({ start: '2026-11-15', end: '2026-11-21' });
  });

  it('refuses dates that break the rules, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ start_date: '2026-11-01', end_date: '2026-11-23' }, 'end_date', 'is in the future'],
      [{ start_date: '2025-11-20', end_date: '2026-11-21' }, 'end_date', 'at most 366'],
      [{ start_date: '2026-11-10', end_date: '2026-11-01' }, 'end_date', 'on or after start_date'],
      [{ start_date: '2026-11-01' }, 'end_date', 'is required'],
      [
        { date_range: 'LAST_7_DAYS', start_date: '2026-11-01', end_date: '2026-11-02' },
        'date_range',
        'not both',
      ],
      [{ start_date: '2026-02-30', end_date: '2026-03-02' }, 'start_date', 'calendar date'],
      [{ date_range: 'LAST_WEEK' }, 'date_range', ''],
      [{ campaign_ids: ['abc'] }, 'campaign_ids', 'digits'],
      [{ breakdown: 'week' }, 'breakdown', ''],
    ];
    for (const [args, field, rule] of cases) {
      const { status, body } = await report(args);
      expect(status, JSON.stringify(args)).toBe(400);
      expect(body.code).toBe('invalid_arguments');
      expect(body.error).toContain(field);
      expect(body.error).toContain(rule);
    }
    // 366 days is the longest period.
    expect((await report({ start_date: '2025-11-21', end_date: '2026-11-21' })).status).toBe(200);
  });

  it('lists campaign ids that do not exist as not found, and asks TikTok nothing for them alone', async () => {
    const missing = '1899999999999999';
    const mixed = await report({ date_range: 'LAST_7_DAYS', campaign_ids: [SEEDED.alwaysOn, missing] });
    expect(mixed.status).toBe(200);
    expect(mixed.body.data.structured.campaigns.map((c: any) => c.campaign_id)).toEqual([SEEDED.alwaysOn]);
    expect(mixed.body.data.structured.not_found).toEqual([missing]);
    expect(mixed.body.data.text).toContain(`Not found in this account: ${missing}.`);
    const alone = await report({ date_range: 'LAST_7_DAYS', campaign_ids: [missing] });
    expect(alone.status).toBe(200);
    expect(alone.body.data.structured).toMatchObject({ campaigns: [], not_found: [missing] });
    expect(alone.body.data.structured.totals.spend).toBe('0.00');
    expect(await upstreamCalls(owner, alone.body.request_id)).toBe(1);
  });

  it('is deterministic: the same call answers the same bytes, on this service and on another', async () => {
    const args = { start_date: '2026-10-01', end_date: '2026-11-21', breakdown: 'day' };
    const first = await report(args);
    const second = await report(args);
    expect(JSON.stringify(second.body.data.structured)).toBe(JSON.stringify(first.body.data.structured));
    expect(second.body.data.text).toBe(first.body.data.text);

    // Another database, the same clock: the first advertiser's numbers are the same, byte for byte.
    const answers: string[] = [];
    for (let run = 0; run < 2; run++) {
      const other = await TestService.start(dialect, { clock: new TestClock(NOW) });
      try {
        const someone = await other.createOwner('pro');
        const user = await findUserById(other.services.storage.db, someone.userId);
        if (!user) throw new Error('no user');
        await addAccount(other.services, user, { platform: 'video', accountId: '7000000000000000001' });
        const answer = await other.call(TOOL, args, { key: someone.key });
        expect(answer.status).toBe(200);
        answers.push(
          JSON.stringify({ text: answer.body.data.text, structured: answer.body.data.structured }),
        );
      } finally {
        await other.stop();
      }
    }
    expect(answers[1]).toBe(answers[0]);
    expect(JSON.parse(answers[0] ?? '{}').structured.campaigns).toEqual(first.body.data.structured.campaigns);
  });

  it('reports nothing for a campaign created paused, and stops a campaign paused today from then', async () => {
    const other = await service.createOwner('pro', ['video']);
    const [account] = (await videoAccounts(service, other)) as [AdAccount];
    const [spring, alwaysOn, , appInstalls, , , winter] = (
      await service.call('list_video_campaigns', {}, { key: other.key })
    ).body.data.structured.campaigns.map((c: any) => c.campaign_id);
    expect(spring).not.toBe(SEEDED.springLaunch);
    const today = await report({ date_range: 'TODAY' }, other.key);
    expect(campaign(today.body, winter)).toMatchObject({ impressions: 0, spend: '0.00' });
    expect(campaign(today.body, alwaysOn).impressions).toBeGreaterThan(0);
    const yesterday = await report({ date_range: 'YESTERDAY' }, other.key);

    await sandboxCall(service, account, '/campaign/status/update/', {
      campaign_ids: [alwaysOn],
      operation_status: 'DISABLE',
    });
    // Today keeps what it spent until the pause, and accrues nothing after it.
    clock.advanceSeconds(3 * 3600);
    const paused = await report({ date_range: 'TODAY' }, other.key);
    clock.set(NOW);
    // The same figures; the row now says the campaign is paused.
    expect(campaign(paused.body, alwaysOn)).toEqual({
      ...campaign(today.body, alwaysOn),
      status: 'PAUSED',
      platform_status: 'DISABLE',
    });
    // Yesterday's figures stay as they were; only the campaign's status now reads paused.
    const pausedNow = (row: Record<string, any>) =>
      row.campaign_id === alwaysOn ? { ...row, status: 'PAUSED', platform_status: 'DISABLE' } : row;
    expect((await report({ date_range: 'YESTERDAY' }, other.key)).body.data.structured).toEqual({
      ...yesterday.body.data.structured,
      campaigns: yesterday.body.data.structured.campaigns.map(pausedNow),
    });

    // Deleted campaigns count where they spent, and are named there; elsewhere they are left out.
    await sandboxCall(service, account, '/campaign/status/update/', {
      campaign_ids: [appInstalls],
      operation_status: 'DELETE',
    });
    const recent = await report({ date_range: 'LAST_30_DAYS' }, other.key);
    expect(campaign(recent.body, appInstalls)).toBeUndefined();
    const early = await report({ start_date: '2026-08-24', end_date: '2026-09-30' }, other.key);
    expect(decimalToMicros(campaign(early.body, appInstalls).spend)).toBeGreaterThan(0);
    const asked = await report({ date_range: 'LAST_30_DAYS', campaign_ids: [appInstalls] }, other.key);
    expect(asked.body.data.structured.campaigns).toEqual([
      expect.objectContaining({ campaign_id: appInstalls, spend: '0.00' }),
    ]);
    expect(asked.body.data.structured.not_found).toEqual([]);
  });

  it('follows every page of a report of more rows than TikTok answers at once', async () => {
    const other = await service.createOwner('pro', ['video']);
    const [account] = (await videoAccounts(service, other)) as [AdAccount];
    const added = await addRunningCampaigns(service, account.account_id, 40, '2026-10-01');
    const { status, body } = await report({ date_range: 'LAST_30_DAYS', breakdown: 'day' }, other.key);
    expect(status).toBe(200);
    for (const id of added) expect(campaign(body, id).days).toHaveLength(30);
    // 40 x 30 + the seeded campaigns' days: two pages of 1000 rows, after campaign/get.
    expect(await upstreamCalls(other, body.request_id)).toBe(3);
    expect(counts(body.data.structured.totals)).toEqual(sum(body.data.structured.campaigns));
  });

  it('follows the multi-account rule, each advertiser in its own currency', async () => {
    const several = await service.createOwner('pro', ['video']);
    const user = await findUserById(service.services.storage.db, several.userId);
    if (!user) throw new Error('no user');
    const yen = await addAccount(service.services, user, { platform: 'video', currency: 'JPY' });
    const unnamed = await report({ date_range: 'LAST_7_DAYS' }, several.key);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error).toContain('advertiser_id');
    const named = await report({ date_range: 'LAST_7_DAYS', advertiser_id: yen.account_id }, several.key);
    expect(named.status).toBe(200);
    expect(named.body.data.structured).toMatchObject({ account_id: yen.account_id, currency: 'JPY' });
    expect(named.body.data.structured.totals.spend).toMatch(/^\d+$/);
    expect(named.body.data.text).toContain('Spend (JPY)');
  });

  it('answers the same over MCP, read-only, and a throttle as a throttle', async () => {
    const mcp = await connectOverHttp(service.url, owner.key);
    try {
      const { tools } = await mcp.listTools();
      expect(tools.find((tool) => tool.name === TOOL)?.annotations?.readOnlyHint).toBe(true);
      const args = { date_range: 'LAST_7_DAYS', campaign_ids: [SEEDED.alwaysOn], breakdown: 'day' };
      const rest = await report(args);
      const result = await callTool(mcp, { name: TOOL, arguments: args });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(rest.body.data.structured);
    } finally {
      await mcp.close();
    }
    const throttled = await report({ campaign_ids: ['sandbox_rate_limited'] });
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('upstream_rate_limited');
  });
});
