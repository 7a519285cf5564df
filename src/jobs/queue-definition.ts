import type { QueueDefinition } from './job-engine.ts';

/** The names pg-boss accepts, held on both engines so a queue defined on SQLite runs on PostgreSQL. */
const QUEUE_NAME = /^[\w.\-/]+$/;

function wholeNumber(queue: string, field: string, value: number, least: number): void {
  if (!Number.isInteger(value) || value < least) {
    throw new Error(`queue "${queue}": ${field} must be a whole number of at least ${least}, not ${value}`);
  }
}

/** Throws, naming the field, on a definition neither engine could run. */
export function checkQueueDefinition(queue: QueueDefinition<object>, defined: ReadonlySet<string>): void {
  if (!QUEUE_NAME.test(queue.name)) {
    throw new Error(
      `queue name "${queue.name}": use letters, digits and _ . - / only (e.g. "webhooks.deliver")`,
    );
  }
  if (defined.has(queue.name)) throw new Error(`queue "${queue.name}" is defined twice: define it once`);
  wholeNumber(queue.name, 'retryLimit', queue.retryLimit, 0);
  wholeNumber(queue.name, 'retryDelaySeconds', queue.retryDelaySeconds, 1);
  // pg-boss's least: a heartbeat is a write, and a shorter one would cost more than the job.
  wholeNumber(queue.name, 'heartbeatSeconds', queue.heartbeatSeconds, 10);
  wholeNumber(queue.name, 'concurrency', queue.concurrency, 1);
}
