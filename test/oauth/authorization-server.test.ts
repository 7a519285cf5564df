import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findUserByEmail } from '../../src/storage/users.ts';
import { ConsoleClient, PASSWORD, uniqueEmail } from '../console/support/console-client.ts';
import { callTool, connectOverHttp } from '../mcp/clients.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import type { TestService } from '../support/service.ts';
import {
  authorize,
  exchangeCode,
  LOOPBACK_REDIRECT,
  newPkce,
  type OAuthClient,
  obtainTokens,
  publicClient,
  refresh,
  registerClient,
  revokeToken,
  signedInOwner,
  startOAuthService,
} from './support/oauth-flow.ts';

/** The REST door's error envelope (as test/e2e/endpoint.test.ts checks it). */
function expectErrorEnvelope(body: Record<string, any>, code: string, tool: string) {
  expect(body).toMatchObject({ success: false, is_error: true, code, tool });
  expect(typeof body.error).toBe('string');
  expect(body.request_id).toMatch(/^req_/);
}

/** What a refused token request must not carry. */
function expectNothingGranted(body: Record<string, any>) {
  expect(body.access_token).toBeUndefined();
  expect(body.refresh_token).toBeUndefined();
}

describe.each(TEST_DIALECTS)('adops as an OAuth authorization server, on %s', (dialect) => {
  let service: TestService;
  let url: string;
  /** One public client (DCR) for the whole file: registration is rate limited per address. */
  let client: OAuthClient;

  beforeAll(async () => {
    service = await startOAuthService(dialect);
    url = service.url;
    client = await publicClient(url);
  });
  afterAll(() => service.stop());
  afterEach(() => {
    vi.useRealTimers();
  });

  const usage = (token: string) => service.call('get_usage_status', {}, { key: token });
  const resourceMetadataUrl = () => `${url}/.well-known/oauth-protected-resource`;

  async function tokens(options: Parameters<typeof obtainTokens>[3] = {}) {
    const { owner } = await signedInOwner(url);
    return obtainTokens(url, owner, client, options);
  }

  async function authorizedCode() {
    const { owner } = await signedInOwner(url);
    const pkce = newPkce();
    const authorized = await authorize(owner, client, { pkce });
    expect(authorized.error).toBeNull();
    return { code: authorized.code ?? '', pkce, owner };
  }

  it('publishes the authorization server metadata (RFC 8414), the same at the OpenID address', async () => {
    const response = await fetch(`${url}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, any>;
    expect(metadata).toMatchObject({
      issuer: url,
      authorization_endpoint: `${url}/oauth/authorize`,
      token_endpoint: `${url}/oauth/token`,
      registration_endpoint: `${url}/oauth/register`,
      revocation_endpoint: `${url}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    });
    expect(metadata.response_types_supported).toContain('code');
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['read', 'write', 'spend', 'offline_access']),
    );
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['none', 'client_secret_post', 'client_secret_basic']),
    );
    const openid = await fetch(`${url}/.well-known/openid-configuration`);
    expect(openid.status).toBe(200);
    expect(await openid.json()).toMatchObject({
      issuer: url,
      authorization_endpoint: metadata.authorization_endpoint,
      token_endpoint: metadata.token_endpoint,
      registration_endpoint: metadata.registration_endpoint,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('publishes the protected resource metadata (RFC 9728), the resource being the URL asked about', async () => {
    const resources: Record<string, string> = { '': `${url}/`, '/mcp': `${url}/mcp` };
    for (const [path, resource] of Object.entries(resources)) {
      const response = await fetch(`${url}/.well-known/oauth-protected-resource${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.json()).toMatchObject({
        resource,
        authorization_servers: [url],
        scopes_supported: ['read', 'write', 'spend'],
        bearer_methods_supported: ['header'],
        resource_name: 'adops',
      });
    }
  });

  it('answers 401 on /mcp and REST execute with WWW-Authenticate naming the resource metadata', async () => {
    const challenge = `Bearer realm="adops", resource_metadata="${resourceMetadataUrl()}"`;
    const mcpChallenge = `Bearer realm="adops", resource_metadata="${resourceMetadataUrl()}/mcp"`;
    const mcp = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'probe', version: '1.0.0' },
        },
      }),
    });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toBe(mcpChallenge);
    expectErrorEnvelope((await mcp.json()) as Record<string, any>, 'unauthenticated', '');

    const rest = await service.call('get_usage_status', {});
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toBe(challenge);
    expectErrorEnvelope(rest.body, 'unauthenticated', 'get_usage_status');

    // A token that was sent and refused says so.
    const refused = await usage('not-a-token-adops-issued');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${resourceMetadataUrl()}"`);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expectErrorEnvelope(refused.body, 'unauthenticated', 'get_usage_status');
  });

  it('runs the code flow with PKCE: the token calls REST and MCP as the owner', async () => {
    const { owner, email } = await signedInOwner(url);
    const pkce = newPkce();
    const authorized = await authorize(owner, client, { pkce, state: 'state-123' });
    expect(authorized.consentPage).toContain('Allow Test connector to use adops?');
    expect(authorized.consentPage).toContain('127.0.0.1');
    expect(authorized.redirect.searchParams.get('state')).toBe('state-123');
    expect(authorized.redirect.searchParams.get('iss')).toBe(url);
    const exchanged = await exchangeCode(url, client, authorized.code ?? '', pkce.verifier);
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect(exchanged.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    // The resource's scopes, nested (write allows read); offline_access only asks for the refresh token.
    expect(exchanged.body.scope).toBe('read write');
    expect(exchanged.body.refresh_token).toEqual(expect.any(String));
    expect(exchanged.headers.get('cache-control')).toBe('no-store');

    const rest = await usage(exchanged.body.access_token);
    expect(rest.status).toBe(200);
    expect(rest.body.success).toBe(true);

    const mcp = await connectOverHttp(url, exchanged.body.access_token);
    try {
      const result = await callTool(mcp, { name: 'list_connected_accounts', arguments: {} });
      expect(result.isError).toBeFalsy();
    } finally {
      await mcp.close();
    }
    // The owner sees the app under "Connected apps".
    expect((await owner.get('/keys')).text).toContain('Revoke “Test connector”');
    const user = await findUserByEmail(service.services.storage.db, email);
    expect((await service.auditRow(rest.body.request_id)).user_id).toBe(user?.id);
  });

  it('answers a consent page of no pending request with a page saying so, granting nothing', async () => {
    const { owner } = await signedInOwner(url);
    const page = await owner.get('/oauth/consent/no-such-request');
    expect(page.status).toBe(400);
    expect(page.text).toContain('This sign-in request has ended');
    expect((await owner.get('/keys')).text).not.toContain('/keys/apps/');
  });

  it('sends the owner back with access_denied when the owner denies, and grants nothing', async () => {
    const { owner } = await signedInOwner(url);
    const denied = await authorize(owner, client, { pkce: newPkce(), consent: { decision: 'deny' } });
    expect(denied.code).toBeNull();
    expect(denied.error).toBe('access_denied');
    expect((await owner.get('/keys')).text).not.toContain('Revoke “Test connector”');
  });

  it('refuses an unknown client on an error page and never redirects to its URI', async () => {
    const { owner } = await signedInOwner(url);
    const pkce = newPkce();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'no-such-client',
      redirect_uri: 'https://attacker.example/callback',
      scope: 'write',
      state: 'x',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const answer = await owner.get(`/oauth/authorize?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.text).toContain('invalid_client');
    // The token endpoint refuses it too, with the RFC 6749 code.
    const token = await exchangeCode(
      url,
      { clientId: 'no-such-client', redirectUri: LOOPBACK_REDIRECT },
      'x',
    );
    expect([token.status, token.body.error]).toEqual([401, 'invalid_client']);
    expectNothingGranted(token.body);
  });

  it('refuses a redirect URI that does not match a registered one exactly, without redirecting', async () => {
    const { owner } = await signedInOwner(url);
    for (const redirectUri of [
      'https://attacker.example/callback',
      `${LOOPBACK_REDIRECT}/more`,
      `${LOOPBACK_REDIRECT}?next=1`,
      'http://127.0.0.1:8977/callback',
      'http://localhost:8976/callback',
    ]) {
      const pkce = newPkce();
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: redirectUri,
        scope: 'write',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      });
      const answer = await owner.get(`/oauth/authorize?${query}`);
      expect(answer.status, redirectUri).toBe(400);
      expect(answer.location, redirectUri).toBeNull();
      expect(answer.text, redirectUri).toContain('invalid_redirect_uri');
    }
    // A code is bound to its redirect URI: exchanging it with another one is invalid_grant.
    const { code, pkce } = await authorizedCode();
    const other = await exchangeCode(
      url,
      { ...client, redirectUri: `${LOOPBACK_REDIRECT}/more` },
      code,
      pkce.verifier,
    );
    expect([other.status, other.body.error]).toEqual([400, 'invalid_grant']);
    expectNothingGranted(other.body);
  });

  it('requires PKCE of a public client and refuses the plain method', async () => {
    const { owner } = await signedInOwner(url);
    const none = await authorize(owner, client, { pkce: false });
    expect(none.consentPage).toBeNull();
    expect(none.code).toBeNull();
    expect(none.error).toBe('invalid_request');
    expect(none.redirect.searchParams.get('error_description')).toContain('PKCE');

    const plain = await authorize(owner, client, {
      pkce: false,
      params: { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' },
    });
    expect(plain.code).toBeNull();
    expect(plain.error).toBe('invalid_request');
    expect(plain.redirect.searchParams.get('error_description')).toContain('code_challenge_method');
  });

  it('refuses a missing or wrong PKCE verifier with invalid_grant', async () => {
    const { code, pkce } = await authorizedCode();
    const missing = await exchangeCode(url, client, code);
    expect([missing.status, missing.body.error]).toEqual([400, 'invalid_grant']);
    expectNothingGranted(missing.body);
    const wrong = await exchangeCode(url, client, code, newPkce().verifier);
    expect([wrong.status, wrong.body.error]).toEqual([400, 'invalid_grant']);
    expectNothingGranted(wrong.body);
    // Only the holder of the verifier gets the tokens.
    const right = await exchangeCode(url, client, code, pkce.verifier);
    expect(right.status).toBe(200);
  });

  it('refuses a replayed code and revokes what its first exchange gave', async () => {
    const { code, pkce, owner } = await authorizedCode();
    const first = await exchangeCode(url, client, code, pkce.verifier);
    expect(first.status).toBe(200);
    expect((await usage(first.body.access_token)).status).toBe(200);

    const replayed = await exchangeCode(url, client, code, pkce.verifier);
    expect([replayed.status, replayed.body.error]).toEqual([400, 'invalid_grant']);
    expectNothingGranted(replayed.body);

    const after = await usage(first.body.access_token);
    expect(after.status).toBe(401);
    expectErrorEnvelope(after.body, 'unauthenticated', 'get_usage_status');
    const refreshed = await refresh(url, client, first.body.refresh_token);
    expect([refreshed.status, refreshed.body.error]).toEqual([400, 'invalid_grant']);
    expectNothingGranted(refreshed.body);
    // The ended approval leaves the owner's Connected apps.
    expect((await owner.get('/keys')).text).not.toContain('Revoke “Test connector”');
  });

  it('binds tokens to this resource: any other is invalid_target', async () => {
    // At the token endpoint.
    const { code, pkce } = await authorizedCode();
    const other = await exchangeCode(url, client, code, pkce.verifier, {
      resource: 'https://other.example/',
    });
    expect([other.status, other.body.error]).toEqual([400, 'invalid_target']);
    expectNothingGranted(other.body);
    // At the authorization endpoint: back to the client with the error, no code.
    const { owner } = await signedInOwner(url);
    const asked = await authorize(owner, client, {
      pkce: newPkce(),
      params: { resource: 'https://other.example/' },
    });
    expect(asked.code).toBeNull();
    expect(asked.error).toBe('invalid_target');
    // Another port of the same host is another resource too.
    const port = await authorize(owner, client, {
      pkce: newPkce(),
      params: { resource: `http://127.0.0.1:1/mcp` },
    });
    expect(port.error).toBe('invalid_target');
    // This service's resource, named or not, is accepted; so is its MCP endpoint, which MCP clients
    // name, and a token for it is good on the REST door too.
    const named = await tokens({ params: { resource: `${url}/` } });
    expect((await usage(named.access_token)).status).toBe(200);
    const forMcp = await tokens({ params: { resource: `${url}/mcp` } });
    expect((await usage(forMcp.access_token)).status).toBe(200);
  });

  it('rotates refresh tokens: the old one is refused after use, and its reuse ends the grant', async () => {
    const first = await tokens();
    const second = await refresh(url, client, first.refresh_token ?? '');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.refresh_token).toEqual(expect.any(String));
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect((await usage(second.body.access_token)).status).toBe(200);

    const reused = await refresh(url, client, first.refresh_token ?? '');
    expect([reused.status, reused.body.error]).toEqual([400, 'invalid_grant']);
    expectNothingGranted(reused.body);
    // A stolen refresh token was used twice: everything of the grant stops working.
    expect((await usage(second.body.access_token)).status).toBe(401);
    const latest = await refresh(url, client, second.body.refresh_token);
    expect([latest.status, latest.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('refuses a revoked access token on the API with 401 and the envelope', async () => {
    const granted = await tokens();
    expect((await usage(granted.access_token)).status).toBe(200);
    const revoked = await revokeToken(url, client, granted.access_token);
    expect(revoked.status).toBe(200);
    const after = await usage(granted.access_token);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expectErrorEnvelope(after.body, 'unauthenticated', 'get_usage_status');
    // Revoking the refresh token ends it too.
    await revokeToken(url, client, granted.refresh_token ?? '');
    const refreshed = await refresh(url, client, granted.refresh_token ?? '');
    expect([refreshed.status, refreshed.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('refuses an expired access token (15 minutes) with 401 and the envelope', async () => {
    const granted = await tokens();
    expect(granted.expires_in).toBe(900);
    expect((await usage(granted.access_token)).status).toBe(200);
    // The service runs in this process: move its wall clock past the token's lifetime.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 901_000);
    const after = await usage(granted.access_token);
    // What a client does then: refresh (the refresh token lives 30 days) and carry on.
    const refreshed = await refresh(url, client, granted.refresh_token ?? '');
    const renewed = await usage(refreshed.body.access_token);
    vi.useRealTimers();
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expectErrorEnvelope(after.body, 'unauthenticated', 'get_usage_status');
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(renewed.status).toBe(200);
  });

  it('revokes an app from the console: its tokens are 401 at once, its refresh token refused', async () => {
    const { owner } = await signedInOwner(url);
    const granted = await obtainTokens(url, owner, client);
    const keys = await owner.get('/keys');
    const action = /action="(\/keys\/apps\/[^"]+\/revoke)"/.exec(keys.text)?.[1];
    expect(action).toBeDefined();
    const revoked = await owner.submit('/keys', action ?? '', {});
    expect(revoked.status).toBe(303);
    const after = await usage(granted.access_token);
    expect(after.status).toBe(401);
    expectErrorEnvelope(after.body, 'unauthenticated', 'get_usage_status');
    const refreshed = await refresh(url, client, granted.refresh_token ?? '');
    expect([refreshed.status, refreshed.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('forgets who signed in when the owner signs out of the console: the next owner there is asked', async () => {
    const { owner: browser } = await signedInOwner(url);
    const app = await publicClient(url);
    await obtainTokens(url, browser, app, { scope: 'read', consent: { scope: 'read' } });
    // The same browser: the first owner signs out, another signs in and connects the same app.
    expect((await browser.submit('/keys', '/logout', {})).status).toBe(303);
    const next = uniqueEmail('oauth-next');
    await new ConsoleClient(url).signUp(next, PASSWORD);
    expect((await browser.signIn(next, PASSWORD)).status).toBe(303);
    const pkce = newPkce();
    const again = await authorize(browser, app, { pkce, scope: 'read', consent: { scope: 'read' } });
    expect(again.consentPage).toContain('Allow Test connector to use adops?');
    const exchanged = await exchangeCode(url, app, again.code ?? '', pkce.verifier);
    const called = await usage(exchanged.body.access_token);
    const user = await findUserByEmail(service.services.storage.db, next);
    expect((await service.auditRow(called.body.request_id)).user_id).toBe(user?.id);
  });

  it('replaces an app’s approval when it asks for more: one row in Connected apps, the old tokens ended', async () => {
    const { owner } = await signedInOwner(url);
    const wider = await publicClient(url);
    const first = await obtainTokens(url, owner, wider, { scope: 'read', consent: { scope: 'read' } });
    const second = await obtainTokens(url, owner, wider, { scope: 'write', consent: { scope: 'write' } });
    expect(second.scope).toBe('read write');
    const rows = (await owner.get('/keys')).text.match(/action="\/keys\/apps\/[^"]+\/revoke"/g) ?? [];
    expect(rows).toHaveLength(1);
    expect((await usage(first.access_token)).status).toBe(401);
    expect((await usage(second.access_token)).status).toBe(200);
  });
});

describe('OAuth client registration', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startOAuthService('sqlite');
  });
  afterAll(() => service.stop());

  it('refuses a redirect URI scheme it cannot trust', async () => {
    const answer = await registerClient(service.url, { redirect_uris: ['javascript:alert(1)'] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_redirect_uri');
    expect(answer.body.client_id).toBeUndefined();
  });

  it('takes a desktop client registering a redirect URI of its own scheme as native; refuses unsafe schemes', async () => {
    const cursor = await registerClient(service.url, {
      redirect_uris: ['cursor://anysphere.cursor-retrieval/oauth/user-adops/callback'],
      software_id: 'cursor',
    });
    expect(cursor.status, JSON.stringify(cursor.body)).toBe(201);
    expect(cursor.body).toMatchObject({ application_type: 'native', software_id: 'cursor' });
    for (const uri of ['data:text/html,hi', 'file:///etc/passwd']) {
      const refused = await registerClient(service.url, { redirect_uris: [uri] });
      expect([refused.status, refused.body.error], uri).toEqual([400, 'invalid_redirect_uri']);
    }
  });

  it("registers a client naming the API's scopes, as the MCP SDK does (scope from the resource metadata)", async () => {
    const answer = await registerClient(service.url, { scope: 'read write spend' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.client_id).toEqual(expect.any(String));
    expect(answer.body.redirect_uris).toEqual([LOOPBACK_REDIRECT]);
  });

  it('rate limits registration per client address: 429 at some point, and nothing registered then', async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof registerClient>> | undefined;
    for (let attempt = 0; attempt < 200 && !limited; attempt++) {
      const answer = await registerClient(service.url, { client_name: `flood ${attempt}` });
      statuses.push(answer.status);
      if (answer.status === 429) limited = answer;
    }
    expect(limited, `statuses: ${statuses.join(',')}`).toBeDefined();
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(limited?.body.client_id).toBeUndefined();
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
