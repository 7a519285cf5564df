import { describe, expect, it } from 'vitest';
import type { Endpoints } from '../../../src/platforms/endpoints.ts';
import { tokenClassifier } from '../../../src/platforms/oauth-token.ts';
import { searchClassifier, searchProtocol } from '../../../src/platforms/search/protocol.ts';
import { adInAdGroupQuery, assetQuery, gaqlString } from '../../../src/platforms/search/queries.ts';
import type { UpstreamResponse } from '../../../src/platforms/upstream.ts';
import { dateLiteral, dateRange, monthsBefore } from '../../../src/sandbox/search/dates.ts';
import { GaqlError, parseGaql } from '../../../src/sandbox/search/gaql.ts';

const TYPE = 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure';

function googleError(
  status: number,
  statusName: string,
  errors: unknown[],
  headers: Record<string, string> = {},
) {
  const body = {
    error: {
      code: status,
      message: 'Request contains an invalid argument.',
      status: statusName,
      details: [{ '@type': TYPE, errors, requestId: 'req-42' }],
    },
  };
  return { status, headers, body: JSON.stringify(body) } satisfies UpstreamResponse;
}

const endpoints: Endpoints = {
  mode: 'live',
  apiUrl: 'https://googleads.googleapis.com',
  apiVersion: 'v26',
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  clientId: 'client',
  clientSecret: 'secret',
  developerToken: 'dev-token',
  loginCustomerId: '1112223333',
};

