import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../src/storage/users.ts';
import { callTool, csrfTokenOf } from '../console/support/console-client.ts';
import type { TestService } from '../support/service.ts';
import {
  authorize,
  CHATGPT_REDIRECT,
  consoleClient,
  exchangeCode,
  newPkce,
  refresh,
  signedInOwner,
  startOAuthService,
} from './support/oauth-flow.ts';

/**
 * A ChatGPT Action configured with OAuth as docs/oauth.md describes it: a confidential client made in
 * the console, the code flow without PKCE, the secret in the token request's body (or in Basic).
 */
describe('a ChatGPT Action signing in with OAuth', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startOAuthService('sqlite');
  });
  afterAll(() => service.stop());

  it('runs the flow with client_secret_post and no PKCE, then calls a REST tool with the token', async () => {
    const { owner, email } = await signedInOwner(service.url);
    const client = await consoleClient(owner, 'My GPT', CHATGPT_REDIRECT);
    expect(client.clientId).not.toBe('');
    expect(client.clientSecret).not.toBe('');
    // The secret is shown once: the next visit of the page does not have it.
    expect((await owner.get('/keys')).text).not.toContain(client.clientSecret);

    const authorized = await authorize(owner, client, { pkce: false, scope: 'read offline_access' });
    expect(authorized.consentPage).toContain('Allow My GPT to use adops?');
    expect(authorized.consentPage).toContain('chatgpt.com');
    expect(authorized.redirect.origin + authorized.redirect.pathname).toBe(CHATGPT_REDIRECT);
    const exchanged = await exchangeCode(service.url, client, authorized.code ?? '');
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect(exchanged.body).toMatchObject({ token_type: 'Bearer' });
    expect(exchanged.body.refresh_token).toEqual(expect.any(String));

    const listed = await callTool(service.url, exchanged.body.access_token, 'list_connected_accounts');
    expect(listed.status).toBe(200);
    expect(listed.body.success).toBe(true);
    const usage = await callTool(service.url, exchanged.body.access_token, 'get_usage_status');
    expect(usage.status).toBe(200);
    const user = await findUserByEmail(service.services.storage.db, email);
    const row = await service.auditRow(usage.body.request_id);
    expect(row).toMatchObject({ user_id: user?.id, api_key_id: null, oauth_client_id: client.clientId });
    // The owner's usage page says which app made the call.
    const usagePage = (await owner.get('/usage')).text;
    expect(usagePage).toContain('app My GPT');

    // ChatGPT refreshes with the secret too.
    const refreshed = await refresh(service.url, client, exchanged.body.refresh_token);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect((await callTool(service.url, refreshed.body.access_token, 'get_usage_status')).status).toBe(200);
  });

  it('accepts the secret as client_secret_basic too, and refuses a wrong secret with invalid_client', async () => {
    const { owner } = await signedInOwner(service.url);
    const client = await consoleClient(owner, 'Basic GPT', CHATGPT_REDIRECT, 'client_secret_basic');
    const first = await authorize(owner, client, { pkce: false, scope: 'read' });
    const wrong = await exchangeCode(
      service.url,
      { ...client, clientSecret: 'not-the-secret' },
      first.code ?? '',
    );
    expect([wrong.status, wrong.body.error]).toEqual([401, 'invalid_client']);
    expect(wrong.body.access_token).toBeUndefined();
    const right = await exchangeCode(service.url, client, first.code ?? '');
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((await callTool(service.url, right.body.access_token, 'get_usage_status')).status).toBe(200);
  });

  it('checks a PKCE challenge when a confidential client sends one', async () => {
    const { owner } = await signedInOwner(service.url);
    const client = await consoleClient(owner, 'PKCE GPT', CHATGPT_REDIRECT);
    const pkce = newPkce();
    const authorized = await authorize(owner, client, { pkce, scope: 'read' });
    const without = await exchangeCode(service.url, client, authorized.code ?? '');
    expect([without.status, without.body.error]).toEqual([400, 'invalid_grant']);
    const wrong = await exchangeCode(service.url, client, authorized.code ?? '', newPkce().verifier);
    expect([wrong.status, wrong.body.error]).toEqual([400, 'invalid_grant']);
    const right = await exchangeCode(service.url, client, authorized.code ?? '', pkce.verifier);
    expect(right.status).toBe(200);
  });

  it('refuses a redirect URI other than the one the client was made with', async () => {
    const { owner } = await signedInOwner(service.url);
    const client = await consoleClient(owner, 'Strict GPT', CHATGPT_REDIRECT);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: 'https://chatgpt.com/aip/g-other/oauth/callback',
      scope: 'read',
    });
    const answer = await owner.get(`/oauth/authorize?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
  });

  it('deletes a client in the console: only its owner may, and every sign-in through it ends', async () => {
    const { owner } = await signedInOwner(service.url);
    const client = await consoleClient(owner, 'Retired GPT', CHATGPT_REDIRECT);
    const { owner: user } = await signedInOwner(service.url);
    const authorized = await authorize(user, client, { pkce: false, scope: 'read' });
    const exchanged = await exchangeCode(service.url, client, authorized.code ?? '');
    expect((await callTool(service.url, exchanged.body.access_token, 'get_usage_status')).status).toBe(200);

    const action = `/keys/oauth-clients/${client.clientId}/delete`;
    const userPage = await user.get('/keys');
    expect((await user.post(action, { _csrf: csrfTokenOf(userPage.text) })).status).toBe(404);
    expect((await owner.get('/keys')).text).toContain(client.clientId);
    const deleted = await owner.submit('/keys', action, {});
    expect([deleted.status, deleted.location]).toEqual([303, '/keys']);
    expect((await owner.get('/keys')).text).not.toContain(client.clientId);

    expect((await callTool(service.url, exchanged.body.access_token, 'get_usage_status')).status).toBe(401);
    const refreshed = await refresh(service.url, client, exchanged.body.refresh_token);
    expect([refreshed.status, refreshed.body.error]).toEqual([401, 'invalid_client']);
    expect((await user.get('/keys')).text).not.toContain('Retired GPT');
  });

  it('refuses to make a client with a redirect URI that is not one, saying why, and makes none', async () => {
    const { owner } = await signedInOwner(service.url);
    const refused = await owner.submit('/keys', '/keys/oauth-clients', {
      name: 'Broken GPT',
      redirect_uri: 'not a url',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('The client was not created: redirect_uris');
    expect(refused.text).not.toContain('id="new-client-secret"');
  });
});
