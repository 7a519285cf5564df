/**
 * Background work (monitor checks, webhook deliveries) as jobs on an engine: pg-boss on PostgreSQL,
 * the in-process runner on SQLite. Both give a job to one worker at a time, retry a job whose worker
 * failed or died, and keep the schedules; a job's effect is made idempotent by its own key, so a retry
 * never acts twice.
 */
export interface JobEngine {
  /** Declares a queue and the handler that works its jobs on this instance. Before `start`. */
  define<T extends object>(queue: QueueDefinition<T>): void;
  /**
   * Queues a job. With a `singletonKey`, a second job of the same queue and key is not queued while the
   * first is queued or active (null is answered then).
   */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Starts the workers and the schedules. */
  start(): Promise<void>;
  /**
   * Stops taking jobs and waits for the active ones to end (or to be given up, for another to retry).
   * Sends still work: a call that finishes during the drain may queue a job.
   */
  stop(): Promise<void>;
  /** Stops if still running, then lets go of the engine's connections: once nothing sends any more. */
  close(): Promise<void>;
}

export interface QueueDefinition<T extends object> {
  name: string;
  work(job: Job<T>): Promise<void>;
  /**
   * Runs once a minute across all instances (one job per minute, whichever instance takes it). Its
   * jobs come from the schedule: a send to it takes no singleton key.
   */
  everyMinute?: boolean;
  /** Retries of a failed job, with exponential backoff from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * How long a job may run without its worker's heartbeat before it counts as abandoned (its
   * instance died) and is retried by another.
   */
  heartbeatSeconds: number;
  /** Jobs this instance works at once. */
  concurrency: number;
}

export interface SendOptions {
  singletonKey?: string;
  /** Not before this instant. */
  startAfter?: Date;
}

export interface Job<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
}
