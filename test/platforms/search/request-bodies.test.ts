import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEVELOPER_TOKEN } from '../../../src/platforms/endpoints.ts';
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
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';
const ASSETS = "SELECT asset.id, asset.type FROM asset WHERE asset.type IN ('IMAGE', 'SITELINK', 'CALLOUT')";

/** Google's front end refusing what it cannot read into the request message: a BadRequest, no GoogleAdsFailure. */
function badRequest(...violations: Array<{ field?: string; description: string }>) {
  return {
    error: {
      code: 400,
      message: violations.map((violation) => violation.description).join('\n'),
      status: 'INVALID_ARGUMENT',
      details: [{ '@type': BAD_REQUEST_TYPE, fieldViolations: violations }],
    },
  };
}

const firstError = (body: any) => body.error.details[0].errors[0];

// How Google's REST front end reads request bodies (proto3 JSON), and what the v26 request messages hold:
// the emulator takes what Google takes and refuses the rest with Google's own words.
describe.each(TEST_DIALECTS)('request bodies of the Google Ads sandbox on %s', (dialect) => {
  let service: TestService;
  let acme: SearchOwner;
  let ads: SeededAds;

  beforeAll(async () => {
    service = await TestService.start(dialect, { env: { ADOPS_SANDBOX_PAGE_SIZE: '3' } });
    acme = await searchOwner(service);
    ads = await seededAds(service, acme.customerId);
  });
  afterAll(() => service.stop());

  const path = (method: string) => `/${VERSION}/customers/${acme.customerId}/${method}`;
  const search = (body: unknown) => googleAds(service, path('googleAds:search'), { token: acme.token, body });
  const stream = (body: unknown) =>
    googleAds(service, path('googleAds:searchStream'), { token: acme.token, body });
  const mutate = (body: unknown) => googleAds(service, path('ads:mutate'), { token: acme.token, body });
  const adName = (id: string) => `customers/${acme.customerId}/ads/${id}`;

  it('refuses the removed top-level returnTotalResultsCount and any unknown name, as Google does', async () => {
    const removed = await search({ query: ASSETS, returnTotalResultsCount: true });
    expect(removed.status).toBe(400);
    expect(removed.body).toEqual(
      badRequest({
        description:
          'Invalid JSON payload received. Unknown name "returnTotalResultsCount": Cannot find field.',
      }),
    );
    const nested = await search({ query: ASSETS, searchSettings: { returnTotalResultCount: true } });
    expect(nested.body).toEqual(
      badRequest({
        field: 'search_settings',
        description:
          'Invalid JSON payload received. Unknown name "returnTotalResultCount" at \'search_settings\': Cannot find field.',
      }),
    );
    const notAnObject = await search([ASSETS]);
    expect(notAnObject.body).toEqual(
      badRequest({ description: 'Invalid JSON payload received. Root element must be a message.' }),
    );
  });

  it('honours searchSettings: the total ignoring LIMIT, results left out, the setting bound to the page token', async () => {
    const counted = await search({ query: ASSETS, searchSettings: { returnTotalResultsCount: true } });
    expect(counted.status).toBe(200);
    expect(counted.body.totalResultsCount).toBe('7');
    expect(counted.body.results).toHaveLength(3);
    const second = await search({
      query: ASSETS,
      pageToken: counted.body.nextPageToken,
      searchSettings: { returnTotalResultsCount: true },
    });
    expect(second.body).toMatchObject({ totalResultsCount: '7', results: expect.any(Array) });

    const limited = await search({
      query: `${ASSETS} LIMIT 2`,
      searchSettings: { returnTotalResultsCount: true },
    });
    expect(limited.body.results).toHaveLength(2);
    expect(limited.body.totalResultsCount).toBe('7');
    expect(limited.body.nextPageToken).toBeUndefined();

    const omitted = await search({
      query: ASSETS,
      searchSettings: { omitResults: true, returnTotalResultsCount: true },
    });
    expect(omitted.body).toEqual({
      totalResultsCount: '7',
      fieldMask: 'asset.id,asset.type',
      queryResourceConsumption: '7',
    });

    const uncounted = await search({ query: ASSETS });
    expect(uncounted.body.totalResultsCount).toBeUndefined();
    const notAsked = await search({
      query: ASSETS,
      pageToken: uncounted.body.nextPageToken,
      searchSettings: { returnTotalResultsCount: true },
    });
    expect(notAsked.status).toBe(400);
    expect(firstError(notAsked.body).errorCode).toEqual({
      requestError: 'TOTAL_RESULTS_COUNT_NOT_ORIGINALLY_REQUESTED',
    });

    // Google gives no summary row for a query without metrics.
    const summary = await search({ query: ASSETS, searchSettings: { returnSummaryRow: true } });
    expect(summary.status).toBe(400);
    expect(firstError(summary.body).errorCode).toEqual({
      requestError: 'CANNOT_RETURN_SUMMARY_ROW_FOR_REQUEST_WITHOUT_METRICS',
    });
    const validating = await search({
      query: ASSETS,
      validateOnly: true,
      searchSettings: { returnSummaryRow: true },
    });
    expect(firstError(validating.body).errorCode).toEqual({
      requestError: 'CANNOT_RETURN_SUMMARY_ROW_FOR_VALIDATE_ONLY_REQUESTS',
    });
  });

  it("answers pageSize with Google's PAGE_SIZE_NOT_SUPPORTED; 0 is an unset int32", async () => {
    const sized = await search({ query: ASSETS, pageSize: 2 });
    expect(sized.status).toBe(400);
    expect(sized.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(sized.body.error.details[0]['@type']).toBe(FAILURE_TYPE);
    expect(firstError(sized.body)).toEqual({
      errorCode: { requestError: 'PAGE_SIZE_NOT_SUPPORTED' },
      message:
        "Setting the page size is not supported. Search Responses will have fixed page size of '3' rows.",
    });
    const snake = await search({ query: ASSETS, page_size: '5' });
    expect(firstError(snake.body).errorCode).toEqual({ requestError: 'PAGE_SIZE_NOT_SUPPORTED' });
    const unset = await search({ query: ASSETS, pageSize: 0 });
    expect(unset.status).toBe(200);
  });

  it('takes the original snake_case names beside the JSON names, as proto3 JSON parsers do', async () => {
    const first = await search({ query: ASSETS, search_settings: { return_total_results_count: true } });
    expect(first.status).toBe(200);
    expect(first.body.totalResultsCount).toBe('7');
    const next = await search({
      query: ASSETS,
      page_token: first.body.nextPageToken,
      search_settings: { return_total_results_count: true },
    });
    expect(next.status).toBe(200);
    expect(next.body.results).toHaveLength(3);

    const { status, body } = await mutate({
      operations: [
        {
          update_mask: 'responsive_search_ad.headlines',
          update: {
            resource_name: adName(ads.competitorRsa),
            responsive_search_ad: {
              headlines: [
                { text: 'Snake one', pinned_field: 'HEADLINE_1' },
                { text: 'Snake two' },
                { text: 'Snake three' },
              ],
            },
          },
        },
      ],
      partial_failure: true,
      response_content_type: 'MUTABLE_RESOURCE',
    });
    expect(status).toBe(200);
    expect(body.results[0].resourceName).toBe(adName(ads.competitorRsa));
    expect(body.results[0].ad.responsiveSearchAd.headlines[0]).toEqual({
      text: 'Snake one',
      pinnedField: 'HEADLINE_1',
    });
    expect((await storedAd(service, ads.competitorRsa))?.ad.responsiveSearchAd?.headlines?.[0]).toEqual({
      text: 'Snake one',
      pinnedField: 'HEADLINE_1',
    });
  });

  it('takes the standard JSON field mask (lowerCamel paths) and the snake_case one alike', async () => {
    const before = await storedAd(service, ads.rsa);
    const operation = (updateMask: string) => ({
      updateMask,
      update: {
        resourceName: adName(ads.rsa),
        responsiveSearchAd: {
          headlines: [{ text: 'Mask one' }, { text: 'Mask two' }, { text: 'Mask three' }],
        },
      },
    });
    for (const mask of ['responsiveSearchAd.headlines', 'responsive_search_ad.headlines']) {
      const { status, body } = await mutate({ operations: [operation(mask)], validateOnly: true });
      expect({ mask, status, body }).toEqual({ mask, status: 200, body: {} });
    }
    expect(await storedAd(service, ads.rsa)).toEqual(before);
    const other = await mutate({ operations: [operation('finalUrls')], validateOnly: true });
    expect(firstError(other.body)).toMatchObject({
      errorCode: { fieldMaskError: 'FIELD_NOT_FOUND' },
      message: expect.stringContaining("not 'final_urls'"),
    });
  });

  it('refuses operations AdOperation does not have, and values of the wrong type, naming the field', async () => {
    const created = await mutate({ operations: [{ create: {} }] });
    expect(created.status).toBe(400);
    expect(created.body).toEqual(
      badRequest({
        field: 'operations[0]',
        description:
          'Invalid JSON payload received. Unknown name "create" at \'operations[0]\': Cannot find field.',
      }),
    );
    const deep = await mutate({
      operations: [
        {
          updateMask: 'responsiveSearchAd.headlines',
          update: {
            resourceName: adName(ads.rsa),
            responsiveSearchAd: { headlines: [{ text: 'A', pin: 'x' }] },
          },
        },
      ],
    });
    expect(deep.body.error.details[0].fieldViolations).toEqual([
      {
        field: 'operations[0].update.responsive_search_ad.headlines[0]',
        description:
          'Invalid JSON payload received. Unknown name "pin" at ' +
          "'operations[0].update.responsive_search_ad.headlines[0]': Cannot find field.",
      },
    ]);
    const typed = await search({ query: ASSETS, validateOnly: 'maybe' });
    expect(typed.body).toEqual(
      badRequest({
        field: 'validate_only',
        description: `Invalid value at 'validate_only' (TYPE_BOOL), "maybe"`,
      }),
    );
    const pin = await mutate({
      operations: [
        {
          updateMask: 'responsiveSearchAd.headlines',
          update: {
            resourceName: adName(ads.rsa),
            responsiveSearchAd: { headlines: [{ text: 'A', pinnedField: 'TOP' }] },
          },
        },
      ],
    });
    expect(pin.body.error.details[0].fieldViolations[0]).toEqual({
      field: 'operations[0].update.responsive_search_ad.headlines[0].pinned_field',
      description:
        "Invalid value at 'operations[0].update.responsive_search_ad.headlines[0].pinned_field' " +
        `(type.googleapis.com/google.ads.googleads.${VERSION}.enums.ServedAssetFieldTypeEnum.ServedAssetFieldType), "TOP"`,
    });
    // Google's parser takes these words for a bool.
    const word = await search({ query: ASSETS, validateOnly: 'yes' });
    expect(word.body).toEqual({ fieldMask: 'asset.id,asset.type' });
  });

  it('refuses query parameters and other methods than the documented one', async () => {
    const list = `/${VERSION}/customers:listAccessibleCustomers`;
    const param = await googleAds(service, `${list}?pageSize=10`, { token: acme.token });
    expect(param.body).toEqual(
      badRequest({
        description:
          'Invalid JSON payload received. Unknown name "pageSize": Cannot bind query parameter. ' +
          "Field 'pageSize' could not be found in request message.",
      }),
    );
    const system = await googleAds(service, `${list}?prettyPrint=false&alt=json`, { token: acme.token });
    expect(system.status).toBe(200);
    const posted = await googleAds(service, list, { method: 'POST', token: acme.token, body: {} });
    expect(posted.status).toBe(404);
    expect(posted.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    const got = await googleAds(service, path('googleAds:search'), { token: acme.token });
    expect(got.status).toBe(404);
    const queried = await googleAds(service, `${path('googleAds:search')}?query=x`, {
      token: acme.token,
      body: { query: ASSETS },
    });
    expect(queried.status).toBe(400);
    expect(queried.body.error.message).toContain('Unknown name "query": Cannot bind query parameter');
  });

  it('serves googleAds:searchStream as a JSON array of batches, its errors as the array of one error', async () => {
    const { status, headers, body } = await stream({ query: ASSETS });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((batch: any) => batch.results.length)).toEqual([3, 3, 1]);
    const requestId = headers.get('request-id');
    expect(body[0]).toEqual({
      results: expect.any(Array),
      fieldMask: 'asset.id,asset.type',
      requestId,
    });
    expect(new Set(body.flatMap((batch: any) => batch.results.map((row: any) => row.asset.id))).size).toBe(7);

    const none = await stream({ query: "SELECT asset.id FROM asset WHERE asset.type = 'YOUTUBE_VIDEO'" });
    expect(none.body).toEqual([{ fieldMask: 'asset.id', requestId: none.headers.get('request-id') }]);

    const wrong = await stream({ query: 'SELECT asset.id FROM asset WHERE asset.id = 1 OR asset.id = 2' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toHaveLength(1);
    expect(wrong.body[0].error.details[0].errors[0].errorCode).toEqual({ queryError: 'QUERY_ERROR' });
    const unknown = await stream({ query: ASSETS, pageToken: 'x' });
    expect(unknown.body).toEqual([
      badRequest({
        description: 'Invalid JSON payload received. Unknown name "pageToken": Cannot find field.',
      }),
    ]);
    const summary = await stream({ query: ASSETS, summaryRowSetting: 'SUMMARY_ROW_ONLY' });
    expect(summary.body[0].error.details[0].errors[0].errorCode).toEqual({
      requestError: 'CANNOT_RETURN_SUMMARY_ROW_FOR_REQUEST_WITHOUT_METRICS',
    });
    const noSummary = await stream({ query: ASSETS, summary_row_setting: 'NO_SUMMARY_ROW' });
    expect(noSummary.status).toBe(200);
    const unauthenticated = await googleAds(service, path('googleAds:searchStream'), {
      token: null,
      developerToken: SANDBOX_DEVELOPER_TOKEN,
      body: { query: ASSETS },
    });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body[0].error.status).toBe('UNAUTHENTICATED');
  });
});
