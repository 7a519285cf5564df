import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredOAuthRecords } from '../../src/storage/oauth-records.ts';
import { sha256 } from '../../src/web/tokens.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { RawConnection, type RawResponse, requestHead } from '../support/raw-http.ts';
import type { TestService } from '../support/service.ts';
import {
  CHATGPT_REDIRECT,
  consoleClient,
  LOOPBACK_REDIRECT,
  newPkce,
  type OAuthClient,
  obtainTokens,
  publicClient,
  registerClient,
  signedInOwner,
  startOAuthService,
} from './support/oauth-flow.ts';

/**
 * What an outside attack on the authorization server found (issue 19), each finding held shut. One
 * service per database: registration allows ten clients per address, so the tests here try eight.
 */

const HOUR_MS = 60 * 60 * 1000;

/** A request sent byte for byte as written: fetch would tidy `/register/.` into `/register/`. */
async function raw(url: string, method: string, path: string, body = ''): Promise<RawResponse> {
  const connection = await RawConnection.open(url);
  try {
    const headers: Record<string, string> = { connection: 'close' };
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    connection.write(`${requestHead(method, path, headers)}\r\n${body}`);
    return await connection.response();
  } finally {
    connection.destroy();
  }
}

/** An OAuth error answer: its JSON shape, never cached. */
function expectOAuthError(
  answer: { status: number; headers: Headers | Record<string, string> },
  body: unknown,
) {
  const header = (name: string) =>
    answer.headers instanceof Headers ? answer.headers.get(name) : answer.headers[name];
  expect(header('content-type')).toMatch(/^application\/json/);
  expect(header('cache-control')).toBe('no-store');
  expect(body).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
}

