import type { Kysely } from 'kysely';
import type { Database, MemberAction } from './schema.ts';

export async function insertMemberAction(db: Kysely<Database>, action: MemberAction): Promise<void> {
  await db.insertInto('member_actions').values(action).execute();
}

/** The workspace's latest member actions, newest first. */
export async function listMemberActions(
  db: Kysely<Database>,
  workspaceId: string,
  limit: number,
): Promise<MemberAction[]> {
  return db
    .selectFrom('member_actions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
