import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAssetBundle,
  findAssetBundle,
  firstBundleImage,
  listAssetBundleImages,
  type NewBundleImage,
} from '../../src/storage/asset-bundles.ts';
import { openStorage, type Storage } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';
import { createUser } from '../../src/storage/users.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { makeImage } from './support/images.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');

async function image(group: string, width: number, height: number): Promise<NewBundleImage> {
  const bytes = await makeImage(width, height, 'png');
  return {
    group,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    format: 'png',
    width,
    height,
    bytes,
  };
}

describe.each(TEST_DIALECTS)('asset bundles on %s', (dialect) => {
  let database: TestDatabase;
  let storage: Storage;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    storage = openStorage(database.url);
    await migrateToLatest(storage.db);
  });

  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  async function owner(name: string): Promise<string> {
    return (await createUser(storage.db, `${name}-${Math.random()}@example.com`, 'free', NOW)).id;
  }

  it('keeps the bytes exactly, in the order given, and only for their owner', async () => {
    const userId = await owner('ann');
    const stranger = await owner('bob');
    const square = await image('marketing_images_square', 300, 300);
    const landscape = await image('marketing_images_landscape', 1200, 628);
    const bundle = await createAssetBundle(storage.db, { userId, now: NOW, images: [square, landscape] });

    expect(bundle).toEqual({
      id: expect.stringMatching(/^ab_[0-9a-f]{32}$/),
      user_id: userId,
      created_at: NOW.toISOString(),
    });
    expect(await findAssetBundle(storage.db, userId, bundle.id)).toEqual(bundle);
    expect(await listAssetBundleImages(storage.db, userId, bundle.id)).toEqual([
      {
        position: 0,
        group: 'marketing_images_square',
        sha256: square.sha256,
        format: 'png',
        width: 300,
        height: 300,
        byteSize: square.bytes.length,
      },
      {
        position: 1,
        group: 'marketing_images_landscape',
        sha256: landscape.sha256,
        format: 'png',
        width: 1200,
        height: 628,
        byteSize: landscape.bytes.length,
      },
    ]);
    const first = await firstBundleImage(storage.db, userId, bundle.id, [
      'marketing_images_landscape',
      'marketing_images_square',
    ]);
    expect(first?.group).toBe('marketing_images_landscape');
    expect(first?.bytes.equals(landscape.bytes)).toBe(true);

    expect(await findAssetBundle(storage.db, stranger, bundle.id)).toBeUndefined();
    expect(await listAssetBundleImages(storage.db, stranger, bundle.id)).toEqual([]);
    expect(
      await firstBundleImage(storage.db, stranger, bundle.id, ['marketing_images_landscape']),
    ).toBeUndefined();
  });

  it('falls back to the next group, and to nothing', async () => {
    const userId = await owner('cat');
    const square = await image('marketing_images_square', 400, 400);
    const bundle = await createAssetBundle(storage.db, { userId, now: NOW, images: [square] });
    const first = await firstBundleImage(storage.db, userId, bundle.id, [
      'marketing_images_landscape',
      'marketing_images_square',
    ]);
    expect(first?.sha256).toBe(square.sha256);
    expect(await firstBundleImage(storage.db, userId, bundle.id, ['logos_landscape'])).toBeUndefined();
  });

  it('stores an image once per owner however often it is bundled', async () => {
    const userId = await owner('dan');
    const other = await owner('eve');
    const logo = await image('logos_square', 128, 128);
    const asSquare = { ...logo, group: 'marketing_images_square' };
    const one = await createAssetBundle(storage.db, { userId, now: NOW, images: [logo, asSquare, logo] });
    const two = await createAssetBundle(storage.db, { userId, now: NOW, images: [logo] });
    await createAssetBundle(storage.db, { userId: other, now: NOW, images: [logo] });

    const rows = await storage.db
      .selectFrom('asset_images')
      .select(['user_id', 'byte_size'])
      .where('sha256', '=', logo.sha256)
      .execute();
    expect(rows.map((row) => row.user_id).sort()).toEqual([userId, other].sort());
    expect((await listAssetBundleImages(storage.db, userId, one.id)).map((row) => row.group)).toEqual([
      'logos_square',
      'marketing_images_square',
    ]);
    expect(await listAssetBundleImages(storage.db, userId, two.id)).toHaveLength(1);
  });
});
