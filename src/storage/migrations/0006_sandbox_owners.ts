import type { Kysely } from 'kysely';

// The tables as this migration knows them, whatever schema.ts says later.
type Tables = {
  sandbox_objects: { platform: string; type: string; id: string; created_at: string };
  connections: { id: string; mode: string };
  ad_accounts: {
    id: string;
    user_id: string;
    connection_id: string;
    platform: string;
    account_id: string;
    created_at: string;
  };
  sandbox_account_owners: { platform: string; account_id: string; user_id: string; created_at: string };
};

/**
 * Every sandbox account gets the owner that created it. Until now the first owner to connect an account
 * also created it (seeded on first connect), so that owner keeps it. An account connected by several
 * owners, which only the unguarded consent page allowed, stays with the first; the others' rows for it
 * are removed, so their tools stop reaching it. An account nobody connected gets no owner: no one can
 * grant it again. Sandbox tokens gain the owner they were issued to; tokens issued before this migration
 * have none and are adopted, or revoked, when the sandbox next starts (src/sandbox/legacy-tokens.ts),
 * since only the service's cipher can tell which connection holds which token.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped.withTables<Tables>();
  await db.schema
    .createTable('sandbox_account_owners')
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_account_owners_pk', ['platform', 'account_id'])
    .execute();
  // The per-owner creation limit counts an owner's accounts made in the last day.
  await db.schema
    .createIndex('sandbox_account_owners_user_created')
    .on('sandbox_account_owners')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.alterTable('sandbox_tokens').addColumn('user_id', 'text').execute();

  const accounts = await db
    .selectFrom('sandbox_objects')
    .select(['platform', 'id', 'created_at'])
    .where('type', '=', 'account')
    .execute();
  for (const account of accounts) {
    const connectors = await db
      .selectFrom('ad_accounts')
      .innerJoin('connections', 'connections.id', 'ad_accounts.connection_id')
      .select(['ad_accounts.id', 'ad_accounts.user_id', 'ad_accounts.created_at'])
      .where('connections.mode', '=', 'sandbox')
      .where('ad_accounts.platform', '=', account.platform)
      .where('ad_accounts.account_id', '=', account.id)
      .orderBy('ad_accounts.created_at')
      .orderBy('ad_accounts.id')
      .execute();
    const [first, ...others] = connectors;
    if (!first) continue;
    await db
      .insertInto('sandbox_account_owners')
      .values({
        platform: account.platform,
        account_id: account.id,
        user_id: first.user_id,
        created_at: account.created_at,
      })
      .execute();
    const foreign = others.filter((row) => row.user_id !== first.user_id).map((row) => row.id);
    if (foreign.length > 0) await db.deleteFrom('ad_accounts').where('id', 'in', foreign).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_tokens').dropColumn('user_id').execute();
  await db.schema.dropTable('sandbox_account_owners').execute();
}
