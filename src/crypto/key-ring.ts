import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../config.ts';
import { ConfigError } from '../config-error.ts';
import { parseKeyRing, TokenCipher, TokenCipherError } from './token-cipher.ts';

/** Where the warning about a key kept beside the database goes: the service's logger. */
export interface KeyRingLog {
  warn(fields: object, message: string): void;
}

/** The name the key file has wherever it lives, beside the database included (earlier versions). */
const KEY_FILE_NAME = 'encryption-keys.txt';

/**
 * The cipher for platform tokens: from ADOPS_ENCRYPTION_KEYS, or, on the embedded SQLite default, a
 * key made once in a file of its own (owner-readable only), so a first run needs no setup. That file
 * is kept away from the database (the user's config directory, or ADOPS_ENCRYPTION_KEY_FILE): a copy
 * or backup of the data folder must not carry the key that decrypts the tokens in it.
 */
export function loadTokenCipher(config: Config, logger?: KeyRingLog): TokenCipher {
  const text = config.platforms.encryptionKeys || readKeyFile(config, logger);
  try {
    return new TokenCipher(parseKeyRing(text));
  } catch (error) {
    if (error instanceof TokenCipherError) throw new ConfigError(error.message);
    throw error;
  }
}

function readKeyFile(config: Config, logger: KeyRingLog | undefined): string {
  const database = config.databaseUrl.startsWith('sqlite:')
    ? config.databaseUrl.slice('sqlite:'.length)
    : undefined;
  if (!database || database === ':memory:') {
    throw new ConfigError(
      'ADOPS_ENCRYPTION_KEYS is required with this database: set it to "k1=<32 bytes in base64>" ' +
        '(openssl rand -base64 32).',
    );
  }
  const { path, explicit } = config.platforms.encryptionKeyFile;
  // Where versions before this one made the key. It is read where it is rather than moved: the data
  // folder may be the only thing that persists (a container's volume), and a key moved out of it and
  // then lost would leave every stored token unreadable. The operator moves it, once, on purpose.
  const besideDatabase = join(dirname(database), KEY_FILE_NAME);
  if (explicit && !existsSync(path) && existsSync(besideDatabase)) {
    throw new ConfigError(
      `ADOPS_ENCRYPTION_KEY_FILE names ${path}, which does not exist, but this database's key is still ` +
        `beside it at ${besideDatabase}. Move it there (mv "${besideDatabase}" "${path}"), then start again; ` +
        'a new key would leave the stored platform tokens unreadable.',
    );
  }
  if (!explicit && existsSync(besideDatabase)) {
    logger?.warn(
      { key_file: besideDatabase, move_to: path },
      'the encryption key sits beside the database, so every copy of the data folder carries the key to ' +
        `its tokens: move it out (mv "${besideDatabase}" "${path}", or set ADOPS_ENCRYPTION_KEY_FILE) and ` +
        'back it up apart from the data',
    );
    return readFileSync(besideDatabase, 'utf8').trim();
  }
  if (!existsSync(path)) createKeyFile(path);
  return readFileSync(path, 'utf8').trim();
}

/**
 * Writes a new key under a temporary name, then links it into place: two processes starting at once
 * on a fresh machine share whichever key landed first, and never read a half-written file.
 */
function createKeyFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `local=${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  chmodSync(draft, 0o600);
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
}
