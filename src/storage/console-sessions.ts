import type { Kysely } from 'kysely';
import type { ConsoleSession, Database } from './schema.ts';

export interface SessionWithOwner extends ConsoleSession {
  person_id: string;
  email: string;
  tier: string;
  workspace_name: string;
  agents_stopped_at: string | null;
  person_email: string;
  role: string;
  workspace_second_factor: string;
}

export async function insertConsoleSession(db: Kysely<Database>, session: ConsoleSession): Promise<void> {
  await db.insertInto('console_sessions').values(session).execute();
}

/**
 * The live session with this id hash, its person, their role and the workspace they look at; an expired
 * session is as good as none, and so is one whose person is no longer a member of that workspace.
 */
export async function findConsoleSession(
  db: Kysely<Database>,
  idHash: string,
  now: Date,
): Promise<SessionWithOwner | undefined> {
  const row = await db
    .selectFrom('console_sessions')
    .innerJoin('users', 'users.id', 'console_sessions.user_id')
    .innerJoin('memberships', (join) =>
      join
        .onRef('memberships.workspace_id', '=', 'console_sessions.user_id')
        .onRef('memberships.person_id', '=', 'console_sessions.person_id'),
    )
    .innerJoin('people', 'people.id', 'memberships.person_id')
    .selectAll('console_sessions')
    .select([
      'users.email',
      'users.tier',
      'users.name as workspace_name',
      'users.agents_stopped_at',
      'people.email as person_email',
      'memberships.role',
      'users.second_factor as workspace_second_factor',
    ])
    .where('console_sessions.id_hash', '=', idHash)
    .where('console_sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row && row.person_id !== null ? { ...row, person_id: row.person_id } : undefined;
}

/** Points the session at another workspace of its person (the caller checked the membership). */
export async function switchSessionWorkspace(
  db: Kysely<Database>,
  idHash: string,
  workspaceId: string,
): Promise<void> {
  await db
    .updateTable('console_sessions')
    .set({ user_id: workspaceId })
    .where('id_hash', '=', idHash)
    .execute();
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

/** Signs the person out everywhere, as a new password must. */
export async function deletePersonConsoleSessions(db: Kysely<Database>, personId: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('person_id', '=', personId).execute();
}

export async function deleteExpiredConsoleSessions(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('console_sessions').where('expires_at', '<=', now.toISOString()).execute();
}

/** Keeps what a form did for the next page this session opens. */
export async function setSessionFlash(db: Kysely<Database>, idHash: string, flash: string): Promise<void> {
  await db.updateTable('console_sessions').set({ flash }).where('id_hash', '=', idHash).execute();
}

/** Clears the flash a page showed; one a later form set meanwhile stays for its own page. */
export async function clearSessionFlash(db: Kysely<Database>, idHash: string, shown: string): Promise<void> {
  await db
    .updateTable('console_sessions')
    .set({ flash: null })
    .where('id_hash', '=', idHash)
    .where('flash', '=', shown)
    .execute();
}
