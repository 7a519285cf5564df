import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToMicros } from '../../../src/money.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { issueSandboxToken } from '../../../src/sandbox/tokens.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';

type Json = Record<string, any>;

const FIELDS = 'impressions,clicks,costInLocalCurrency,externalWebsiteConversions,dateRange,pivotValues';
/** 21 fields LinkedIn knows: one more than a request may name. */
const TWENTY_ONE_FIELDS = [
  ...FIELDS.split(','),
  'landingPageClicks',
  'likes',
  'shares',
  'comments',
  'follows',
  'opens',
  'sends',
  'reactions',
  'videoViews',
  'videoStarts',
  'oneClickLeads',
  'totalEngagements',
  'cardClicks',
  'cardImpressions',
  'actionClicks',
].join(',');
const urn = (type: string, id: string) => encodeURIComponent(`urn:li:${type}:${id}`);
const day = (date: string) => {
  const [year, month, dayOfMonth] = date.split('-').map(Number);
  return `(year:${year},month:${month},day:${dayOfMonth})`;
};
const range = (start: string, end?: string) => `(start:${day(start)}${end ? `,end:${day(end)}` : ''})`;
const dateOf = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The LinkedIn sandbox's adAnalytics on the wire: LinkedIn's finder, its validation and its shapes. */
describe.each(TEST_DIALECTS)("the LinkedIn sandbox's ad analytics (%s)", (dialect) => {
  const clock = new TestClock('2026-11-22T10:00:00.000Z');
  let service: TestService;
  let accountId: string;
  let token: string;
  let campaigns: Array<{ id: string; parentId: string | null; name: string; status: string }>;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    const owner = await service.createOwner('pro', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    accountId = account?.account_id ?? '';
    const { db } = service.services.storage;
    const grant = { userId: owner.userId, accountIds: [accountId] };
    token = (await issueSandboxToken(db, 'network', 'access', grant, clock.now())).token;
    campaigns = (await new SandboxStore(db, 'network').list<Json>('campaign', accountId)).map((c) => ({
      id: c.id,
      parentId: c.parentId,
      name: c.data.name,
      status: c.data.status,
    }));
  });
  afterAll(() => service.stop());

  async function analytics(query: string): Promise<{ status: number; body: Json }> {
    const response = await fetch(`${service.url}/sandbox/network/rest/adAnalytics?${query}`, {
      headers: {
        authorization: `Bearer ${token}`,
        'linkedin-version': service.services.config.platforms.settings.network.apiVersion,
        'x-restli-protocol-version': '2.0.0',
      },
    });
    return { status: response.status, body: (await response.json()) as Json };
  }
  const named = (name: string) => campaigns.find((c) => c.name === name) as (typeof campaigns)[number];
  const account = () => `accounts=List(${urn('sponsoredAccount', accountId)})`;

  it('reports a campaign by day: its URN, the day, and the metrics asked for, only on days it ran', async () => {
    const carousel = named('Carousel: product tour');
    const { status, body } = await analytics(
      `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=${range('2026-11-01', '2026-11-21')}` +
        `&campaigns=List(${urn('sponsoredCampaign', carousel.id)})&fields=${FIELDS}`,
    );
    expect(status).toBe(200);
    // Paused 14 days ago (2026-11-08): it ran from the 1st to the 7th and reports nothing after.
    expect(body.elements.map((e: Json) => dateOf(e.dateRange.start))).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    for (const element of body.elements) {
      expect(Object.keys(element).sort()).toEqual(FIELDS.split(',').sort());
      expect(element.pivotValues).toEqual([`urn:li:sponsoredCampaign:${carousel.id}`]);
      expect(element.dateRange.end).toEqual(element.dateRange.start);
      expect(element.costInLocalCurrency).toMatch(/^\d+(\.\d+)?$/);
      expect(decimalToMicros(element.costInLocalCurrency)).toBeLessThanOrEqual(50_000_000);
      expect(element.impressions).toBeGreaterThan(element.clicks);
    }
    expect(body.paging).toMatchObject({ start: 0 });
  });

  it('adds the days up exactly to the period, the month and the group, for the whole account', async () => {
    const query = (granularity: string, pivot = 'CAMPAIGN') =>
      analytics(
        `q=analytics&pivot=${pivot}&timeGranularity=${granularity}&dateRange=${range('2026-10-15', '2026-11-21')}&${account()}&fields=${FIELDS}`,
      );
    const daily = (await query('DAILY')).body.elements as Json[];
    const all = (await query('ALL')).body.elements as Json[];
    const monthly = (await query('MONTHLY')).body.elements as Json[];
    const byGroup = (await query('ALL', 'CAMPAIGN_GROUP')).body.elements as Json[];
    const byAccount = (await query('ALL', 'ACCOUNT')).body.elements as Json[];

    const sum = (elements: Json[], key: (e: Json) => string) => {
      const sums = new Map<string, number[]>();
      for (const e of elements) {
        const s = sums.get(key(e)) ?? [0, 0, 0, 0];
        sums.set(key(e), [
          (s[0] ?? 0) + e.impressions,
          (s[1] ?? 0) + e.clicks,
          (s[2] ?? 0) + decimalToMicros(e.costInLocalCurrency),
          (s[3] ?? 0) + e.externalWebsiteConversions,
        ]);
      }
      return sums;
    };
    const pivot = (e: Json) => e.pivotValues[0];
    expect(sum(daily, pivot)).toEqual(sum(all, pivot));
    expect(sum(monthly, pivot)).toEqual(sum(all, pivot));
    for (const element of all) {
      expect(element.dateRange).toEqual({
        start: { year: 2026, month: 10, day: 15 },
        end: { year: 2026, month: 11, day: 21 },
      });
    }
    // Months are clipped to the range asked for.
    expect(
      [...new Set(monthly.map((e) => `${dateOf(e.dateRange.start)}..${dateOf(e.dateRange.end)}`))].sort(),
    ).toEqual(['2026-10-15..2026-10-31', '2026-11-01..2026-11-21']);
    // Left out: the campaign that never ran, and the one paused on 2026-10-08, before the range.
    expect(all.map(pivot).sort()).toEqual(
      campaigns
        .filter((c) => !['Spring promo: awareness', 'Video: launch teaser'].includes(c.name))
        .map((c) => `urn:li:sponsoredCampaign:${c.id}`)
        .sort(),
    );
    const groupOf = new Map(campaigns.map((c) => [`urn:li:sponsoredCampaign:${c.id}`, c.parentId]));
    expect(sum(byGroup, pivot)).toEqual(
      sum(all, (e) => `urn:li:sponsoredCampaignGroup:${groupOf.get(pivot(e))}`),
    );
    expect(sum(byAccount, pivot)).toEqual(sum(all, () => `urn:li:sponsoredAccount:${accountId}`));
  });

  it('answers impressions and clicks by default, reports up to today, and nothing for days to come', async () => {
    const image = named('Single image: free trial');
    const { body } = await analytics(
      `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=${range('2026-11-20')}&campaigns=List(${urn('sponsoredCampaign', image.id)})`,
    );
    expect(body.elements.map((e: Json) => dateOf(e.dateRange.start))).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(Object.keys(body.elements[0]).sort()).toEqual([
      'clicks',
      'dateRange',
      'impressions',
      'pivotValues',
    ]);
    const future = await analytics(
      `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=${range('2026-11-23', '2026-11-30')}&${account()}`,
    );
    expect(future.body.elements).toEqual([]);
  });

  it('reports nothing of an account the token does not cover, and narrows facets by one another', async () => {
    const other = await service.createOwner('pro', ['network']);
    const [foreign] = await listAdAccounts(service.services.storage.db, other.userId, 'network');
    const theirs = await analytics(
      `q=analytics&pivot=CAMPAIGN&timeGranularity=ALL&dateRange=${range('2026-11-01', '2026-11-21')}&accounts=List(${urn('sponsoredAccount', foreign?.account_id ?? '')})`,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.elements).toEqual([]);

    const carousel = named('Carousel: product tour');
    const video = named('Video: customer story');
    const both = await analytics(
      `q=analytics&pivot=CAMPAIGN&timeGranularity=ALL&dateRange=${range('2026-11-01', '2026-11-21')}` +
        `&campaignGroups=List(${urn('sponsoredCampaignGroup', carousel.parentId ?? '')})` +
        `&campaigns=List(${urn('sponsoredCampaign', carousel.id)},${urn('sponsoredCampaign', video.id)})`,
    );
    expect(both.body.elements.map((e: Json) => e.pivotValues[0])).toEqual([
      `urn:li:sponsoredCampaign:${carousel.id}`,
    ]);
    const textOnly = await analytics(
      `q=analytics&pivot=CAMPAIGN&timeGranularity=ALL&dateRange=${range('2026-11-01', '2026-11-21')}&${account()}&campaignType=TEXT_AD`,
    );
    expect(textOnly.body.elements.map((e: Json) => e.pivotValues[0])).toEqual([
      `urn:li:sponsoredCampaign:${named('Text ads: desktop rail').id}`,
    ]);
  });

  it("refuses what LinkedIn refuses, in LinkedIn's error shape", async () => {
    const base = `dateRange=${range('2026-11-01', '2026-11-21')}&${account()}`;
    const cases: Array<[string, string]> = [
      [`q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&${account()}`, 'dateRange is required'],
      [
        `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=(start:(year:2026,month:13,day:1))&${account()}`,
        'dateRange.start',
      ],
      [
        `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=${range('2026-11-10', '2026-11-01')}&${account()}`,
        'dateRange.end must not be before',
      ],
      [`q=analytics&timeGranularity=DAILY&${base}`, 'pivot is required'],
      [`q=analytics&pivot=NOPE&timeGranularity=DAILY&${base}`, 'pivot must be one of'],
      [`q=analytics&pivot=MEMBER_COMPANY&timeGranularity=DAILY&${base}`, 'The sandbox reports pivots'],
      [`q=analytics&pivot=CAMPAIGN&${base}`, 'timeGranularity is required'],
      [`q=analytics&pivot=CAMPAIGN&timeGranularity=HOURLY&${base}`, 'timeGranularity must be one of'],
      [`q=statistics&pivots=List(CAMPAIGN)&timeGranularity=DAILY&${base}`, 'pivots'],
      [`q=statistics&pivot=CAMPAIGN&timeGranularity=DAILY&${base}`, 'not q=statistics'],
      [`pivot=CAMPAIGN&timeGranularity=DAILY&${base}`, 'q must name a finder'],
      [
        `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=${range('2026-11-01', '2026-11-21')}`,
        'at least one facet',
      ],
      [
        `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=${range('2026-11-01', '2026-11-21')}&shares=List(${urn('share', '1')})`,
        'not shares',
      ],
      [
        `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=${range('2026-11-01', '2026-11-21')}&campaigns=List(${urn('sponsoredCampaignGroup', '1')})`,
        'is not a urn:li:sponsoredCampaign URN',
      ],
      [
        `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&${base}&fields=impressions,colour`,
        'colour is not a field',
      ],
      [
        `q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&${base}&fields=approximateMemberReach`,
        'does not compute approximateMemberReach',
      ],
      [`q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&${base}&fields=${TWENTY_ONE_FIELDS}`, 'at most 20'],
      [`q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&${base}&colour=red`, '"colour" is not a parameter'],
      [`q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&${base}&campaignType=BILLBOARD`, 'campaignType'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await analytics(query);
      expect(status, query).toBe(400);
      expect(body.message, query).toContain(message);
      expect(body).toMatchObject({ status: 400, serviceErrorCode: 100 });
    }
  });

  it('answers a magic id in a facet with the fault it names', async () => {
    const query = (id: string) =>
      analytics(
        `q=analytics&pivot=CAMPAIGN&timeGranularity=ALL&dateRange=${range('2026-11-01', '2026-11-21')}&campaigns=List(${urn('sponsoredCampaign', id)})`,
      );
    expect((await query('sandbox_rate_limited')).status).toBe(429);
    expect((await query('sandbox_server_error')).status).toBe(500);
    expect((await query('sandbox_token_expired')).status).toBe(401);
  });
});
