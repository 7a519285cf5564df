import type { Kysely } from 'kysely';

// What a key may do (docs/keys.md): its scope (read, write or spend; every key made before could
// write and no spend change existed, so they keep `write`), the accounts it may act on (JSON, null: all
// of the owner's) and its daily budget ceilings per currency (JSON of micros, null: none).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('write'))
    .execute();
  await db.schema.alterTable('api_keys').addColumn('account_limits', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('budget_ceilings', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('budget_ceilings').execute();
  await db.schema.alterTable('api_keys').dropColumn('account_limits').execute();
  await db.schema.alterTable('api_keys').dropColumn('scope').execute();
}
