import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Caller } from '../caller.ts';
import { CONTROL_RANGES } from '../control-characters.ts';
import { newId } from '../ids.ts';
import { insertAuditEntries } from '../storage/audit.ts';
import type { Storage } from '../storage/database.ts';
import type { AuditEntry } from '../storage/schema.ts';
import { isStorageFault } from '../storage/storage-fault.ts';

const MAX_BATCH = 500;
/** How long a batch waits for a database that went away before its rows are given up (and logged). */
const RETRY_FOR_MS = 60_000;
const MAX_RETRY_DELAY_MS = 2_000;
/**
 * How long an answer waits for its row while the database is away: about as long as a billable call's
 * settlement retries (settle-call.ts). Past it the answer goes, and the row keeps being retried.
 */
const ANSWER_WAIT_MS = 5_000;

interface Pending {
  entry: AuditEntry;
  stored: () => void;
}

/**
 * Writes audit rows by group commit: the rows of the calls that end while a batch is being written make
 * the next batch, one transaction for all of them, and each call is answered once its row is committed, so
 * an answered call has its row even if the process is killed right after. Rows of calls that can spend
 * or carry an Idempotency-Key are not written here but with the call's settlement (settle-call.ts). A
 * batch the database refuses for a lost connection is retried (rows are keyed by id, so a retry adds none
 * twice), up to RETRY_FOR_MS; its calls are answered after ANSWER_WAIT_MS at most.
 */
export class AuditLog {
  readonly #storage: Storage;
  readonly #logger: Logger;
  #pending: Pending[] = [];
  /** A batch is being written, or one is due on the next turn of the event loop. */
  #busy = false;
  #idle: Promise<void> = Promise.resolve();
  #becameIdle: () => void = () => {};
  /** Set by a stop: retries end by then. */
  #deadline: number | undefined;

  constructor(storage: Storage, logger: Logger) {
    this.#storage = storage;
    this.#logger = logger;
  }

  /** Resolves once the row is committed (or, with the database away, after ANSWER_WAIT_MS). */
  record(entry: AuditEntry): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ANSWER_WAIT_MS);
      this.#pending.push({
        entry,
        stored: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      if (this.#busy) return;
      this.#busy = true;
      this.#idle = new Promise((idle) => {
        this.#becameIdle = idle;
      });
      // The rows of every call that ends in this turn of the event loop join the first batch.
      setImmediate(() => void this.#drain());
    });
  }

  /** The row of a call its door turned away before the pipeline ran: no account, nothing billed. */
  recordRejection(rejection: Rejection): Promise<void> {
    return this.record(rejectionEntry(rejection));
  }

  /**
   * Resolves once every row recorded before the call is stored, or given up. `within` (a stop) bounds how
   * long batches keep waiting for the database from now.
   */
  flush(options: { within?: number } = {}): Promise<void> {
    if (options.within !== undefined) this.#deadline = Date.now() + options.within;
    return this.#idle;
  }

  async #drain(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0, MAX_BATCH);
      await this.#write(batch.map((pending) => pending.entry));
      for (const pending of batch) pending.stored();
    }
    this.#busy = false;
    this.#becameIdle();
  }

  async #write(batch: AuditEntry[]): Promise<void> {
    const giveUpAt = Math.min(Date.now() + RETRY_FOR_MS, this.#deadline ?? Number.POSITIVE_INFINITY);
    for (let attempt = 0; ; attempt++) {
      try {
        await insertAuditEntries(this.#storage.db, batch);
        return;
      } catch (error) {
        const delay = Math.min(MAX_RETRY_DELAY_MS, 50 * 2 ** attempt);
        if (!isStorageFault(error) || Date.now() + delay > Math.min(giveUpAt, this.#deadline ?? giveUpAt)) {
          this.#logger.error(
            { err: error, rows: batch.length },
            'audit rows could not be written and are given up',
          );
          return;
        }
        if (attempt === 0) this.#logger.warn({ rows: batch.length }, 'audit rows wait for the database');
        await sleep(delay);
      }
    }
  }
}

const CONTROL_CHARACTER = new RegExp(`[${CONTROL_RANGES}]`, 'gu');

/**
 * A tool name as an audit row keeps it. The name is what the caller sent (a path segment, an MCP
 * `name`), so a control character in it is written as its escape (`\u0000`): PostgreSQL refuses a NUL,
 * and the batch it came in, other calls' rows included, would be lost with it.
 */
export function auditedToolName(name: string): string {
  return name.replace(
    CONTROL_CHARACTER,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A call turned away by its door (body, key, rate limit) before the pipeline ran. */
export interface Rejection {
  requestId: string;
  tool: string;
  /** Who called, when the door got as far as knowing it. */
  caller: Caller | undefined;
  failure: { status: number; code: string };
  latencyMs: number;
  now: Date;
}

function rejectionEntry(rejection: Rejection): AuditEntry {
  const { caller } = rejection;
  return {
    id: newId('aud'),
    created_at: rejection.now.toISOString(),
    request_id: rejection.requestId,
    user_id: caller?.userId ?? null,
    api_key_id: caller?.apiKeyId ?? null,
    oauth_client_id: caller?.oauth?.clientId ?? null,
    person_id: caller?.personId ?? null,
    tool: auditedToolName(rejection.tool),
    account_id: null,
    status: rejection.failure.status,
    code: rejection.failure.code,
    latency_ms: Math.round(rejection.latencyMs),
    billable: 0,
    replayed: 0,
    dry_run: 0,
    fingerprint: null,
    details: null,
    upstream_request_ids: null,
    created_object_ids: null,
  };
}
