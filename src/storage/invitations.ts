import type { Kysely } from 'kysely';
import type { Database, Invitation } from './schema.ts';

export async function insertInvitation(db: Kysely<Database>, invitation: Invitation): Promise<void> {
  await db.insertInto('invitations').values(invitation).execute();
}

export async function findInvitationByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<(Invitation & { workspace_name: string }) | undefined> {
  return db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.workspace_id')
    .selectAll('invitations')
    .select('users.name as workspace_name')
    .where('invitations.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The invitations of the workspace no one has accepted or withdrawn, newest first (expired ones too). */
export async function listOpenInvitations(db: Kysely<Database>, workspaceId: string): Promise<Invitation[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Marks the invitation used; false when it was used, withdrawn or past its end (a second click, a race). */
export async function claimInvitation(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: now.toISOString() })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeInvitation(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
