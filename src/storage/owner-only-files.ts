import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from 'pino';

const OWNER_ONLY_FILE = 0o600;
const OWNER_ONLY_DIRECTORY = 0o700;

/** The files SQLite keeps beside a database: the write-ahead log and its shared-memory index. */
const COMPANION_SUFFIXES = ['-wal', '-shm', '-journal'];

function octal(mode: number): string {
  return `0${(mode & 0o777).toString(8)}`;
}

/**
 * Makes a SQLite database file readable and writable by its owner only before SQLite opens it: it holds
 * password hashes, e-mails, the audit log and OAuth records. A missing file is created empty with that
 * mode (SQLite takes an empty file for a new database, and gives its -wal and -shm files the mode of the
 * database file); a missing directory is created for its owner only. An existing file others may read
 * (an earlier version made them 0644) is tightened, and the log says so.
 */
export function keepDatabaseFileOwnerOnly(path: string, logger: Logger | undefined): void {
  mkdirSync(dirname(path), { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  try {
    closeSync(openSync(path, 'wx', OWNER_ONLY_FILE));
  } catch (error) {
    // Another process (a second start) made it first: it is checked below like any existing file.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (const file of [path, ...COMPANION_SUFFIXES.map((suffix) => `${path}${suffix}`)]) {
    if (!existsSync(file)) continue;
    const { mode } = statSync(file);
    if ((mode & 0o077) === 0) continue;
    chmodSync(file, OWNER_ONLY_FILE);
    logger?.warn(
      { file, mode: octal(mode), now: octal(OWNER_ONLY_FILE) },
      'a database file was readable by other users: it is now readable by its owner only',
    );
  }
}
