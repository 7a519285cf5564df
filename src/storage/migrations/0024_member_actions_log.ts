import type { Kysely } from 'kysely';

// Teams (issue 37): every form a member sends in the console that succeeds, named by its member, so a
// workspace's history says who made a key, invited someone or disconnected a platform, not only agents.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_actions_workspace_created')
    .on('member_actions')
    .columns(['workspace_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_actions').execute();
}
