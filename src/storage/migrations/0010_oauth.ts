import type { Kysely } from 'kysely';

// adops as its own OAuth authorization server (src/oauth): the protocol library's records, the grants
// owners approved in the console with the limits they chose, the clients owners made for ChatGPT
// Actions, and the client an audit row's call came through.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One table for every record oidc-provider keeps (sessions, codes, tokens, clients...). `id_hash` is
  // the SHA-256 of the record's id: an access token's id is the token itself.
  await db.schema
    .createTable('oauth_records')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id_hash', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .addPrimaryKeyConstraint('oauth_records_pkey', ['model', 'id_hash'])
    .execute();
  await db.schema.createIndex('oauth_records_grant').on('oauth_records').column('grant_id').execute();
  await db.schema.createIndex('oauth_records_uid').on('oauth_records').column('uid').execute();
  await db.schema.createIndex('oauth_records_expiry').on('oauth_records').column('expires_at').execute();

  await db.schema
    .createTable('oauth_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('account_limits', 'text')
    .addColumn('budget_ceilings', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_grants_user').on('oauth_grants').column('user_id').execute();

  await db.schema
    .createTable('oauth_owned_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_owned_clients_user')
    .on('oauth_owned_clients')
    .column('user_id')
    .execute();

  await db.schema.alterTable('audit_log').addColumn('oauth_client_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('oauth_client_id').execute();
  await db.schema.dropTable('oauth_owned_clients').execute();
  await db.schema.dropTable('oauth_grants').execute();
  await db.schema.dropTable('oauth_records').execute();
}
