import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Storage } from '../storage/database.ts';
import type { JobEngine } from './job-engine.ts';
import { LocalJobEngine } from './local-engine.ts';
import { PgBossJobEngine } from './pg-boss-engine.ts';

/**
 * pg-boss on PostgreSQL (many instances share its jobs), the in-process runner on SQLite (the embedded
 * default, one process). Nothing connects or runs until `start` (or, for pg-boss, a first `send`).
 */
export function createJobEngine(config: Config, storage: Storage, clock: Clock, logger: Logger): JobEngine {
  const stopTimeoutMs = config.shutdownGraceMs;
  if (storage.dialect === 'postgres') {
    return new PgBossJobEngine({ connectionString: config.databaseUrl, logger, stopTimeoutMs });
  }
  return new LocalJobEngine({ db: storage.db, clock, logger, stopTimeoutMs });
}
