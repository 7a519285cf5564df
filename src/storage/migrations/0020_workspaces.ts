import { type Kysely, sql } from 'kysely';

// Teams (issue 37): the account an owner had becomes a workspace (the `users` row keeps its id, its tier,
// its quota and everything that belongs to it), and the person who signs in is apart from it, a member with
// a role. Every owner becomes the admin of their own workspace, with the same password: nothing changes for
// them. Invited people may belong to a workspace without one of their own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`UPDATE users SET name = email`.execute(db);

  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO people (id, email, created_at) SELECT id, email, created_at FROM users`.execute(db);

  await db.schema
    .createTable('person_passwords')
    .addColumn('person_id', 'text', (c) => c.primaryKey().references('people.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO person_passwords (person_id, hash, updated_at)
    SELECT user_id, hash, updated_at FROM user_passwords`.execute(db);
  await db.schema.dropTable('user_passwords').execute();

  await db.schema
    .createTable('memberships')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['workspace_id', 'person_id'])
    .execute();
  await db.schema.createIndex('memberships_person_id').on('memberships').column('person_id').execute();
  await sql`INSERT INTO memberships (workspace_id, person_id, role, created_at)
    SELECT id, id, 'admin', created_at FROM users`.execute(db);

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_workspace_id').on('invitations').column('workspace_id').execute();

  // The session is a person's, in the workspace they are looking at (console_sessions.user_id).
  await db.schema
    .alterTable('console_sessions')
    .addColumn('person_id', 'text', (c) => c.references('people.id').onDelete('cascade'))
    .execute();
  await sql`UPDATE console_sessions SET person_id = user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('console_sessions').dropColumn('person_id').execute();
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropTable('memberships').execute();
  await db.schema
    .createTable('user_passwords')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO user_passwords (user_id, hash, updated_at)
    SELECT person_id, hash, updated_at FROM person_passwords WHERE person_id IN (SELECT id FROM users)`.execute(
    db,
  );
  await db.schema.dropTable('person_passwords').execute();
  await db.schema.dropTable('people').execute();
  await db.schema.alterTable('users').dropColumn('name').execute();
}
