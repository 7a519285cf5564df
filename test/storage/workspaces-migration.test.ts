import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/context.ts';
import { checkCredentials } from '../../src/owners/credentials.ts';
import { hashPassword } from '../../src/owners/passwords.ts';
import { closeServices } from '../../src/services.ts';
import { findConsoleSession } from '../../src/storage/console-sessions.ts';
import { listMembers, listWorkspacesOf } from '../../src/storage/memberships.ts';
import { MIGRATION_NAMES, migrateToLatest } from '../../src/storage/migrate.ts';
import { findUserById } from '../../src/storage/users.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { insertOldOwner, migrateUpTo } from '../support/migrations.ts';
import { quietServices } from '../support/service.ts';

const MIGRATION = '0020_workspaces';
const PASSWORD = 'a password from before teams';

describe.each(TEST_DIALECTS)(`${MIGRATION} on %s`, (dialect) => {
  let database: TestDatabase;
  let services: Services;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    services = quietServices(database);
  });
  afterAll(async () => {
    await closeServices(services);
    await database?.drop();
  });

  it('makes every owner the admin of their own workspace, with the same password and the same sessions', async () => {
    const { db } = services.storage;
    await migrateUpTo(db, MIGRATION);
    const now = new Date();
    const old = db as unknown as Kysely<Record<string, Record<string, string | null>>>;
    const ann = await insertOldOwner(db, 'ann@example.com', 'pro', now);
    const bob = await insertOldOwner(db, 'bob@example.com', 'free', now);
    await old
      .insertInto('user_passwords')
      .values({ user_id: ann.id, hash: await hashPassword(PASSWORD), updated_at: now.toISOString() })
      .execute();
    const session = {
      id_hash: 'a'.repeat(64),
      user_id: ann.id,
      csrf_token: 'token',
      last_key_form: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
    };
    await old.insertInto('console_sessions').values(session).execute();

    expect(await migrateToLatest(db)).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(MIGRATION)));

    expect((await checkCredentials(db, 'ann@example.com', PASSWORD))?.id).toBe(ann.id);
    expect(await checkCredentials(db, 'bob@example.com', PASSWORD)).toBeUndefined();
    for (const owner of [ann, bob]) {
      expect(await listMembers(db, owner.id)).toEqual([
        { person_id: owner.id, email: owner.email, role: 'admin', created_at: owner.created_at },
      ]);
      expect(await listWorkspacesOf(db, owner.id)).toEqual([
        { id: owner.id, name: owner.email, role: 'admin' },
      ]);
      expect((await findUserById(db, owner.id))?.name).toBe(owner.email);
    }
    const signedIn = await findConsoleSession(db, session.id_hash, now);
    expect(signedIn).toMatchObject({
      user_id: ann.id,
      person_id: ann.id,
      role: 'admin',
      person_email: ann.email,
    });
  });
});
