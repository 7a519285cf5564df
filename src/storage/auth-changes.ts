import { type Kysely, PostgresAdapter } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

/** The PostgreSQL channel every instance listens on for changes to what authenticating a caller reads. */
const CHANNEL = 'adops_auth_changed';

/**
 * This process's own changes, heard at once: the notification of a change comes back to the instance that
 * made it only after a round trip, and the caller who revoked a key may call with it straight away.
 */
const localChanges = new Set<() => void>();

/** Calls `listener` at every auth change this process makes; returns how to stop. */
export function onLocalAuthChange(listener: () => void): () => void {
  localChanges.add(listener);
  return () => localChanges.delete(listener);
}

function onPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Tells, after the write of the change (or within its transaction: `db` may be one), that a key, an owner,
 * an OAuth grant or token changed: this process at once, and on PostgreSQL every instance once the change
 * commits. Every write that can revoke, suspend, limit or end a caller calls this. (On SQLite the other
 * processes see any commit of this one through `data_version`.)
 */
export async function noteAuthChange(db: Kysely<Database>): Promise<void> {
  if (onPostgres(db))
    await db.selectNoFrom((eb) => eb.fn('pg_notify', [eb.val(CHANNEL), eb.val('')]).as('sent')).execute();
  for (const listener of localChanges) listener();
}

export interface AuthChangeListener {
  close(): Promise<void>;
}

/**
 * Listens for auth changes on a connection of its own (LISTEN holds a session, so not a pooled one).
 * `onChange` hears every change committed by any instance; `onLost` that the connection broke, after
 * which changes may go unheard until `onListening` is called again (reconnected after `retryMs`).
 */
export function listenForAuthChanges(
  url: string,
  handlers: { onListening: () => void; onChange: () => void; onLost: (error: unknown) => void },
  retryMs = 1000,
): AuthChangeListener {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (broken: pg.Client, error: unknown) => {
    // A client already given up (its error, then its end) is not lost twice.
    if (closed || client !== broken) return;
    client = undefined;
    broken.removeAllListeners();
    broken.on('error', () => {});
    void broken.end().catch(() => {});
    handlers.onLost(error);
    retry = setTimeout(connect, retryMs);
  };
  const connect = () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === CHANNEL) handlers.onChange();
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the connection ended')));
    next
      .connect()
      .then(() => next.query(`LISTEN ${CHANNEL}`))
      .then(() => {
        if (client === next && !closed) handlers.onListening();
      })
      .catch((error: unknown) => lost(next, error));
  };
  connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      open?.removeAllListeners();
      open?.on('error', () => {});
      await open?.end().catch(() => {});
    },
  };
}
