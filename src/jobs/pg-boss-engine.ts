import { randomUUID } from 'node:crypto';
import type { PgBoss, QueueOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { JobEngine, QueueDefinition, SendOptions } from './job-engine.ts';
import { checkQueueDefinition } from './queue-definition.ts';

export interface PgBossEngineOptions {
  connectionString: string;
  logger: Logger;
  /** How long `stop` waits for active jobs; pg-boss then fails them, so another instance retries them. */
  stopTimeoutMs: number;
  /** The PostgreSQL schema pg-boss keeps its tables in. */
  schema?: string;
}

/**
 * How soon pg-boss notices things. A job whose instance died is failed (and so retried) once its
 * heartbeat is `heartbeatSeconds` old, by the next supervision pass of any instance: every
 * SUPERVISE_SECONDS rather than pg-boss's default minute, so that the retry comes well within a minute.
 * The cron pass runs every CRON_SECONDS and sends the occurrences of the last 60 seconds, so a minute is
 * never skipped, and its job is queued at most CRON_SECONDS + CRON_WORKER_SECONDS after the minute
 * starts.
 */
const SUPERVISE_SECONDS = 5;
const CRON_SECONDS = 10;
const CRON_WORKER_SECONDS = 2;
const POLLING_SECONDS = 1;
/** pg-boss's longest: a job is bounded by its heartbeat, not by a run time. */
const EXPIRE_SECONDS = 24 * 3600;
/** Kept for a look after the fact, then deleted by pg-boss's maintenance. */
const KEEP_ENDED_SECONDS = 7 * 24 * 3600;
const POOL_MAX = 4;

/**
 * A queue's settings as pg-boss options, given with every job (and the schedule), so the definition in
 * the code is what a job runs with, whatever an earlier version stored on the queue.
 */
function jobOptions(queue: QueueDefinition<object>): QueueOptions {
  return {
    retryLimit: queue.retryLimit,
    retryDelay: queue.retryDelaySeconds,
    retryBackoff: true,
    heartbeatSeconds: queue.heartbeatSeconds,
    expireInSeconds: EXPIRE_SECONDS,
    deleteAfterSeconds: KEEP_ENDED_SECONDS,
  };
}

/**
 * The job engine on PostgreSQL: pg-boss, in its own schema (`pgboss`), shared by every instance on the
 * database. A queue with singleton keys is pg-boss's `exclusive` policy (one job per key queued or
 * active); a job sent without a key gets one of its own, so it never waits on another. An every-minute
 * queue is a pg-boss cron schedule (`* * * * *`), kept in the database: one job a minute, whichever
 * instance takes it, across restarts. pg-boss connects on `start` or on the first `send`, not before.
 */
export class PgBossJobEngine implements JobEngine {
  readonly #options: PgBossEngineOptions;
  readonly #queues = new Map<string, QueueDefinition<object>>();
  #boss: Promise<PgBoss> | undefined;
  #started: Promise<void> | undefined;
  #stopped: Promise<void> | undefined;
  #closed: Promise<void> | undefined;

  constructor(options: PgBossEngineOptions) {
    this.#options = options;
  }

  define<T extends object>(queue: QueueDefinition<T>): void {
    if (this.#boss) throw new Error(`queue "${queue.name}": define queues before the engine starts`);
    checkQueueDefinition(queue as QueueDefinition<object>, new Set(this.#queues.keys()));
    this.#queues.set(queue.name, queue as QueueDefinition<object>);
  }

  async send<T extends object>(queue: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const definition = this.#queues.get(queue);
    if (!definition) throw new Error(`no queue "${queue}": define it before sending to it`);
    if (definition.everyMinute && options.singletonKey !== undefined) {
      throw new Error(`queue "${queue}" runs every minute: its jobs take no singleton key`);
    }
    const boss = await this.#ready();
    const id = randomUUID();
    return boss.send(queue, data, {
      ...jobOptions(definition),
      id,
      ...(definition.everyMinute ? {} : { singletonKey: options.singletonKey ?? `job:${id}` }),
      ...(options.startAfter && { startAfter: options.startAfter }),
    });
  }

  start(): Promise<void> {
    this.#started ??= this.#start();
    return this.#started;
  }

  async #start(): Promise<void> {
    const boss = await this.#ready();
    for (const queue of this.#queues.values()) {
      await boss.work<object>(
        queue.name,
        { batchSize: 1, localConcurrency: queue.concurrency, pollingIntervalSeconds: POLLING_SECONDS },
        async ([job]) => {
          if (!job) return;
          try {
            await queue.work({ id: job.id, data: job.data, retryCount: job.retryCount });
          } catch (error) {
            this.#options.logger.error(
              { err: error, queue: queue.name, job_id: job.id, retry_count: job.retryCount },
              'job failed',
            );
            throw error;
          }
        },
      );
      if (queue.everyMinute) await boss.schedule(queue.name, '* * * * *', {}, jobOptions(queue));
    }
  }

  stop(): Promise<void> {
    this.#stopped ??= this.#stop();
    return this.#stopped;
  }

  close(): Promise<void> {
    this.#closed ??= this.#close();
    return this.#closed;
  }

  /** The pool stays open, for the sends of calls that end during the drain; `close` closes it. */
  async #stop(): Promise<void> {
    const boss = await this.#booted();
    await boss?.stop({ graceful: true, timeout: this.#options.stopTimeoutMs, close: false });
  }

  async #close(): Promise<void> {
    await this.stop();
    const boss = await this.#booted();
    await boss?.stop({ close: true });
  }

  /** pg-boss once its start settled (and the workers' start), or undefined when it never started. */
  async #booted(): Promise<PgBoss | undefined> {
    const booting = this.#boss;
    if (!booting) return undefined;
    const boss = await booting.catch(() => undefined);
    await this.#started?.catch(() => undefined);
    return boss;
  }

  /** pg-boss started (its schema made or migrated, under its advisory lock) with every queue created. */
  #ready(): Promise<PgBoss> {
    if (this.#closed) return Promise.reject(new Error('the job engine is closed: nothing can be sent'));
    if (!this.#boss && this.#stopped) return Promise.reject(new Error('the job engine is stopped'));
    this.#boss ??= this.#boot();
    return this.#boss;
  }

  async #boot(): Promise<PgBoss> {
    const { logger } = this.#options;
    // Loaded here, not at the top: every `adops` command builds the services, and most never start jobs.
    const { PgBoss } = await import('pg-boss');
    const boss = new PgBoss({
      connectionString: this.#options.connectionString,
      schema: this.#options.schema ?? 'pgboss',
      max: POOL_MAX,
      application_name: 'adops-jobs',
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      cronMonitorIntervalSeconds: CRON_SECONDS,
      cronWorkerIntervalSeconds: CRON_WORKER_SECONDS,
    });
    boss.on('error', (error) => logger.error({ err: error }, 'pg-boss error'));
    boss.on('warning', (warning) => logger.warn({ pgboss: warning.data }, `pg-boss: ${warning.message}`));
    await boss.start();
    for (const queue of this.#queues.values()) {
      await boss.createQueue(queue.name, {
        ...jobOptions(queue),
        policy: queue.everyMinute ? 'standard' : 'exclusive',
      });
    }
    return boss;
  }
}
