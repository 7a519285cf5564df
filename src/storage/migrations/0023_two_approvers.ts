import type { Kysely } from 'kysely';

// Teams (issue 37): a workspace may require two approvers for changes above an amount a day it sets, and
// an approval keeps its first approver until the second one approves.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('two_approvers_above', 'text').execute();
  await db.schema.alterTable('approvals').addColumn('first_approved_by', 'text').execute();
  await db.schema.alterTable('approvals').addColumn('first_approved_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('approvals').dropColumn('first_approved_at').execute();
  await db.schema.alterTable('approvals').dropColumn('first_approved_by').execute();
  await db.schema.alterTable('users').dropColumn('two_approvers_above').execute();
}
