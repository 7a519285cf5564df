import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../support/dialects.ts';
import type { TestService } from '../support/service.ts';
import { registerClient, signedInOwner, startOAuthService } from './support/oauth-flow.ts';

/**
 * What an outside attack on the authorization server found (issue 19), each finding held shut. One
 * service per database: registration allows ten clients per address, so the tests here register seven.
 */

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

  // Item 9: http:// redirect URIs on hosts other than this machine were registered.
  it('refuses an http redirect URI off this machine, at registration and in the console, saying what to use', async () => {
    const refused = await registerClient(url, { redirect_uris: ['http://evil.example/callback'] });
    expect(refused.status).toBe(400);
    expectOAuthError(refused, refused.body);
    expect(refused.body.error).toBe('invalid_redirect_uri');
    expect(refused.body.error_description).toContain('http://evil.example/callback');
    expect(refused.body.error_description).toContain('https://');
    expect(refused.body.client_id).toBeUndefined();
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
});
