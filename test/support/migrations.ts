import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { MIGRATION_NAMES } from '../../src/storage/migrate.ts';
import type { Database } from '../../src/storage/schema.ts';

/** Applies every migration listed before `name`, so a test can store data as the service did then. */
export async function migrateUpTo(db: Kysely<Database>, name: string): Promise<void> {
  const before = MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf(name));
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          await Promise.all(
            before.map(async (each) => [each, await import(`../../src/storage/migrations/${each}.ts`)]),
          ),
        ),
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** An owner's row as the service stored it before workspaces had a name (migration 0020). */
export async function insertOldOwner(db: Kysely<Database>, email: string, tier: string, now: Date) {
  const user = { id: `usr_${email.replace(/\W/g, '_')}`, email, tier, created_at: now.toISOString() };
  await db.insertInto('users').values(user).execute();
  return { ...user, name: email, agents_stopped_at: null, second_factor: 'off', two_approvers_above: null };
}
