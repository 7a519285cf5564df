import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import { endpointsFor } from '../../../src/platforms/endpoints.ts';
import { exchangeLongLived, socialConnect } from '../../../src/platforms/social/connect.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { accessTokenOf } from './support.ts';

type Rewrite = (answer: any) => unknown;

/**
 * A platform that answers in a shape the adapter does not expect: a proxy in front of the sandbox that
 * passes everything through, except the answers of the paths given a rewrite.
 */
class ReshapingProxy {
  readonly server: Server;
  readonly rewrites = new Map<RegExp, Rewrite>();

  constructor(target: string) {
    this.server = createServer(async (request, response) => {
      const upstream = await fetch(`${target}${request.url}`, {
        method: request.method ?? 'GET',
        headers: request.headers.authorization ? { authorization: request.headers.authorization } : {},
      });
      const text = await upstream.text();
      const path = request.url?.split('?')[0] ?? '';
      const rewrite = [...this.rewrites].find(([pattern]) => pattern.test(path))?.[1];
      response.writeHead(upstream.status, { 'content-type': 'application/json' });
      response.end(rewrite ? JSON.stringify(rewrite(JSON.parse(text))) : text);
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
}

describe.each(TEST_DIALECTS)('the social adapter reads every answer through its schema on %s', (dialect) => {
  let service: TestService;
  let proxy: ReshapingProxy;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    proxy = new ReshapingProxy(service.url);
    service.services.config.platforms.sandboxUrl = await proxy.listen();
  });
  afterAll(async () => {
    proxy.server.close();
    await service.stop();
  });
  afterEach(() => proxy.rewrites.clear());

  it('answers upstream_error naming the field when an edge lists an account without id', async () => {
    const owner = await service.createOwner('free', ['social']);
    proxy.rewrites.set(/\/instagram_accounts$/, (page) => ({
      ...page,
      data: page.data.map(({ id: _id, ...rest }: any) => rest),
    }));
    const { status, body } = await service.call('list_social_photo_accounts', {}, { key: owner.key });
    expect([status, body.code]).toEqual([500, 'upstream_error']);
    expect(body.error).toContain(
      "Internal error: UpstreamProtocolError. Meta Ads (social) answered the ad account's Instagram accounts " +
        'in an unexpected shape (data.0.id:',
    );
    expect(body.error).toContain('Nothing was assumed from it');
  });

  it("answers upstream_error when a page's linked Instagram account is not a node", async () => {
    const owner = await service.createOwner('free', ['social']);
    proxy.rewrites.set(/\/promote_pages$/, (page) => ({
      ...page,
      data: page.data.map((p: any) => ({ ...p, connected_instagram_account: 'acme.studio' })),
    }));
    const { status, body } = await service.call('list_social_photo_accounts', {}, { key: owner.key });
    expect([status, body.code]).toEqual([500, 'upstream_error']);
    expect(body.error).toContain("answered the ad account's pages in an unexpected shape");
    expect(body.error).toContain('data.0.connected_instagram_account');
  });

  it('refuses a token answer without access_token and an account list without data', async () => {
    const owner = await service.createOwner('free', ['social']);
    const token = await accessTokenOf(service, owner);
    const endpoints = endpointsFor(service.services, 'social', 'sandbox');
    proxy.rewrites.set(/\/oauth\/access_token$/, ({ access_token: _token, ...rest }) => rest);
    const exchanged = await exchangeLongLived(endpoints, token).catch((error) => error);
    expect(exchanged).toBeInstanceOf(AppError);
    expect(exchanged.message).toContain('answered the long-lived token exchange in an unexpected shape');
    expect(exchanged.message).toContain('access_token');
    proxy.rewrites.set(/\/me\/adaccounts$/, ({ data, ...rest }) => ({ ...rest, accounts: data }));
    const listed = await socialConnect.listAccounts(endpoints, token).catch((error) => error);
    expect(listed).toBeInstanceOf(AppError);
    expect(listed.message).toContain("answered the token's ad accounts in an unexpected shape (data:");
  });

  it("takes the ad account's time zone from timezone_name when it is an IANA name", async () => {
    const owner = await service.createOwner('free', ['social']);
    const token = await accessTokenOf(service, owner);
    const endpoints = endpointsFor(service.services, 'social', 'sandbox');
    const zone = (name: string) => {
      proxy.rewrites.clear();
      proxy.rewrites.set(/\/me\/adaccounts$/, (page) => ({
        ...page,
        data: page.data.map((a: any) => ({ ...a, timezone_name: name })),
      }));
    };
    zone('America/Los_Angeles');
    const [pacific] = await socialConnect.listAccounts(endpoints, token);
    expect(pacific?.timeZone).toBe('America/Los_Angeles');
    zone('Pacific Time');
    const [unknown] = await socialConnect.listAccounts(endpoints, token);
    expect(unknown?.timeZone).toBeUndefined();
  });

  it('answers upstream_error naming the field when insights or campaigns come in another shape', async () => {
    const owner = await service.createOwner('free', ['social']);
    proxy.rewrites.set(/\/insights$/, (page) => ({
      ...page,
      data: page.data.map((row: any) => ({ ...row, spend: '12,34' })),
    }));
    const report = await service.call('get_social_campaign_performance', {}, { key: owner.key });
    expect([report.status, report.body.code]).toEqual([500, 'upstream_error']);
    expect(report.body.error).toContain(
      "answered the ad account's insights in an unexpected shape (data.0.spend:",
    );
    proxy.rewrites.set(/\/campaigns$/, (page) => ({
      ...page,
      data: page.data.map((c: any) => ({ ...c, daily_budget: '50.00' })),
    }));
    const listed = await service.call('list_social_campaigns', {}, { key: owner.key });
    expect([listed.status, listed.body.code]).toEqual([500, 'upstream_error']);
    expect(listed.body.error).toContain(
      "answered the ad account's campaigns in an unexpected shape (data.0.daily_budget:",
    );
  });
});
