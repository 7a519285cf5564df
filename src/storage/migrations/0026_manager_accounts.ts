import type { Kysely } from 'kysely';

// Manager accounts (issue 37): a Google Ads account reached through a manager (MCC) is called with the
// manager's id as `login-customer-id`; it is kept with the account, found when the connection lists them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ad_accounts').addColumn('login_customer_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ad_accounts').dropColumn('login_customer_id').execute();
}
