import type { QueueDefinition } from '../../../src/jobs/job-engine.ts';

/** The queue the crash tests kill a worker of, the same in the child and in the test. */
export function crashQueue<T extends object>(
  name: string,
  work: QueueDefinition<T>['work'],
): QueueDefinition<T> {
  return { name, work, retryLimit: 2, retryDelaySeconds: 1, heartbeatSeconds: 10, concurrency: 1 };
}
