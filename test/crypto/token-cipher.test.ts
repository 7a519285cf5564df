import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseKeyRing, TokenCipher, TokenCipherError } from '../../src/crypto/token-cipher.ts';

const key = (id: string) => `${id}=${randomBytes(32).toString('base64')}`;

describe('the token cipher', () => {
  const first = key('k1');
  const cipher = new TokenCipher(parseKeyRing(first));

  it('round-trips and never shows the plaintext', () => {
    const sealed = cipher.encrypt('ya29.secret-token', 'connections/con_1/access_token');
    expect(sealed).not.toContain('secret');
    expect(sealed.startsWith('v1.k1.')).toBe(true);
    expect(cipher.decrypt(sealed, 'connections/con_1/access_token')).toBe('ya29.secret-token');
    expect(cipher.encrypt('same', 'a')).not.toBe(cipher.encrypt('same', 'a'));
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = cipher.encrypt('token', 'row');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(() => cipher.decrypt(tampered, 'row')).toThrow(TokenCipherError);
  });

  it('refuses a ciphertext moved to another row or column', () => {
    const sealed = cipher.encrypt('token', 'connections/con_1/access_token');
    expect(() => cipher.decrypt(sealed, 'connections/con_2/access_token')).toThrow(/another row/);
    expect(() => cipher.decrypt(sealed, 'connections/con_1/refresh_token')).toThrow(TokenCipherError);
  });

  it('keeps old rows readable after a rotation, and encrypts with the new key', () => {
    const old = cipher.encrypt('old token', 'row');
    const rotated = new TokenCipher(parseKeyRing(`${key('k2')},${first}`));
    expect(rotated.decrypt(old, 'row')).toBe('old token');
    expect(rotated.encrypt('new', 'row').startsWith('v1.k2.')).toBe(true);
    const withoutOld = new TokenCipher(parseKeyRing(key('k2')));
    expect(() => withoutOld.decrypt(old, 'row')).toThrow(/unknown key "k1"/);
  });

  it('wants 32-byte keys with ids', () => {
    expect(() => parseKeyRing('k1=short')).toThrow(/32 bytes/);
    expect(() => parseKeyRing(randomBytes(32).toString('base64'))).toThrow(TokenCipherError);
  });
});
