import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, checkKeyShape, generateApiKey, hashApiKey } from '../../src/auth/api-key.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('API keys', () => {
  it('are sk_live_ with 32 random and 6 checksum base62 characters', () => {
    const { key, prefix, hash } = generateApiKey();
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{38}$/);
    expect(checkKeyShape(key)).toBe('ok');
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThan(16);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key.slice(8));
  });

  it('never repeat', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey().key));
    expect(keys.size).toBe(200);
  });

  it('detect any single changed character of the random part or the checksum', () => {
    for (let round = 0; round < 20; round++) {
      const { key } = generateApiKey();
      for (let position = API_KEY_PREFIX.length; position < key.length; position++) {
        for (const replacement of BASE62) {
          if (replacement === key[position]) continue;
          const changed = key.slice(0, position) + replacement + key.slice(position + 1);
          expect(checkKeyShape(changed), `${replacement} at ${position}`).toBe('bad_checksum');
        }
      }
    }
  });

  it('reject other shapes as malformed', () => {
    const { key } = generateApiKey();
    for (const bad of [
      '',
      'sk_test_abc',
      key.slice(0, -1),
      `${key}x`,
      key.replace('sk_live_', 'sk_lave_'),
      `${key.slice(0, -1)}!`,
    ]) {
      expect(checkKeyShape(bad)).toBe('malformed');
    }
  });
});
