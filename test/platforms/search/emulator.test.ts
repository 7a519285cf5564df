import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT } from '../../../src/platforms/endpoints.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import {
  googleAds,
  type SearchOwner,
  type SeededAds,
  searchOwner,
  seededAds,
  storedAd,
  VERSION,
} from './support.ts';

const FAILURE_TYPE = `type.googleapis.com/google.ads.googleads.${VERSION}.errors.GoogleAdsFailure`;
const ASSETS = "SELECT asset.id, asset.type FROM asset WHERE asset.type IN ('IMAGE', 'SITELINK', 'CALLOUT')";

/** The first Google Ads error of a failure body. */
const firstError = (body: any) => body.error.details[0].errors[0];

// The emulator speaks the Google Ads REST protocol: these calls are what the adapter must send to be served.
describe.each(TEST_DIALECTS)('the Google Ads sandbox emulator on %s', (dialect) => {
  let service: TestService;
  let acme: SearchOwner;
  let ads: SeededAds;

  beforeAll(async () => {
    service = await TestService.start(dialect, { env: { ADOPS_SANDBOX_PAGE_SIZE: '3' } });
    acme = await searchOwner(service);
    ads = await seededAds(service, acme.customerId);
  });
  afterAll(() => service.stop());

  const search = (body: unknown, options: { token?: string | null; developerToken?: string | null } = {}) =>
    googleAds(service, `/${VERSION}/customers/${acme.customerId}/googleAds:search`, {
      token: acme.token,
      ...options,
      body,
    });
  const mutate = (body: unknown) =>
    googleAds(service, `/${VERSION}/customers/${acme.customerId}/ads:mutate`, { token: acme.token, body });
  const headlinesOp = (adId: string, texts: string[]) => ({
    update: {
      resourceName: `customers/${acme.customerId}/ads/${adId}`,
      responsiveSearchAd: { headlines: texts.map((text) => ({ text })) },
    },
    updateMask: 'responsive_search_ad.headlines',
  });

  it('wants a bearer token, then the developer-token header, then a token covering the customer', async () => {
    const noBearer = await search({ query: ASSETS }, { token: null });
    expect(noBearer.status).toBe(401);
    expect(noBearer.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(noBearer.body.error.message).toContain('missing required authentication credential');

    const noDeveloperToken = await search({ query: ASSETS }, { developerToken: null });
    expect(noDeveloperToken.status).toBe(400);
    expect(noDeveloperToken.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(noDeveloperToken.body.error.details[0]['@type']).toBe(FAILURE_TYPE);
    expect(firstError(noDeveloperToken.body)).toEqual({
      errorCode: { requestError: 'DEVELOPER_TOKEN_PARAMETER_MISSING' },
      message: 'developer-token parameter is missing.',
    });

    const wrongDeveloperToken = await search({ query: ASSETS }, { developerToken: 'someone-elses' });
    expect(wrongDeveloperToken.status).toBe(403);
    expect(firstError(wrongDeveloperToken.body).errorCode).toEqual({
      authorizationError: 'DEVELOPER_TOKEN_PROHIBITED',
    });

    const unknown = await search({ query: ASSETS }, { token: 'sbx_search_access_unknown' });
    expect(unknown.status).toBe(401);
    expect(firstError(unknown.body)).toEqual({
      errorCode: { authenticationError: 'OAUTH_TOKEN_INVALID' },
      message: 'OAuth token in the header is not valid.',
    });
    expect(unknown.body.error.details[0].requestId).toBe(unknown.headers.get('request-id'));

    const other = await searchOwner(service);
    const foreign = await googleAds(service, `/${VERSION}/customers/${other.customerId}/googleAds:search`, {
      token: acme.token,
      body: { query: ASSETS },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.status).toBe('PERMISSION_DENIED');
    expect(firstError(foreign.body).errorCode).toEqual({ authorizationError: 'USER_PERMISSION_DENIED' });
    expect(firstError(foreign.body).message).toMatch(/^User doesn't have permission to access customer/);
  });

  it('serves one API version, and answers unknown paths with a Google 404', async () => {
    const old = await googleAds(service, `/v25/customers/${acme.customerId}/googleAds:search`, {
      token: acme.token,
      body: { query: ASSETS },
    });
    expect(old.status).toBe(404);
    expect(old.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    expect(old.body.error.message).toContain('serves v26');
    const unknown = await googleAds(
      service,
      `/${VERSION}/customers/${acme.customerId}/adGroupAdLabels:mutate`,
      {
        token: acme.token,
        body: {},
      },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.status).toBe('NOT_FOUND');
  });

  it('lists the customers the token can access', async () => {
    const { status, body } = await googleAds(service, `/${VERSION}/customers:listAccessibleCustomers`, {
      token: acme.token,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ resourceNames: [`customers/${acme.customerId}`] });
  });

  it('pages GAQL results three rows at a time, with tokens bound to the query', async () => {
    const first = await search({ query: ASSETS });
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(3);
    expect(first.body.fieldMask).toBe('asset.id,asset.type');
    expect(first.body.results[0]).toEqual({
      asset: {
        resourceName: expect.stringMatching(new RegExp(`^customers/${acme.customerId}/assets/\\d+$`)),
        id: expect.stringMatching(/^\d+$/),
        type: expect.stringMatching(/^(IMAGE|SITELINK|CALLOUT)$/),
      },
    });
    const rows = [...first.body.results];
    let token = first.body.nextPageToken;
    while (token) {
      const page = await search({ query: ASSETS, pageToken: token });
      expect(page.status).toBe(200);
      rows.push(...page.body.results);
      token = page.body.nextPageToken;
    }
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((r) => r.asset.id)).size).toBe(7);

    const foreignToken = await search({
      query: 'SELECT asset.id FROM asset',
      pageToken: first.body.nextPageToken,
    });
    expect(foreignToken.status).toBe(400);
    expect(firstError(foreignToken.body).errorCode).toEqual({ requestError: 'INVALID_PAGE_TOKEN' });

    const none = await search({ query: `${ASSETS.replace(/IN \(.*\)/, "= 'YOUTUBE_VIDEO'")}` });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ fieldMask: 'asset.id,asset.type', queryResourceConsumption: '1' });
  });

  it('finds an ad by ad group and ad id, with attributed ad group fields', async () => {
    const query =
      'SELECT ad_group.id, ad_group.name, ad_group_ad.ad.id, ad_group_ad.ad.type, ' +
      `ad_group_ad.ad.responsive_search_ad.headlines FROM ad_group_ad WHERE ad_group.id = ${ads.brandGroup} ` +
      `AND ad_group_ad.ad.id IN (${ads.rsa}, ${ads.textAd})`;
    const { status, body } = await search({ query });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(2);
    const rsa = body.results.find((r: any) => r.adGroupAd.ad.id === ads.rsa);
    expect(rsa.adGroup).toEqual({
      resourceName: `customers/${acme.customerId}/adGroups/${ads.brandGroup}`,
      id: ads.brandGroup,
      name: 'Brand terms',
    });
    expect(rsa.adGroupAd.resourceName).toBe(
      `customers/${acme.customerId}/adGroupAds/${ads.brandGroup}~${ads.rsa}`,
    );
    expect(rsa.adGroupAd.ad.type).toBe('RESPONSIVE_SEARCH_AD');
    expect(rsa.adGroupAd.ad.responsiveSearchAd.headlines[0]).toEqual({
      text: 'Project tools for teams',
      pinnedField: 'HEADLINE_1',
    });
    const customer = await search({ query: 'SELECT customer.id, customer.currency_code FROM customer' });
    expect(customer.body.results).toEqual([
      {
        customer: { resourceName: `customers/${acme.customerId}`, id: acme.customerId, currencyCode: 'USD' },
      },
    ]);
  });

  it('refuses queries and fields it does not serve with Google query errors', async () => {
    const cases: Array<[string, string]> = [
      ['SELECT asset.id FROM asset WHERE asset.id = 1 OR asset.id = 2', 'QUERY_ERROR'],
      ["SELECT asset.id FROM asset WHERE asset.name LIKE '%hero%'", 'BAD_OPERATOR'],
      ['SELECT asset.id FROM asset LIMIT 0', 'LIMIT_VALUE_TOO_LOW'],
      ['SELECT asset.nonsense FROM asset', 'UNRECOGNIZED_FIELD'],
      ['SELECT gender_view.resource_name FROM gender_view', 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE'],
      ['SELECT ad_group.id FROM asset', 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE'],
      ['SELECT asset.id FROM asset WHERE campaign.id = 1', 'PROHIBITED_RESOURCE_TYPE_IN_WHERE_CLAUSE'],
      ['SELECT asset.id FROM asset ORDER BY asset.final_urls', 'PROHIBITED_FIELD_IN_ORDER_BY_CLAUSE'],
      [
        'SELECT customer.id FROM ad_group_ad ORDER BY campaign.name',
        'EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE',
      ],
      ["SELECT asset.id FROM asset WHERE asset.type > 'IMAGE'", 'OPERATOR_FIELD_MISMATCH'],
      ['SELECT asset.id FROM asset WHERE asset.name = 5', 'INVALID_STRING_VALUE'],
      ['SELECT metrics.clicks FROM asset', 'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE'],
      ["SELECT asset.id FROM asset WHERE asset.type = 'PICTURE'", 'BAD_ENUM_CONSTANT'],
      ["SELECT asset.id FROM asset WHERE asset.id = 'abc'", 'BAD_NUMBER'],
      ["SELECT asset.id FROM asset WHERE asset.final_urls = 'x'", 'BAD_OPERATOR'],
      ['SELECT asset.id FROM', 'UNEXPECTED_END_OF_QUERY'],
      ['', 'UNEXPECTED_END_OF_QUERY'],
    ];
    for (const [query, code] of cases) {
      const { status, body } = await search({ query });
      expect({ query, status, code: firstError(body).errorCode }).toEqual({
        query,
        status: 400,
        code: { queryError: code },
      });
    }
  });

  it('validates ads:mutate like Google, all or nothing, and changes nothing on validateOnly', async () => {
    const before = await storedAd(service, ads.rsa);
    const cases: Array<[unknown, Record<string, string>, string]> = [
      [headlinesOp(ads.rsa, ['One', 'Two']), { collectionSizeError: 'TOO_FEW' }, 'Too few headlines'],
      [
        headlinesOp(
          ads.rsa,
          Array.from({ length: 16 }, (_, i) => `H${i}`),
        ),
        { collectionSizeError: 'TOO_MANY' },
        'not 16',
      ],
      [
        headlinesOp(ads.rsa, ['One', 'Two', 'x'.repeat(31)]),
        { stringLengthError: 'TOO_LONG' },
        'the limit is 30',
      ],
      [headlinesOp(ads.rsa, ['One', 'Two', 'one']), { distinctError: 'DUPLICATE_ELEMENT' }, 'repeats'],
      [
        headlinesOp('999999999', ['One', 'Two', 'Three']),
        { mutateError: 'RESOURCE_NOT_FOUND' },
        'no ad 999999999',
      ],
      [
        headlinesOp(ads.textAd, ['One', 'Two', 'Three']),
        { fieldError: 'VALUE_MUST_BE_UNSET' },
        'not a responsive search ad',
      ],
      [
        { ...headlinesOp(ads.rsa, ['One', 'Two', 'Three']), updateMask: 'final_urls' },
        { fieldMaskError: 'FIELD_NOT_FOUND' },
        'final_urls',
      ],
    ];
    for (const [operation, code, words] of cases) {
      const { status, body } = await mutate({
        operations: [headlinesOp(ads.competitorRsa, ['A1', 'A2', 'A3']), operation],
      });
      expect(status).toBe(400);
      expect(firstError(body).errorCode).toEqual(code);
      expect(firstError(body).message).toContain(words);
      expect(firstError(body).location.fieldPathElements[0]).toEqual({ fieldName: 'operations', index: 1 });
    }
    // The valid first operation of each refused request was not applied either.
    expect((await storedAd(service, ads.competitorRsa))?.ad.responsiveSearchAd?.headlines?.[0]?.text).toBe(
      'Switch in one click',
    );

    const dry = await mutate({
      operations: [headlinesOp(ads.rsa, ['One', 'Two', 'Three'])],
      validateOnly: true,
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({});
    expect(await storedAd(service, ads.rsa)).toEqual(before);
  });

  it('applies valid operations alone under partialFailure and reports the others', async () => {
    const { status, body } = await mutate({
      operations: [
        headlinesOp('999999999', ['One', 'Two', 'Three']),
        headlinesOp(ads.competitorRsa, ['B1', 'B2', 'B3']),
      ],
      partialFailure: true,
    });
    expect(status).toBe(200);
    expect(body.results).toEqual([
      {},
      { resourceName: `customers/${acme.customerId}/ads/${ads.competitorRsa}` },
    ]);
    expect(body.partialFailureError.details[0].errors[0].errorCode).toEqual({
      mutateError: 'RESOURCE_NOT_FOUND',
    });
    expect((await storedAd(service, ads.competitorRsa))?.ad.responsiveSearchAd?.headlines).toEqual([
      { text: 'B1' },
      { text: 'B2' },
      { text: 'B3' },
    ]);
  });

  it('answers magic ids with Google faults: quota with retryDelay, internal error, expired token', async () => {
    const throttled = await mutate({
      operations: [headlinesOp('sandbox_rate_limited', ['One', 'Two', 'Three'])],
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(firstError(throttled.body)).toMatchObject({
      errorCode: { quotaError: 'RESOURCE_EXHAUSTED' },
      details: { quotaErrorDetails: { retryDelay: '30s' } },
    });
    const failing = await search({
      query: "SELECT ad_group.id FROM ad_group_ad WHERE ad_group.id = 'sandbox_server_error'",
    });
    expect(failing.status).toBe(500);
    expect(failing.body.error.status).toBe('INTERNAL');
    const expired = await search({
      query: "SELECT ad_group.id FROM ad_group_ad WHERE ad_group_ad.ad.id = 'sandbox_token_expired'",
    });
    expect(expired.status).toBe(401);
    expect(firstError(expired.body).errorCode).toEqual({ authenticationError: 'OAUTH_TOKEN_EXPIRED' });
  });

  it("runs Google's token endpoint: client check, refresh grant, Google's OAuth errors", async () => {
    const token = (form: Record<string, string>) =>
      fetch(`${service.url}/sandbox/search/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
    const client = { client_id: SANDBOX_CLIENT.clientId, client_secret: SANDBOX_CLIENT.clientSecret };
    const refreshed = await token({
      ...client,
      grant_type: 'refresh_token',
      refresh_token: acme.refreshToken,
    });
    expect(refreshed).toEqual({
      status: 200,
      body: {
        access_token: expect.stringMatching(/^sbx_search_access_/),
        expires_in: 3600,
        scope: 'https://www.googleapis.com/auth/adwords',
        token_type: 'Bearer',
      },
    });
    const served = await search({ query: ASSETS }, { token: refreshed.body.access_token });
    expect(served.status).toBe(200);

    const badClient = await token({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: 'x',
      client_secret: 'y',
    });
    expect(badClient).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' },
    });
    const badGrant = await token({
      ...client,
      grant_type: 'refresh_token',
      refresh_token: 'sbx_search_refresh_nope',
    });
    expect(badGrant).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
    const badCode = await token({
      ...client,
      grant_type: 'authorization_code',
      code: 'nope',
      redirect_uri: 'https://x',
    });
    expect(badCode.body.error).toBe('invalid_grant');
    const badType = await token({ ...client, grant_type: 'password' });
    expect(badType.body.error).toBe('unsupported_grant_type');
  });
});
