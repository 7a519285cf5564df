import type { Kysely } from 'kysely';
import type { Tier } from '../config.ts';
import { newId } from '../ids.ts';
import type { Database, User } from './schema.ts';

export async function createUser(db: Kysely<Database>, email: string, tier: Tier, now: Date): Promise<User> {
  const user = { id: newId('usr'), email: email.trim().toLowerCase(), tier, created_at: now.toISOString() };
  await db.insertInto('users').values(user).execute();
  return { ...user, agents_stopped_at: null };
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setUserTier(db: Kysely<Database>, userId: string, tier: Tier): Promise<void> {
  await db.updateTable('users').set({ tier }).where('id', '=', userId).execute();
}
