import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/key-limits.ts';
import { executeTool } from '../../src/pipeline/execute-tool.ts';
import type { Progress } from '../../src/progress.ts';
import { findAssetBundle, firstBundleImage, listAssetBundleImages } from '../../src/storage/asset-bundles.ts';
import { validateAndPrepareAssets } from '../../src/tools/search/validate-and-prepare-assets.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';
import {
  endlessBody,
  type ImageServer,
  oneBytePerSecond,
  redirect,
  serve,
  startImageServer,
  status,
} from './support/image-server.ts';
import { makeAnimatedGif, makeImage, pngOfSize } from './support/images.ts';
import { createTestCertificate, type TestCertificate } from './support/test-certificate.ts';

const TOOL = 'validate_and_prepare_assets';

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe.each(TEST_DIALECTS)('validate_and_prepare_assets on %s', (dialect) => {
  let certificate: TestCertificate;
  let server: ImageServer;
  let service: TestService;
  const files: Record<string, Buffer> = {};
  const url = (path: string) => server.url(path);

  beforeAll(async () => {
    certificate = createTestCertificate();
    Object.assign(files, {
      '/landscape.jpg': await makeImage(1200, 628, 'jpeg'),
      '/square.png': await makeImage(1200, 1200, 'png'),
      '/portrait.jpg': await makeImage(960, 1200, 'jpeg'),
      '/logo.png': await makeImage(128, 128, 'png'),
      '/logo-animated.gif': await makeAnimatedGif(256, 256),
      '/logo-wide.png': await makeImage(1200, 300, 'png'),
      '/wrong-ratio.jpg': await makeImage(1000, 1000, 'jpeg'),
      '/too-small.png': await makeImage(200, 200, 'png'),
      '/big.png': await pngOfSize(5121 * 1024),
      '/landscape.webp': await makeImage(1200, 628, 'webp'),
    });
    const routes = Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, serve(bytes)]));
    server = await startImageServer(certificate, {
      ...routes,
      '/page.png': serve(
        Buffer.from('<!doctype html><title>Sign in</title><p>Please sign in</p>'),
        'image/png',
      ),
      '/to-loopback.png': redirect(() => server.url('/square.png', '127.0.0.1')),
      '/slow.jpg': oneBytePerSecond(files['/portrait.jpg'] as Buffer),
      '/endless.jpg': endlessBody((files['/portrait.jpg'] as Buffer).subarray(0, 2000)).route,
      '/missing.png': status(404),
    });
    service = await TestService.start(dialect, {
      env: {
        // Only `localhost` is exempt from the address check: 127.0.0.1 by address stays refused.
        ADOPS_FETCH_ALLOW_HOSTS: 'localhost',
        ADOPS_FETCH_PORTS: `443,${server.port}`,
        ADOPS_FETCH_CA_FILE: certificate.certPath,
        ADOPS_FETCH_TIMEOUT_MS: '1500',
      },
    });
  });

  afterAll(async () => {
    await service?.stop();
    await server?.close();
    certificate?.remove();
  });

  const good = () => ({
    marketing_images_landscape: [url('/landscape.jpg')],
    marketing_images_square: [url('/square.png')],
    logos_square: [url('/logo.png')],
  });

  async function used(owner: Owner): Promise<number> {
    return (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used;
  }

  async function bundlesOf(owner: Owner): Promise<number> {
    const rows = await service.services.storage.db
      .selectFrom('asset_bundles')
      .select('id')
      .where('user_id', '=', owner.userId)
      .execute();
    return rows.length;
  }

  it('judges every image on its own, stores the good ones in a bundle and charges one unit', async () => {
    const owner = await service.createOwner('free', ['search']);
    const args = {
      marketing_images_landscape: [
        url('/landscape.jpg'),
        url('/wrong-ratio.jpg'),
        url('/landscape.webp'),
        url('/page.png'),
      ],
      marketing_images_square: [
        url('/square.png'),
        url('/too-small.png'),
        url('/big.png'),
        url('/to-loopback.png'),
      ],
      marketing_images_portrait: [url('/portrait.jpg'), url('/slow.jpg'), url('/endless.jpg')],
      logos_square: [url('/logo.png'), url('/logo-animated.gif'), url('/missing.png')],
      logos_landscape: [url('/logo-wide.png')],
    };
    const { status, body } = await service.call(TOOL, args, { key: owner.key });

    expect(status).toBe(200);
    const { asset_bundle_id: bundleId, images } = body.data.structured;
    expect(bundleId).toMatch(/^ab_/);
    // Every verdict, accepted or not, as the output schema describes it (strict: no unlisted field).
    expect(validateAndPrepareAssets.output?.strict().parse(body.data.structured)).toEqual(
      body.data.structured,
    );
    const accepted = (path: string, group: string, width: number, height: number, format: string) => ({
      url: url(path),
      group,
      verdict: 'accepted',
      width,
      height,
      format,
      bytes: files[path]?.length,
      sha256: sha256(files[path] as Buffer),
    });
    const rejected = (path: string, group: string, reason: string) => ({
      url: url(path),
      group,
      verdict: 'rejected',
      reason: expect.stringContaining(reason),
    });
    expect(images).toEqual([
      accepted('/landscape.jpg', 'marketing_images_landscape', 1200, 628, 'jpeg'),
      {
        ...rejected(
          '/wrong-ratio.jpg',
          'marketing_images_landscape',
          '1000x1000 is 1:1; a landscape marketing image needs 1.91:1',
        ),
        width: 1000,
        height: 1000,
        format: 'jpeg',
        bytes: files['/wrong-ratio.jpg']?.length,
        sha256: sha256(files['/wrong-ratio.jpg'] as Buffer),
      },
      rejected('/landscape.webp', 'marketing_images_landscape', 'the file is WebP, not JPEG, PNG or GIF'),
      rejected('/page.png', 'marketing_images_landscape', 'serves a web page (HTML)'),
      accepted('/square.png', 'marketing_images_square', 1200, 1200, 'png'),
      expect.objectContaining(
        rejected('/too-small.png', 'marketing_images_square', '200x200 is smaller than the 300x300 minimum'),
      ),
      rejected('/big.png', 'marketing_images_square', 'the file is 5,121 KB, over the 5,120 KB limit'),
      rejected(
        '/to-loopback.png',
        'marketing_images_square',
        'after a redirect, the host 127.0.0.1 is a loopback address',
      ),
      accepted('/portrait.jpg', 'marketing_images_portrait', 960, 1200, 'jpeg'),
      rejected('/slow.jpg', 'marketing_images_portrait', 'took longer than the 1.5 s limit'),
      rejected('/endless.jpg', 'marketing_images_portrait', 'larger than the 5,120 KB limit'),
      accepted('/logo.png', 'logos_square', 128, 128, 'png'),
      accepted('/logo-animated.gif', 'logos_square', 256, 256, 'gif'),
      rejected('/missing.png', 'logos_square', 'the server answered HTTP 404 (Not Found)'),
      accepted('/logo-wide.png', 'logos_landscape', 1200, 300, 'png'),
    ]);
    expect(JSON.stringify(body)).not.toContain('Please sign in');

    const text: string = body.data.text;
    expect(text).toContain('Checked 15 images: 6 accepted, 9 rejected.');
    expect(text).toContain('marketing_images_landscape 1/4, marketing_images_square 1/4');
    expect(text).toContain(`- marketing_images_square[1] ${url('/too-small.png')}: 200x200 is smaller`);
    expect(text).toContain(`pass asset_bundle_id "${bundleId}" to create_network_image_campaign`);
    expect(body.data.quota.used).toBe(1);

    const stored = await listAssetBundleImages(service.services.storage.db, owner.userId, bundleId);
    expect(stored.map((image) => [image.group, image.sha256])).toEqual([
      ['marketing_images_landscape', sha256(files['/landscape.jpg'] as Buffer)],
      ['marketing_images_square', sha256(files['/square.png'] as Buffer)],
      ['marketing_images_portrait', sha256(files['/portrait.jpg'] as Buffer)],
      ['logos_square', sha256(files['/logo.png'] as Buffer)],
      ['logos_square', sha256(files['/logo-animated.gif'] as Buffer)],
      ['logos_landscape', sha256(files['/logo-wide.png'] as Buffer)],
    ]);
    await service.services.audit.flush();
    const audit = await service.services.storage.db
      .selectFrom('audit_log')
      .select(['created_object_ids', 'billable'])
      .where('user_id', '=', owner.userId)
      .where('tool', '=', TOOL)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ created_object_ids: JSON.stringify([bundleId]), billable: 1 });
  });

  it('answers 400 with every verdict when a required group has no valid image, storing and charging nothing', async () => {
    const owner = await service.createOwner('free', ['search']);
    const { status, body } = await service.call(
      TOOL,
      { ...good(), marketing_images_landscape: [url('/wrong-ratio.jpg'), url('/missing.png')] },
      { key: owner.key },
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'assets_rejected', tool: TOOL });
    expect(body.error).toContain('No valid image in marketing_images_landscape, which is required');
    expect(body.error).toContain('1000x1000 is 1:1');
    expect(body.structured_content.images.map((image: any) => [image.group, image.verdict])).toEqual([
      ['marketing_images_landscape', 'rejected'],
      ['marketing_images_landscape', 'rejected'],
      ['marketing_images_square', 'accepted'],
      ['logos_square', 'accepted'],
    ]);
    expect(await used(owner)).toBe(0);
    expect(await bundlesOf(owner)).toBe(0);
  });

  it('validates everything on a dry run but stores nothing, billed as a read', async () => {
    const owner = await service.createOwner('free', ['search']);
    const { status, body } = await service.call(TOOL, { ...good(), dry_run: true }, { key: owner.key });
    expect(status).toBe(200);
    expect(body.data.structured.asset_bundle_id).toBeNull();
    expect(validateAndPrepareAssets.output?.strict().parse(body.data.structured)).toEqual(
      body.data.structured,
    );
    expect(body.data.structured.images.map((image: any) => image.verdict)).toEqual([
      'accepted',
      'accepted',
      'accepted',
    ]);
    expect(body.data.text).toContain('Dry run: nothing was stored.');
    // A dry run is billed as the read it is.
    expect(body.data.quota.used).toBe(1);
    expect(await used(owner)).toBe(1);
    expect(await bundlesOf(owner)).toBe(0);
  });

  it('reports download, validate and commit progress in order, with counts', async () => {
    const owner = await service.createOwner('free', ['search']);
    const events: Progress[] = [];
    const caller = {
      userId: owner.userId,
      email: owner.email,
      tier: 'free',
      apiKeyId: owner.keyId,
      limits: DEFAULT_LIMITS,
    };
    const args = { ...good(), logos_square: [url('/logo.png'), url('/missing.png')] };
    const { outcome } = await executeTool(service.services, caller, TOOL, args, {
      requestId: `req_${randomUUID()}`,
      onProgress: (progress) => events.push(progress),
    });
    expect(outcome.ok).toBe(true);
    expect(events.map((event) => `${event.stage} ${event.progress}/${event.total}`)).toEqual([
      'download 1/4',
      'download 2/4',
      'download 3/4',
      'download 4/4',
      'validate 1/4',
      'validate 2/4',
      'validate 3/4',
      'validate 4/4',
      'commit 0/3',
      'commit 3/3',
    ]);
    expect(events[0]?.message).toBe('Downloaded 1/4 images');
  });

  it('keeps each image once per owner, and another owner cannot use the bundle', async () => {
    const owner = await service.createOwner('free', ['search']);
    const stranger = await service.createOwner('free', ['search']);
    const first = await service.call(TOOL, good(), { key: owner.key });
    const second = await service.call(TOOL, good(), { key: owner.key });
    const firstId = first.body.data.structured.asset_bundle_id;
    expect(second.body.data.structured.asset_bundle_id).not.toBe(firstId);
    const { db } = service.services.storage;
    const images = await db
      .selectFrom('asset_images')
      .select('sha256')
      .where('user_id', '=', owner.userId)
      .execute();
    expect(images).toHaveLength(3);

    expect(await findAssetBundle(db, stranger.userId, firstId)).toBeUndefined();
    expect(
      await firstBundleImage(db, stranger.userId, firstId, ['marketing_images_landscape']),
    ).toBeUndefined();
    const upload = await firstBundleImage(db, owner.userId, firstId, [
      'marketing_images_landscape',
      'marketing_images_square',
    ]);
    expect(upload?.bytes.equals(files['/landscape.jpg'] as Buffer)).toBe(true);
  });
});
