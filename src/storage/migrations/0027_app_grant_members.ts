import type { Kysely } from 'kysely';

// Separation of duties for apps (issue 37): the member who allowed an OAuth app, so that the changes the
// app asks for are decided by someone else, as a key's are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_grants').addColumn('approved_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_grants').dropColumn('approved_by').execute();
}
