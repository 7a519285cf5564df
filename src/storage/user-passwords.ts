import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export async function savePasswordHash(
  db: Kysely<Database>,
  userId: string,
  hash: string,
  now: Date,
): Promise<void> {
  const updatedAt = now.toISOString();
  await db
    .insertInto('user_passwords')
    .values({ user_id: userId, hash, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ hash, updated_at: updatedAt }))
    .execute();
}

export async function findPasswordHash(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_passwords')
    .select('hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.hash;
}
