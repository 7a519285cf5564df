import { enums, errors, type GoogleAdsApi } from 'google-ads-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateAccountId } from '../../../src/platform-families.ts';
import { endpointsFor, SANDBOX_DEVELOPER_TOKEN } from '../../../src/platforms/endpoints.ts';
import { connectRedirectUri } from '../../../src/platforms/oauth-flow.ts';
import { adGroupUpdate } from '../../../src/platforms/search/ad-groups.ts';
import { headlinesUpdate } from '../../../src/platforms/search/ads.ts';
import {
  adCreate,
  adGroupCreate,
  allOperations,
  budgetCreate,
  campaignCreate,
  keywordCreates,
  type SearchCampaignPlan,
} from '../../../src/platforms/search/campaign-create.ts';
import { budgetAmountUpdate, campaignStatusUpdate } from '../../../src/platforms/search/campaign-update.ts';
import { searchConnect } from '../../../src/platforms/search/connect.ts';
import {
  adGroupForUpdateQuery,
  adGroupNegativesQuery,
  adGroupsQuery,
  campaignNegativesQuery,
  criteriaOfAdGroupQuery,
  keywordsQuery,
  searchTermsQuery,
} from '../../../src/platforms/search/keyword-queries.ts';
import { keywordStatusUpdate } from '../../../src/platforms/search/keywords.ts';
import { adGroupNegative, campaignNegative } from '../../../src/platforms/search/negative-keywords.ts';
import {
  adAnywhereQuery,
  adInAdGroupQuery,
  adsQuery,
  assetQuery,
  CUSTOMER_QUERY,
  campaignForUpdateQuery,
  campaignNamesQuery,
  campaignsQuery,
  performanceQuery,
} from '../../../src/platforms/search/queries.ts';
import { addDays } from '../../../src/sandbox/search/dates.ts';
import { createSandboxManager } from '../../../src/sandbox/search/managers.ts';
import { issueSandboxToken } from '../../../src/sandbox/tokens.ts';
import { consent, serveConsoleHere } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { pointSdkAtSandbox, type SdkGrant, sandboxSdk, sdkGrant } from './google-ads-sdk.ts';
import { storedAd } from './support.ts';

/** The API version google-ads-api 25.1.0 speaks; the sandbox serves whichever ADOPS_SEARCH_API_VERSION names. */
const SDK_VERSION = 'v25';
const ASSETS = "SELECT asset.id, asset.type FROM asset WHERE asset.type IN ('IMAGE', 'SITELINK', 'CALLOUT')";
const ASSET_TYPES = [enums.AssetType.IMAGE, enums.AssetType.SITELINK, enums.AssetType.CALLOUT];

/** What the SDK threw: its own GoogleAdsFailure, read from Google's error body. */
async function failureOf(call: Promise<unknown>): Promise<errors.GoogleAdsFailure> {
  const thrown = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(errors.GoogleAdsFailure);
  return thrown as errors.GoogleAdsFailure;
}

/**
 * The error codes of a failure as the SDK parsed them: snake_case families, values turned into the numbers of
 * its enums, so a code that is no v25 enum value would read as undefined.
 */
const codesOf = (failure: errors.GoogleAdsFailure) => failure.errors.map((error) => error.error_code);
const { RequestError } = errors.RequestErrorEnum;
const { QueryError } = errors.QueryErrorEnum;
const { QuotaError } = errors.QuotaErrorEnum;
const { InternalError } = errors.InternalErrorEnum;
const { AuthenticationError } = errors.AuthenticationErrorEnum;
const { AuthorizationError } = errors.AuthorizationErrorEnum;
const { DateRangeError } = errors.DateRangeErrorEnum;
const { HeaderError } = errors.HeaderErrorEnum;

