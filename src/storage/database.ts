import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type SqliteDatabase as KyselySqliteDatabase, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Storage {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/**
 * better-sqlite3 compiles SQL on every `prepare`; Kysely prepares each query it runs. Keeping the
 * statements of repeated SQL text saves that work on every call.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (source) => {
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

/** Opens `sqlite:PATH` (WAL, created if missing) or `postgres://...`. Migrations are separate. */
export function openStorage(url: string): Storage {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const sqlite = new SqliteDatabase(path);
    sqlite.pragma('journal_mode = WAL');
    // NORMAL is durable in WAL mode except for the last commits before a power loss, never corrupt.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection closed by the server (restart, failover, an administrator) is dropped by the pool
  // and replaced on the next query; unlistened, node-postgres would crash the process with it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
