import type { JobEngine } from './job-engine.ts';

/** What a layer that queues background work takes from the running service. */
export interface JobServices {
  jobs: JobEngine;
}
