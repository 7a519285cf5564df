import type { Kysely } from 'kysely';

// The change engine (issue 34): every money field an applied write moved, at every level, so the
// guardrails judge a raise from the lowest value of the last 24 hours and "stop all agents" pauses every
// object an agent started or raised; and the writes in flight, which "stop all agents" waits for.
/** What "stop all agents" pauses reached back a week: an agent's raise noted before this migration. */
const BACKFILL_DAYS = 7;

/**
 * The campaigns agents started or raised in the last week, as the audit rows noted them before the money
 * history existed (`raised_spend`, `target_campaign_id`), recorded in it: a stop with "also pause" right
 * after an upgrade still pauses them.
 */
async function backfillRaises(db: Kysely<unknown>): Promise<void> {
  const untyped = db as unknown as Kysely<Record<string, Record<string, string | number | null>>>;
  const since = new Date(Date.now() - BACKFILL_DAYS * 86_400_000).toISOString();
  const rows = await untyped
    .selectFrom('audit_log')
    .select(['id', 'user_id', 'created_at', 'tool', 'account_id', 'details'])
    .where('created_at', '>=', since)
    .where('status', '=', 200)
    .where('dry_run', '=', 0)
    .where((eb) => eb.or([eb('api_key_id', 'is not', null), eb('oauth_client_id', 'is not', null)]))
    .where('details', 'like', '%"raised_spend":true%')
    .execute();
  const raises = rows.flatMap((row) => {
    const platform = /_(search|network|social|video)_/.exec(String(row.tool))?.[1];
    const details = JSON.parse(String(row.details ?? '{}')) as { target_campaign_id?: unknown };
    const campaign = typeof details.target_campaign_id === 'string' ? details.target_campaign_id : undefined;
    if (!platform || !campaign || campaign === 'new' || !row.account_id) return [];
    return [
      {
        id: `mch_backfill_${row.id}`,
        user_id: row.user_id,
        audit_id: row.id,
        created_at: row.created_at,
        tool: row.tool,
        platform,
        account_id: row.account_id,
        object_kind: 'campaign',
        object_id: campaign,
        parent_id: null,
        campaign_id: campaign,
        field: 'status',
        money: 'delivery',
        before_value: null,
        after_value: null,
        lifted: 1,
        by_agent: 1,
      },
    ];
  });
  if (raises.length > 0) await untyped.insertInto('money_changes').values(raises).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('money_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('audit_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('object_kind', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('campaign_id', 'text')
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('money', 'text', (c) => c.notNull())
    // Micros for amounts (bigint: 300,000.00 is past 32 bits), 0 or 1 for delivery; null is none.
    .addColumn('before_value', 'bigint')
    .addColumn('after_value', 'bigint')
    .addColumn('lifted', 'integer', (c) => c.notNull())
    .addColumn('by_agent', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('money_changes_object')
    .on('money_changes')
    .columns(['user_id', 'platform', 'account_id', 'object_kind', 'object_id', 'money', 'created_at'])
    .execute();
  await db.schema
    .createIndex('money_changes_lifted')
    .on('money_changes')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('writes_in_flight')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('writes_in_flight_user')
    .on('writes_in_flight')
    .columns(['user_id', 'lease_until'])
    .execute();
  await backfillRaises(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('writes_in_flight').execute();
  await db.schema.dropTable('money_changes').execute();
}
