import type { Kysely } from 'kysely';

// The call path (issue 25): the account listings of every call (the caller's accounts, a sandbox account's
// objects) read in their order from an index instead of being sorted in a temporary b-tree.
export async function up(db: Kysely<unknown>): Promise<void> {
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
}
