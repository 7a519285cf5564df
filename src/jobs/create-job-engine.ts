import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Storage } from '../storage/database.ts';
import type { JobEngine } from './job-engine.ts';
import { LocalJobEngine } from './local-engine.ts';

/** The engine for the service's database. Nothing connects or runs until `start` (or a first `send`). */
export function createJobEngine(config: Config, storage: Storage, clock: Clock, logger: Logger): JobEngine {
  return new LocalJobEngine({ db: storage.db, clock, logger, stopTimeoutMs: config.shutdownGraceMs });
}
