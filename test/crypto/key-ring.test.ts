import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { ConfigError } from '../../src/config-error.ts';
import { loadTokenCipher } from '../../src/crypto/key-ring.ts';

const KEY_FILE = 'encryption-keys.txt';

describe('the key file of the embedded default', () => {
  let root: string;
  let data: string;
  let warnings: string[];
  const logger = { warn: (_fields: object, message: string) => void warnings.push(message) };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'adops-key-ring-'));
    data = join(root, 'data');
    warnings = [];
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Every path is under the test's own directory: nothing is written to the real home. */
  function load(env: Record<string, string>) {
    const config = loadConfig({
      ADOPS_DATABASE_URL: `sqlite:${join(data, 'adops.db')}`,
      HOME: join(root, 'home'),
      ...env,
    });
    return loadTokenCipher(config, logger);
  }

  it('makes the key in $XDG_CONFIG_HOME/adops, owner-only, never beside the database', () => {
    const cipher = load({ XDG_CONFIG_HOME: join(root, 'config') });
    const file = join(root, 'config', 'adops', KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'config', 'adops')).mode & 0o777).toBe(0o700);
    expect(existsSync(join(data, KEY_FILE))).toBe(false);
    // The next start reads the same key: what the first encrypted, the second decrypts.
    const sealed = cipher.encrypt('token', 'connections/c1/access_token');
    const again = load({ XDG_CONFIG_HOME: join(root, 'config') });
    expect(again.decrypt(sealed, 'connections/c1/access_token')).toBe('token');
    expect(warnings).toEqual([]);
  });

  it('falls back to ~/.config/adops, and ignores a relative XDG_CONFIG_HOME as the specification says', () => {
    load({ XDG_CONFIG_HOME: 'relative/config' });
    expect(existsSync(join(root, 'home', '.config', 'adops', KEY_FILE))).toBe(true);
    expect(existsSync(join(data, KEY_FILE))).toBe(false);
  });

  it('makes and reads the key at ADOPS_ENCRYPTION_KEY_FILE when it is set', () => {
    const file = join(root, 'secrets', 'adops.keys');
    const cipher = load({ ADOPS_ENCRYPTION_KEY_FILE: file, XDG_CONFIG_HOME: join(root, 'config') });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(join(root, 'config'))).toBe(false);
    const sealed = cipher.encrypt('token', 'aad');
    expect(load({ ADOPS_ENCRYPTION_KEY_FILE: file }).decrypt(sealed, 'aad')).toBe('token');
  });

  describe('a database made by an earlier version, its key beside it', () => {
    let legacyKey: string;
    let sealedByLegacy: string;

    beforeEach(() => {
      mkdirSync(data, { recursive: true });
      legacyKey = `local=${randomBytes(32).toString('base64')}`;
      writeFileSync(join(data, KEY_FILE), `${legacyKey}\n`, { mode: 0o600 });
      sealedByLegacy = loadTokenCipher(
        loadConfig({ ADOPS_DATABASE_URL: 'sqlite::memory:', ADOPS_ENCRYPTION_KEYS: legacyKey }),
      ).encrypt('old token', 'aad');
    });

    it('keeps reading that key where it is, and warns that the data folder carries it', () => {
      const cipher = load({ XDG_CONFIG_HOME: join(root, 'config') });
      expect(cipher.decrypt(sealedByLegacy, 'aad')).toBe('old token');
      // Not moved, and no second key made elsewhere.
      expect(readFileSync(join(data, KEY_FILE), 'utf8').trim()).toBe(legacyKey);
      expect(existsSync(join(root, 'config'))).toBe(false);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('every copy of the data folder carries the key');
      expect(warnings[0]).toContain(
        `mv "${join(data, KEY_FILE)}" "${join(root, 'config', 'adops', KEY_FILE)}"`,
      );
    });

    it('refuses to make a new key at ADOPS_ENCRYPTION_KEY_FILE while the old one is not moved there', () => {
      const file = join(root, 'secrets', KEY_FILE);
      expect(() => load({ ADOPS_ENCRYPTION_KEY_FILE: file })).toThrow(ConfigError);
      expect(() => load({ ADOPS_ENCRYPTION_KEY_FILE: file })).toThrow(
        `mv "${join(data, KEY_FILE)}" "${file}"`,
      );
      expect(existsSync(file)).toBe(false);
    });

    it('uses the key once it is moved to ADOPS_ENCRYPTION_KEY_FILE, silently', () => {
      const file = join(root, 'secrets', KEY_FILE);
      mkdirSync(join(root, 'secrets'));
      writeFileSync(file, `${legacyKey}\n`, { mode: 0o600 });
      rmSync(join(data, KEY_FILE));
      expect(load({ ADOPS_ENCRYPTION_KEY_FILE: file }).decrypt(sealedByLegacy, 'aad')).toBe('old token');
      expect(warnings).toEqual([]);
    });
  });

  it('wants ADOPS_ENCRYPTION_KEYS on PostgreSQL and in memory', () => {
    for (const url of ['postgres://adops@127.0.0.1:5432/adops', 'sqlite::memory:']) {
      expect(() => loadTokenCipher(loadConfig({ ADOPS_DATABASE_URL: url }))).toThrow(
        /ADOPS_ENCRYPTION_KEYS is required/,
      );
    }
  });
});
