import type { Kysely } from 'kysely';

// Monitors (docs/monitors.md): the rules, one row per check of a rule (unique per rule and minute, so a
// retried check records once), and one row per firing (unique per rule, campaign and period, so a
// retried check acts once). An audit row made by a monitor's action names the monitor.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monitors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('check_every_minutes', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('monitors_user').on('monitors').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('monitors_enabled')
    .on('monitors')
    .columns(['enabled', 'check_every_minutes'])
    .execute();

  await db.schema
    .createTable('monitor_checks')
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('slot_at', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('period', 'text')
    .addColumn('campaigns', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('monitor_checks_pk', ['monitor_id', 'slot_at'])
    .execute();

  await db.schema
    .createTable('monitor_firings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('campaign_name', 'text')
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('slot_at', 'text', (c) => c.notNull())
    .addColumn('fired_at', 'text', (c) => c.notNull())
    .addColumn('seen', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('action_arguments', 'text')
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('result_text', 'text')
    .addColumn('request_id', 'text')
    .addUniqueConstraint('monitor_firings_once', ['monitor_id', 'campaign_id', 'period'])
    .execute();
  await db.schema
    .createIndex('monitor_firings_monitor')
    .on('monitor_firings')
    .columns(['monitor_id', 'fired_at'])
    .execute();

  await db.schema.alterTable('audit_log').addColumn('monitor_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('monitor_id').execute();
  await db.schema.dropTable('monitor_firings').execute();
  await db.schema.dropTable('monitor_checks').execute();
  await db.schema.dropTable('monitors').execute();
}
