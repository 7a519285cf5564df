import type { Kysely } from 'kysely';

// The call path (issue 25). `auth_version` counts the changes to what authenticating a caller reads (keys,
// owners, OAuth grants and tokens): on SQLite each instance compares it with the version its cache of
// credentials was filled at (src/auth/credential-cache.ts). The two indexes give the account lookups of
// every call their order, so SQLite reads them in order instead of sorting in a temporary b-tree.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db
    .withTables<{ auth_version: { id: number; version: number } }>()
    .insertInto('auth_version')
    .values({ id: 1, version: 0 })
    .execute();
  await db.schema
    .createIndex('ad_accounts_listing')
    .on('ad_accounts')
    .columns(['user_id', 'platform', 'created_at', 'account_id'])
    .execute();
  await db.schema
    .createIndex('sandbox_objects_listing')
    .on('sandbox_objects')
    .columns(['platform', 'account_id', 'type', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('sandbox_objects_account').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('sandbox_objects_account')
    .on('sandbox_objects')
    .columns(['platform', 'account_id', 'type'])
    .execute();
  await db.schema.dropIndex('sandbox_objects_listing').execute();
  await db.schema.dropIndex('ad_accounts_listing').execute();
  await db.schema.dropTable('auth_version').execute();
}
