import { describe, expect, it } from 'vitest';
import { checkKeyShape, generateApiKey, hashApiKey } from '../../src/auth/api-key.ts';

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

  it('detect a changed character through the checksum', () => {
    const { key } = generateApiKey();
    const position = 10;
    const changed = key.slice(0, position) + (key[position] === 'a' ? 'b' : 'a') + key.slice(position + 1);
    expect(checkKeyShape(changed)).toBe('bad_checksum');
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
