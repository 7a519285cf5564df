import type { Kysely } from 'kysely';

// Platform tokens (encrypted, see src/crypto/token-cipher.ts) on the connection, and the sandbox
// emulators' own state: one generic object table and their tokens.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('connections').addColumn('access_token', 'text').execute();
  await db.schema.alterTable('connections').addColumn('refresh_token', 'text').execute();

  await db.schema
    .createTable('sandbox_objects')
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_objects_pk', ['platform', 'type', 'id'])
    .execute();
  await db.schema
    .createIndex('sandbox_objects_account')
    .on('sandbox_objects')
    .columns(['platform', 'account_id', 'type'])
    .execute();

  await db.schema
    .createTable('sandbox_tokens')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_ids', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_tokens').execute();
  await db.schema.dropTable('sandbox_objects').execute();
  await db.schema.alterTable('connections').dropColumn('refresh_token').execute();
  await db.schema.alterTable('connections').dropColumn('access_token').execute();
}
