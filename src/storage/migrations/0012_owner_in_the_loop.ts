import type { Kysely } from 'kysely';

// The owner in the loop (docs/approvals.md): an owner can stop every agent at once; keys and OAuth grants
// carry spend guardrails (the largest raise one change may make without approval, and whether every
// spend change waits for the owner); a change that waits is stored as an approval, bound to the values
// of the object it was computed from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('agents_stopped_at', 'text').execute();
  for (const table of ['api_keys', 'oauth_grants']) {
    await db.schema.alterTable(table).addColumn('max_raise_percent', 'integer').execute();
    await db.schema
      .alterTable(table)
      .addColumn('approval', 'text', (c) => c.notNull().defaultTo('none'))
      .execute();
  }
  await db.schema
    .createTable('approvals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('arguments', 'text', (c) => c.notNull())
    .addColumn('platform', 'text')
    .addColumn('account_id', 'text')
    .addColumn('api_key_id', 'text')
    .addColumn('oauth_client_id', 'text')
    .addColumn('oauth_grant_id', 'text')
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('limits', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('result', 'text')
    .execute();
  await db.schema
    .createIndex('approvals_user_status')
    .on('approvals')
    .columns(['user_id', 'status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('approvals').execute();
  for (const table of ['oauth_grants', 'api_keys']) {
    await db.schema.alterTable(table).dropColumn('approval').execute();
    await db.schema.alterTable(table).dropColumn('max_raise_percent').execute();
  }
  await db.schema.alterTable('users').dropColumn('agents_stopped_at').execute();
}