describe('the Google Ads protocol', () => {
  it('sends the bearer token, the developer token and the manager login customer id', () => {
    expect(searchProtocol.headers('tok', endpoints)).toEqual({
      authorization: 'Bearer tok',
      'developer-token': 'dev-token',
      'login-customer-id': '1112223333',
    });
    expect(searchProtocol.headers('tok', { ...endpoints, loginCustomerId: undefined })).not.toHaveProperty(
      'login-customer-id',
    );
  });

  it("reads Google's Status body: rejections in the platform's words, with the request id", () => {
    const verdict = searchClassifier(
      googleError(400, 'INVALID_ARGUMENT', [
        {
          errorCode: { stringLengthError: 'TOO_LONG' },
          message: 'Headline 2 is 31 characters; the limit is 30.',
        },
      ]),
    );
    expect(verdict).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'Headline 2 is 31 characters; the limit is 30.',
      requestId: 'req-42',
    });
    expect(searchClassifier({ status: 200, headers: {}, body: '{}' })).toEqual({ ok: true });
    // A streaming method's error is the one element of a JSON array.
    const streamed = googleError(400, 'INVALID_ARGUMENT', [
      { errorCode: { queryError: 'QUERY_ERROR' }, message: 'Bad.' },
    ]);
    expect(searchClassifier({ ...streamed, body: `[${streamed.body}]` })).toMatchObject({
      kind: 'rejected',
      message: 'Bad.',
    });
    // A body of another shape (a proxy's page, a field of an unexpected type) leaves the status to decide.
    expect(searchClassifier({ status: 502, headers: {}, body: '<html>Bad gateway</html>' })).toEqual({
      ok: false,
      kind: 'server',
      message: 'HTTP 502',
    });
    expect(
      searchClassifier({
        status: 400,
        headers: {},
        body: '{"error":{"details":[{"errors":[{"errorCode":7}]}]}}',
      }),
    ).toEqual({ ok: false, kind: 'rejected', message: 'HTTP 400' });
  });

  it('turns RESOURCE_EXHAUSTED into a throttle with the retryDelay in seconds', () => {
    const verdict = searchClassifier(
      googleError(429, 'RESOURCE_EXHAUSTED', [
        {
          errorCode: { quotaError: 'RESOURCE_EXHAUSTED' },
          message: 'Too many requests. Retry in 30 seconds.',
          details: { quotaErrorDetails: { retryDelay: '30s' } },
        },
      ]),
    );
    expect(verdict).toMatchObject({ ok: false, kind: 'throttled', retryAfterSeconds: 30 });
    const fractional = searchClassifier(
      googleError(429, 'RESOURCE_EXHAUSTED', [{ details: { quotaErrorDetails: { retryDelay: '1.2s' } } }]),
    );
    expect(fractional).toMatchObject({ retryAfterSeconds: 2 });
    const noDelay = searchClassifier({ status: 429, headers: {}, body: 'busy' });
    expect(noDelay).toEqual({ ok: false, kind: 'throttled', message: 'HTTP 429', scope: 'account' });
    const developer = searchClassifier(
      googleError(429, 'RESOURCE_EXHAUSTED', [
        {
          errorCode: { quotaError: 'RESOURCE_EXHAUSTED' },
          details: { quotaErrorDetails: { rateScope: 'DEVELOPER', retryDelay: '40591s' } },
        },
      ]),
    );
    expect(developer).toMatchObject({ scope: 'developer_token', retryAfterSeconds: 40591 });
  });

  it('tells auth failures from refusals a reconnect would not fix', () => {
    const kind = (status: number, name: string, errorCode?: Record<string, string>) => {
      const verdict = searchClassifier(
        googleError(status, name, errorCode ? [{ errorCode, message: 'm' }] : []),
      );
      return verdict.ok ? 'ok' : verdict.kind;
    };
    expect(kind(401, 'UNAUTHENTICATED', { authenticationError: 'OAUTH_TOKEN_EXPIRED' })).toBe('auth');
    expect(kind(401, 'UNAUTHENTICATED')).toBe('auth');
    // A token without the adwords scope: reconnecting grants it.
    expect(kind(403, 'PERMISSION_DENIED')).toBe('auth');
    expect(kind(403, 'PERMISSION_DENIED', { authorizationError: 'USER_PERMISSION_DENIED' })).toBe('rejected');
    expect(kind(403, 'PERMISSION_DENIED', { authorizationError: 'DEVELOPER_TOKEN_NOT_APPROVED' })).toBe(
      'rejected',
    );
    expect(kind(400, 'INVALID_ARGUMENT', { requestError: 'DEVELOPER_TOKEN_PARAMETER_MISSING' })).toBe(
      'rejected',
    );
    expect(kind(404, 'NOT_FOUND')).toBe('not_found');
    expect(kind(500, 'INTERNAL', { internalError: 'INTERNAL_ERROR' })).toBe('server');
    expect(kind(503, 'UNAVAILABLE')).toBe('server');
    const html = searchClassifier({ status: 502, headers: { 'request-id': 'h-1' }, body: '<html>' });
    expect(html).toEqual({ ok: false, kind: 'server', message: 'HTTP 502', requestId: 'h-1' });
  });

  it("reads the token endpoint's OAuth errors", () => {
    const refused = tokenClassifier({
      status: 400,
      headers: {},
      body: JSON.stringify({
        error: 'invalid_grant',
        error_description: 'Token has been expired or revoked.',
      }),
    });
    expect(refused).toEqual({
      ok: false,
      kind: 'auth',
      message: 'invalid_grant: Token has been expired or revoked.',
    });
    expect(tokenClassifier({ status: 503, headers: {}, body: '' })).toMatchObject({ kind: 'server' });
  });
});

