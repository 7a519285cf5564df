import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { createAssetBundle } from '../../../src/storage/asset-bundles.ts';
import { type ImageServer, serve, startImageServer } from '../../assets/support/image-server.ts';
import { makeAnimatedGif, makeImage } from '../../assets/support/images.ts';
import { createTestCertificate, type TestCertificate } from '../../assets/support/test-certificate.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';

type Json = Record<string, any>;

/** An MP4 as its bytes say (an `ftyp` box), padded with an `mdat` box to the size asked for. */
function mp4(size: number): Buffer {
  const ftyp = Buffer.from('000000186674797069736f6d0000000069736f6d6d703432', 'hex');
  const mdat = Buffer.alloc(size - ftyp.length);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

const campaign = {
  campaign_name: 'Media',
  campaign_group_name: 'Media group',
  organization_id: '2414183',
  daily_budget: 25,
  landing_page_url: 'https://example.com/q4',
  locations: ['urn:li:geo:103644278'],
};

describe.each(TEST_DIALECTS)('network media from URLs and asset bundles (%s)', (dialect) => {
  let certificate: TestCertificate;
  let server: ImageServer;
  let service: TestService;
  let owner: Owner;
  let accountId: string;
  let store: SandboxStore;
  const video = mp4(9_000_000);

  beforeAll(async () => {
    certificate = createTestCertificate();
    server = await startImageServer(certificate, {
      '/card.jpg': serve(await makeImage(1080, 1080, 'jpeg'), 'image/jpeg'),
      '/card.png': serve(await makeImage(1200, 1200, 'png')),
      '/animated.gif': serve(await makeAnimatedGif(300, 300), 'image/gif'),
      '/logo-100.png': serve(await makeImage(100, 100, 'png')),
      '/logo-200.png': serve(await makeImage(200, 200, 'png')),
      '/tour.mp4': serve(video, 'video/mp4'),
      '/not-a-video.mp4': serve(await makeImage(100, 100, 'png'), 'video/mp4'),
    });
    service = await TestService.start(dialect, {
      env: {
        ADOPS_FETCH_ALLOW_HOSTS: 'localhost',
        ADOPS_FETCH_PORTS: `443,${server.port}`,
        ADOPS_FETCH_CA_FILE: certificate.certPath,
        ADOPS_UPSTREAM_TIMEOUT_MS: '5000',
      },
    });
    owner = await service.createOwner('max', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    accountId = account?.account_id ?? '';
    store = new SandboxStore(service.services.storage.db, 'network');
  });
  afterAll(async () => {
    await service?.stop();
    await server?.close();
    certificate?.remove();
  });

  const call = (tool: string, args: Json) => service.call(tool, args, { key: owner.key });
  const url = (path: string) => server.url(path);

  it('downloads card images, uploads them to LinkedIn, and uses the new URNs in the carousel', async () => {
    const { status, body } = await call('create_network_carousel_campaign', {
      ...campaign,
      introductory_text: 'Swipe.',
      cards: [
        { image_url: url('/card.jpg'), headline: 'One', landing_page_url: 'https://example.com/1' },
        { image_url: url('/card.png'), headline: 'Two', landing_page_url: 'https://example.com/2' },
        { image_urn: 'urn:li:image:C4E10AQF1', headline: 'Three', landing_page_url: 'https://example.com/3' },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const media = body.data.structured.media as Json[];
    expect(media.map((m) => m.uploaded)).toEqual([true, true, false]);
    for (const item of media.slice(0, 2)) {
      const stored = await store.get<Json>('image', String(item.urn).split(':').pop() ?? '');
      expect(stored?.data).toMatchObject({ status: 'AVAILABLE', owner: 'urn:li:organization:2414183' });
    }
    const post = await store.get<Json>(
      'post',
      String(body.data.structured.creative.post).split(':').pop() ?? '',
    );
    expect(post?.data.content.carousel.cards.map((c: Json) => c.media.id)).toEqual(media.map((m) => m.urn));
  });

  it('shows the uploads in a dry run without sending them', async () => {
    const before = await store.count('image', '2414183');
    const { status, body } = await call('add_network_carousel_creative', {
      campaign_id: (await store.list('campaign', accountId))[0]?.id,
      organization_id: '2414183',
      introductory_text: 'Swipe.',
      landing_page_url: 'https://example.com',
      cards: [
        { image_url: url('/card.jpg'), headline: 'One', landing_page_url: 'https://example.com/1' },
        { image_urn: 'urn:li:image:C4E10AQF2', headline: 'Two', landing_page_url: 'https://example.com/2' },
      ],
      dry_run: true,
    });
    expect(status).toBe(200);
    expect((body.data.structured.preview as Json[]).map((p) => `${p.method} ${p.url}`)).toEqual([
      'POST /images?action=initializeUpload',
      'PUT {value.uploadUrl from step 1}',
      'POST /posts',
      `POST /adAccounts/${accountId}/creatives`,
    ]);
    expect(body.data.structured.preview[2].body.content.carousel.cards[0].media.id).toBe(
      '{value.image from step 1}',
    );
    expect(await store.count('image', '2414183')).toBe(before);
  });

  it('refuses animated, damaged or wrongly sized images before creating anything', async () => {
    const campaigns = await store.count('campaign', accountId);
    const carousel = await call('create_network_carousel_campaign', {
      ...campaign,
      introductory_text: 'Swipe.',
      cards: [
        { image_url: url('/card.jpg'), headline: 'One', landing_page_url: 'https://example.com/1' },
        { image_url: url('/animated.gif'), headline: 'Two', landing_page_url: 'https://example.com/2' },
        { image_url: url('/missing.png'), headline: 'Three', landing_page_url: 'https://example.com/3' },
      ],
    });
    expect(carousel.status).toBe(400);
    expect(carousel.body.code).toBe('invalid_arguments');
    expect(carousel.body.error).toContain('cards[1].image_url: is an animated GIF');
    expect(carousel.body.error).toContain(
      'cards[2].image_url: could not be used: the server answered HTTP 404',
    );
    const text = await call('create_network_text_campaign', {
      ...campaign,
      headline: 'Plans from $5',
      description: 'Built for teams.',
      image_url: url('/logo-200.png'),
    });
    expect(text.status).toBe(400);
    expect(text.body.error).toContain('image_url: is 200x200; a text ad image must be exactly 100x100');
    expect(await store.count('campaign', accountId)).toBe(campaigns);

    const ok = await call('create_network_text_campaign', {
      ...campaign,
      headline: 'Plans from $5',
      description: 'Built for teams.',
      image_url: url('/logo-100.png'),
    });
    expect(ok.status).toBe(200);
    const [creative] = await store.list<Json>('creative', accountId, ok.body.data.structured.campaign.id);
    expect(creative?.data.content.textAd.image).toBe(ok.body.data.structured.media[0].urn);
  });

  it('uploads an MP4 in LinkedIn’s parts and finalizes it; anything else is refused', async () => {
    const { status, body } = await call('create_network_video_campaign', {
      ...campaign,
      introductory_text: 'Watch.',
      headline: 'Tour',
      video_url: url('/tour.mp4'),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const urn = String(body.data.structured.media[0].urn);
    expect(urn).toMatch(/^urn:li:video:/);
    const stored = await store.get<Json>('video', urn.split(':').pop() ?? '');
    expect(stored?.data).toMatchObject({ status: 'AVAILABLE', size: video.length });
    expect(stored?.data.parts).toHaveLength(3);

    const wrong = await call('create_network_video_campaign', {
      ...campaign,
      introductory_text: 'Watch.',
      headline: 'Tour',
      video_url: url('/not-a-video.mp4'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toContain('video_url: could not be used: the file is PNG, not MP4');
  });

  it("uploads an asset bundle's landscape image, else its square one, and only the caller's bundles", async () => {
    const { db } = service.services.storage;
    const square = await makeImage(1200, 1200, 'png');
    const image = (group: string, bytes: Buffer, width: number, height: number) => ({
      group,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      format: 'png',
      width,
      height,
      bytes,
    });
    const now = service.services.clock.now();
    const bundle = await createAssetBundle(db, {
      userId: owner.userId,
      now,
      images: [
        image('logos_square', await makeImage(128, 128, 'png'), 128, 128),
        image('marketing_images_square', square, 1200, 1200),
      ],
    });
    const { status, body } = await call('create_network_image_campaign', {
      ...campaign,
      introductory_text: 'Meet the plan.',
      headline: 'Plans',
      asset_bundle_id: bundle.id,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.structured.media[0]).toMatchObject({ field: 'asset_bundle_id', uploaded: true });
    const stored = await store.get<Json>(
      'image',
      String(body.data.structured.media[0].urn).split(':').pop() ?? '',
    );
    expect(stored?.data).toMatchObject({ status: 'AVAILABLE', size: square.length, mime: 'image/png' });

    const logos = await createAssetBundle(db, {
      userId: owner.userId,
      now,
      images: [image('logos_square', await makeImage(128, 128, 'png'), 128, 128)],
    });
    const noMarketing = await call('create_network_image_campaign', {
      ...campaign,
      introductory_text: 'Meet the plan.',
      headline: 'Plans',
      asset_bundle_id: logos.id,
    });
    expect(noMarketing.status).toBe(400);
    expect(noMarketing.body.error).toContain('holds no landscape or square marketing image');

    const stranger = await service.createOwner('pro', ['network']);
    const theirs = await createAssetBundle(db, {
      userId: stranger.userId,
      now,
      images: [image('marketing_images_square', square, 1200, 1200)],
    });
    const notMine = await call('create_network_image_campaign', {
      ...campaign,
      introductory_text: 'Meet the plan.',
      headline: 'Plans',
      asset_bundle_id: theirs.id,
    });
    expect(notMine.status).toBe(400);
    expect(notMine.body.error).toContain('is not an asset bundle of yours');
  });
});
