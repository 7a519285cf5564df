import type { Kysely } from 'kysely';

// Image bytes need a binary column, the one exception to "text and integer only". `bytea` is
// PostgreSQL's binary type; SQLite accepts any declared type name and gives this one NUMERIC affinity,
// which stores a blob value unchanged. So one declaration serves both dialects without a dialect check,
// and both drivers hand back a Buffer. Base64 in a text column would cost a third more space and an
// encode and decode on every write and read of up to 5 MB.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('asset_images')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('asset_images_pk', ['user_id', 'sha256'])
    .execute();

  await db.schema
    .createTable('asset_bundles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('asset_bundles_user_id').on('asset_bundles').column('user_id').execute();

  await db.schema
    .createTable('asset_bundle_images')
    .addColumn('bundle_id', 'text', (c) => c.notNull().references('asset_bundles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_group', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('asset_bundle_images_pk', ['bundle_id', 'position'])
    .addForeignKeyConstraint(
      'asset_bundle_images_image',
      ['user_id', 'sha256'],
      'asset_images',
      ['user_id', 'sha256'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('asset_bundle_images_image')
    .on('asset_bundle_images')
    .columns(['user_id', 'sha256'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['asset_bundle_images', 'asset_bundles', 'asset_images']) {
    await db.schema.dropTable(table).execute();
  }
}
