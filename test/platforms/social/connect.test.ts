import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsFor } from '../../../src/platforms/endpoints.ts';
import { connectRedirectUri, finishConnect, startConnect } from '../../../src/platforms/oauth-flow.ts';
import { exchangeLongLived, socialConnect } from '../../../src/platforms/social/connect.ts';
import { UpstreamFailure } from '../../../src/platforms/upstream-failure.ts';
import { findConnection, setConnectionStatus } from '../../../src/storage/connections.ts';
import { consent, serveConsoleHere } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { accessTokenOf, graph } from './support.ts';

const DAY_MS = 86_400_000;

describe.each(TEST_DIALECTS)('connecting Meta through the social sandbox on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    serveConsoleHere(service);
  });
  afterAll(() => service.stop());

  const redirect = () => connectRedirectUri(service.services, 'social');

  it('sends the owner to the dialog with client id, redirect, state and the ads scopes', () => {
    const redirectUri = redirect();
    const endpoints = endpointsFor(service.services, 'social', 'sandbox');
    const url = new URL(socialConnect.authorizeUrl(endpoints, 'st4te', redirectUri, []));
    expect(url.toString().startsWith(`${service.url}/sandbox/social/oauth/authorize?`)).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'adops-sandbox',
      redirect_uri: redirectUri,
      state: 'st4te',
      scope: 'ads_management,ads_read,business_management',
    });
    const live = endpointsFor(service.services, 'social', 'live');
    expect(socialConnect.authorizeUrl(live, 's', redirectUri, ['act_1'])).toMatch(
      /^https:\/\/www\.facebook\.com\/v27\.0\/dialog\/oauth\?/,
    );
  });

  it('exchanges the code, then for a long-lived token, and lists the granted ad accounts', async () => {
    const redirectUri = redirect();
    const owner = await service.createOwner('free');
    const endpoints = endpointsFor(service.services, 'social', 'sandbox');
    const back = await consent(
      service,
      owner.userId,
      socialConnect.authorizeUrl(endpoints, 'st4te', redirectUri, []),
      'approve',
      'Acme Meta ads',
    );
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('st4te');
    const code = back.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const grant = await socialConnect.exchangeCode(endpoints, code, redirectUri);
    expect(grant.refreshToken).toBeNull();
    const lifetime = (grant.expiresInSeconds ?? 0) * 1000;
    expect(lifetime).toBeGreaterThan(59 * DAY_MS);
    expect(lifetime).toBeLessThan(61 * DAY_MS);

    const accounts = await socialConnect.listAccounts(endpoints, grant.accessToken);
    expect(accounts).toEqual([
      {
        accountId: expect.stringMatching(/^act_\d{15}$/),
        name: 'Acme Meta ads',
        currency: 'USD',
        timeZone: 'UTC',
      },
    ]);
    const edge = await graph(
      service,
      `/v25.0/${accounts[0]?.accountId}/instagram_accounts`,
      grant.accessToken,
    );
    expect(edge.status).toBe(200);
    expect(edge.body.data).toHaveLength(3);

    const reused = await socialConnect.exchangeCode(endpoints, code, redirectUri).catch((error) => error);
    expect(reused).toBeInstanceOf(UpstreamFailure);
    expect(reused).toMatchObject({ kind: 'rejected', message: 'This authorization code has been used.' });
  });

  it('refuses a wrong client secret, a forged token to exchange and a token on /me/adaccounts', async () => {
    const endpoints = endpointsFor(service.services, 'social', 'sandbox');
    const wrong = await exchangeLongLived({ ...endpoints, clientSecret: 'nope' }, 'x').catch(
      (error) => error,
    );
    expect(wrong).toMatchObject({ message: 'Error validating client secret.' });
    const forged = await exchangeLongLived(endpoints, 'sbx_social_access_forged').catch((error) => error);
    expect(forged).toMatchObject({ kind: 'auth' });
    const listed = await socialConnect.listAccounts(endpoints, 'forged').catch((error) => error);
    expect(listed).toMatchObject({
      kind: 'auth',
      message: 'Invalid OAuth access token - Cannot parse access token',
    });
  });

  it('reads every page of /me/adaccounts (25 a page)', async () => {
    const owner = await service.createOwner('free', Array(27).fill('social'));
    const endpoints = endpointsFor(service.services, 'social', 'sandbox');
    const token = await accessTokenOf(service, owner);
    const firstPage = await graph(service, '/v25.0/me/adaccounts', token);
    expect(firstPage.body.data).toHaveLength(25);
    expect(firstPage.body.paging.next).toBeTruthy();
    const accounts = await socialConnect.listAccounts(endpoints, token);
    expect(new Set(accounts.map((a) => a.accountId)).size).toBe(27);
  });

  it('connects through the console flow, lists photo accounts, and reconnects an expired connection', async () => {
    const owner = await service.createOwner('free');
    const back = await consent(
      service,
      owner.userId,
      startConnect(service.services, owner.userId, 'social'),
      'approve',
      'Launch on Meta',
    );
    const callback = {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    };
    const { connection, accounts } = await finishConnect(service.services, owner.userId, 'social', callback);
    expect(accounts).toMatchObject([{ name: 'Launch on Meta', currency: 'USD' }]);
    const stored = await findConnection(service.services.storage.db, connection.id);
    expect(Date.parse(stored?.token_expires_at ?? '') - Date.now()).toBeGreaterThan(59 * DAY_MS);
    expect(stored?.refresh_token).toBeNull();
    const listed = await service.call('list_social_photo_accounts', {}, { key: owner.key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.structured.photo_accounts).toHaveLength(2);

    await setConnectionStatus(service.services.storage.db, connection.id, 'expired', new Date());
    const refused = await service.call('list_social_photo_accounts', {}, { key: owner.key });
    expect([refused.status, refused.body.code]).toEqual([400, 'connection_expired']);
    const accountId = accounts[0]?.account_id ?? '';
    const again = await consent(
      service,
      owner.userId,
      startConnect(service.services, owner.userId, 'social', [accountId]),
      'approve',
      '',
    );
    await finishConnect(service.services, owner.userId, 'social', {
      code: again.searchParams.get('code') ?? '',
      state: again.searchParams.get('state') ?? '',
    });
    const restored = await service.call('list_social_photo_accounts', {}, { key: owner.key });
    expect(restored.status).toBe(200);
    expect(restored.body.data.structured.ad_account_id).toBe(accountId);
  });
});
