import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsFor } from '../../../src/platforms/endpoints.ts';
import { connectRedirectUri, finishConnect, startConnect } from '../../../src/platforms/oauth-flow.ts';
import { searchConnect } from '../../../src/platforms/search/connect.ts';
import { UpstreamFailure } from '../../../src/platforms/upstream-failure.ts';
import { findConnection, readConnectionTokens } from '../../../src/storage/connections.ts';
import { consent, serveConsoleHere } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';

describe.each(TEST_DIALECTS)('connecting Google Ads through the search sandbox on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    serveConsoleHere(service);
  });
  afterAll(() => service.stop());

  const redirect = () => connectRedirectUri(service.services, 'search');

  it('asks for the adwords scope, offline access and fresh consent', () => {
    const redirectUri = redirect();
    const endpoints = endpointsFor(service.services, 'search', 'sandbox');
    const url = new URL(searchConnect.authorizeUrl(endpoints, 'st4te', redirectUri, []));
    expect(url.origin + url.pathname).toBe(`${service.url}/sandbox/search/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'adops-sandbox',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/adwords',
      access_type: 'offline',
      prompt: 'consent',
      state: 'st4te',
    });
    const live = endpointsFor(service.services, 'search', 'live');
    const liveUrl = searchConnect.authorizeUrl(live, 's', redirectUri, ['1234567890']);
    expect(liveUrl).toMatch(/^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth\?/);
    expect(liveUrl).not.toContain('sandbox_accounts');
  });

  it('exchanges the code for access and refresh tokens and lists the granted customers', async () => {
    const redirectUri = redirect();
    const owner = await service.createOwner('pro');
    const endpoints = endpointsFor(service.services, 'search', 'sandbox');
    const back = await consent(
      service,
      owner.userId,
      searchConnect.authorizeUrl(endpoints, 'st4te', redirectUri, []),
      'approve',
      'Acme search',
    );
    expect(back.searchParams.get('state')).toBe('st4te');
    const code = back.searchParams.get('code') ?? '';
    expect(code).toMatch(/^sbx_search_code_/);

    const grant = await searchConnect.exchangeCode(endpoints, code, redirectUri);
    expect(grant.refreshToken).toMatch(/^sbx_search_refresh_/);
    const lifetime = grant.expiresInSeconds ?? 0;
    expect(lifetime).toBeGreaterThan(3590);
    expect(lifetime).toBeLessThan(3610);

    const accounts = await searchConnect.listAccounts(endpoints, grant.accessToken);
    expect(accounts).toEqual([
      // The customer's time zone, which its reporting days are counted in.
      { accountId: expect.stringMatching(/^\d{10}$/), name: 'Acme search', currency: 'USD', timeZone: 'UTC' },
    ]);

    const reused = await searchConnect.exchangeCode(endpoints, code, redirectUri).catch((error) => error);
    expect(reused).toBeInstanceOf(UpstreamFailure);
    expect(reused.message).toContain('invalid_grant');
  });

  it('connects through the console flow, then the tools act on the new account', async () => {
    const owner = await service.createOwner('pro');
    const back = await consent(
      service,
      owner.userId,
      startConnect(service.services, owner.userId, 'search'),
      'approve',
      'Launch account',
    );
    const { connection, accounts } = await finishConnect(service.services, owner.userId, 'search', {
      code: back.searchParams.get('code') ?? undefined,
      state: back.searchParams.get('state') ?? undefined,
    });
    expect(connection).toMatchObject({ platform: 'search', mode: 'sandbox', status: 'active' });
    expect(accounts[0]).toMatchObject({ name: 'Launch account', currency: 'USD' });
    const row = await findConnection(service.services.storage.db, connection.id);
    const tokens = row && readConnectionTokens(service.services.cipher, row);
    expect(tokens?.refreshToken).toMatch(/^sbx_search_refresh_/);

    const assets = await service.call(
      'discover_existing_assets',
      { asset_types: ['callouts'] },
      { key: owner.key },
    );
    expect(assets.status).toBe(200);
    expect(assets.body.data.structured.customer_id).toBe(accounts[0]?.account_id);
    expect(assets.body.data.structured.counts).toEqual({ callouts: 2 });
  });
});
