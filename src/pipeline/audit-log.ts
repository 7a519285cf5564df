import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Caller } from '../caller.ts';
import { CONTROL_RANGES } from '../control-characters.ts';
import { newId } from '../ids.ts';
import { insertAuditEntries } from '../storage/audit.ts';
import type { Storage } from '../storage/database.ts';
import type { AuditEntry } from '../storage/schema.ts';
import { isStorageFault } from '../storage/storage-fault.ts';

const FLUSH_INTERVAL_MS = 100;
const MAX_BATCH = 500;
/** How long a batch waits for a database that went away before its rows are given up (and logged). */
const RETRY_FOR_MS = 60_000;
const MAX_RETRY_DELAY_MS = 2_000;

/**
 * Writes audit rows in batches, one transaction per flush, so the audit costs a hot path one array
 * push instead of one commit a call. Rows of calls that can spend or carry an Idempotency-Key are not
 * written here but before their answer, with the call's settlement (settle-call.ts). A batch the database
 * refuses for a lost connection is retried (rows are keyed by id, so a retry adds none twice), up to
 * RETRY_FOR_MS. A crash loses at most the last FLUSH_INTERVAL_MS of rows; a graceful stop flushes.
 */
export class AuditLog {
  readonly #storage: Storage;
  readonly #logger: Logger;
  #pending: AuditEntry[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  /** Set by a stop: retries end by then. */
  #deadline: number | undefined;

  constructor(storage: Storage, logger: Logger) {
    this.#storage = storage;
    this.#logger = logger;
  }

  record(entry: AuditEntry): void {
    this.#pending.push(entry);
    if (this.#pending.length >= MAX_BATCH) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
  }

  /** The row of a call its door turned away before the pipeline ran: no account, nothing billed. */
  recordRejection(rejection: Rejection): void {
    this.record(rejectionEntry(rejection));
  }

  /**
   * Resolves once every row recorded before the call is stored, or given up. `within` (a stop) bounds how
   * long batches keep waiting for the database from now.
   */
  flush(options: { within?: number } = {}): Promise<void> {
    if (options.within !== undefined) this.#deadline = Date.now() + options.within;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    this.#writing = this.#writing.then(() => this.#write(batch));
    return this.#writing;
  }

  async #write(batch: AuditEntry[]): Promise<void> {
    const giveUpAt = Math.min(Date.now() + RETRY_FOR_MS, this.#deadline ?? Number.POSITIVE_INFINITY);
    let written = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        for (; written < batch.length; written += MAX_BATCH) {
          await insertAuditEntries(this.#storage.db, batch.slice(written, written + MAX_BATCH));
        }
        return;
      } catch (error) {
        const delay = Math.min(MAX_RETRY_DELAY_MS, 50 * 2 ** attempt);
        if (!isStorageFault(error) || Date.now() + delay > Math.min(giveUpAt, this.#deadline ?? giveUpAt)) {
          this.#logger.error(
            { err: error, rows: batch.length - written },
            'audit rows could not be written and are given up',
          );
          return;
        }
        if (attempt === 0)
          this.#logger.warn({ rows: batch.length - written }, 'audit rows wait for the database');
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