describe.each(TEST_DIALECTS)('the authorization server against issue 19, on %s', (dialect) => {
  let service: TestService;
  let url: string;

  beforeAll(async () => {
    service = await startOAuthService(dialect);
    url = service.url;
  });
  afterAll(() => service.stop());

  const clientRecords = async () =>
    (
      await service.services.storage.db
        .selectFrom('oauth_records')
        .select('id_hash')
        .where('model', '=', 'Client')
        .execute()
    ).length;
  const clientExpiry = async (clientId: string) =>
    (
      await service.services.storage.db
        .selectFrom('oauth_records')
        .select('expires_at')
        .where('model', '=', 'Client')
        .where('id_hash', '=', sha256(clientId))
        .executeTakeFirst()
    )?.expires_at;

  /** Whether the authorization endpoint knows the client: it goes on to consent, or refuses it. */
  async function authorizationOf(client: OAuthClient) {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: 'read',
      code_challenge: newPkce().challenge,
      code_challenge_method: 'S256',
    });
    const response = await fetch(`${url}/oauth/authorize?${query}`, { redirect: 'manual' });
    return {
      status: response.status,
      location: response.headers.get('location'),
      text: await response.text(),
    };
  }

  // Item 4: `/oauth/register/` and other spellings reached the provider's registration past the limit.
  it('registers at one spelling only: variants of the path are a JSON 404 and register nothing', async () => {
    const before = await clientRecords();
    const metadata = JSON.stringify({
      client_name: 'Variant',
      redirect_uris: [LOOPBACK_REDIRECT],
      token_endpoint_auth_method: 'none',
    });
    // More than the ten an address may register: none of them gets through.
    const variants = [
      '/oauth/register/',
      '/oauth/Register',
      '/oauth/register/.',
      '/oauth//register',
      '/oauth/register;x',
    ];
    for (const path of [...variants, ...variants, '/oauth/REGISTER']) {
      const answer = await raw(url, 'POST', path, metadata);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(answer.status, path).toBe(404);
      expectOAuthError(answer, body);
      expect(body.error).toBe('not_found');
      expect(body.client_id).toBeUndefined();
    }
    expect(await clientRecords()).toBe(before);
  });

  it('refuses a registration over 16 KB with 413 invalid_client_metadata, and stores nothing', async () => {
    const before = await clientRecords();
    const answer = await registerClient(url, {
      client_name: 'Bloated',
      logo_uri: `https://x.example/${'a'.repeat(46_000)}`,
    });
    expect(answer.status).toBe(413);
    expectOAuthError(answer, answer.body);
    expect(answer.body.error).toBe('invalid_client_metadata');
    expect(answer.body.error_description).toContain('16384 bytes');
    expect(await clientRecords()).toBe(before);
  });

  // Item 6: 5,000 levels of nesting were a 500 from oidc-provider.
  it('refuses metadata nested deeper than 64 levels with 400 invalid_client_metadata, at any spelling', async () => {
    const before = await clientRecords();
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const body = `{"client_name":"Deep","redirect_uris":["${LOOPBACK_REDIRECT}"],"token_endpoint_auth_method":"none","id_token_signed_response_alg":${deep}}`;
    const answer = await raw(url, 'POST', '/oauth/register', body);
    const parsed = JSON.parse(answer.body) as Record<string, unknown>;
    expect(answer.status, answer.body).toBe(400);
    expectOAuthError(answer, parsed);
    expect(parsed.error).toBe('invalid_client_metadata');
    expect(parsed.error_description).toContain('deeper than 64 levels');
    const variant = await raw(url, 'POST', '/oauth/register/', body);
    expect([variant.status, JSON.parse(variant.body).error]).toEqual([404, 'not_found']);
    expect(await clientRecords()).toBe(before);
  });

  // Item 9: http:// redirect URIs on hosts other than this machine were registered.
  it('refuses an http redirect URI off this machine, at registration and in the console, saying what to use', async () => {
    const refused = await registerClient(url, { redirect_uris: ['http://evil.example/callback'] });
    expect(refused.status).toBe(400);
    expectOAuthError(refused, refused.body);
    expect(refused.body.error).toBe('invalid_redirect_uri');
    expect(refused.body.error_description).toContain('http://evil.example/callback');
    expect(refused.body.error_description).toContain('https://');
    expect(refused.body.client_id).toBeUndefined();
    // A list that is not one was a 500 (the rule's check walked it as an array).
    const notAList = await registerClient(url, { redirect_uris: 'https://app.example/callback' });
    expect([notAList.status, notAList.body.error]).toEqual([400, 'invalid_redirect_uri']);
    // https and loopback http (a native app's listener) stay allowed; an app's own scheme too
    // (authorization-server.test.ts registers Cursor's).
    const allowed = await registerClient(url, {
      redirect_uris: [
        'https://app.example/callback',
        'http://127.0.0.1:4711/callback',
        'http://[::1]:4711/callback',
        'http://localhost:4711/callback',
      ],
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);

    const { owner } = await signedInOwner(url);
    const inConsole = await owner.submit('/keys', '/keys/oauth-clients', {
      name: 'Plain GPT',
      redirect_uri: 'http://gpt.example/oauth/callback',
    });
    expect(inConsole.status).toBe(400);
    expect(inConsole.text).toContain(
      'The client was not created: redirect_uris: http://gpt.example/oauth/callback',
    );
    expect(inConsole.text).toContain('uses http:// on a host other than this machine');
    expect(inConsole.text).not.toContain('id="new-client-secret"');
  });

  // Item 10: these answered 404 text/plain.
  it('answers anything else under /oauth/ with OAuth JSON: 404 not_found, 405 for a known path', async () => {
    const unknown = [
      ['GET', '/oauth/nothing-here'],
      ['GET', '/oauth/userinfo'],
      ['POST', '/oauth/userinfo'],
      ['POST', '/oauth/introspect'],
      ['POST', '/oauth/par'],
      ['GET', '/oauth/logout'],
      ['POST', '/oauth/logout/confirm'],
      ['POST', '/oauth//register'],
      ['POST', '/oauth/register;x'],
      ['POST', '/oauth/token/'],
      ['DELETE', '/oauth/register/some-client'],
    ] as const;
    for (const [method, path] of unknown) {
      const answer = await raw(url, method, path);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(answer.status, `${method} ${path}`).toBe(404);
      expectOAuthError(answer, body);
      expect(body.error).toBe('not_found');
      expect(body.error_description).toContain(`${url}/.well-known/oauth-authorization-server`);
      expect(answer.headers['x-request-id']).toMatch(/^req_/);
    }
    const wrongMethod = await raw(url, 'GET', '/oauth/token');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST, OPTIONS');
    expectOAuthError(wrongMethod, JSON.parse(wrongMethod.body));
    expect(JSON.parse(wrongMethod.body).error).toBe('invalid_request');
  });

  // Item 13: nothing failed when the API stopped checking a token's audience.
  it('refuses a real access token issued for another resource: 401 naming this resource', async () => {
    const { owner } = await signedInOwner(url);
    const client = await publicClient(url);
    const granted = await obtainTokens(url, owner, client, { scope: 'read', consent: { scope: 'read' } });
    const usage = (token: string) => service.call('get_usage_status', {}, { key: token });
    expect((await usage(granted.access_token)).status).toBe(200);

    // The same live grant, client and owner: only the audience differs. oidc-provider issues tokens for
    // this service only, so the token is made with its own model and stored through the adapter.
    const provider = service.services.oauth.provider();
    const issued = await provider.AccessToken.find(granted.access_token);
    const registered = await provider.Client.find(client.clientId);
    if (!issued || !registered) throw new Error('the token or its client is gone');
    const foreign = new provider.AccessToken({
      client: registered,
      accountId: issued.accountId,
      grantId: issued.grantId,
      gty: 'authorization_code',
      scope: issued.scope,
      aud: 'https://other.example/',
      expiresIn: 900,
    });
    const value = await foreign.save();
    expect((await provider.AccessToken.find(value))?.aud).toBe('https://other.example/');

    const refused = await usage(value);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ success: false, code: 'unauthenticated' });
    expect(refused.body.error).toContain(`This access token was issued for another resource, not ${url}/.`);
    const challenge = refused.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain(`resource_metadata="${url}/.well-known/oauth-protected-resource"`);
  });

  // Item 4: registered clients never expired. Last: its sweep runs a day ahead and takes every token.
  it('forgets a client that registered itself and was never approved after a day; keeps approved and console ones', async () => {
    const { owner } = await signedInOwner(url);
    const unclaimed = await publicClient(url);
    const approved = await publicClient(url);
    await obtainTokens(url, owner, approved, { scope: 'read', consent: { scope: 'read' } });
    const made = await consoleClient(owner, 'Kept GPT', CHATGPT_REDIRECT);

    const expiry = Date.parse((await clientExpiry(unclaimed.clientId)) ?? '');
    expect(Math.abs(expiry - (Date.now() + 24 * HOUR_MS))).toBeLessThan(5 * 60_000);
    expect(await clientExpiry(approved.clientId)).toBeNull();
    expect(await clientExpiry(made.clientId)).toBeNull();

    const { db } = service.services.storage;
    await deleteExpiredOAuthRecords(db, new Date(Date.now() + 23 * HOUR_MS));
    expect((await authorizationOf(unclaimed)).status).toBe(303);
    // The maintenance sweep, a day later.
    await deleteExpiredOAuthRecords(db, new Date(Date.now() + 25 * HOUR_MS));
    const forgotten = await authorizationOf(unclaimed);
    expect(forgotten.status).toBe(400);
    expect(forgotten.text).toContain('invalid_client');
    for (const kept of [approved, made]) {
      const answer = await authorizationOf(kept);
      expect(answer.status, answer.text.slice(0, 500)).toBe(303);
      expect(answer.location).toMatch(/^\/oauth\/consent\//);
    }
  });
});
