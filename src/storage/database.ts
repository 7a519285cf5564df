import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type SqliteDatabase as KyselySqliteDatabase,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { groupCommit, type Transact } from './group-commit.ts';
import { keepDatabaseFileOwnerOnly } from './owner-only-files.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/** The PostgreSQL connection pool at one moment. */
export interface PoolState {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs a call's short transaction (its quota hold, its settlement): on SQLite grouped with the others
   * asked for meanwhile into one commit (group-commit.ts), on PostgreSQL on a connection of its own.
   */
  transact: Transact;
  /** What it was opened with: a further connection of its own (LISTEN) opens the same. */
  url: string;
  close(): Promise<void>;
  /**
   * SQLite only: a number that moves on whenever another connection (another process) commits to the
   * database, and never for this one's own commits (SQLite's `data_version`).
   */
  dataVersion?: (() => number) | undefined;
  /** PostgreSQL only: the pool right now. */
  poolState?: (() => PoolState) | undefined;
}

/** Resolves once the database answers a trivial query. */
export async function checkConnection(storage: Storage): Promise<void> {
  await sql`select 1`.execute(storage.db);
}

/**
 * better-sqlite3 compiles SQL on every `prepare`; Kysely prepares each query it runs. Keeping the
 * statements of repeated SQL text saves that work on every call.
 *
 * Kysely begins a transaction with a plain (deferred) `begin`. Under WAL, a deferred transaction that
 * has read and then writes after another process committed fails at once with SQLITE_BUSY, which the busy
 * timeout does not wait out; `begin immediate` takes the write lock first, waiting for it as long as the
 * busy timeout allows, so two processes on one database (two starts at once) queue instead of failing.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text) => {
      const source = text === 'begin' ? 'begin immediate' : text;
      let statement = statements.get(source);
      if (!statement) {
        statement = sqlite.prepare(source);
        // Multi-row inserts and IN lists make one-off texts: keep the cache bounded.
        if (statements.size >= 500) statements.clear();
        statements.set(source, statement);
      }
      return statement;
    },
  };
}

/**
 * Opens `sqlite:PATH` (WAL, created if missing, readable by its owner only) or `postgres://...`.
 * Migrations are separate. `logger` hears of a database file whose mode had to be tightened.
 */
export function openStorage(url: string, logger?: Logger): Storage {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path !== ':memory:') keepDatabaseFileOwnerOnly(path, logger);
    const sqlite = new SqliteDatabase(path);
    sqlite.pragma('journal_mode = WAL');
    // NORMAL is durable in WAL mode except for the last commits before a power loss, never corrupt.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    const dataVersion = sqlite.prepare('pragma data_version').pluck();
    return {
      db,
      dialect: 'sqlite',
      url,
      transact: groupCommit(db),
      close: () => db.destroy(),
      dataVersion: () => dataVersion.get() as number,
    };
  }
  const max = 10;
  // A pool that cannot connect fails the call after a few seconds (503) instead of queueing it forever.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000, keepAlive: true });
  // A connection closed by the server (restart, failover, an administrator, an idle timeout) emits 'error':
  // on an idle one the pool's own listener drops it; on one checked out for a query, only a listener of
  // its own keeps node-postgres from crashing the process. The query fails with the error (503), the pool
  // discards the broken connection when it is released, and the next query gets a new one.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    url,
    transact: (work) => db.transaction().execute(work),
    close: () => db.destroy(),
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}
