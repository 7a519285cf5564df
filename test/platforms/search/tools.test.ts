import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import { createRegistry } from '../../../src/tools/registry.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import type { TestService as Service } from '../../support/service.ts';
import { TestService } from '../../support/service.ts';
import { clientFor, type SearchOwner, type SeededAds, searchOwner, seededAds, storedAd } from './support.ts';

const tools = createRegistry();
/** The answer as the tool's output schema reads it, strict at the top: the same back means all described. */
const described = (tool: string, structured: unknown) => tools.get(tool)?.output?.strict().parse(structured);

const NEW_HEADLINES = [
  'Project tools for teams',
  'Ship work on time',
  'Free for small teams',
  'Plans from $5',
];

describe.each(TEST_DIALECTS)('the search tools on the Google Ads sandbox (%s)', (dialect) => {
  let service: Service;
  let acme: SearchOwner;
  let ads: SeededAds;

  beforeAll(async () => {
    service = await TestService.start(dialect, {
      env: { ADOPS_UPSTREAM_TIMEOUT_MS: '1500', ADOPS_SANDBOX_PAGE_SIZE: '3' },
    });
    acme = await searchOwner(service);
    ads = await seededAds(service, acme.customerId);
  });
  afterAll(() => service.stop());

  const call = (tool: string, args: Record<string, unknown>, who: SearchOwner = acme) =>
    service.call(tool, args, { key: who.owner.key, headers: { 'idempotency-key': randomUUID() } });
  const update = (args: Record<string, unknown>, who: SearchOwner = acme) =>
    call(
      'update_ad_headlines',
      { ad_group_id: ads.brandGroup, ad_id: ads.rsa, headlines: NEW_HEADLINES, ...args },
      who,
    );
  const searchesLogged = async (status: number) =>
    service.logLines.filter(
      (line) => line.includes('googleAds::search') && line.includes(`"status":${status}`),
    ).length;
  const auditOf = (requestId: string) =>
    service.services.storage.db
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  const usedQuota = async (who: SearchOwner = acme) =>
    (await service.call('get_usage_status', {}, { key: who.owner.key })).body.data.quota.used as number;

  it('discovers every asset of the account, grouped by type, across pages', async () => {
    const pages = await searchesLogged(200);
    const { status, body } = await call('discover_existing_assets', {});
    expect(status).toBe(200);
    // Eight matching rows at three a page: three pages, each request id kept for the audit row.
    await expect.poll(() => searchesLogged(200), { timeout: 2_000 }).toBe(pages + 3);
    await expect
      .poll(async () => JSON.parse((await auditOf(body.request_id))?.upstream_request_ids ?? '[]').length, {
        timeout: 2_000,
      })
      .toBe(3);
    const data = body.data.structured;
    expect(described('discover_existing_assets', data)).toEqual(data);
    // Nine seeded assets, three a page: the TEXT asset is filtered out by the query, the rest span pages.
    expect(data.counts).toEqual({ images: 2, sitelinks: 3, callouts: 2, structured_snippets: 1 });
    expect(data.total).toBe(8);
    expect(data.images).toContainEqual({
      id: expect.stringMatching(/^\d{11}$/),
      name: 'Hero banner',
      url: 'https://example.com/hero-1200x628.jpg',
      width: 1200,
      height: 628,
      file_size_bytes: 182000,
    });
    expect(data.sitelinks.map((s: any) => s.link_text).sort()).toEqual(['Partner offer', 'Pricing', 'Shop']);
    expect(data.callouts.map((c: any) => c.text).sort()).toEqual(['24/7 support', 'Free shipping']);
    expect(data.structured_snippets).toEqual([
      { id: expect.any(String), header: 'Services', values: ['Planning', 'Tracking', 'Reports'] },
    ]);
    expect(body.data.text).toContain('Hero banner 1200x628, 182 KB');
    expect(body.data.text).toContain('"Pricing" -> https://example.com/pricing');
    expect(body.data.quota.used).toBeGreaterThan(0);
  });

  it('lists only the asked types, and only sitelinks on the target domain or its subdomains', async () => {
    const { status, body } = await call('discover_existing_assets', {
      asset_types: ['sitelinks', 'callouts'],
      target_domain: 'example.com',
    });
    expect(status).toBe(200);
    const data = body.data.structured;
    expect(described('discover_existing_assets', data)).toEqual(data);
    expect(Object.keys(data.counts)).toEqual(['sitelinks', 'callouts']);
    expect(data.images).toBeUndefined();
    expect(data.sitelinks.map((s: any) => s.final_url).sort()).toEqual([
      'https://example.com/pricing',
      'https://shop.example.com/',
    ]);
    expect(data.sitelinks_on_other_domains).toBe(1);
    expect(body.data.text).toContain('1 sitelink on other domains than example.com left out');
  });

  it('replaces the headlines of a responsive search ad and shows them before and after', async () => {
    const { status, body } = await update({});
    expect(status).toBe(200);
    const data = body.data.structured;
    expect(described('update_ad_headlines', data)).toEqual(data);
    expect(data).toMatchObject({
      customer_id: acme.customerId,
      ad_group_id: ads.brandGroup,
      ad_id: ads.rsa,
      resource_name: `customers/${acme.customerId}/ads/${ads.rsa}`,
      dry_run: false,
    });
    expect(data.before).toEqual([
      { text: 'Project tools for teams', pinned_field: 'HEADLINE_1' },
      { text: 'Plans from $5 a month' },
      { text: 'Try it free' },
    ]);
    // The headline whose text stays keeps its pin.
    expect(data.after).toEqual([
      { text: 'Project tools for teams', pinned_field: 'HEADLINE_1' },
      { text: 'Ship work on time' },
      { text: 'Free for small teams' },
      { text: 'Plans from $5' },
    ]);
    expect(body.data.text).toBe(
      `Updated Google Ads ad ${ads.rsa} in ad group ${ads.brandGroup} ("Brand terms") of customer ` +
        `${acme.customerId}: 3 headlines "Project tools for teams" (pinned HEADLINE_1), "Plans from $5 a month", ` +
        '"Try it free" -> 4 headlines "Project tools for teams" (pinned HEADLINE_1), "Ship work on time", ' +
        '"Free for small teams", "Plans from $5". Google reviews edited ads before they serve again; check ' +
        'the ad status in Google Ads.',
    );
    // Every write is noted the same way: the audit row keeps the ad and its headlines before and after.
    const row = await auditOf(body.request_id);
    expect(JSON.parse(row?.details ?? '{}')).toMatchObject({
      objects: [{ kind: 'ad', id: ads.rsa, parentId: ads.brandGroup }],
      before: { headlines: data.before },
      after: { headlines: data.after },
    });
    const ad = await storedAd(service, ads.rsa);
    expect(ad?.ad.responsiveSearchAd?.headlines?.map((h) => h.text)).toEqual(NEW_HEADLINES);
    expect(ad?.ad.responsiveSearchAd?.descriptions).toHaveLength(2);
  });

  it("runs a dry run as Google's validateOnly: the request in the preview, nothing changed, billed as a read", async () => {
    const before = await storedAd(service, ads.rsa);
    const used = await usedQuota();
    const headlines = ['Brand new one', 'Brand new two', 'Brand new three'];
    const { status, body } = await update({ headlines, dry_run: true });
    expect(status).toBe(200);
    expect(body.data.structured.dry_run).toBe(true);
    expect(described('update_ad_headlines', body.data.structured)).toEqual(body.data.structured);
    expect(body.data.structured.preview).toEqual([
      {
        step: 1,
        action: 'replace the headlines',
        method: 'POST',
        url: `/sandbox/search/v26/customers/${acme.customerId}/ads:mutate`,
        body: {
          operations: [
            {
              update: {
                resourceName: `customers/${acme.customerId}/ads/${ads.rsa}`,
                responsiveSearchAd: { headlines: headlines.map((text) => ({ text })) },
              },
              updateMask: 'responsiveSearchAd.headlines',
            },
          ],
        },
        validated: true,
      },
    ]);
    expect(body.data.text).toMatch(
      new RegExp(
        `^Dry run: Google Ads ad ${ads.rsa} in ad group ${ads.brandGroup} \\("Brand terms"\\) of customer ` +
          `${acme.customerId} would change from \\d+ headlines .* to 3 headlines "Brand new one", .*, with 1 ` +
          'request to Google Ads, listed in order in structured.preview. Google Ads validated it and changed ' +
          'nothing.$',
      ),
    );
    expect(await storedAd(service, ads.rsa)).toEqual(before);
    // A dry run is a read: billed as one.
    expect(await usedQuota()).toBe(used + 1);
  });

  it('refuses an ad that is not a responsive search ad, or not in that ad group, in readable words', async () => {
    const used = await usedQuota();
    const textAd = await update({ ad_id: ads.textAd });
    expect(textAd.status).toBe(400);
    expect(textAd.body.code).toBe('upstream_rejected');
    expect(textAd.body.error).toContain(
      `ad ${ads.textAd} is of type EXPANDED_TEXT_AD, not a responsive search ad`,
    );

    const wrongGroup = await update({ ad_id: ads.competitorRsa });
    expect(wrongGroup.status).toBe(400);
    expect(wrongGroup.body.error).toContain(
      `ad ${ads.competitorRsa} is in ad group ${ads.competitorGroup} ("Competitor terms"), not in ad group ${ads.brandGroup}`,
    );

    const missing = await update({ ad_id: '123456789' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('upstream_rejected');
    expect(missing.body.error).toContain(
      `customer ${acme.customerId} has no ad 123456789 in ad group ${ads.brandGroup}`,
    );
    expect(await usedQuota()).toBe(used);
  });

  it("maps Google's own refusal of a mutate to 400 in the platform's words, with its request id", async () => {
    const { client, trace } = await clientFor(service, acme);
    const operation = {
      update: {
        resourceName: `customers/${acme.customerId}/ads/${ads.rsa}`,
        responsiveSearchAd: { headlines: [{ text: 'One' }, { text: 'Two' }, { text: 'x'.repeat(31) }] },
      },
      updateMask: 'responsive_search_ad.headlines',
    };
    const refused = await client.mutateAds(acme.customerId, [operation], true).catch((error) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.code).toBe('upstream_rejected');
    expect(refused.message).toBe(
      `Google Ads (search) rejected the request: Headline 3 ("${'x'.repeat(31)}") is 31 characters; the limit is 30.`,
    );
    expect(trace.upstreamRequestIds).toEqual([expect.stringMatching(/^[\w-]{22}$/)]);
  });

  it('answers a Google throttle with 429, Retry-After 30 and the wait, using no quota', async () => {
    // An account of its own: the service remembers the throttle, and the other tests use acme's.
    const throttled = await searchOwner(service);
    const throttledAds = await seededAds(service, throttled.customerId);
    const used = await usedQuota(throttled);
    const { status, body, headers } = await update(
      { ad_group_id: throttledAds.brandGroup, ad_id: 'sandbox_rate_limited' },
      throttled,
    );
    expect(status).toBe(429);
    expect(body.code).toBe('upstream_rate_limited');
    expect(headers.get('retry-after')).toBe('30');
    expect(body.error).toContain('wait 30 seconds');
    expect(await usedQuota(throttled)).toBe(used);
    const again = await update({ ad_group_id: throttledAds.brandGroup, ad_id: throttledAds.rsa }, throttled);
    expect(again.status).toBe(429);
    // The throttle is this account's only: another account is served at once.
    const served = await update({});
    expect(served.status).toBe(200);
  });

  it('retries the read after a server error, then answers 500 with the Internal error prefix', async () => {
    const started = Date.now();
    const { status, body } = await update({ ad_group_id: 'sandbox_server_error' });
    expect(status).toBe(500);
    expect(body.code).toBe('upstream_error');
    expect(body.error).toMatch(
      /^Internal error: UpstreamServerError\. Google Ads \(search\) failed: An internal error/,
    );
    expect(body.error).toContain('Nothing was changed');
    expect(Date.now() - started).toBeLessThan(5_000);
    // Three attempts reached the emulator: the first and the two retries of ADOPS_UPSTREAM_RETRIES.
    await expect.poll(() => searchesLogged(500), { timeout: 2_000 }).toBe(3);
  });

  it('refreshes once on an expired token, then marks the connection expired and asks to reconnect', async () => {
    const other = await searchOwner(service);
    const { status, body } = await update({ ad_id: 'sandbox_token_expired' }, other);
    expect(status).toBe(400);
    expect(body.code).toBe('connection_expired');
    expect(body.error).toContain('OAuth token in the header has expired');
    expect(body.error).toContain(`${service.services.config.appUrl}/connections`);
    const health = await service.call('get_connections_status', {}, { key: other.owner.key });
    const search = health.body.data.structured.platforms.find((p: any) => p.platform === 'search');
    expect(search.status).toBe('expired');
    // One refresh at the token endpoint between the two refused attempts.
    const refreshes = () =>
      service.logLines.filter((line) => line.includes('/sandbox/search/oauth/token')).length;
    await expect.poll(refreshes, { timeout: 2_000 }).toBe(1);
    await expect.poll(() => searchesLogged(401), { timeout: 2_000 }).toBe(2);
    const next = await call('discover_existing_assets', {}, other);
    expect(next.status).toBe(400);
    expect(next.body.code).toBe('connection_expired');
  });

  it('gives up on a platform slower than the upstream timeout', async () => {
    const started = Date.now();
    const { status, body } = await update({ ad_id: 'sandbox_slow' });
    expect(status).toBe(500);
    expect(body.error).toMatch(
      /^Internal error: UpstreamTimeout\. Google Ads \(search\) failed: no answer within 2 s/,
    );
    expect(Date.now() - started).toBeLessThan(9_000);
  }, 20_000);

  it('keeps the sandbox state across a restart on the same database', async () => {
    const headlines = ['Kept after restart', 'Second headline', 'Third headline'];
    expect((await update({ headlines })).status).toBe(200);
    // The first instance stops for good (its database stays until afterAll); a new one takes over.
    await service.server.close();
    const second = await TestService.start(dialect, {
      database: service.database,
      env: { ADOPS_SANDBOX_PAGE_SIZE: '3' },
    });
    try {
      const { status, body } = await second.call(
        'update_ad_headlines',
        { ad_group_id: ads.brandGroup, ad_id: ads.rsa, headlines: NEW_HEADLINES },
        { key: acme.owner.key },
      );
      expect(status).toBe(200);
      expect(body.data.structured.before.map((h: any) => h.text)).toEqual(headlines);
    } finally {
      await second.stop();
    }
  });
});
