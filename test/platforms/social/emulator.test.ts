import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { accessTokenOf, graph, ownerWithMagicAccount, socialAccounts } from './support.ts';

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
    expect(linked.body.data).toEqual([{ username: 'acme.studio' }, { username: 'acme.shop' }]);
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

  it('pages with limit and absolute paging.next links on the same host', async () => {
    const seen: string[] = [];
    let url: string | undefined =
      `${service.url}/sandbox/social/v25.0/${accountId}/instagram_accounts?fields=username&limit=1`;
    while (url) {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body: any = await response.json();
      seen.push(...body.data.map((a: any) => a.username));
      if (body.paging?.next) {
        expect(new URL(body.paging.next).origin).toBe(service.url);
        expect(body.paging.cursors.after).toBeTruthy();
      }
      url = body.paging?.next;
    }
    expect(seen).toEqual(['acme.studio', 'acme.shop', 'acme.archive']);
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
    expectGraphError(await graph(service, `/v25.0/${accountId}/no_such_edge`, token), 400, 2500);
  });

  it('answers the magic ad accounts like the platform: throttle, server error, expired token', async () => {
    const limited = await graph(service, '/v25.0/act_sandbox_rate_limited/instagram_accounts', token);
    expectGraphError(limited, 400, 80004);
    expect(limited.body.error.error_subcode).toBe(2446079);
    const usage = JSON.parse(limited.headers.get('x-business-use-case-usage') ?? '{}');
    expect(usage.sandbox_rate_limited[0]).toMatchObject({
      type: 'ads_management',
      estimated_time_to_regain_access: 1,
    });
    const failed = await graph(
      service,
      '/v25.0/act_sandbox_server_error/connected_instagram_accounts',
      token,
    );
    expectGraphError(failed, 500, 2);
    expect(failed.body.error.is_transient).toBe(true);
    const expired = await graph(service, '/v25.0/act_sandbox_token_expired/instagram_accounts', token);
    expectGraphError(expired, 400, 190);
    expect(expired.body.error.error_subcode).toBe(463);
    expect(expired.body.error.message).toContain('Session has expired');
  });

  it('serves a connected magic account normally apart from its fault', async () => {
    const magicOwner = await ownerWithMagicAccount(service, 'rate_limited');
    const magicToken = await accessTokenOf(service, magicOwner);
    const accounts = await graph(service, '/v25.0/me/adaccounts?fields=account_id,name,currency', magicToken);
    expect(accounts.body.data).toEqual([
      { account_id: 'sandbox_rate_limited', name: 'Magic rate_limited', currency: 'USD' },
    ]);
  });

  it('lists the ad accounts of a token on /me/adaccounts', async () => {
    const answer = await graph(service, '/v25.0/me/adaccounts?fields=account_id,name,currency', token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { account_id: accountId.replace('act_', ''), name: expect.any(String), currency: 'USD' },
    ]);
    expect((await graph(service, '/v25.0/me/adaccounts', token)).body.data).toEqual([
      { account_id: accountId.replace('act_', ''), id: accountId },
    ]);
    expectGraphError(await graph(service, '/v25.0/me/adaccounts'), 400, 104);
  });
});
