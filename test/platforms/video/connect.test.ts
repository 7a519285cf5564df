import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsFor } from '../../../src/platforms/endpoints.ts';
import { connectRedirectUri, finishConnect, startConnect } from '../../../src/platforms/oauth-flow.ts';
import { UpstreamFailure } from '../../../src/platforms/upstream-failure.ts';
import { videoConnect } from '../../../src/platforms/video/connect.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { consent, serveConsoleHere } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';

describe.each(TEST_DIALECTS)('connecting TikTok through the video sandbox on %s', (dialect) => {
  let service: TestService;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    serveConsoleHere(service);
  });
  afterAll(() => service.stop());

  it('exchanges the auth code once, for a token that does not expire, and lists the advertisers', async () => {
    const owner = await service.createOwner('pro');
    const endpoints = endpointsFor(service.services, 'video', 'sandbox');
    const redirectUri = connectRedirectUri(service.services, 'video');
    const back = await consent(
      service,
      owner.userId,
      videoConnect.authorizeUrl(endpoints, 'st4te', redirectUri, []),
      'approve',
      'Acme TikTok',
    );
    expect(back.searchParams.get('state')).toBe('st4te');
    const code = back.searchParams.get('auth_code') ?? '';
    expect(code).toMatch(/^sbx_video_code_/);

    const grant = await videoConnect.exchangeCode(endpoints, code, redirectUri);
    expect(grant).toEqual({
      accessToken: expect.stringMatching(/^sbx_video_access_/),
      refreshToken: null,
      expiresInSeconds: null,
    });
    expect(await videoConnect.listAccounts(endpoints, grant.accessToken)).toEqual([
      {
        accountId: expect.stringMatching(/^\d+$/),
        name: 'Acme TikTok',
        currency: 'USD',
        timeZone: 'Etc/GMT',
      },
    ]);

    const reused = await videoConnect.exchangeCode(endpoints, code, redirectUri).catch((error) => error);
    expect(reused).toBeInstanceOf(UpstreamFailure);
    expect(reused).toMatchObject({
      kind: 'rejected',
      message: 'auth_code is invalid or has expired.',
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('connects through the console flow, then the tool acts on the new advertiser', async () => {
    const owner = await service.createOwner('pro');
    const back = await consent(
      service,
      owner.userId,
      startConnect(service.services, owner.userId, 'video'),
      'approve',
      'Launch advertiser',
    );
    const { connection, accounts } = await finishConnect(service.services, owner.userId, 'video', {
      code: back.searchParams.get('auth_code') ?? undefined,
      state: back.searchParams.get('state') ?? undefined,
    });
    expect(connection).toMatchObject({ platform: 'video', mode: 'sandbox', status: 'active' });
    const advertiserId = accounts[0]?.account_id ?? '';
    // TikTok's advertiser/info gives the reporting time zone, which the performance tool counts days in.
    expect(accounts[0]).toMatchObject({ name: 'Launch advertiser', currency: 'USD', time_zone: 'Etc/GMT' });
    const [campaign] = await new SandboxStore(service.services.storage.db, 'video').list(
      'campaign',
      advertiserId,
    );
    const renamed = await service.call(
      'update_video_campaign',
      { campaign_id: campaign?.id, name: 'Launch day' },
      { key: owner.key },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.structured.after).toMatchObject({
      name: 'Launch day',
      budget_mode: 'BUDGET_MODE_DAY',
    });
  });
});
