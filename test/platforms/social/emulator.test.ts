import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { accessTokenOf, graph, ownerWithMagicAccount, proofOf, socialAccounts } from './support.ts';

/** Every Graph error carries Meta's fields and a trace id, in the body and the header. */
function expectGraphError(
  answer: { status: number; headers: Headers; body: any },
  status: number,
  code: number,
) {
  expect(answer.status).toBe(status);
  expect(answer.body.error).toMatchObject({ code, type: expect.any(String), message: expect.any(String) });
  expect(answer.body.error.fbtrace_id).toMatch(/^[A-Za-z0-9_-]{10,}$/);
  expect(answer.headers.get('x-fb-trace-id')).toBe(answer.body.error.fbtrace_id);
}

describe.each(TEST_DIALECTS)('the social sandbox (Meta Graph API) on %s', (dialect) => {
  let service: TestService;
  let owner: Owner;
  let token: string;
  let accountId: string;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    owner = await service.createOwner('free', ['social']);
    token = await accessTokenOf(service, owner);
    accountId = (await socialAccounts(service, owner))[0]?.account_id ?? '';
  });
  afterAll(() => service.stop());

  it('lists the seeded Instagram accounts authorized for ads and those linked to pages', async () => {
    const authorized = await graph(
      service,
      `/v25.0/${accountId}/instagram_accounts?fields=id,username`,
      token,
    );
    expect(authorized.status).toBe(200);
    expect(authorized.body.data.map((a: any) => a.username)).toEqual([
      'acme.studio',
      'acme.shop',
      'acme.archive',
    ]);
    expect(authorized.body.data[0].id).toMatch(/^178414\d{11}$/);
    expect(authorized.headers.get('x-fb-trace-id')).toBeTruthy();
    const linked = await graph(
      service,
      `/v25.0/${accountId}/connected_instagram_accounts?fields=username`,
      token,
    );
    expect(linked.body.data).toEqual([
      { username: 'acme.studio', id: authorized.body.data[0].id },
      { username: 'acme.shop', id: authorized.body.data[1].id },
    ]);
    const bare = await graph(service, `/v25.0/${accountId}/instagram_accounts`, token);
    expect(Object.keys(bare.body.data[0])).toEqual(['id']);
    const pages = await graph(
      service,
      `/v25.0/${accountId}/promote_pages?fields=id,name,connected_instagram_account{id,username}`,
      token,
    );
    expect(pages.body.data.map((p: any) => [p.name, p.connected_instagram_account?.username])).toEqual([
      ['Acme Studio', 'acme.studio'],
      ['Acme Shop', 'acme.shop'],
      ['Acme Careers', undefined],
    ]);
  });

  it('pages with limit and absolute paging.next links that carry the token and the proof', async () => {
    const seen: string[] = [];
    let url: string | undefined =
      `${service.url}/sandbox/social/v25.0/${accountId}/instagram_accounts?fields=username&limit=1` +
      `&appsecret_proof=${proofOf(token)}`;
    while (url) {
      // Only the first call has the token as a header: Meta's links carry it, as the SDKs expect.
      const first = seen.length === 0;
      const response = await fetch(url, { headers: first ? { authorization: `Bearer ${token}` } : {} });
      const body: any = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(200);
      seen.push(...body.data.map((a: any) => a.username));
      if (body.paging?.next) {
        const next = new URL(body.paging.next);
        expect(next.origin).toBe(service.url);
        expect(next.searchParams.get('access_token')).toBe(token);
        expect(next.searchParams.get('appsecret_proof')).toBe(proofOf(token));
        expect(body.paging.cursors.after).toBeTruthy();
      }
      url = body.paging?.next;
    }
    expect(seen).toEqual(['acme.studio', 'acme.shop', 'acme.archive']);
    const counted = await graph(
      service,
      `/v25.0/${accountId}/promote_pages?summary=total_count&limit=1`,
      token,
    );
    expect(counted.body.summary).toEqual({ total_count: 3 });
    expect(counted.body.data).toHaveLength(1);
    const bad = await graph(service, `/v25.0/${accountId}/instagram_accounts?after=nonsense`, token);
    expectGraphError(bad, 400, 100);
  });

  it('rejects a missing token (104), an unknown one (190) and an unknown field (100)', async () => {
    const missing = await graph(service, `/v25.0/${accountId}/instagram_accounts`);
    expectGraphError(missing, 400, 104);
    expect(missing.body.error.message).toBe('An access token is required to request this resource.');
    const unknown = await graph(
      service,
      `/v25.0/${accountId}/instagram_accounts`,
      'sbx_social_access_forged',
    );
    expectGraphError(unknown, 400, 190);
    expect(unknown.body.error.type).toBe('OAuthException');
    expect(unknown.headers.get('www-authenticate')).toContain('invalid_token');
    const field = await graph(service, `/v25.0/${accountId}/instagram_accounts?fields=id,password`, token);
    expectGraphError(field, 400, 100);
    expect(field.body.error.message).toContain('nonexisting field (password) on node type (IGUser)');
  });

  it('rejects an ad account the token was not granted (200) and one that does not exist (100/33)', async () => {
    const other = await service.createOwner('free', ['social']);
    const [otherAccount] = await socialAccounts(service, other);
    const forbidden = await graph(service, `/v25.0/${otherAccount?.account_id}/instagram_accounts`, token);
    expectGraphError(forbidden, 403, 200);
    expect(forbidden.body.error.message).toBe(
      '(#200) Ad account owner has NOT grant ads_management or ads_read permission',
    );
    const missing = await graph(service, '/v25.0/act_999999999/instagram_accounts', token);
    expectGraphError(missing, 400, 100);
    expect(missing.body.error).toMatchObject({ error_subcode: 33, type: 'GraphMethodException' });
    const edge = await graph(service, `/v25.0/${accountId}/no_such_edge`, token);
    expectGraphError(edge, 400, 100);
    expect(edge.body.error.message).toBe(
      '(#100) Tried accessing nonexisting field (no_such_edge) on node type (AdAccount)',
    );
    expectGraphError(await graph(service, `/v25.0/nothing/here/at/all`, token), 400, 2500);
  });

  it('requires appsecret_proof as an app with Meta\'s "Require App Secret" does', async () => {
    const missing = await graph(service, `/v25.0/${accountId}/instagram_accounts`, token, { proof: false });
    expectGraphError(missing, 400, 100);
    expect(missing.body.error).toMatchObject({
      type: 'GraphMethodException',
      message: 'API calls from the server require an appsecret_proof argument',
    });
    const other = await accessTokenOf(service, await service.createOwner('free', ['social']));
    const wrong = await graph(service, `/v25.0/me/adaccounts?appsecret_proof=${proofOf(other)}`, token, {
      proof: false,
    });
    expectGraphError(wrong, 400, 100);
    expect(wrong.body.error.message).toBe('Invalid appsecret_proof provided in the API argument');
    // The token is checked first: a forged one is a token error, whatever the proof.
    expectGraphError(await graph(service, '/v25.0/me/adaccounts', 'forged', { proof: false }), 400, 190);
  });

  it('refuses unknown parameters, wrong methods and versions Meta does not serve', async () => {
    const parameter = await graph(service, `/v25.0/${accountId}/instagram_accounts?filtering=[]`, token);
    expectGraphError(parameter, 400, 100);
    expect(parameter.body.error.error_user_msg).toMatch(/^filtering is not a parameter of this endpoint/);
    for (const method of ['POST', 'DELETE']) {
      const wrong = await graph(service, `/v25.0/${accountId}/promote_pages`, token, { method });
      expectGraphError(wrong, 400, 100);
      expect(wrong.body.error).toMatchObject({ type: 'GraphMethodException', error_subcode: 33 });
      expect(wrong.body.error.message).toMatch(new RegExp(`^Unsupported ${method.toLowerCase()} request`));
    }
    const future = await graph(service, `/v99.0/${accountId}/instagram_accounts`, token);
    expectGraphError(future, 400, 2500);
    expect(future.body.error.message).toBe(`Unknown path components: /${accountId}/instagram_accounts`);
    const retired = await graph(service, '/v12.0/me/adaccounts', token);
    expectGraphError(retired, 400, 2635);
    expect(retired.body.error.message).toMatch(
      /^\(#2635\) You are calling a deprecated version of the Ads API/,
    );
    const expired = await graph(service, '/v22.0/me/adaccounts', token);
    expect(expired.status).toBe(200);
    // Upgraded to the oldest version still served, which the calendar moves over time.
    expect(expired.headers.get('x-ad-api-version-warning')).toMatch(
      /^The call has been auto-upgraded to v2[5-9]\.0 as v22\.0 will be deprecated\.$/,
    );
    expect(
      (await graph(service, '/v25.0/me/adaccounts', token)).headers.get('x-ad-api-version-warning'),
    ).toBeNull();
  });

  it('answers the magic ad accounts like the platform: throttle, server error, expired token', async () => {
    const limited = await graph(service, '/v25.0/act_4000000000000429/instagram_accounts', token);
    expectGraphError(limited, 400, 80004);
    expect(limited.body.error.error_subcode).toBe(2446079);
    const usage = JSON.parse(limited.headers.get('x-business-use-case-usage') ?? '{}');
    expect(usage['4000000000000429'][0]).toMatchObject({
      type: 'ads_management',
      estimated_time_to_regain_access: 1,
    });
    const failed = await graph(service, '/v25.0/act_4000123456780500/connected_instagram_accounts', token);
    expectGraphError(failed, 500, 2);
    expect(failed.body.error.is_transient).toBe(true);
    const expired = await graph(service, '/v25.0/act_4000000000000190/instagram_accounts', token);
    expectGraphError(expired, 400, 190);
    expect(expired.body.error.error_subcode).toBe(463);
    expect(expired.body.error.message).toContain('Session has expired');
    // Other 16-digit ids, and other endings, are ordinary ids: this one does not exist.
    expectGraphError(await graph(service, '/v25.0/act_4000000000000430/instagram_accounts', token), 400, 100);
  });

  it('serves a connected magic account normally apart from its fault', async () => {
    const magicOwner = await ownerWithMagicAccount(service, 'rate_limited');
    const magicToken = await accessTokenOf(service, magicOwner);
    const [magic] = await socialAccounts(service, magicOwner);
    expect(magic?.account_id).toMatch(/^act_4000\d{8}0429$/);
    const accounts = await graph(service, '/v25.0/me/adaccounts?fields=account_id,name,currency', magicToken);
    expect(accounts.body.data).toEqual([
      {
        account_id: magic?.account_id.replace('act_', ''),
        name: `Sandbox social ${magic?.account_id}`,
        currency: 'USD',
        id: magic?.account_id,
      },
    ]);
  });

  it('lists the ad accounts of a token on /me/adaccounts', async () => {
    const answer = await graph(service, '/v25.0/me/adaccounts?fields=account_id,name,currency', token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { account_id: accountId.replace('act_', ''), name: expect.any(String), currency: 'USD', id: accountId },
    ]);
    expect((await graph(service, '/v25.0/me/adaccounts', token)).body.data).toEqual([
      { account_id: accountId.replace('act_', ''), id: accountId },
    ]);
    expectGraphError(await graph(service, '/v25.0/me/adaccounts'), 400, 104);
  });
});
