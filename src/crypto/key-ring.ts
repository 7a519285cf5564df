import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';
import { parseKeyRing, TokenCipher, TokenCipherError } from './token-cipher.ts';

/**
 * The cipher for platform tokens: from ADOPS_ENCRYPTION_KEYS, or, on the embedded SQLite default, a
 * key made once beside the database file (owner-readable only), so a first run needs no setup.
 */
export function loadTokenCipher(config: Config): TokenCipher {
  let text = config.platforms.encryptionKeys;
  if (!text) {
    const path = config.databaseUrl.startsWith('sqlite:')
      ? config.databaseUrl.slice('sqlite:'.length)
      : undefined;
    if (!path || path === ':memory:') {
      throw new ConfigError(
        'ADOPS_ENCRYPTION_KEYS is required with this database: set it to "k1=<32 bytes in base64>" ' +
          '(openssl rand -base64 32).',
      );
    }
    const file = join(dirname(path), 'encryption-keys.txt');
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `local=${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
    }
    text = readFileSync(file, 'utf8').trim();
  }
  try {
    return new TokenCipher(parseKeyRing(text));
  } catch (error) {
    if (error instanceof TokenCipherError) throw new ConfigError(error.message);
    throw error;
  }
}