describe('the GAQL the adapter sends and the sandbox parses', () => {
  it('builds queries whose values cannot change their shape', () => {
    expect(gaqlString("it's \\ fine")).toBe("'it\\'s \\\\ fine'");
    expect(adInAdGroupQuery('123', 'sandbox_slow')).toContain(
      "ad_group.id = 123 AND ad_group_ad.ad.id = 'sandbox_slow'",
    );
    const parsed = parseGaql(adInAdGroupQuery('123', "x' OR '1"));
    expect(parsed.conditions.at(-1)).toEqual({
      field: 'ad_group_ad.ad.id',
      operator: '=',
      values: [{ kind: 'string', value: "x' OR '1" }],
    });
  });

  it('parses SELECT, FROM, WHERE with =, IN and AND, TRUE/FALSE, and LIMIT', () => {
    expect(parseGaql(assetQuery(['images', 'callouts']))).toMatchObject({
      resource: 'asset',
      conditions: [
        { field: 'asset.type', operator: 'IN', values: [{ value: 'IMAGE' }, { value: 'CALLOUT' }] },
      ],
    });
    expect(parseGaql('select customer.id from customer')).toEqual({
      fields: ['customer.id'],
      resource: 'customer',
      conditions: [],
      orderings: [],
    });
    expect(
      parseGaql(
        'SELECT customer_client.id FROM customer_client WHERE customer_client.manager = FALSE LIMIT 5',
      ),
    ).toEqual({
      fields: ['customer_client.id'],
      resource: 'customer_client',
      conditions: [
        { field: 'customer_client.manager', operator: '=', values: [{ kind: 'bool', value: 'false' }] },
      ],
      orderings: [],
      limit: 5,
    });
  });

  it('parses the reporting grammar: comparisons, NOT IN, BETWEEN, DURING, bare literals, ORDER BY', () => {
    expect(
      parseGaql(
        'SELECT campaign.id, metrics.clicks, segments.date FROM campaign WHERE campaign.status != REMOVED ' +
          'AND campaign.id NOT IN (1, 2) AND segments.date BETWEEN \'2026-11-01\' AND "20261122" ' +
          'AND segments.date DURING LAST_30_DAYS AND metrics.clicks >= 10 ' +
          'ORDER BY metrics.clicks DESC, segments.date ASC, campaign.id LIMIT 7',
      ),
    ).toEqual({
      fields: ['campaign.id', 'metrics.clicks', 'segments.date'],
      resource: 'campaign',
      conditions: [
        { field: 'campaign.status', operator: '!=', values: [{ kind: 'word', value: 'REMOVED' }] },
        {
          field: 'campaign.id',
          operator: 'NOT IN',
          values: [
            { kind: 'number', value: '1' },
            { kind: 'number', value: '2' },
          ],
        },
        {
          field: 'segments.date',
          operator: 'BETWEEN',
          values: [
            { kind: 'string', value: '2026-11-01' },
            { kind: 'string', value: '20261122' },
          ],
        },
        { field: 'segments.date', operator: 'DURING', values: [{ kind: 'word', value: 'LAST_30_DAYS' }] },
        { field: 'metrics.clicks', operator: '>=', values: [{ kind: 'number', value: '10' }] },
      ],
      orderings: [
        { field: 'metrics.clicks', descending: true },
        { field: 'segments.date', descending: false },
        { field: 'campaign.id', descending: false },
      ],
      limit: 7,
    });
  });

  it('refuses what it does not support, naming what it found', () => {
    const refusal = (query: string) => {
      try {
        parseGaql(query);
        return undefined;
      } catch (error) {
        return error instanceof GaqlError ? `${error.code}: ${error.message}` : String(error);
      }
    };
    expect(refusal('SELECT a.b FROM a WHERE a.b = 1 OR a.b = 2')).toMatch(
      /^QUERY_ERROR: Error in query: expected AND, ORDER BY or LIMIT, found 'OR'/,
    );
    expect(refusal('SELECT a.b FROM a GROUP BY a.b')).toMatch(
      /expected WHERE, ORDER BY or LIMIT, found 'GROUP'/,
    );
    expect(refusal('SELECT a.b FROM a LIMIT 2 ORDER BY a.b')).toMatch(
      /expected the end of the query, found 'ORDER'/,
    );
    expect(refusal('SELECT a.b FROM a ORDER a.b')).toMatch(/^EXPECTED_BY/);
    expect(refusal('SELECT a.b FROM a ORDER BY a.b LIMIT 2 PARAMETERS include_drafts=true')).toMatch(
      /^BAD_PARAMETER_NAME/,
    );
    expect(refusal("SELECT a.b FROM a WHERE a.b LIKE '%x%'")).toMatch(
      /^BAD_OPERATOR: .*does not run the operator LIKE/,
    );
    expect(refusal("SELECT a.b FROM a WHERE a.b NOT LIKE '%x%'")).toMatch(/operator NOT LIKE/);
    expect(refusal('SELECT a.b FROM a WHERE a.b IS NULL')).toMatch(/operator IS/);
    expect(refusal("SELECT a.b FROM a WHERE a.b BETWEEN '2026-01-01' '2026-01-02'")).toMatch(/^EXPECTED_AND/);
    expect(refusal('SELECT a.b FROM a WHERE a.b BETWEEN')).toMatch(/^UNEXPECTED_END_OF_QUERY/);
    expect(refusal('SELECT a.b FROM a WHERE a.b = (1, 2)')).toMatch(/^EXPECTED_SINGLE_VALUE/);
    expect(refusal('SELECT a.b FROM a WHERE a.b IN 1')).toMatch(/^EXPECTED_LIST/);
    expect(refusal('SELECT a.b FROM a WHERE a.b NOT IN ()')).toMatch(/^PROHIBITED_EMPTY_LIST_IN_CONDITION/);
    expect(refusal('SELECT a.b FROM a WHERE a.b ~ 1')).toMatch(
      /^QUERY_ERROR: Error in query: unexpected input "~"/,
    );
    expect(refusal('SELECT a.b FROM a LIMIT 0')).toMatch(/^LIMIT_VALUE_TOO_LOW/);
    expect(refusal("SELECT a.b FROM a LIMIT 'x'")).toMatch(/^BAD_LIMIT_VALUE/);
    expect(refusal('SELECT a.b FROM a LIMIT 1.5')).toMatch(/^BAD_LIMIT_VALUE/);
    expect(refusal("SELECT a.b FROM a WHERE a.b = 'open")).toMatch(/^UNEXPECTED_END_OF_QUERY/);
    expect(refusal('SELECT a.b FROM a WHERE a.b IN (1, )')).toMatch(
      /expected a number, a quoted string, TRUE, FALSE or a literal, found '\)'/,
    );
    expect(refusal('DELETE FROM a')).toMatch(/^EXPECTED_SELECT: .*expected SELECT, found 'DELETE'/);
    expect(refusal('SELECT a.b WHERE a.b = 1')).toMatch(/^EXPECTED_FROM/);
  });
});

