import pg from 'pg';
import { POSTGRES_ADMIN_URL } from './dialects.ts';

/**
 * Terminates every server process serving the database, as a failover, a pooler restart or an
 * administrator would: each connection of every service on it breaks, checked out or idle. Returns how
 * many were terminated.
 */
export async function terminateBackends(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    const result = await admin.query(
      'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return result.rows.filter((row) => row.done === true).length;
  } finally {
    await admin.end();
  }
}
