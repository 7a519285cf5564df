import type { Services } from '../context.ts';
import { migrateToLatest } from '../storage/migrate.ts';

export async function migrateCommand(services: Services) {
  const applied = await migrateToLatest(services.storage.db);
  return { applied, dialect: services.storage.dialect };
}
