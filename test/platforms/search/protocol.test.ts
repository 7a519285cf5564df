import { describe, expect, it } from 'vitest';
import type { Endpoints } from '../../../src/platforms/endpoints.ts';
import { tokenClassifier } from '../../../src/platforms/oauth-token.ts';
import { searchClassifier, searchProtocol } from '../../../src/platforms/search/protocol.ts';
import { adInAdGroupQuery, assetQuery, gaqlString } from '../../../src/platforms/search/queries.ts';
import type { UpstreamResponse } from '../../../src/platforms/upstream.ts';
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
    expect(noDelay).toEqual({ ok: false, kind: 'throttled', message: 'HTTP 429' });
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

  it('parses SELECT, FROM, and WHERE with =, IN and AND', () => {
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
    expect(refusal('SELECT a.b FROM a ORDER BY a.b')).toMatch(
      /^QUERY_ERROR: Error in query: expected WHERE, found 'ORDER'/,
    );
    expect(refusal('SELECT a.b FROM a WHERE a.b = 1 OR a.b = 2')).toMatch(/expected AND, found 'OR'/);
    expect(refusal("SELECT a.b FROM a WHERE a.b = 'open")).toMatch(/^UNEXPECTED_END_OF_QUERY/);
    expect(refusal('SELECT a.b FROM a WHERE a.b IN ()')).toMatch(
      /expected a number or a quoted string, found '\)'/,
    );
    expect(refusal('DELETE FROM a')).toMatch(/expected SELECT, found 'DELETE'/);
  });
});
