import type { Logger } from 'pino';
import { newId } from '../ids.ts';
import { insertAuditEntries } from '../storage/audit.ts';
import type { Storage } from '../storage/database.ts';
import type { AuditEntry } from '../storage/schema.ts';

const FLUSH_INTERVAL_MS = 100;
const MAX_BATCH = 500;

/**
 * Writes audit rows in batches, one transaction per flush, so the audit costs a hot path one array
 * push instead of one commit a call. A crash loses at most the last FLUSH_INTERVAL_MS of rows; a
 * graceful stop flushes everything.
 */
export class AuditLog {
  readonly #storage: Storage;
  readonly #logger: Logger;
  #pending: AuditEntry[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(storage: Storage, logger: Logger) {
    this.#storage = storage;
    this.#logger = logger;
  }

  record(entry: AuditEntry): void {
    this.#pending.push(entry);
    if (this.#pending.length >= MAX_BATCH) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
  }

  /** Resolves once every row recorded before the call is stored. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    this.#writing = this.#writing.then(() => this.#write(batch));
    return this.#writing;
  }

  async #write(batch: AuditEntry[]): Promise<void> {
    try {
      for (let i = 0; i < batch.length; i += MAX_BATCH) {
        await insertAuditEntries(this.#storage.db, batch.slice(i, i + MAX_BATCH));
      }
    } catch (error) {
      this.#logger.error({ err: error, rows: batch.length }, 'audit rows could not be written');
    }
  }
}

export interface Rejection {
  requestId: string;
  tool: string;
  userId: string | null;
  apiKeyId: string | null;
  status: number;
  code: string;
  latencyMs: number;
  now: Date;
}

/** The audit row of a call turned away by its door (body, key, rate limit) before the pipeline ran. */
export function rejectionEntry(rejection: Rejection): AuditEntry {
  return {
    id: newId('aud'),
    created_at: rejection.now.toISOString(),
    request_id: rejection.requestId,
    user_id: rejection.userId,
    api_key_id: rejection.apiKeyId,
    tool: rejection.tool,
    account_id: null,
    status: rejection.status,
    code: rejection.code,
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
