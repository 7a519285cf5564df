import { AppError } from '../errors.ts';

/**
 * Whether an error means the database could not be reached or could not take the statement now (a
 * dropped connection, a server restarting or failing over, a pool that cannot connect, SQLite busy or
 * out of disk): the call fails as retryable instead of as a bug.
 */
export function isStorageFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // PostgreSQL SQLSTATE: connection exceptions, operator intervention (57P01 admin shutdown, 57P02, 57P03),
    // too many connections.
    if (/^08/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(code))
      return true;
    if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL)/.test(code)) return true;
  }
  return STORAGE_FAULT_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** What node-postgres and its pool say when a connection is gone or cannot be had; they set no code. */
const STORAGE_FAULT_MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout$/,
];

/** The answer to a call the database failed: 503, retryable, and nothing of the call was kept half-done. */
export function storageUnavailable(what = 'The database could not be reached.'): AppError {
  return new AppError(
    'storage_unavailable',
    `${what} Nothing was lost: retry after 1 second, with the same Idempotency-Key if you sent one.`,
    { retryAfterSeconds: 1 },
  );
}