// The contract with the official client: google-ads-api (Opteo) 25.1.0 pointed at the sandbox, tokens from
// the sandbox's own consent page. Its REST paths (query/report/queryStream/reportCount: searchStream and
// search) run through the SDK; the mutates (ads, campaigns, campaignBudgets) and listAccessibleCustomers,
// which the SDK sends over gRPC, run as raw REST the way Google documents them. When the SDK and the sandbox disagree, the sandbox is wrong.
describe.each(TEST_DIALECTS)('google-ads-api 25.1.0 against the search sandbox on %s', (dialect) => {
  let service: TestService;
  let undo: () => void;
  let acme: SdkGrant;
  let sdk: GoogleAdsApi;
  let timeoutMs = 0;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: { ADOPS_SANDBOX_PAGE_SIZE: '3', ADOPS_SEARCH_API_VERSION: SDK_VERSION },
    });
    serveConsoleHere(service);
    undo = pointSdkAtSandbox(service, { timeoutMs: () => timeoutMs });
    acme = await sdkGrant(service, 'Acme search');
    sdk = sandboxSdk();
    // The SDK warns of every error field its row parser has no type for; Google's errors are not rows.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    undo();
    await service.stop();
  });

  const customer = (grant: SdkGrant = acme, login?: string) =>
    sdk.Customer({
      customer_id: grant.customerId,
      refresh_token: grant.refreshToken,
      ...(login && { login_customer_id: login }),
    });
  const rest = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fetch(`${service.url}/sandbox/search/${SDK_VERSION}/${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${init.token ?? acme.accessToken}`,
        'developer-token': SANDBOX_DEVELOPER_TOKEN,
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));

  it("takes adops's own queries, their rows typed as the SDK types Google's", async () => {
    const assets = await customer().query(
      assetQuery(['images', 'sitelinks', 'callouts', 'structured_snippets']),
    );
    expect(assets).toHaveLength(8);
    const snippet = assets.find((row) => row.asset?.structured_snippet_asset);
    expect(snippet?.asset?.structured_snippet_asset).toEqual({
      header: 'Services',
      values: ['Planning', 'Tracking', 'Reports'],
    });
    const image = assets.find((row) => row.asset?.name === 'Hero banner')?.asset?.image_asset;
    expect(image).toEqual({
      file_size: 182000,
      full_size: { url: 'https://example.com/hero-1200x628.jpg', width_pixels: 1200, height_pixels: 628 },
    });
    const [rsa] = await customer().query(
      "SELECT ad_group_ad.ad.id, ad_group.id FROM ad_group_ad WHERE ad_group_ad.ad.type = 'RESPONSIVE_SEARCH_AD' LIMIT 1",
    );
    const adGroupId = String(rsa?.ad_group?.id);
    const adId = String(rsa?.ad_group_ad?.ad?.id);
    const [found] = await customer().query(adInAdGroupQuery(adGroupId, adId));
    expect(found?.ad_group_ad?.ad?.type).toBe(enums.AdType.RESPONSIVE_SEARCH_AD);
    expect(found?.ad_group_ad?.status).toBe(enums.AdGroupAdStatus.ENABLED);
    expect(found?.ad_group_ad?.ad?.responsive_search_ad?.headlines).toHaveLength(3);
    expect(await customer().query(adAnywhereQuery(adId))).toHaveLength(1);
    const [described] = await customer().query(CUSTOMER_QUERY);
    expect(described?.customer).toMatchObject({
      descriptive_name: 'Acme search',
      currency_code: 'USD',
      manager: false,
    });
  });

  it('runs query and report through googleAds:searchStream, its batches joined and rows parsed', async () => {
    const rows = await customer().query(ASSETS);
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(row.asset?.resource_name).toBe(`customers/${acme.customerId}/assets/${row.asset?.id}`);
      expect(typeof row.asset?.id).toBe('number');
      expect(ASSET_TYPES).toContain(row.asset?.type);
    }
    const images = await customer().report({
      entity: 'asset',
      attributes: ['asset.id', 'asset.name', 'asset.image_asset.full_size.width_pixels'],
      constraints: { 'asset.type': enums.AssetType.IMAGE },
      limit: 5,
    });
    const described = images.map((row) => [row.asset?.name, row.asset?.image_asset?.full_size?.width_pixels]);
    expect(described.sort()).toEqual([
      ['Hero banner', 1200],
      ['Square logo', 1200],
    ]);
    const customers = await customer().query(
      'SELECT customer.id, customer.descriptive_name, customer.manager FROM customer',
    );
    expect(customers).toEqual([
      {
        customer: {
          resource_name: `customers/${acme.customerId}`,
          id: Number(acme.customerId),
          descriptive_name: 'Acme search',
          manager: false,
        },
      },
    ]);
  });

  it("follows the stream with the SDK's own async iteration, batch after batch", async () => {
    const ids: number[] = [];
    for await (const row of customer().queryStream(ASSETS)) ids.push(row.asset?.id ?? 0);
    expect(new Set(ids).size).toBe(7);
    const streamed: string[] = [];
    for await (const row of customer().reportStream({ entity: 'asset', attributes: ['asset.name'] })) {
      streamed.push(row.asset?.name ?? '');
    }
    expect(streamed).toContain('Hero banner');
    expect(streamed).toHaveLength(9);
  });

  it("runs adops's report and list queries and the SDK's own report builder, metrics typed as Google's", async () => {
    const today = service.services.clock.now().toISOString().slice(0, 10);
    const period = { start: addDays(today, -7), end: addDays(today, -1) };
    const days = await customer().query(performanceQuery(period, true));
    expect(days.length).toBeGreaterThan(7);
    for (const row of days) {
      expect(typeof row.metrics?.cost_micros).toBe('number');
      expect(typeof row.metrics?.impressions).toBe('number');
      expect(typeof row.metrics?.conversions).toBe('number');
      const date = row.segments?.date ?? '';
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(date >= period.start && date <= period.end).toBe(true);
      expect(row.campaign?.status).toBe(enums.CampaignStatus.ENABLED);
    }
    const names = await customer().query(campaignNamesQuery(undefined));
    expect(names).toHaveLength(7);

    const [brand] = await customer().query(campaignsQuery(['ENABLED', 'PAUSED'], undefined, 1));
    expect(brand?.campaign).toMatchObject({
      name: 'Brand - Search',
      status: enums.CampaignStatus.ENABLED,
      advertising_channel_type: enums.AdvertisingChannelType.SEARCH,
    });
    expect(brand?.campaign_budget).toMatchObject({ amount_micros: 50_000_000, explicitly_shared: false });
    expect(brand?.customer?.currency_code).toBe('USD');
    const ads = await customer().query(adsQuery({ statuses: ['ENABLED', 'PAUSED'] }, undefined, 50));
    expect(ads).toHaveLength(7);
    expect(ads.filter((row) => row.ad_group_ad?.status === enums.AdGroupAdStatus.PAUSED)).toHaveLength(1);

    // report() writes the dates as segments.date >= "..." AND <= "...", in double quotes.
    const top = await customer().report({
      entity: 'campaign',
      attributes: ['campaign.id', 'campaign.name'],
      metrics: ['metrics.cost_micros', 'metrics.clicks', 'metrics.ctr', 'metrics.average_cpc'],
      segments: ['segments.date'],
      from_date: period.start,
      to_date: period.end,
      order: [{ field: 'metrics.cost_micros', sort_order: 'DESC' }],
      limit: 5,
    });
    expect(top).toHaveLength(5);
    const costs = top.map((row) => row.metrics?.cost_micros ?? 0);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    expect(top[0]?.metrics?.ctr).toBeGreaterThan(0);
    const streamed: string[] = [];
    for await (const row of customer().reportStream({
      entity: 'campaign',
      attributes: ['campaign.name'],
      metrics: ['metrics.impressions'],
      date_constant: 'YESTERDAY',
    })) {
      streamed.push(row.campaign?.name ?? '');
    }
    expect(streamed).toHaveLength(7);

    // The SDK puts the summary row first.
    const [summary, ...totals] = await customer().query(performanceQuery(period, false), {
      search_settings: { return_summary_row: true },
    });
    expect(totals).toHaveLength(7);
    expect(summary?.campaign).toBeUndefined();
    expect(summary?.metrics?.cost_micros).toBe(
      totals.reduce((sum, row) => sum + (row.metrics?.cost_micros ?? 0), 0),
    );

    const undated = await failureOf(
      customer().query('SELECT campaign.id, segments.date, metrics.clicks FROM campaign'),
    );
    expect(codesOf(undated)).toEqual([{ query_error: QueryError.EXPECTED_FILTERS_ON_DATE_RANGE }]);
    const ancient = await failureOf(
      customer().query(
        "SELECT campaign.id, segments.date, metrics.clicks FROM campaign WHERE segments.date BETWEEN '2020-01-01' AND '2020-01-31'",
      ),
    );
    expect(codesOf(ancient)).toEqual([
      { date_range_error: DateRangeError.REQUESTED_DATE_GRANULARITY_NOT_SUPPORTED },
    ]);
  });

  it('pages googleAds:search with its own page tokens, and counts with searchSettings', async () => {
    // search_settings makes the SDK page through googleAds:search (snake_case names, as it sends them).
    const rows = await customer().query(ASSETS, { search_settings: { return_summary_row: false } });
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((row) => row.asset?.id)).size).toBe(7);
    const count = await customer().reportCount({
      entity: 'asset',
      attributes: ['asset.id'],
      constraints: { 'asset.type': ['SITELINK', 'CALLOUT'] },
    });
    expect(count).toBe(5);
  });

  it("parses the sandbox's refusals into its GoogleAdsFailure with Google's codes", async () => {
    const sized = await failureOf(customer().query(ASSETS, { page_size: 2 }));
    expect(codesOf(sized)).toEqual([{ request_error: RequestError.PAGE_SIZE_NOT_SUPPORTED }]);
    expect(sized.request_id).toMatch(/^[\w-]{22}$/);

    const summary = await failureOf(
      customer().query(ASSETS, { search_settings: { return_summary_row: true } }),
    );
    expect(codesOf(summary)).toEqual([
      { request_error: RequestError.CANNOT_RETURN_SUMMARY_ROW_FOR_REQUEST_WITHOUT_METRICS },
    ]);

    const streamed = await failureOf(customer().query('SELECT asset.nonsense FROM asset'));
    expect(codesOf(streamed)).toEqual([{ query_error: QueryError.UNRECOGNIZED_FIELD }]);
    expect(streamed.errors[0]?.message).toContain("'asset.nonsense'");
    const paged = await failureOf(
      customer().query('SELECT gender_view.resource_name FROM gender_view', {
        search_settings: { return_summary_row: false },
      }),
    );
    expect(codesOf(paged)).toEqual([{ query_error: QueryError.BAD_RESOURCE_TYPE_IN_FROM_CLAUSE }]);

    const foreign = await sdkGrant(service, 'Someone else');
    const other = { ...foreign, customerId: acme.customerId };
    const notTheirs = await failureOf(customer(other).query('SELECT customer.id FROM customer'));
    expect(codesOf(notTheirs)).toEqual([{ authorization_error: AuthorizationError.USER_PERMISSION_DENIED }]);
  });

  it('answers each magic value with the fault Google would send, parsed by the SDK', async () => {
    const lookup = (id: string) =>
      customer().query(`SELECT ad_group.id FROM ad_group_ad WHERE ad_group.id = '${id}'`);
    const throttled = await failureOf(lookup('sandbox_rate_limited'));
    expect(codesOf(throttled)).toEqual([{ quota_error: QuotaError.RESOURCE_EXHAUSTED }]);
    // Google's retryDelay is a Duration ("30s"), which the SDK's row parser does not keep; adops reads it raw.
    expect(throttled.errors[0]?.details?.quota_error_details?.rate_name).toBe(
      'Requests per customer (sandbox)',
    );
    const broken = await failureOf(lookup('sandbox_server_error'));
    expect(codesOf(broken)).toEqual([{ internal_error: InternalError.INTERNAL_ERROR }]);
    const expired = await failureOf(lookup('sandbox_token_expired'));
    expect(codesOf(expired)).toEqual([{ authentication_error: AuthenticationError.OAUTH_TOKEN_EXPIRED }]);

    timeoutMs = 300;
    try {
      const slow = await lookup('sandbox_slow').catch((error: unknown) => error);
      expect(slow).toMatchObject({ code: 'ECONNABORTED', message: 'timeout of 300ms exceeded' });
    } finally {
      timeoutMs = 0;
    }
  });

  it('reaches client accounts through a manager with login-customer-id, as Google does', async () => {
    const now = service.services.clock.now();
    const db = service.services.storage.db;
    const manager = generateAccountId('search');
    const otherManager = generateAccountId('search');
    await createSandboxManager(db, {
      userId: acme.userId,
      managerId: manager,
      name: 'Acme agency',
      clientIds: [acme.customerId],
      now,
    });
    await createSandboxManager(db, {
      userId: acme.userId,
      managerId: otherManager,
      name: 'Empty',
      clientIds: [],
      now,
    });
    const refresh = await issueSandboxToken(
      db,
      'search',
      'refresh',
      { userId: acme.userId, accountIds: [manager, otherManager] },
      now,
    );
    const agency: SdkGrant = { ...acme, refreshToken: refresh.token };

    const through = await customer(agency, manager).query(
      'SELECT customer.id, customer.manager FROM customer',
    );
    expect(through).toEqual([
      {
        customer: {
          resource_name: `customers/${acme.customerId}`,
          id: Number(acme.customerId),
          manager: false,
        },
      },
    ]);
    const clients = await sdk
      .Customer({ customer_id: manager, refresh_token: agency.refreshToken, login_customer_id: manager })
      .query(
        'SELECT customer_client.id, customer_client.level, customer_client.manager FROM customer_client',
      );
    expect(clients.map((row) => [row.customer_client?.id, row.customer_client?.level])).toEqual([
      [Number(manager), 0],
      [Number(acme.customerId), 1],
    ]);

    const withoutLogin = await failureOf(customer(agency).query('SELECT customer.id FROM customer'));
    expect(codesOf(withoutLogin)).toEqual([
      { authorization_error: AuthorizationError.USER_PERMISSION_DENIED },
    ]);
    expect(withoutLogin.errors[0]?.message).toContain("'login-customer-id' header");
    const wrongManager = await failureOf(
      customer(agency, otherManager).query('SELECT customer.id FROM customer'),
    );
    expect(codesOf(wrongManager)).toEqual([
      { authorization_error: AuthorizationError.INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION },
    ]);
    const notGranted = await failureOf(customer(acme, manager).query('SELECT customer.id FROM customer'));
    expect(codesOf(notGranted)).toEqual([{ authorization_error: AuthorizationError.USER_PERMISSION_DENIED }]);
    const dashed = await failureOf(
      customer(agency, `${manager.slice(0, 3)}-${manager.slice(3, 6)}-${manager.slice(6)}`).query(
        'SELECT customer.id FROM customer',
      ),
    );
    expect(codesOf(dashed)).toEqual([{ header_error: HeaderError.INVALID_LOGIN_CUSTOMER_ID }]);

    // listAccessibleCustomers (gRPC in the SDK; raw REST here) lists the manager, not the clients below it.
    const tokens = await fetch(`${service.url}/sandbox/search/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: agency.refreshToken,
        client_id: 'adops-sandbox',
        client_secret: 'adops-sandbox-secret',
      }).toString(),
    }).then((response) => response.json() as Promise<{ access_token: string }>);
    const listed = await rest('customers:listAccessibleCustomers', { token: tokens.access_token });
    expect(listed.body).toEqual({ resourceNames: [`customers/${manager}`, `customers/${otherManager}`] });
  });

  it('runs ads:mutate as Google documents it (raw REST: the SDK mutates over gRPC)', async () => {
    const [row] = await customer().query(
      "SELECT ad_group_ad.ad.id FROM ad_group_ad WHERE ad_group_ad.ad.type = 'RESPONSIVE_SEARCH_AD' LIMIT 1",
    );
    const adId = String(row?.ad_group_ad?.ad?.id);
    const resourceName = `customers/${acme.customerId}/ads/${adId}`;
    // The operation exactly as the adapter builds it.
    const operation = (texts: string[]) =>
      headlinesUpdate(
        resourceName,
        texts.map((text) => ({ text })),
      );
    const before = await storedAd(service, adId);
    const dry = await rest(`customers/${acme.customerId}/ads:mutate`, {
      body: { operations: [operation(['Dry one', 'Dry two', 'Dry three'])], validateOnly: true },
    });
    expect(dry).toEqual({ status: 200, body: {} });
    expect(await storedAd(service, adId)).toEqual(before);

    const partial = await rest(`customers/${acme.customerId}/ads:mutate`, {
      body: {
        operations: [operation(['Only two', 'headlines']), operation(['Live one', 'Live two', 'Live three'])],
        partialFailure: true,
      },
    });
    expect(partial.status).toBe(200);
    expect(partial.body.results).toEqual([{}, { resourceName }]);
    expect(partial.body.partialFailureError.details[0].errors[0]).toMatchObject({
      errorCode: { collectionSizeError: 'TOO_FEW' },
      location: {
        fieldPathElements: [
          { fieldName: 'operations', index: 0 },
          { fieldName: 'update' },
          { fieldName: 'responsive_search_ad' },
          { fieldName: 'headlines' },
        ],
      },
    });
    const [after] = await customer().query(
      `SELECT ad_group_ad.ad.responsive_search_ad.headlines FROM ad_group_ad WHERE ad_group_ad.ad.id = ${adId}`,
    );
    expect(after?.ad_group_ad?.ad?.responsive_search_ad?.headlines?.map((headline) => headline.text)).toEqual(
      ['Live one', 'Live two', 'Live three'],
    );
  });

  it('runs campaigns:mutate and campaignBudgets:mutate as Google documents them, read back by the SDK', async () => {
    // The SDK's services (campaigns.update, campaignBudgets.update, mutateResources) speak gRPC only: its
    // google-gax REST fallback cannot map their requests to URLs, since google-ads-node keeps the proto
    // field names (customer_id) where the fallback looks for JSON names (customerId). So the mutates run as
    // raw REST, built by the adapter's own functions, and the SDK reads the result and Google's codes.
    const [row] = await customer().query(campaignForUpdateQuery('20123456790'));
    expect(row?.campaign).toMatchObject({
      name: 'Competitors - Search',
      status: enums.CampaignStatus.ENABLED,
    });
    const resourceName = String(row?.campaign?.resource_name);
    const budget = String(row?.campaign_budget?.resource_name);
    const amount = row?.campaign_budget?.amount_micros ?? 0;
    const mutate = (method: string, operations: unknown[], validateOnly = false) =>
      rest(`customers/${acme.customerId}/${method}`, {
        body: { operations, ...(validateOnly && { validateOnly: true }) },
      });

    const dry = await mutate('campaigns:mutate', [campaignStatusUpdate(resourceName, 'PAUSED')], true);
    expect(dry).toEqual({ status: 200, body: {} });
    const [unchanged] = await customer().query(campaignForUpdateQuery('20123456790'));
    expect(unchanged?.campaign?.status).toBe(enums.CampaignStatus.ENABLED);

    const paused = await mutate('campaigns:mutate', [campaignStatusUpdate(resourceName, 'PAUSED')]);
    expect(paused).toEqual({ status: 200, body: { results: [{ resourceName }] } });
    const budgeted = await mutate('campaignBudgets:mutate', [budgetAmountUpdate(budget, 12_340_000)]);
    expect(budgeted).toEqual({ status: 200, body: { results: [{ resourceName: budget }] } });
    const [after] = await customer().query(campaignForUpdateQuery('20123456790'));
    expect(after?.campaign?.status).toBe(enums.CampaignStatus.PAUSED);
    expect(after?.campaign_budget?.amount_micros).toBe(12_340_000);

    // Each code the sandbox answers is a value of the SDK's v25 error enums.
    const refusals = [
      await mutate('campaigns:mutate', [
        { update: { resourceName, status: 'REMOVED' }, updateMask: 'status' },
      ]),
      await mutate('campaigns:mutate', [
        campaignStatusUpdate(`customers/${acme.customerId}/campaigns/1`, 'PAUSED'),
      ]),
      await mutate('campaignBudgets:mutate', [budgetAmountUpdate(budget, 12_345_678)]),
      await mutate('campaignBudgets:mutate', [budgetAmountUpdate(budget, -10_000)]),
    ];
    const codes = refusals.map((answer) => answer.body.error.details[0].errors[0].errorCode);
    expect(codes).toEqual([
      { campaignError: 'INVALID_STATUS_CHANGE' },
      { mutateError: 'RESOURCE_NOT_FOUND' },
      { campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' },
      { campaignBudgetError: 'NEGATIVE_MONEY_AMOUNT' },
    ]);
    const sdkErrors = errors as unknown as Record<string, Record<string, Record<string, number>>>;
    for (const code of codes) {
      const [[family, value]] = Object.entries(code as Record<string, string>) as [[string, string]];
      const type = family.charAt(0).toUpperCase() + family.slice(1);
      expect(sdkErrors[`${type}Enum`]?.[type]?.[value], `${family} ${value}`).toBeTypeOf('number');
    }

    await mutate('campaigns:mutate', [campaignStatusUpdate(resourceName, 'ENABLED')]);
    await mutate('campaignBudgets:mutate', [budgetAmountUpdate(budget, amount)]);
  });

  it("runs create_search_campaign's creates as Google documents them, read back by the SDK", async () => {
    const mutate = (method: string, operations: unknown[]) =>
      rest(`customers/${acme.customerId}/${method}`, { body: { operations } });
    const plan: SearchCampaignPlan = {
      customerId: acme.customerId,
      name: 'SDK made',
      budgetName: 'SDK made budget',
      dailyMicros: 9_000_000,
      adGroupName: 'SDK group',
      cpcBidMicros: 750_000,
      keywords: [{ text: 'sdk shoes', matchType: 'PHRASE' }],
      finalUrl: 'https://example.com/sdk',
      headlines: [{ text: 'One' }, { text: 'Two' }, { text: 'Three' }],
      descriptions: [{ text: 'First line.' }, { text: 'Second line.' }],
    };
    const all = await rest(`customers/${acme.customerId}/googleAds:mutate`, {
      body: { mutateOperations: allOperations(plan), validateOnly: true },
    });
    expect(all).toEqual({ status: 200, body: {} });
    const created = async (method: string, operations: unknown[]) => {
      const answer = await mutate(method, operations);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.results.map((r: { resourceName: string }) => r.resourceName) as string[];
    };
    const [budget = ''] = await created('campaignBudgets:mutate', [budgetCreate(plan)]);
    const [campaign = ''] = await created('campaigns:mutate', [campaignCreate(plan, budget)]);
    const [adGroup = ''] = await created('adGroups:mutate', [adGroupCreate(plan, campaign)]);
    await created('adGroupCriteria:mutate', keywordCreates(plan, adGroup));
    await created('adGroupAds:mutate', [adCreate(plan, adGroup)]);

    const [row] = await customer().query(
      `SELECT campaign.status, campaign.advertising_channel_type, campaign_budget.amount_micros, campaign_budget.explicitly_shared FROM campaign WHERE campaign.resource_name = '${campaign}'`,
    );
    expect(row?.campaign?.status).toBe(enums.CampaignStatus.PAUSED);
    expect(row?.campaign?.advertising_channel_type).toBe(enums.AdvertisingChannelType.SEARCH);
    expect(row?.campaign_budget).toMatchObject({ amount_micros: 9_000_000, explicitly_shared: false });
    const keywords = await customer().query(
      `SELECT ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type FROM ad_group_criterion WHERE ad_group.resource_name = '${adGroup}'`,
    );
    expect(keywords.map((k) => k.ad_group_criterion?.keyword)).toEqual([
      { text: 'sdk shoes', match_type: enums.KeywordMatchType.PHRASE },
    ]);
    const ads = await customer().query(
      `SELECT ad_group_ad.ad.type, ad_group_ad.ad.final_urls FROM ad_group_ad WHERE ad_group.resource_name = '${adGroup}'`,
    );
    expect(ads.map((a) => a.ad_group_ad?.ad?.final_urls)).toEqual([['https://example.com/sdk']]);

    // Each code the creates answer is a value of the SDK's v25 error enums.
    const { create: campaignFields } = campaignCreate({ ...plan, name: 'Other' }, budget);
    const refusals = [
      await mutate('campaignBudgets:mutate', [budgetCreate(plan)]),
      await mutate('campaigns:mutate', [
        { create: { ...campaignFields, containsEuPoliticalAdvertising: undefined } },
      ]),
      await mutate('campaigns:mutate', [campaignCreate({ ...plan, name: 'Third' }, budget)]),
      await mutate('adGroups:mutate', [adGroupCreate(plan, campaign)]),
      await mutate('adGroupCriteria:mutate', keywordCreates(plan, adGroup)),
      await mutate('adGroupAds:mutate', [adCreate({ ...plan, finalUrl: 'not a url' }, adGroup)]),
      await mutate('adGroupAds:mutate', [adCreate({ ...plan, headlines: [{ text: 'Only' }] }, adGroup)]),
      await rest(`customers/${acme.customerId}/googleAds:mutate`, {
        body: {
          mutateOperations: [
            {
              campaignBudgetOperation: budgetCreate(
                { ...plan, budgetName: 'X' },
                `customers/${acme.customerId}/campaignBudgets/-1`,
              ),
            },
            {
              campaignBudgetOperation: budgetCreate(
                { ...plan, budgetName: 'Y' },
                `customers/${acme.customerId}/campaignBudgets/-1`,
              ),
            },
          ],
        },
      }),
      await mutate('campaignBudgets:mutate', [{ remove: budget }]),
    ];
    const codes = refusals.map((answer) => answer.body.error?.details[0].errors[0].errorCode);
    expect(codes).toEqual([
      { campaignBudgetError: 'DUPLICATE_NAME' },
      { mutateError: 'EU_POLITICAL_ADVERTISING_DECLARATION_REQUIRED' },
      { campaignBudgetError: 'CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS' },
      { adGroupError: 'DUPLICATE_ADGROUP_NAME' },
      { mutateError: 'RESOURCE_ALREADY_EXISTS' },
      { urlFieldError: 'INVALID_FINAL_URL' },
      { collectionSizeError: 'TOO_FEW' },
      { mutateError: 'ID_EXISTS_IN_MULTIPLE_MUTATES' },
      { campaignBudgetError: 'CAMPAIGN_BUDGET_IN_USE' },
    ]);
    const sdkErrors = errors as unknown as Record<string, Record<string, Record<string, number>>>;
    for (const code of codes) {
      const [[family, value]] = Object.entries(code as Record<string, string>) as [[string, string]];
      const type = family.charAt(0).toUpperCase() + family.slice(1);
      expect(sdkErrors[`${type}Enum`]?.[type]?.[value], `${family} ${value}`).toBeTypeOf('number');
    }
    // What a failed create takes back: the campaign (REMOVED), then its budget, now unused.
    expect((await mutate('campaigns:mutate', [{ remove: campaign }])).status).toBe(200);
    expect((await mutate('campaignBudgets:mutate', [{ remove: budget }])).status).toBe(200);
    const [gone] = await customer().query(
      `SELECT campaign.status, campaign_budget.status FROM campaign WHERE campaign.resource_name = '${campaign}'`,
    );
    expect(gone?.campaign?.status).toBe(enums.CampaignStatus.REMOVED);
    expect(gone?.campaign_budget?.status).toBe(enums.BudgetStatus.REMOVED);
  });

  it('runs the queries and mutates below the campaign as Google documents them, read back by the SDK', async () => {
    const today = addDays(new Date().toISOString().slice(0, 10), -1);
    const period = { start: addDays(today, -29), end: today };
    const groups = await customer().query(adGroupsQuery({ statuses: ['ENABLED', 'PAUSED'] }, 50));
    const brand = groups.find((row) => row.ad_group?.name === 'Brand terms');
    expect(brand?.ad_group).toMatchObject({
      status: enums.AdGroupStatus.ENABLED,
      type: enums.AdGroupType.SEARCH_STANDARD,
      cpc_bid_micros: 1_200_000,
    });
    const groupId = String(brand?.ad_group?.id);
    const keywords = await customer().query(
      keywordsQuery({ statuses: ['ENABLED', 'PAUSED'], adGroupIds: [groupId], ...period }, 50),
    );
    expect(keywords.map((row) => row.ad_group_criterion?.keyword?.match_type).sort()).toEqual(
      [enums.KeywordMatchType.EXACT, enums.KeywordMatchType.PHRASE, enums.KeywordMatchType.BROAD].sort(),
    );
    expect(keywords.every((row) => typeof row.metrics?.cost_micros === 'number')).toBe(true);
    const byDevice = await customer().query(
      performanceQuery(period, false, { level: 'ad_group', byDevice: true }),
    );
    expect(new Set(byDevice.map((row) => row.segments?.device))).toEqual(
      new Set([enums.Device.MOBILE, enums.Device.DESKTOP, enums.Device.TABLET]),
    );
    expect(byDevice.every((row) => typeof row.ad_group?.id === 'number')).toBe(true);
    const terms = await customer().query(searchTermsQuery({ ...period, withoutConversions: true }, 50));
    expect(terms.length).toBeGreaterThan(0);
    for (const row of terms) {
      expect(row.metrics?.conversions ?? 0).toBe(0);
      expect(row.search_term_view?.status).toBe(enums.SearchTermTargetingStatus.NONE);
      expect(typeof row.segments?.keyword?.info?.text).toBe('string');
    }
    const mutate = (method: string, operations: unknown[], validateOnly = false) =>
      rest(`customers/${acme.customerId}/${method}`, {
        body: { operations, ...(validateOnly && { validateOnly: true }) },
      });
    const criterionId = String(keywords[0]?.ad_group_criterion?.criterion_id);
    const pause = keywordStatusUpdate(acme.customerId, groupId, criterionId, 'PAUSED');
    expect(await mutate('adGroupCriteria:mutate', [pause], true)).toEqual({ status: 200, body: {} });
    const paused = await mutate('adGroupCriteria:mutate', [pause]);
    expect(paused).toEqual({ status: 200, body: { results: [{ resourceName: pause.update.resourceName }] } });
    const [read] = await customer().query(criteriaOfAdGroupQuery(groupId, [criterionId]));
    expect(read?.ad_group_criterion?.status).toBe(enums.AdGroupCriterionStatus.PAUSED);
    const bid = adGroupUpdate(`customers/${acme.customerId}/adGroups/${groupId}`, {
      status: 'PAUSED',
      cpcBidMicros: 1_500_000,
    });
    expect((await mutate('adGroups:mutate', [bid])).status).toBe(200);
    const [group] = await customer().query(adGroupForUpdateQuery(groupId));
    expect(group?.ad_group).toMatchObject({ status: enums.AdGroupStatus.PAUSED, cpc_bid_micros: 1_500_000 });
    const campaignId = String(brand?.campaign?.id);
    const negative = campaignNegative(acme.customerId, campaignId, { text: 'sdk test', matchType: 'PHRASE' });
    const created = await mutate('campaignCriteria:mutate', [negative]);
    expect(created.body.results[0].resourceName).toMatch(
      new RegExp(`^customers/${acme.customerId}/campaignCriteria/${campaignId}~\\d+$`),
    );
    const negatives = await customer().query(campaignNegativesQuery(campaignId));
    expect(negatives.map((row) => row.campaign_criterion?.keyword)).toContainEqual({
      text: 'sdk test',
      match_type: enums.KeywordMatchType.PHRASE,
    });
    const groupNegative = adGroupNegative(acme.customerId, groupId, { text: 'sdk', matchType: 'EXACT' });
    expect((await mutate('adGroupCriteria:mutate', [groupNegative])).status).toBe(200);
    expect(await customer().query(adGroupNegativesQuery(groupId))).toHaveLength(1);

    // Each code the sandbox answers is a value of the SDK's v25 error enums.
    const refusals = [
      await mutate('campaignCriteria:mutate', [negative]),
      await mutate('campaignCriteria:mutate', [
        campaignNegative(acme.customerId, campaignId, { text: 'a!b', matchType: 'EXACT' }),
      ]),
      await mutate('adGroupCriteria:mutate', [keywordStatusUpdate(acme.customerId, groupId, '1', 'PAUSED')]),
      await mutate('adGroups:mutate', [
        { update: { resourceName: bid.update.resourceName, status: 'REMOVED' }, updateMask: 'status' },
      ]),
      await mutate('adGroups:mutate', [adGroupUpdate(bid.update.resourceName, { cpcBidMicros: 1_234_567 })]),
    ];
    const codes = refusals.map((answer) => answer.body.error.details[0].errors[0].errorCode);
    expect(codes).toEqual([
      { mutateError: 'RESOURCE_ALREADY_EXISTS' },
      { criterionError: 'KEYWORD_HAS_INVALID_CHARS' },
      { mutateError: 'RESOURCE_NOT_FOUND' },
      { adGroupError: 'INVALID_STATUS' },
      { biddingError: 'BID_TOO_MANY_FRACTIONAL_DIGITS' },
    ]);
    const sdkErrors = errors as unknown as Record<string, Record<string, Record<string, number>>>;
    for (const code of codes) {
      const [[family, value]] = Object.entries(code as Record<string, string>) as [[string, string]];
      const type = family.charAt(0).toUpperCase() + family.slice(1);
      expect(sdkErrors[`${type}Enum`]?.[type]?.[value], `${family} ${value}`).toBeTypeOf('number');
    }
  });

  it("takes the sandbox's token endpoint as Google's: a code for its redirect_uri only, the client in Basic too", async () => {
    const token = (form: Record<string, string>, authorization?: string) =>
      fetch(`${service.url}/sandbox/search/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(authorization && { authorization }),
        },
        body: new URLSearchParams(form).toString(),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
    const basic = `Basic ${Buffer.from('adops-sandbox:adops-sandbox-secret').toString('base64')}`;
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: acme.refreshToken }, basic);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).toMatch(/^sbx_search_access_/);

    const owner = await service.createOwner('pro');
    const redirectUri = connectRedirectUri(service.services, 'search');
    const endpoints = endpointsFor(service.services, 'search', 'sandbox');
    const back = await consent(
      service,
      owner.userId,
      searchConnect.authorizeUrl(endpoints, 's', redirectUri, []),
      'approve',
    );
    const code = back.searchParams.get('code') ?? '';
    const elsewhere = await token(
      { grant_type: 'authorization_code', code, redirect_uri: 'https://elsewhere.example/callback' },
      basic,
    );
    expect(elsewhere).toEqual({
      status: 400,
      body: { error: 'redirect_uri_mismatch', error_description: 'Bad Request' },
    });
    const exchanged = await token(
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
      basic,
    );
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.refresh_token).toMatch(/^sbx_search_refresh_/);
  });
});
