import type { Kysely } from 'kysely';
import type { Approval, Database } from './schema.ts';

export async function insertApproval(db: Kysely<Database>, approval: Approval): Promise<void> {
  await db.insertInto('approvals').values(approval).execute();
}

/** One of the owner's approvals; another owner's is not found. */
export async function findApproval(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<Approval | undefined> {
  return db
    .selectFrom('approvals')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The owner's approvals, newest first: the pending ones, or every one. */
export async function listApprovals(
  db: Kysely<Database>,
  userId: string,
  options: { status?: string; limit: number },
): Promise<Approval[]> {
  let query = db.selectFrom('approvals').selectAll().where('user_id', '=', userId);
  if (options.status) query = query.where('status', '=', options.status);
  return query.orderBy('created_at', 'desc').orderBy('id').limit(options.limit).execute();
}

/** Approvals of any owner still pending past their expiry, oldest first. */
export async function pendingPastExpiry(db: Kysely<Database>, now: Date, limit: number): Promise<Approval[]> {
  return db
    .selectFrom('approvals')
    .selectAll()
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now.toISOString())
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** How many of the owner's approvals wait for a decision and have not expired. */
export async function countPendingApprovals(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('approvals')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Moves an approval from one status to the next, only if it still has the status `from`: of two
 * instances deciding at once, one wins. Returns whether this call moved it.
 */
export async function moveApproval(
  db: Kysely<Database>,
  id: string,
  from: string,
  fields: Partial<Pick<Approval, 'status' | 'decided_at' | 'decided_by' | 'result'>> & { status: string },
): Promise<boolean> {
  const result = await db
    .updateTable('approvals')
    .set(fields)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives an approval another id: only for the demo's sample, whose id its documented example names. */
export async function renameApproval(db: Kysely<Database>, id: string, newId: string): Promise<void> {
  await db.updateTable('approvals').set({ id: newId }).where('id', '=', id).execute();
}

/** Removes an approval: only the demo's sample, made twice by two first starts at once. */
export async function deleteApproval(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('approvals').where('id', '=', id).execute();
}

/** Records the first of two approvals, once: false when another member gave it meanwhile, or it was decided. */
export async function recordFirstApproval(
  db: Kysely<Database>,
  id: string,
  by: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('approvals')
    .set({ first_approved_by: by, first_approved_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('first_approved_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
