import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAccountId } from '../../../src/platform-families.ts';
import { createSandboxCampaign } from '../../../src/sandbox/search/campaigns.ts';
import { createSandboxManager } from '../../../src/sandbox/search/managers.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { issueSandboxToken } from '../../../src/sandbox/tokens.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { type Answer, googleAds, type SearchOwner, searchOwner, VERSION } from './support.ts';

/** A Sunday: the seeded history starts 90 days earlier, on 2026-08-24. */
const NOW = '2026-11-22T10:00:00.000Z';
const TODAY = '2026-11-22';

const REPORT =
  'SELECT campaign.id, campaign.name, metrics.impressions, metrics.clicks, metrics.cost_micros, ' +
  'metrics.conversions, metrics.ctr, metrics.average_cpc FROM campaign';
const BY_DAY = REPORT.replace(' FROM campaign', ', segments.date FROM campaign');

const firstError = (body: any) => body.error.details[0].errors[0];

type Totals = { impressions: number; clicks: number; cost: number; conversions: number };
const totalsOf = (rows: any[]): Totals =>
  rows.reduce(
    (sum: Totals, row) => ({
      impressions: sum.impressions + Number(row.metrics.impressions),
      clicks: sum.clicks + Number(row.metrics.clicks),
      cost: sum.cost + Number(row.metrics.costMicros),
      conversions: sum.conversions + row.metrics.conversions,
    }),
    { impressions: 0, clicks: 0, cost: 0, conversions: 0 },
  );

