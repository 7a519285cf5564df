import type { Kysely } from 'kysely';

// Post/redirect/get (issue 38): what a form did, kept with the session (encrypted) until the page the form
// redirects to shows it once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('console_sessions').addColumn('flash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('console_sessions').dropColumn('flash').execute();
}
