import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { addSeconds, type Clock } from '../clock.ts';
import { newId, randomBase62 } from '../ids.ts';
import {
  activeJobsOfOthers,
  beatJobs,
  claimDueJob,
  completeJob,
  deleteEndedJobs,
  endAttempt,
  insertJob,
  insertJobOnce,
} from '../storage/jobs.ts';
import type { Database, JobRow } from '../storage/schema.ts';
import type { JobEngine, QueueDefinition, SendOptions } from './job-engine.ts';
import { checkQueueDefinition } from './queue-definition.ts';

export interface LocalEngineOptions {
  db: Kysely<Database>;
  /** Due times (startAfter, retries, the minute of an every-minute job) follow it. */
  clock: Clock;
  logger: Logger;
  /** How long `stop` waits for active jobs before leaving them to the next start. */
  stopTimeoutMs: number;
  /** How often the engine looks for due jobs on its own once started. */
  pollMs?: number;
}

/** Ended jobs are kept this long (the minute keys of every-minute jobs among them), then removed. */
const KEEP_ENDED_HOURS = 24;
const PRUNE_EVERY_MS = 3_600_000;

/** `host:pid:random`: which process holds an active job, so a later start can tell it died. */
function lockerOf(): string {
  return `${hostname()}:${process.pid}:${randomBase62(8)}`;
}

