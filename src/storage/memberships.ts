import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database, Membership } from './schema.ts';

export interface MemberRow {
  person_id: string;
  email: string;
  role: string;
  created_at: string;
}

export interface WorkspaceOfPerson {
  id: string;
  name: string;
  role: string;
}

/** Adds the person to the workspace, or gives them this role when they are in it already. */
export async function putMembership(
  db: Kysely<Database>,
  workspaceId: string,
  personId: string,
  role: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ workspace_id: workspaceId, person_id: personId, role, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['workspace_id', 'person_id']).doUpdateSet({ role }))
    .execute();
}

export async function findMembership(
  db: Kysely<Database>,
  workspaceId: string,
  personId: string,
): Promise<Membership | undefined> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
}

/** The workspace's members, admins first, then by address. */
export async function listMembers(db: Kysely<Database>, workspaceId: string): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('people', 'people.id', 'memberships.person_id')
    .select(['memberships.person_id', 'people.email', 'memberships.role', 'memberships.created_at'])
    .where('memberships.workspace_id', '=', workspaceId)
    .orderBy('people.email')
    .execute();
  return rows.toSorted((a, b) => Number(b.role === 'admin') - Number(a.role === 'admin'));
}

/** The workspaces a person belongs to, by name. */
export async function listWorkspacesOf(db: Kysely<Database>, personId: string): Promise<WorkspaceOfPerson[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.workspace_id')
    .select(['users.id', 'users.name', 'memberships.role'])
    .where('memberships.person_id', '=', personId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

export async function deleteMembership(
  db: Kysely<Database>,
  workspaceId: string,
  personId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('memberships')
    .where('workspace_id', '=', workspaceId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function countAdmins(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Holds the workspace's row until the transaction ends, so that changes of its members that check
 * something first (its last admin) run one at a time. SQLite runs one transaction at a time already.
 */
export async function lockWorkspace(trx: Kysely<Database>, workspaceId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', workspaceId).forUpdate().execute();
}
