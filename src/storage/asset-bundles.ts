import type { Kysely } from 'kysely';
import { newId } from '../ids.ts';
import type { AssetBundle, Database } from './schema.ts';

export interface NewBundleImage {
  /** The argument the image came in, like `marketing_images_landscape`. */
  group: string;
  sha256: string;
  format: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** An image of a bundle without its bytes. */
export interface BundleImageInfo {
  position: number;
  group: string;
  sha256: string;
  format: string;
  width: number;
  height: number;
  byteSize: number;
}

export interface BundleImage extends BundleImageInfo {
  bytes: Buffer;
}

/**
 * Stores the images (each once per owner and hash: a known image is not written again) and a bundle
 * listing them in the given order, all in one transaction. The same image twice in one group is
 * listed once.
 */
export async function createAssetBundle(
  db: Kysely<Database>,
  fields: { userId: string; now: Date; images: NewBundleImage[] },
): Promise<AssetBundle> {
  const bundle: AssetBundle = {
    id: newId('ab'),
    user_id: fields.userId,
    created_at: fields.now.toISOString(),
  };
  const seen = new Set<string>();
  const images = fields.images.filter((image) => {
    const key = `${image.group} ${image.sha256}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  await db.transaction().execute(async (trx) => {
    const stored = new Set<string>();
    for (const image of images) {
      if (stored.has(image.sha256)) continue;
      stored.add(image.sha256);
      await trx
        .insertInto('asset_images')
        .values({
          user_id: fields.userId,
          sha256: image.sha256,
          format: image.format,
          width: image.width,
          height: image.height,
          byte_size: image.bytes.byteLength,
          bytes: image.bytes,
          created_at: bundle.created_at,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'sha256']).doNothing())
        .execute();
    }
    await trx.insertInto('asset_bundles').values(bundle).execute();
    if (images.length > 0) {
      await trx
        .insertInto('asset_bundle_images')
        .values(
          images.map((image, position) => ({
            bundle_id: bundle.id,
            position,
            image_group: image.group,
            user_id: fields.userId,
            sha256: image.sha256,
          })),
        )
        .execute();
    }
  });
  return bundle;
}

/** The bundle if it exists and belongs to this owner; another owner's bundle is not found. */
export async function findAssetBundle(
  db: Kysely<Database>,
  userId: string,
  bundleId: string,
): Promise<AssetBundle | undefined> {
  return db
    .selectFrom('asset_bundles')
    .selectAll()
    .where('id', '=', bundleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

function bundleImagesQuery(db: Kysely<Database>, userId: string, bundleId: string) {
  return db
    .selectFrom('asset_bundle_images as link')
    .innerJoin('asset_bundles as bundle', 'bundle.id', 'link.bundle_id')
    .innerJoin('asset_images as image', (join) =>
      join.onRef('image.user_id', '=', 'link.user_id').onRef('image.sha256', '=', 'link.sha256'),
    )
    .where('bundle.id', '=', bundleId)
    .where('bundle.user_id', '=', userId)
    .select([
      'link.position',
      'link.image_group',
      'image.sha256',
      'image.format',
      'image.width',
      'image.height',
      'image.byte_size',
    ])
    .orderBy('link.position');
}

/** The bundle's images in the order they were given, without bytes; empty for another owner's bundle. */
export async function listAssetBundleImages(
  db: Kysely<Database>,
  userId: string,
  bundleId: string,
): Promise<BundleImageInfo[]> {
  const rows = await bundleImagesQuery(db, userId, bundleId).execute();
  return rows.map((row) => ({
    position: row.position,
    group: row.image_group,
    sha256: row.sha256,
    format: row.format,
    width: row.width,
    height: row.height,
    byteSize: row.byte_size,
  }));
}

/**
 * The first image of the first group in `groups` that has one, with its bytes: the network tools
 * upload "the bundle's first landscape marketing image, else its first square one". Undefined when
 * the bundle is not this owner's or holds none of those groups.
 */
export async function firstBundleImage(
  db: Kysely<Database>,
  userId: string,
  bundleId: string,
  groups: readonly string[],
): Promise<BundleImage | undefined> {
  const images = await listAssetBundleImages(db, userId, bundleId);
  const chosen = groups
    .map((group) => images.find((image) => image.group === group))
    .find((image) => image !== undefined);
  if (!chosen) return undefined;
  const row = await db
    .selectFrom('asset_images')
    .select('bytes')
    .where('user_id', '=', userId)
    .where('sha256', '=', chosen.sha256)
    .executeTakeFirstOrThrow();
  return { ...chosen, bytes: Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes) };
}
