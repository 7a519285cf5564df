import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxAd, SandboxAdSet } from '../../../src/sandbox/social/ad-set-records.ts';
import type { SandboxCampaign } from '../../../src/sandbox/social/campaign-records.ts';
import { SAMPLE_IMAGE, type SandboxCreative } from '../../../src/sandbox/social/creates.ts';
import type { SandboxPage, SandboxPhotoAccount } from '../../../src/sandbox/social/instagram-accounts.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { createSocialCampaign } from '../../../src/tools/social/create-social-campaign.ts';
import { type ImageServer, serve, startImageServer } from '../../assets/support/image-server.ts';
import { makeAnimatedGif, makeImage } from '../../assets/support/images.ts';
import { createTestCertificate, type TestCertificate } from '../../assets/support/test-certificate.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { graph, proofOf } from './support.ts';

type Json = Record<string, any>;
const TOOL = 'create_social_campaign';

describe.each(TEST_DIALECTS)('create_social_campaign on the Meta sandbox (%s)', (dialect) => {
  let certificate: TestCertificate;
  let server: ImageServer;
  let service: TestService;
  let owner: Owner;
  let accountId: string;
  let store: SandboxStore;
  let pageId: string;
  let instagramId: string;
  let imageBytes: Buffer;

  beforeAll(async () => {
    certificate = createTestCertificate();
    imageBytes = await makeImage(1200, 628, 'jpeg');
    server = await startImageServer(certificate, {
      '/ad.jpg': serve(imageBytes, 'image/jpeg'),
      '/animated.gif': serve(await makeAnimatedGif(300, 300), 'image/gif'),
    });
    service = await TestService.start(dialect, {
      env: {
        ADOPS_FETCH_ALLOW_HOSTS: 'localhost',
        ADOPS_FETCH_PORTS: `443,${server.port}`,
        ADOPS_FETCH_CA_FILE: certificate.certPath,
      },
    });
    owner = await service.createOwner('pro', ['social']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'social');
    accountId = account?.account_id ?? '';
    store = new SandboxStore(service.services.storage.db, 'social');
    const pages = await store.list<SandboxPage>('page', accountId);
    const linked = pages.find((page) => page.data.connected_instagram_account);
    pageId = linked?.id ?? '';
    instagramId = linked?.data.connected_instagram_account ?? '';
    expect(await store.get<SandboxPhotoAccount>('photo_account', instagramId)).toBeDefined();
  });
  afterAll(async () => {
    await service?.stop();
    await server?.close();
    certificate?.remove();
  });

  const args = (name: string, extra: Json = {}) => ({
    ad_account_id: accountId,
    campaign_name: name,
    objective: 'OUTCOME_TRAFFIC',
    daily_budget: 25.5,
    countries: ['us', 'CA'],
    age_min: 25,
    age_max: 54,
    genders: ['WOMEN'],
    page_id: pageId,
    image_url: server.url('/ad.jpg'),
    message: 'Our spring sale is on: 20% off every plan this week.',
    headline: 'Spring sale: 20% off',
    link: 'https://example.com/spring',
    ...extra,
  });
  const call = (a: Json, key = owner.key, headers: Record<string, string> = {}) =>
    service.call(TOOL, a, { key, headers });
  const counts = async () => ({
    campaigns: await store.count('campaign', accountId),
    adSets: await store.count('adset', accountId),
    creatives: await store.count('adcreative', accountId),
    ads: await store.count('ad', accountId),
  });
  const used = async () =>
    (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used as number;

  it('creates the campaign PAUSED with its image, ad set, creative and ad ready under it, and the list tools show them', async () => {
    const before = await counts();
    const { status, body } = await call(args('Spring sale', { instagram_user_id: instagramId }));
    expect(status, JSON.stringify(body)).toBe(200);
    const s = body.data.structured;
    expect(createSocialCampaign.output?.parse(s)).toEqual(s);
    const hash = createHash('md5').update(imageBytes).digest('hex');
    expect(s).toMatchObject({
      ad_account_id: accountId,
      name: 'Spring sale',
      status: 'PAUSED',
      platform_status: 'PAUSED',
      objective: 'OUTCOME_TRAFFIC',
      optimization_goal: 'LINK_CLICKS',
      daily_budget: '25.50',
      currency: 'USD',
      dry_run: false,
      created: { image_hash: hash },
    });
    expect(s.campaign_id).toBe(s.created.campaign_id);
    expect(await counts()).toEqual({
      campaigns: before.campaigns + 1,
      adSets: before.adSets + 1,
      creatives: before.creatives + 1,
      ads: before.ads + 1,
    });

    const campaign = await store.get<SandboxCampaign>('campaign', s.campaign_id);
    expect(campaign?.data).toMatchObject({
      name: 'Spring sale',
      status: 'PAUSED',
      objective: 'OUTCOME_TRAFFIC',
      daily_budget: '2550',
      special_ad_categories: [],
    });
    const adSet = await store.get<SandboxAdSet>('adset', s.created.ad_set_id);
    expect(adSet?.data).toMatchObject({
      campaign_id: s.campaign_id,
      status: 'ACTIVE',
      billing_event: 'IMPRESSIONS',
      optimization_goal: 'LINK_CLICKS',
      targeting: { geo_locations: { countries: ['US', 'CA'] }, age_min: 25, age_max: 54, genders: [2] },
    });
    expect(adSet?.data.daily_budget).toBeUndefined();
    const creative = await store.get<SandboxCreative>('adcreative', s.created.creative_id);
    expect(creative?.data.object_story_spec).toEqual({
      page_id: pageId,
      instagram_user_id: instagramId,
      link_data: {
        image_hash: hash,
        link: 'https://example.com/spring',
        message: 'Our spring sale is on: 20% off every plan this week.',
        name: 'Spring sale: 20% off',
      },
    });
    const ad = await store.get<SandboxAd>('ad', s.created.ad_id);
    expect(ad?.data).toMatchObject({
      adset_id: s.created.ad_set_id,
      campaign_id: s.campaign_id,
      creative_id: s.created.creative_id,
      status: 'ACTIVE',
    });
    expect(server.hits('/ad.jpg')).toBe(1);

    const listed = await service.call(
      'list_social_campaigns',
      { ad_account_id: accountId, status: ['PAUSED'], limit: 100 },
      { key: owner.key },
    );
    expect(listed.body.data.structured.campaigns).toContainEqual(
      expect.objectContaining({ id: s.campaign_id, status: 'PAUSED', daily_budget: '25.50' }),
    );
    const adSets = await service.call(
      'list_social_ad_sets',
      { ad_account_id: accountId, campaign_ids: [s.campaign_id], status: ['ACTIVE'] },
      { key: owner.key },
    );
    // Ready under the paused campaign, which alone keeps them from delivering.
    expect(
      adSets.body.data.structured.ad_sets.map((a: Json) => [a.id, a.status, a.effective_status]),
    ).toEqual([[s.created.ad_set_id, 'ACTIVE', 'CAMPAIGN_PAUSED']]);
    const ads = await service.call(
      'list_social_ads',
      { ad_account_id: accountId, campaign_ids: [s.campaign_id], status: ['ACTIVE'] },
      { key: owner.key },
    );
    expect(ads.body.data.structured.ads.map((a: Json) => [a.id, a.status, a.effective_status])).toEqual([
      [s.created.ad_id, 'ACTIVE', 'CAMPAIGN_PAUSED'],
    ]);
  });

  it('answers a PNG upload and the library read with the one URL, as Meta does', async () => {
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'social');
    const token = account ? await service.accessToken(account) : '';
    const png = await makeImage(200, 100, 'png');
    const form = new URLSearchParams({ bytes: png.toString('base64'), appsecret_proof: proofOf(token) });
    const uploaded = await fetch(`${service.url}/sandbox/social/v27.0/${accountId}/adimages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    const answer = (await uploaded.json()) as { images: Record<string, { hash: string; url: string }> };
    const image = Object.values(answer.images)[0];
    expect(image?.url).toMatch(/\.png$/);
    const library = await graph(service, `/v27.0/${accountId}/adimages?fields=hash,url`, token);
    const listed = library.body.data.find((row: { hash: string }) => row.hash === image?.hash);
    expect(listed?.url).toBe(image?.url);
  });

  it('a dry run has Meta validate the campaign, shows every request, and makes nothing', async () => {
    const before = await counts();
    const quota = await used();
    const { status, body } = await call(args('Dry spring', { dry_run: true }));
    expect(status, JSON.stringify(body)).toBe(200);
    const s = body.data.structured;
    expect(createSocialCampaign.output?.parse(s)).toEqual(s);
    expect(s.dry_run).toBe(true);
    expect(s.preview.map((p: Json) => [p.method, p.url.replace(accountId, 'act'), p.validated])).toEqual([
      ['POST', '/act/campaigns', true],
      ['POST', '/act/adimages', false],
      ['POST', '/act/adsets', false],
      ['POST', '/act/adcreatives', false],
      ['POST', '/act/ads', false],
    ]);
    expect(s.preview[0].body).toMatchObject({
      status: 'PAUSED',
      daily_budget: 2550,
      special_ad_categories: [],
    });
    expect(s.preview[2].body.campaign_id).toBe('{the id of the campaign from step 1}');
    expect(s.preview[1].body.bytes).toBe(`{${imageBytes.byteLength} bytes, base64}`);
    expect(await counts()).toEqual(before);
    // A dry run is billed as the read it is.
    expect(await used()).toBe(quota + 1);

    // With an image already in the library, the creative is validated too.
    const sample = await call(
      args('Dry sample', { dry_run: true, image_url: undefined, image_hash: SAMPLE_IMAGE.hash }),
    );
    expect(sample.body.data.structured.preview.map((p: Json) => p.validated)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(await counts()).toEqual(before);
  });

  it('a replay with the same Idempotency-Key answers the same and makes nothing more', async () => {
    const key = randomUUID();
    const first = await call(args('Replayed'), owner.key, { 'idempotency-key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await counts();
    const quota = await used();
    const again = await call(args('Replayed'), owner.key, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.structured).toEqual(first.body.data.structured);
    expect(await counts()).toEqual(before);
    expect(await used()).toBe(quota);
  });

  it('refuses a read key, and a daily budget above the key ceiling, before Meta', async () => {
    const before = await counts();
    const read = await service.createKeyFor(owner, { scope: 'read' });
    const refused = await call(args('Read key'), read);
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    const capped = await service.createKeyFor(owner, { scope: 'spend', ceilings: { USD: 20_000_000 } });
    for (const dryRun of [false, true]) {
      const over = await call(args('Over ceiling', { dry_run: dryRun }), capped);
      expect([over.status, over.body.code], `dry_run ${dryRun}`).toEqual([403, 'insufficient_scope']);
      expect(over.body.error).toContain('20.00 USD');
    }
    const within = await call(args('Within ceiling', { daily_budget: 20 }), capped);
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    expect((await counts()).campaigns).toBe(before.campaigns + 1);
  });

  it('answers clear 400s before any write', async () => {
    const before = await counts();
    const cases: Array<[Json, string]> = [
      [{ page_id: '999999999999999' }, 'page_id: is not a page Meta ad account'],
      [{ instagram_user_id: '17841400000000000' }, 'instagram_user_id: is not authorized for ads'],
      [
        { image_url: undefined, image_hash: '0123456789abcdef0123456789abcdef' },
        'image_hash: is not an image',
      ],
      [{ image_hash: SAMPLE_IMAGE.hash }, 'image_hash: cannot be combined with image_url'],
      [{ image_url: undefined }, 'image_url: is required: pass exactly one of image_url or image_hash'],
      [{ age_min: 40, age_max: 30 }, 'age_min: is 40, above age_max 30'],
      [{ countries: ['USA'] }, 'must be a two-letter country code'],
      [{ objective: 'LINK_CLICKS' }, 'objective'],
      [{ daily_budget: 25.555 }, 'USD has 2 decimals'],
      [{ image_url: server.url('/animated.gif') }, 'image_url: is an animated GIF'],
      [{ image_url: server.url('/missing.jpg') }, 'image_url: could not be used'],
    ];
    for (const [extra, message] of cases) {
      const { status, body } = await call(args('Refused', extra));
      expect([status, body.code], JSON.stringify(extra)).toEqual([400, 'invalid_arguments']);
      expect(body.error, JSON.stringify(extra)).toContain(message);
    }
    // Meta's own refusal of the first write (a budget below its minimum): nothing is half-made.
    const low = await call(args('Too low', { daily_budget: 0.5 }));
    expect([low.status, low.body.code]).toEqual([400, 'upstream_rejected']);
    expect(low.body.error).toContain('The minimum daily budget is 1.00 USD');
    expect(low.body.error).toContain('nothing is half-made');
    expect(await counts()).toEqual(before);
  });

  it('runs over MCP with an image from the library', async () => {
    const client = await connectOverHttp(service.url, owner.key);
    try {
      const result = await callTool(client, {
        name: TOOL,
        arguments: args('Over MCP', {
          image_url: undefined,
          image_hash: SAMPLE_IMAGE.hash,
          objective: 'OUTCOME_AWARENESS',
        }),
      });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const s = result.structuredContent as Json;
      expect(s).toMatchObject({ status: 'PAUSED', optimization_goal: 'REACH', dry_run: false });
      expect(s.created.image_hash).toBe(SAMPLE_IMAGE.hash);
      expect((await store.get<SandboxAdSet>('adset', s.created.ad_set_id))?.data.optimization_goal).toBe(
        'REACH',
      );
    } finally {
      await client.close();
    }
  });
});
