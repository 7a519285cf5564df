import type { Kysely } from 'kysely';
import type { Tier } from '../config.ts';
import { newId } from '../ids.ts';
import { noteAuthChange } from './auth-changes.ts';
import type { Database, User } from './schema.ts';

/** A new workspace; its name is its address unless given. */
export async function createUser(
  db: Kysely<Database>,
  email: string,
  tier: Tier,
  now: Date,
  name?: string,
): Promise<User> {
  const address = email.trim().toLowerCase();
  const user = {
    id: newId('usr'),
    email: address,
    name: name ?? address,
    tier,
    created_at: now.toISOString(),
  };
  await db.insertInto('users').values(user).execute();
  return { ...user, agents_stopped_at: null, second_factor: 'off', two_approvers_above: null };
}

export async function renameUser(db: Kysely<Database>, userId: string, name: string): Promise<void> {
  await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
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
  await noteAuthChange(db);
}

/** Stops every key and grant of the owner; an owner already stopped keeps the first time. */
export async function stopUsersAgents(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ agents_stopped_at: now.toISOString() })
    .where('id', '=', userId)
    .where('agents_stopped_at', 'is', null)
    .execute();
  await noteAuthChange(db);
}

/** Lets the owner's keys and grants call again; returns whether they were stopped. */
export async function resumeUsersAgents(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ agents_stopped_at: null })
    .where('id', '=', userId)
    .where('agents_stopped_at', 'is not', null)
    .executeTakeFirst();
  await noteAuthChange(db);
  return Number(result.numUpdatedRows) === 1;
}

/** `approvers`: the workspace's approvers and admins act only in a session opened with a second factor. */
export async function setSecondFactorRequirement(
  db: Kysely<Database>,
  userId: string,
  requirement: 'off' | 'approvers',
): Promise<void> {
  await db.updateTable('users').set({ second_factor: requirement }).where('id', '=', userId).execute();
}

/** The amounts a day above which a change waits for two approvers, per currency; null: one approver always. */
export async function setTwoApproversAbove(
  db: Kysely<Database>,
  userId: string,
  thresholds: Record<string, number> | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_approvers_above: thresholds && JSON.stringify(thresholds) })
    .where('id', '=', userId)
    .execute();
}
