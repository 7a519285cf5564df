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
