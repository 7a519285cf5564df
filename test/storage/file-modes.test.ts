import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino(sink), lines };
}

/**
 * The SQLite database holds password hashes, e-mails, the audit log and OAuth records: its files are
 * readable by their owner only, whatever the umask, and a file an earlier version left readable by others
 * is tightened when it is opened.
 */
describe('the SQLite database files', () => {
  let directory: string;
  let umask: number;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'adops-modes-'));
    // The usual umask, which leaves new files readable by everyone (0644).
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
    rmSync(directory, { recursive: true, force: true });
  });

  it('are created 0600, the write-ahead log and its index too, in a directory made 0700', async () => {
    const path = join(directory, 'fresh', 'adops.db');
    const { logger, lines } = capturingLogger();
    const storage = openStorage(`sqlite:${path}`, logger);
    try {
      await migrateToLatest(storage.db);
      expect(modeOf(path).toString(8)).toBe('600');
      expect(modeOf(`${path}-wal`).toString(8)).toBe('600');
      expect(modeOf(`${path}-shm`).toString(8)).toBe('600');
      expect(modeOf(join(directory, 'fresh')).toString(8)).toBe('700');
      expect(lines).toEqual([]);
    } finally {
      await storage.close();
    }
  });

  it('are tightened to 0600 at open when others could read them, and the log says which', async () => {
    const path = join(directory, 'old.db');
    const first = openStorage(`sqlite:${path}`);
    await migrateToLatest(first.db);
    await first.close();
    // As an earlier version left them, with a write-ahead log still beside the database.
    chmodSync(path, 0o644);
    writeFileSync(`${path}-wal`, '', { mode: 0o644 });
    chmodSync(`${path}-wal`, 0o664);

    const { logger, lines } = capturingLogger();
    const storage = openStorage(`sqlite:${path}`, logger);
    try {
      expect(modeOf(path).toString(8)).toBe('600');
      expect(modeOf(`${path}-wal`).toString(8)).toBe('600');
      await migrateToLatest(storage.db);
      expect(modeOf(`${path}-shm`).toString(8)).toBe('600');
      expect(lines.map(({ file, mode, msg }) => ({ file, mode, msg }))).toEqual([
        {
          file: path,
          mode: '0644',
          msg: 'a database file was readable by other users: it is now readable by its owner only',
        },
        {
          file: `${path}-wal`,
          mode: '0664',
          msg: 'a database file was readable by other users: it is now readable by its owner only',
        },
      ]);
    } finally {
      await storage.close();
    }
  });
});