/** True when the locker is a process of this machine that no longer runs. */
function lockerIsGone(lockedBy: string | null): boolean {
  const [host, pid] = (lockedBy ?? '').split(':');
  const id = Number(pid);
  if (host !== hostname() || !Number.isInteger(id) || id <= 0 || id === process.pid) return false;
  try {
    process.kill(id, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The minute `now` falls in, `2026-11-22T10:01`: an every-minute job's key. */
function minuteOf(now: Date): string {
  return now.toISOString().slice(0, 16);
}

/**
 * The in-process runner of the embedded default (SQLite, one process): jobs live in the `jobs` table, so
 * queued jobs, retries and a job whose process died survive a restart. Due times follow the service
 * clock (tests move it, then call `workDue`); liveness follows real time, since a test that moves the
 * clock a day must not make a job that is running look abandoned.
 *
 * Several engines may share one database file (tests run two services on one): a job is claimed by one
 * conditional update, and an active job is taken over only when its engine's heartbeat lapsed or its
 * process on this machine is gone (at once, then: a restart after a crash retries it at start).
 */
export class LocalJobEngine implements JobEngine {
  readonly #options: LocalEngineOptions;
  readonly #locker = lockerOf();
  readonly #queues = new Map<string, QueueDefinition<object>>();
  readonly #running = new Map<string, Promise<void>>();
  readonly #activeByQueue = new Map<string, number>();
  #fills: Promise<number> = Promise.resolve(0);
  #poll: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #started = false;
  #stopping = false;
  #stopped: Promise<void> | undefined;
  #prunedAt = 0;
  /** The last minute whose every-minute jobs this engine queued (or found queued). */
  #scheduledMinute = '';

  constructor(options: LocalEngineOptions) {
    this.#options = options;
  }

  define<T extends object>(queue: QueueDefinition<T>): void {
    if (this.#started) throw new Error(`queue "${queue.name}": define queues before the engine starts`);
    checkQueueDefinition(queue as QueueDefinition<object>, new Set(this.#queues.keys()));
    this.#queues.set(queue.name, queue as QueueDefinition<object>);
    this.#activeByQueue.set(queue.name, 0);
  }

  async send<T extends object>(queue: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const definition = this.#queues.get(queue);
    if (!definition) throw new Error(`no queue "${queue}": define it before sending to it`);
    if (definition.everyMinute && options.singletonKey !== undefined) {
      throw new Error(`queue "${queue}" runs every minute: its jobs take no singleton key`);
    }
    const now = this.#options.clock.now();
    const id = newId('job');
    const queued = await insertJob(this.#options.db, {
      id,
      queue,
      data: JSON.stringify(data),
      singletonKey: options.singletonKey ?? null,
      startAfter: (options.startAfter ?? now).toISOString(),
      createdAt: now.toISOString(),
    });
    if (queued && this.#started) void this.#fillSoon();
    return queued ? id : null;
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.#poll = setInterval(() => void this.#fillSoon(), this.#options.pollMs ?? 1000);
    this.#poll.unref();
    await this.#fillSoon();
  }

  stop(): Promise<void> {
    this.#stopped ??= this.#stop();
    return this.#stopped;
  }

  /** Nothing of its own to let go of: its table is in the service's database. */
  close(): Promise<void> {
    return this.stop();
  }

  async #stop(): Promise<void> {
    this.#stopping = true;
    clearInterval(this.#poll);
    await this.#fills;
    const runs = Promise.all(this.#running.values());
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.#options.stopTimeoutMs);
    });
    const outcome = await Promise.race([runs, late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.#options.logger.warn(
        { jobs: this.#running.size },
        'jobs still running at stop: the next start retries them',
      );
    }
    clearInterval(this.#heartbeat);
  }

  /**
   * Works every job due now (the every-minute jobs of this minute among them) and resolves when they
   * have ended, retries that fall due meanwhile included; the number of jobs it started. Jobs the
   * engine's own timer started are waited for too.
   */
  async workDue(): Promise<number> {
    let worked = 0;
    for (;;) {
      worked += await this.#fillSoon();
      if (this.#running.size === 0) return worked;
      await Promise.all(this.#running.values());
    }
  }

  /** One fill at a time, so that two never claim past a queue's concurrency together. */
  #fillSoon(): Promise<number> {
    const next = this.#fills.then(() =>
      this.#fill().catch((error: unknown) => {
        this.#options.logger.error({ err: error }, 'job engine: looking for due jobs failed');
        return 0;
      }),
    );
    this.#fills = next;
    return next;
  }

  async #fill(): Promise<number> {
    if (this.#stopping) return 0;
    const { db, clock } = this.#options;
    const now = clock.now();
    await this.#prune(now);
    await this.#scheduleMinute(now);
    for (const queue of this.#queues.values()) await this.#retakeAbandoned(queue, now);
    let started = 0;
    for (const queue of this.#queues.values()) {
      while ((this.#activeByQueue.get(queue.name) ?? 0) < queue.concurrency) {
        const job = await claimDueJob(db, {
          queue: queue.name,
          now: now.toISOString(),
          lockedBy: this.#locker,
          heartbeatAt: new Date().toISOString(),
        });
        if (!job) break;
        this.#run(queue, job);
        started++;
      }
    }
    return started;
  }

  async #scheduleMinute(now: Date): Promise<void> {
    const minute = minuteOf(now);
    if (minute === this.#scheduledMinute) return;
    for (const queue of this.#queues.values()) {
      if (!queue.everyMinute) continue;
      await insertJobOnce(this.#options.db, {
        id: newId('job'),
        queue: queue.name,
        data: '{}',
        singletonKey: minute,
        startAfter: now.toISOString(),
        createdAt: now.toISOString(),
      });
    }
    this.#scheduledMinute = minute;
  }

  async #prune(now: Date): Promise<void> {
    if (Date.now() - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = Date.now();
    await deleteEndedJobs(this.#options.db, addSeconds(now, -KEEP_ENDED_HOURS * 3600).toISOString());
  }

  /** Queues again, due now, the active jobs whose engine died; a retry counts, as for a failure. */
  async #retakeAbandoned(queue: QueueDefinition<object>, now: Date): Promise<void> {
    const lapsed = new Date(Date.now() - queue.heartbeatSeconds * 1000).toISOString();
    for (const job of await activeJobsOfOthers(this.#options.db, queue.name, this.#locker)) {
      if ((job.heartbeat_at ?? '') >= lapsed && !lockerIsGone(job.locked_by)) continue;
      const retried = job.retry_count < queue.retryLimit;
      const taken = await endAttempt(this.#options.db, {
        id: job.id,
        lockedBy: job.locked_by ?? '',
        retryAt: retried ? now.toISOString() : undefined,
        endedAt: now.toISOString(),
      });
      if (taken) {
        this.#options.logger.warn(
          { queue: queue.name, job_id: job.id, retry_count: job.retry_count, retried },
          'job engine: a job whose worker died is retried',
        );
      }
    }
  }

  #run(queue: QueueDefinition<object>, row: JobRow): void {
    const { db, clock, logger } = this.#options;
    this.#activeByQueue.set(queue.name, (this.#activeByQueue.get(queue.name) ?? 0) + 1);
    this.#beatWhileRunning();
    const attempt = async () => {
      try {
        await queue.work({ id: row.id, data: JSON.parse(row.data) as object, retryCount: row.retry_count });
        await completeJob(db, { id: row.id, lockedBy: this.#locker, endedAt: clock.now().toISOString() });
      } catch (error) {
        const now = clock.now();
        const retried = row.retry_count < queue.retryLimit;
        logger.error(
          { err: error, queue: queue.name, job_id: row.id, retry_count: row.retry_count, retried },
          'job failed',
        );
        await endAttempt(db, {
          id: row.id,
          lockedBy: this.#locker,
          retryAt: retried
            ? addSeconds(now, queue.retryDelaySeconds * 2 ** row.retry_count).toISOString()
            : undefined,
          endedAt: now.toISOString(),
        });
      }
    };
    const run = attempt()
      .catch((error: unknown) =>
        logger.error({ err: error, job_id: row.id }, 'job engine: ending a job failed'),
      )
      .finally(() => {
        this.#running.delete(row.id);
        this.#activeByQueue.set(queue.name, (this.#activeByQueue.get(queue.name) ?? 1) - 1);
        if (this.#running.size === 0) {
          clearInterval(this.#heartbeat);
          this.#heartbeat = undefined;
        }
        if (this.#started) void this.#fillSoon();
      });
    this.#running.set(row.id, run);
  }

  /** Beats three times a heartbeat period (of the shortest queue) while a job runs. */
  #beatWhileRunning(): void {
    if (this.#heartbeat) return;
    const shortest = Math.min(...[...this.#queues.values()].map((queue) => queue.heartbeatSeconds));
    this.#heartbeat = setInterval(
      () => {
        beatJobs(this.#options.db, this.#locker, new Date().toISOString()).catch((error: unknown) =>
          this.#options.logger.error({ err: error }, 'job engine: heartbeat failed'),
        );
      },
      (shortest * 1000) / 3,
    );
    this.#heartbeat.unref();
  }
}
