import { type Kysely, sql } from 'kysely';

// The background jobs of the in-process runner (src/jobs/local-engine.ts), which the embedded default
// (SQLite, one process) uses; on PostgreSQL pg-boss keeps its jobs in a schema of its own (`pgboss`).
// The table is made on both dialects all the same, so that a database's tables never depend on which
// engine last ran on it and the migration list stays one list.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('singleton_key', 'text')
    .addColumn('start_after', 'text', (c) => c.notNull())
    .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('heartbeat_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  // The runner's one frequent read: a queue's next due job.
  await db.schema
    .createIndex('jobs_queue_due')
    .on('jobs')
    .columns(['queue', 'state', 'start_after'])
    .execute();
  // A second job of a queue and singleton key is refused while the first is queued or active.
  await db.schema
    .createIndex('jobs_singleton')
    .on('jobs')
    .columns(['queue', 'singleton_key'])
    .unique()
    .where(sql<boolean>`state in ('queued', 'active')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
