import type { Kysely } from 'kysely';
import type { ConsoleSession, Database } from './schema.ts';

export interface SessionWithOwner extends ConsoleSession {
  email: string;
  tier: string;
  agents_stopped_at: string | null;
}

export async function insertConsoleSession(db: Kysely<Database>, session: ConsoleSession): Promise<void> {
  await db.insertInto('console_sessions').values(session).execute();
}

/** The live session with this id hash and its owner; an expired one is as good as none. */
export async function findConsoleSession(
  db: Kysely<Database>,
  idHash: string,
  now: Date,
): Promise<SessionWithOwner | undefined> {
  return db
    .selectFrom('console_sessions')
    .innerJoin('users', 'users.id', 'console_sessions.user_id')
    .selectAll('console_sessions')
    .select(['users.email', 'users.tier', 'users.agents_stopped_at'])
    .where('console_sessions.id_hash', '=', idHash)
    .where('console_sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Records that this session sent the key form `formId`; false when it already had (a resubmission). */
export async function claimKeyForm(db: Kysely<Database>, idHash: string, formId: string): Promise<boolean> {
  const result = await db
    .updateTable('console_sessions')
    .set({ last_key_form: formId })
    .where('id_hash', '=', idHash)
    .where((eb) => eb.or([eb('last_key_form', 'is', null), eb('last_key_form', '<>', formId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteConsoleSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('id_hash', '=', idHash).execute();
}

/** Signs the user out everywhere, as a new password must. */
export async function deleteUserConsoleSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredConsoleSessions(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('console_sessions').where('expires_at', '<=', now.toISOString()).execute();
}
