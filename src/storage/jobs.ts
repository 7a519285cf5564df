import type { Kysely } from 'kysely';
import type { Database, JobRow } from './schema.ts';

export interface NewJob {
  id: string;
  queue: string;
  /** JSON. */
  data: string;
  singletonKey: string | null;
  startAfter: string;
  createdAt: string;
}

function jobValues(job: NewJob) {
  return {
    id: job.id,
    queue: job.queue,
    data: job.data,
    state: 'queued',
    singleton_key: job.singletonKey,
    start_after: job.startAfter,
    created_at: job.createdAt,
  };
}

/**
 * Queues a job; false when its queue already holds a queued or active job with the same singleton key
 * (the partial unique index refuses it, so two senders at once cannot both queue one).
 */
export async function insertJob(db: Kysely<Database>, job: NewJob): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values(jobValues(job))
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows) === 1;
}

/**
 * Queues a job unless its queue ever had one with this singleton key, whatever its state: an
 * every-minute job keyed by its minute runs once even when the minute's job already ended.
 */
export async function insertJobOnce(db: Kysely<Database>, job: NewJob): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('jobs')
      .select('id')
      .where('queue', '=', job.queue)
      .where('singleton_key', '=', job.singletonKey)
      .executeTakeFirst();
    return existing ? false : insertJob(trx, job);
  });
}

/** Takes the queue's next job due by `now` for `lockedBy`; undefined when none is due. */
export async function claimDueJob(
  db: Kysely<Database>,
  claim: { queue: string; now: string; lockedBy: string; heartbeatAt: string },
): Promise<JobRow | undefined> {
  for (;;) {
    const next = await db
      .selectFrom('jobs')
      .select('id')
      .where('queue', '=', claim.queue)
      .where('state', '=', 'queued')
      .where('start_after', '<=', claim.now)
      .orderBy('start_after')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    // The state in the condition makes the claim one statement's decision: another engine on the same
    // database that took the job first leaves nothing to update here, and the next one is tried.
    const taken = await db
      .updateTable('jobs')
      .set({ state: 'active', locked_by: claim.lockedBy, heartbeat_at: claim.heartbeatAt })
      .where('id', '=', next.id)
      .where('state', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    if (taken) return taken;
  }
}

/** Renews the heartbeat of every job `lockedBy` is working. */
export async function beatJobs(db: Kysely<Database>, lockedBy: string, at: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ heartbeat_at: at })
    .where('locked_by', '=', lockedBy)
    .where('state', '=', 'active')
    .execute();
}

/** The active jobs of a queue that another engine holds. */
export async function activeJobsOfOthers(
  db: Kysely<Database>,
  queue: string,
  lockedBy: string,
): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('queue', '=', queue)
    .where('state', '=', 'active')
    .where('locked_by', '!=', lockedBy)
    .execute();
}

export async function completeJob(
  db: Kysely<Database>,
  job: { id: string; lockedBy: string; endedAt: string },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'completed', locked_by: null, heartbeat_at: null, ended_at: job.endedAt })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.lockedBy)
    .where('state', '=', 'active')
    .execute();
}

/**
 * Ends an attempt that failed or was abandoned, if `lockedBy` still holds it: queued again at
 * `retryAt` with one more retry counted, or `failed` when no retry is left (`retryAt` undefined).
 * False when another engine already took it over.
 */
export async function endAttempt(
  db: Kysely<Database>,
  attempt: { id: string; lockedBy: string; retryAt: string | undefined; endedAt: string },
): Promise<boolean> {
  const { retryAt } = attempt;
  const result = await db
    .updateTable('jobs')
    .set((eb) =>
      retryAt === undefined
        ? { state: 'failed', ended_at: attempt.endedAt, locked_by: null, heartbeat_at: null }
        : {
            state: 'queued',
            start_after: retryAt,
            retry_count: eb('retry_count', '+', 1),
            locked_by: null,
            heartbeat_at: null,
          },
    )
    .where('id', '=', attempt.id)
    .where('locked_by', '=', attempt.lockedBy)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the jobs that completed or failed before `before`; the number removed. */
export async function deleteEndedJobs(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('state', 'in', ['completed', 'failed'])
    .where('ended_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findJob(db: Kysely<Database>, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}