describe("GAQL's dates in the sandbox", () => {
  it('reads both ISO 8601 forms, and only calendar dates', () => {
    expect(dateLiteral('2026-11-01')).toBe('2026-11-01');
    expect(dateLiteral('20261101')).toBe('2026-11-01');
    expect(dateLiteral('2026-02-29')).toBeUndefined();
    expect(dateLiteral('2026-1101')).toBeUndefined();
    expect(dateLiteral('yesterday')).toBeUndefined();
  });

  it('names the days of each predefined range from a midweek today', () => {
    // Wednesday 2026-11-18.
    const on = (name: Parameters<typeof dateRange>[0]) => dateRange(name, '2026-11-18');
    expect(on('LAST_BUSINESS_WEEK')).toEqual({ start: '2026-11-09', end: '2026-11-13' });
    expect(on('THIS_WEEK_SUN_TODAY')).toEqual({ start: '2026-11-15', end: '2026-11-18' });
    expect(on('THIS_WEEK_MON_TODAY')).toEqual({ start: '2026-11-16', end: '2026-11-18' });
    expect(on('LAST_WEEK_SUN_SAT')).toEqual({ start: '2026-11-08', end: '2026-11-14' });
    expect(on('LAST_WEEK_MON_SUN')).toEqual({ start: '2026-11-09', end: '2026-11-15' });
    expect(on('LAST_14_DAYS')).toEqual({ start: '2026-11-04', end: '2026-11-17' });
    expect(dateRange('LAST_MONTH', '2026-01-05')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(dateRange('THIS_MONTH', '2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-11-22', 37)).toBe('2023-10-22');
  });
});
