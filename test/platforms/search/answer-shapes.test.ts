import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import { endpointsFor } from '../../../src/platforms/endpoints.ts';
import { refreshAccessToken } from '../../../src/platforms/oauth-token.ts';
import { searchConnect } from '../../../src/platforms/search/connect.ts';
import { adGroupAdRowSchema } from '../../../src/platforms/search/types.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { clientFor, type SearchOwner, type SeededAds, searchOwner, seededAds } from './support.ts';

/**
 * A Google that answers in a surprising shape: it forwards to the sandbox, except that the answers of the
 * method named in `surprise` are replaced by its body (status 200).
 */
class SurprisingGoogle {
  readonly #server: Server;
  surprise: { method: string; body: string } | undefined;

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(target: string): Promise<SurprisingGoogle> {
    const server = createServer();
    const google = new SurprisingGoogle(server);
    server.on('request', async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const path = request.url ?? '/';
      const surprise = google.surprise;
      if (surprise && path.split('?')[0]?.endsWith(surprise.method)) {
        response.writeHead(200, { 'content-type': 'application/json', 'request-id': 'surprise-request-id' });
        response.end(surprise.body);
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
        ),
      );
      const body = Buffer.concat(chunks);
      const answer = await fetch(`${target}${path}`, {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 && { body }),
      });
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return google;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

async function failure(call: Promise<unknown>): Promise<AppError> {
  const thrown = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(AppError);
  return thrown as AppError;
}

// Every answer the search adapter reads goes through the zod schema of the fields it uses: a live Google
// answering in another shape gives a clear upstream_error naming the field, never a crash in a tool.
describe.each(TEST_DIALECTS)("the search adapter reading Google's answers on %s", (dialect) => {
  let service: TestService;
  let google: SurprisingGoogle;
  let acme: SearchOwner;
  let ads: SeededAds;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    google = await SurprisingGoogle.start(service.url);
    // Sandbox connections reach the sandbox at ADOPS_SANDBOX_URL: here, through the surprising Google.
    service.services.config.platforms.sandboxUrl = google.url;
    acme = await searchOwner(service);
    ads = await seededAds(service, acme.customerId);
  });
  beforeEach(() => {
    google.surprise = undefined;
  });
  afterAll(async () => {
    await service.stop();
    await google.close();
  });

  it('names the unexpected field of a search page, and reads the expected ones as before', async () => {
    const assets = await service.call(
      'discover_existing_assets',
      { asset_types: ['callouts'] },
      { key: acme.owner.key },
    );
    expect(assets.status).toBe(200);
    expect(assets.body.data.structured.counts).toEqual({ callouts: 2 });

    google.surprise = { method: 'googleAds:search', body: '{"results":"every row"}' };
    const { status, body } = await service.call(
      'discover_existing_assets',
      { asset_types: ['callouts'] },
      { key: acme.owner.key },
    );
    expect(status).toBe(500);
    expect(body.code).toBe('upstream_error');
    expect(body.error).toMatch(
      /^Internal error: UpstreamProtocolError\. Google Ads \(search\) answered a googleAds:search page in an unexpected shape \(results: /,
    );
  });

  it('names a headline of the wrong type, deep in a row', async () => {
    const { client } = await clientFor(service, acme);
    google.surprise = {
      method: 'googleAds:search',
      body: JSON.stringify({
        results: [
          {
            adGroupAd: {
              status: 'ENABLED',
              ad: { type: 'RESPONSIVE_SEARCH_AD', responsiveSearchAd: { headlines: [{ text: 5 }] } },
            },
          },
        ],
      }),
    };
    const error = await failure(
      client.search(
        acme.customerId,
        `SELECT ad_group_ad.ad.id FROM ad_group_ad WHERE ad_group_ad.ad.id = ${ads.rsa}`,
        adGroupAdRowSchema,
      ),
    );
    expect(error.code).toBe('upstream_error');
    expect(error.message).toContain('results.0.adGroupAd.ad.responsiveSearchAd.headlines.0.text');
    expect(error.options.upstreamMayHaveActed).toBe(false);
  });

  it('marks an unreadable ads:mutate answer as possibly acted upon, unless it was validateOnly', async () => {
    const { client } = await clientFor(service, acme);
    google.surprise = { method: 'ads:mutate', body: '{"results":{"resourceName":"x"}}' };
    const operation = {
      update: {
        resourceName: `customers/${acme.customerId}/ads/${ads.rsa}`,
        responsiveSearchAd: { headlines: [{ text: 'One' }, { text: 'Two' }, { text: 'Three' }] },
      },
      updateMask: 'responsiveSearchAd.headlines',
    };
    const applied = await failure(client.mutateAds(acme.customerId, [operation], false));
    expect(applied.message).toContain('answered ads:mutate in an unexpected shape (results: ');
    expect(applied.options.upstreamMayHaveActed).toBe(true);
    const validated = await failure(client.mutateAds(acme.customerId, [operation], true));
    expect(validated.options.upstreamMayHaveActed).toBe(false);
  });

  it('names what is unexpected in the accessible customers and the customer query when connecting', async () => {
    const endpoints = endpointsFor(service.services, 'search', 'sandbox');
    google.surprise = {
      method: 'customers:listAccessibleCustomers',
      body: '{"resourceNames":"customers/1"}',
    };
    const listed = await failure(searchConnect.listAccounts(endpoints, acme.token));
    expect(listed.message).toContain(
      'answered customers:listAccessibleCustomers in an unexpected shape (resourceNames: ',
    );

    google.surprise = { method: 'googleAds:search', body: '{"results":[{"customer":{"manager":"no"}}]}' };
    const described = await failure(searchConnect.listAccounts(endpoints, acme.token));
    expect(described.message).toContain(
      'answered the customer query in an unexpected shape (results.0.customer.manager: ',
    );

    google.surprise = undefined;
    expect(await searchConnect.listAccounts(endpoints, acme.token)).toEqual([
      { accountId: acme.customerId, name: expect.any(String), currency: 'USD', timeZone: 'UTC' },
    ]);
  });

  it("names what is unexpected in the token endpoint's answer", async () => {
    const endpoints = endpointsFor(service.services, 'search', 'sandbox');
    google.surprise = { method: '/oauth/token', body: '{"access_token":"","expires_in":"3600"}' };
    const error = await failure(refreshAccessToken('search', endpoints, acme.refreshToken));
    expect(error.code).toBe('upstream_error');
    expect(error.message).toMatch(
      /answered the token request in an unexpected shape \(access_token: .*; expires_in: /,
    );
    google.surprise = undefined;
    expect((await refreshAccessToken('search', endpoints, acme.refreshToken)).accessToken).toMatch(
      /^sbx_search_access_/,
    );
  });
});