// The search sandbox's reporting, as the Google Ads API serves it: metrics by campaign and day from each
// campaign's seeded activity history, GAQL's date rules and errors, ORDER BY, LIMIT and summary rows.
describe.each(TEST_DIALECTS)('Google Ads reporting in the search sandbox on %s', (dialect) => {
  let service: TestService;
  let acme: SearchOwner;
  const clock = new TestClock(NOW);

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock, env: { ADOPS_SANDBOX_PAGE_SIZE: '4' } });
    acme = await searchOwner(service);
  });
  afterAll(() => service.stop());

  const call = (method: string, body: unknown, who: SearchOwner = acme): Promise<Answer> =>
    googleAds(service, `/${VERSION}/customers/${who.customerId}/googleAds:${method}`, {
      token: who.token,
      body,
    });
  /** Every row of a query, page after page, and the last page. */
  async function rowsOf(query: string, searchSettings?: object) {
    const rows: any[] = [];
    let pageToken: string | undefined;
    let last: Answer;
    do {
      last = await call('search', {
        query,
        ...(pageToken && { pageToken }),
        ...(searchSettings && { searchSettings }),
      });
      expect(last.status, JSON.stringify(last.body)).toBe(200);
      rows.push(...(last.body.results ?? []));
      pageToken = last.body.nextPageToken;
    } while (pageToken);
    return { rows, last: last.body };
  }
  const between = (start: string, end: string) => ` WHERE segments.date BETWEEN '${start}' AND '${end}'`;

  it('serves campaigns with their budgets, shared budgets counted, removed campaigns too', async () => {
    const { rows } = await rowsOf(
      'SELECT campaign.id, campaign.name, campaign.status, campaign.advertising_channel_type, ' +
        'campaign.campaign_budget, campaign_budget.id, campaign_budget.amount_micros, ' +
        'campaign_budget.explicitly_shared, campaign_budget.reference_count FROM campaign ORDER BY campaign.id',
    );
    expect(
      rows.map((row) => [row.campaign.name, row.campaign.status, row.campaign.advertisingChannelType]),
    ).toEqual([
      ['Brand - Search', 'ENABLED', 'SEARCH'],
      ['Competitors - Search', 'ENABLED', 'SEARCH'],
      ['Generic - Search', 'ENABLED', 'SEARCH'],
      ['Generic - Long tail', 'PAUSED', 'SEARCH'],
      ['Performance Max - Catalog', 'ENABLED', 'PERFORMANCE_MAX'],
      ['Holiday sale', 'REMOVED', 'SEARCH'],
      ['Runaway: broad match', 'ENABLED', 'SEARCH'],
    ]);
    // The database's first search account has the ids the tools' examples name.
    expect(rows[0].campaign).toMatchObject({
      resourceName: `customers/${acme.customerId}/campaigns/20123456789`,
      id: '20123456789',
      campaignBudget: `customers/${acme.customerId}/campaignBudgets/9123456701`,
    });
    expect(rows[0].campaignBudget).toEqual({
      resourceName: `customers/${acme.customerId}/campaignBudgets/9123456701`,
      id: '9123456701',
      amountMicros: '50000000',
      explicitlyShared: false,
      referenceCount: '1',
    });
    const shared = rows.filter((row) => row.campaignBudget.explicitlyShared);
    expect(shared.map((row) => row.campaign.name)).toEqual(['Generic - Search', 'Generic - Long tail']);
    expect(new Set(shared.map((row) => row.campaignBudget.id)).size).toBe(1);
    expect(shared[0].campaignBudget.referenceCount).toBe('2');

    const paused = await rowsOf(
      "SELECT campaign.name FROM campaign WHERE campaign.status IN (PAUSED, 'REMOVED')",
    );
    expect(paused.rows.map((row) => row.campaign.name)).toEqual(['Generic - Long tail', 'Holiday sale']);
    const groups = await rowsOf(
      'SELECT ad_group.name, campaign.name FROM ad_group WHERE campaign.id = 20123456791 ORDER BY ad_group.name DESC',
    );
    expect(groups.rows.map((row) => [row.adGroup.name, row.campaign.name])).toEqual([
      ['Team planning tools', 'Generic - Search'],
      ['Project management software', 'Generic - Search'],
    ]);
  });

  it('reports each campaign by day from its activity, days with nothing left out, days summing to the totals', async () => {
    const [start, end] = ['2026-10-23', '2026-11-21'];
    const days = await rowsOf(BY_DAY + between(start, end));
    const totals = await rowsOf(REPORT + between(start, end));
    expect(totals.rows).toHaveLength(7);
    for (const total of totals.rows) {
      const own = days.rows.filter((row) => row.campaign.id === total.campaign.id);
      expect(totalsOf(own), total.campaign.name).toEqual(totalsOf([total]));
      for (const row of own) {
        expect(row.segments.date >= start && row.segments.date <= end).toBe(true);
        expect(row.metrics.impressions).toMatch(/^\d+$/);
        expect(row.metrics.ctr).toBeCloseTo(Number(row.metrics.clicks) / Number(row.metrics.impressions), 12);
        expect(row.metrics.averageCpc).toBeCloseTo(
          Number(row.metrics.costMicros) / Number(row.metrics.clicks),
          6,
        );
      }
    }
    const named = (name: string) => days.rows.filter((row) => row.campaign.name === name);
    // Paused three weeks before today: its days stop on 2026-10-31.
    expect(
      named('Generic - Long tail')
        .map((row) => row.segments.date)
        .sort()
        .at(-1),
    ).toBe('2026-10-31');
    expect(named('Brand - Search')).toHaveLength(30);
    // Removed long before the period: no day, and a row of zeros without the ratios.
    expect(named('Holiday sale')).toEqual([]);
    expect(totals.rows.find((row) => row.campaign.name === 'Holiday sale').metrics).toEqual({
      impressions: '0',
      clicks: '0',
      costMicros: '0',
      conversions: 0,
    });
    // Never more than the budget a day; the campaigns sharing a budget never more than it together.
    for (const row of named('Brand - Search'))
      expect(Number(row.metrics.costMicros)).toBeLessThanOrEqual(50e6);
    const sharedByDay = new Map<string, number>();
    for (const row of [...named('Generic - Search'), ...named('Generic - Long tail')]) {
      sharedByDay.set(
        row.segments.date,
        (sharedByDay.get(row.segments.date) ?? 0) + Number(row.metrics.costMicros),
      );
    }
    expect(Math.max(...sharedByDay.values())).toBeLessThanOrEqual(80e6);
  });

  it('reads DURING in the customer time zone as the same days BETWEEN names, and all time without a date filter', async () => {
    const cases: Array<[string, string, string]> = [
      ['TODAY', TODAY, TODAY],
      ['YESTERDAY', '2026-11-21', '2026-11-21'],
      ['LAST_7_DAYS', '2026-11-15', '2026-11-21'],
      ['LAST_14_DAYS', '2026-11-08', '2026-11-21'],
      ['LAST_30_DAYS', '2026-10-23', '2026-11-21'],
      ['LAST_BUSINESS_WEEK', '2026-11-09', '2026-11-13'],
      ['THIS_MONTH', '2026-11-01', '2026-11-30'],
      ['LAST_MONTH', '2026-10-01', '2026-10-31'],
      ['THIS_WEEK_SUN_TODAY', TODAY, TODAY],
      ['THIS_WEEK_MON_TODAY', '2026-11-16', TODAY],
      ['LAST_WEEK_SUN_SAT', '2026-11-15', '2026-11-21'],
      ['LAST_WEEK_MON_SUN', '2026-11-09', '2026-11-15'],
    ];
    for (const [range, start, end] of cases) {
      const during = await rowsOf(`${BY_DAY} WHERE segments.date DURING ${range}`);
      const dates = [...new Set(during.rows.map((row) => row.segments.date))].sort();
      expect([range, dates[0], dates.at(-1)]).toEqual([range, start, end > TODAY ? TODAY : end]);
    }
    const allTime = await rowsOf(REPORT);
    const seeded = await rowsOf(REPORT + between('2026-08-24', TODAY));
    expect(allTime.rows).toEqual(seeded.rows);
    // No day after today has happened: the rest of the month reports nothing.
    expect((await rowsOf(REPORT + between('2026-11-20', '2026-12-31'))).rows).toEqual(
      (await rowsOf(`${REPORT} WHERE segments.date >= '20261120' AND segments.date <= '2026-11-22'`)).rows,
    );
    const picked = await rowsOf(
      `${BY_DAY} WHERE segments.date IN ('2026-11-02', '2026-11-09') AND campaign.id = 20123456789`,
    );
    expect(picked.rows.map((row) => row.segments.date)).toEqual(['2026-11-02', '2026-11-09']);
  });

  it('orders, filters on metrics and limits, and sums a summary row on the last page or batch', async () => {
    const range = ' WHERE segments.date DURING LAST_30_DAYS';
    const all = await rowsOf(`SELECT campaign.name, metrics.cost_micros FROM campaign${range}`);
    const byCost = [...all.rows].sort((a, b) => Number(b.metrics.costMicros) - Number(a.metrics.costMicros));
    const top = await rowsOf(
      `SELECT campaign.name, metrics.cost_micros FROM campaign${range} AND metrics.impressions > 0 ` +
        'ORDER BY metrics.cost_micros DESC LIMIT 2',
    );
    expect(top.rows).toEqual(byCost.slice(0, 2));
    const spending = await rowsOf(
      `SELECT campaign.name, metrics.impressions FROM campaign${range} AND metrics.impressions > 0`,
    );
    expect(spending.rows.map((row) => row.campaign.name)).not.toContain('Holiday sale');

    const summed = await rowsOf(`${BY_DAY}${range}`, { returnSummaryRow: true });
    expect(summed.rows.length).toBeGreaterThan(4);
    const sums = totalsOf(summed.rows);
    expect(summed.last.summaryRow).toEqual({
      metrics: {
        impressions: String(sums.impressions),
        clicks: String(sums.clicks),
        costMicros: String(sums.cost),
        conversions: sums.conversions,
        ctr: sums.clicks / sums.impressions,
        averageCpc: sums.cost / sums.clicks,
      },
    });
    const first = await call('search', {
      query: `${BY_DAY}${range}`,
      searchSettings: { returnSummaryRow: true },
    });
    expect(first.body.nextPageToken).toBeDefined();
    expect(first.body.summaryRow).toBeUndefined();

    const stream = await call('searchStream', {
      query: `${REPORT}${range}`,
      summaryRowSetting: 'SUMMARY_ROW_WITH_RESULTS',
    });
    expect(stream.status).toBe(200);
    const lastBatch = stream.body.at(-1);
    expect(lastBatch.results).toBeUndefined();
    expect(lastBatch.summaryRow.metrics.costMicros).toBe(
      String(totalsOf(stream.body.flatMap((batch: any) => batch.results ?? [])).cost),
    );
    const only = await call('searchStream', {
      query: `${REPORT}${range}`,
      summaryRowSetting: 'SUMMARY_ROW_ONLY',
    });
    expect(only.body).toEqual([
      { fieldMask: expect.any(String), summaryRow: lastBatch.summaryRow, requestId: expect.any(String) },
    ]);
    expect(only.body[0].fieldMask).toBe(
      'campaign.id,campaign.name,metrics.impressions,metrics.clicks,metrics.costMicros,metrics.conversions,metrics.ctr,metrics.averageCpc',
    );
  });

  it("refuses what Google refuses: dates, operators, metrics where it reports none, Google's codes", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      [BY_DAY, { queryError: 'EXPECTED_FILTERS_ON_DATE_RANGE' }],
      [`${BY_DAY} WHERE segments.date >= '2026-11-01'`, { queryError: 'EXPECTED_FILTERS_ON_DATE_RANGE' }],
      [BY_DAY + between('2026-11-10', '2026-11-01'), { queryError: 'DATE_RANGE_TOO_NARROW' }],
      [
        `${REPORT} WHERE segments.date DURING LAST_7_DAYS AND segments.date = '2026-01-01'`,
        { queryError: 'DATE_RANGE_TOO_NARROW' },
      ],
      [
        `${REPORT} WHERE segments.date BETWEEN 'yesterday' AND '2026-11-01'`,
        { queryError: 'INVALID_VALUE_WITH_BETWEEN_OPERATOR' },
      ],
      [`${REPORT} WHERE segments.date = '2026-13-01'`, { queryError: 'INVALID_DATE_FORMAT' }],
      [
        `${REPORT} WHERE segments.date DURING LAST_WEEK`,
        { queryError: 'INVALID_VALUE_WITH_DURING_OPERATOR' },
      ],
      [
        `${REPORT} WHERE segments.date DURING 'LAST_7_DAYS'`,
        { queryError: 'INVALID_VALUE_WITH_DURING_OPERATOR' },
      ],
      [`${REPORT} WHERE campaign.name DURING LAST_7_DAYS`, { queryError: 'OPERATOR_FIELD_MISMATCH' }],
      [`${REPORT} WHERE campaign.status > 'ENABLED'`, { queryError: 'OPERATOR_FIELD_MISMATCH' }],
      [`${REPORT} WHERE metrics.clicks > 'many'`, { queryError: 'BAD_NUMBER' }],
      [
        'SELECT metrics.clicks FROM ad_group_criterion',
        { queryError: 'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE' },
      ],
      [
        'SELECT ad_group_criterion.criterion_id FROM ad_group_criterion WHERE segments.date DURING TODAY',
        { queryError: 'PROHIBITED_SEGMENT_IN_SELECT_OR_WHERE_CLAUSE' },
      ],
      [
        'SELECT campaign.id, segments.keyword.info.text FROM campaign',
        { queryError: 'PROHIBITED_SEGMENT_IN_SELECT_OR_WHERE_CLAUSE' },
      ],
      [
        'SELECT campaign.id FROM campaign ORDER BY metrics.clicks',
        { queryError: 'EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE' },
      ],
      ['SELECT metrics.nonsense FROM campaign', { queryError: 'UNRECOGNIZED_FIELD' }],
      [
        'SELECT campaign.id FROM campaign_budget',
        { queryError: 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE' },
      ],
      // Daily rows go back 37 months (from 2023-10-22); a sum over older days is still served.
      [
        BY_DAY + between('2023-09-01', '2023-09-30'),
        { dateRangeError: 'REQUESTED_DATE_GRANULARITY_NOT_SUPPORTED' },
      ],
    ];
    for (const [query, code] of cases) {
      const { status, body } = await call('search', { query });
      expect({ query, status, code: firstError(body).errorCode }).toEqual({ query, status: 400, code });
    }
    const old = await call('search', { query: REPORT + between('2023-09-01', '2023-09-30') });
    expect(old.status).toBe(200);
    expect(totalsOf(old.body.results).impressions).toBe(0);
  });

  it('refuses metrics for a manager account, as Google does', async () => {
    const { db } = service.services.storage;
    const now = clock.now();
    const managerId = generateAccountId('search');
    await createSandboxManager(db, {
      userId: acme.owner.userId,
      managerId,
      name: 'Agency',
      clientIds: [acme.customerId],
      now,
    });
    const grant = await issueSandboxToken(
      db,
      'search',
      'access',
      { userId: acme.owner.userId, accountIds: [managerId] },
      now,
    );
    const manager = { ...acme, customerId: managerId, token: grant.token };
    const refused = await call('search', { query: `${REPORT} WHERE segments.date DURING TODAY` }, manager);
    expect(refused.status).toBe(400);
    expect(firstError(refused.body).errorCode).toEqual({ queryError: 'REQUESTED_METRICS_FOR_MANAGER' });
    const listed = await call('search', { query: 'SELECT customer.id FROM customer' }, manager);
    expect(listed.status).toBe(200);
  });

  it('reports nothing for a campaign made paused today, and today only for one made enabled', async () => {
    const { db } = service.services.storage;
    const store = new SandboxStore(db, 'search');
    // Made two hours ago: today accrues from then.
    const now = new Date(clock.now().getTime() - 2 * 3_600_000);
    const paused = await createSandboxCampaign(
      db,
      store,
      acme.customerId,
      { name: 'Made paused', status: 'PAUSED', dailyBudgetMicros: 20e6 },
      now,
    );
    const enabled = await createSandboxCampaign(
      db,
      store,
      acme.customerId,
      { name: 'Made enabled', status: 'ENABLED', dailyBudgetMicros: 20e6 },
      now,
    );
    const ids = `campaign.id IN (${paused}, ${enabled})`;
    const days = await rowsOf(`${BY_DAY} WHERE segments.date DURING LAST_30_DAYS AND ${ids}`);
    expect(days.rows).toEqual([]);
    const today = await rowsOf(`${BY_DAY} WHERE segments.date DURING TODAY AND ${ids}`);
    expect(today.rows.map((row) => [row.campaign.name, row.segments.date])).toEqual([
      ['Made enabled', TODAY],
    ]);
    expect(Number(today.rows[0].metrics.costMicros)).toBeGreaterThan(0);
    expect(Number(today.rows[0].metrics.costMicros)).toBeLessThanOrEqual(20e6);
    const sums = await rowsOf(`${REPORT} WHERE segments.date DURING TODAY AND campaign.id = ${paused}`);
    expect(sums.rows[0].metrics).toMatchObject({ impressions: '0', costMicros: '0' });
  });

  it('answers the same bytes for the same report, on another database made at the same time', async () => {
    const query = {
      query: `${BY_DAY} WHERE segments.date DURING LAST_30_DAYS ORDER BY campaign.id, segments.date`,
    };
    const first = await call('searchStream', query);
    const again = await call('searchStream', query);
    const strip = (body: any[]) => JSON.stringify(body.map(({ requestId: _, ...batch }) => batch));
    expect(strip(again.body)).toBe(strip(first.body));
    const other = await TestService.start(dialect, {
      clock: new TestClock(NOW),
      env: { ADOPS_SANDBOX_PAGE_SIZE: '4' },
    });
    try {
      const elsewhere = await searchOwner(other);
      const there = await googleAds(
        other,
        `/${VERSION}/customers/${elsewhere.customerId}/googleAds:searchStream`,
        {
          token: elsewhere.token,
          body: query,
        },
      );
      expect(strip(there.body).replaceAll(elsewhere.customerId, acme.customerId)).toBe(strip(first.body));
    } finally {
      await other.stop();
    }
  });
});
