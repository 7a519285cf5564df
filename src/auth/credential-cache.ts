import type { Logger } from 'pino';
import { type AuthChangeListener, listenForAuthChanges, onLocalAuthChange } from '../storage/auth-changes.ts';
import type { Storage } from '../storage/database.ts';

interface Entry {
  value: unknown;
  readAt: number;
}

/**
 * The credentials (a key's row, an access token's grant) of recent calls, so a call does not read them
 * again: every change that can revoke, suspend, limit or end a caller (noteAuthChange) empties it on every
 * instance. This process's own changes empty it at once; on SQLite each lookup also checks whether another
 * process committed anything since (`data_version`); on PostgreSQL the instances are told over
 * LISTEN/NOTIFY, and while that connection is down nothing is cached. A lookup that began before a change
 * is not kept, so it cannot bring back what the change removed. Whatever else happens (a notification in
 * flight, a change made by hand in the database), nothing is trusted longer than `maxAgeMs` after it was
 * read: as the read began before the change committed, the change holds within `maxAgeMs` of its commit.
 */
export class CredentialCache {
  readonly #storage: Storage;
  readonly #logger: Logger;
  readonly #entries = new Map<string, Entry>();
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  /** Moves on at every emptying: a lookup keeps its value only if none happened meanwhile. */
  #generation = 0;
  #version: number | undefined;
  #listener: AuthChangeListener | undefined;
  #listening = false;
  readonly #stopLocal: () => void;

  constructor(storage: Storage, logger: Logger, maxAgeMs: number, now: () => number = Date.now) {
    this.#storage = storage;
    this.#logger = logger;
    this.#maxAgeMs = maxAgeMs;
    this.#now = now;
    this.#stopLocal = onLocalAuthChange(() => this.clear());
  }

  /** The value stored under `key` (a hash of the credential), read with `load` when not cached. */
  async lookup<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (this.#maxAgeMs === 0) return load();
    this.#catchUp();
    const entry = this.#entries.get(key);
    if (entry && this.#now() - entry.readAt < this.#maxAgeMs) return entry.value as T;
    const generation = this.#generation;
    const readAt = this.#now();
    const value = await load();
    if (value === undefined) this.#entries.delete(key);
    else if (this.#canKeep() && generation === this.#generation) this.#entries.set(key, { value, readAt });
    return value;
  }

  /** Forgets every credential: something they were read from changed. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  async close(): Promise<void> {
    this.#stopLocal();
    this.clear();
    await this.#listener?.close();
    this.#listener = undefined;
  }

  #canKeep(): boolean {
    return this.#storage.dataVersion !== undefined || this.#listening;
  }

  #catchUp(): void {
    const { dataVersion } = this.#storage;
    if (dataVersion) {
      const version = dataVersion();
      if (version !== this.#version) {
        this.clear();
        this.#version = version;
      }
      return;
    }
    this.#listener ??= listenForAuthChanges(this.#storage.url, {
      onListening: () => {
        this.clear();
        this.#listening = true;
      },
      onChange: () => this.clear(),
      onLost: (error) => {
        this.#listening = false;
        this.clear();
        this.#logger.warn(
          { err: error },
          'auth changes unheard: credentials are read on every call until reconnected',
        );
      },
    });
  }
}
