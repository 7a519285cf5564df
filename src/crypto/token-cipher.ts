import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class TokenCipherError extends Error {
  override readonly name = 'TokenCipherError';
}

interface Key {
  id: string;
  secret: Buffer;
}

/** Parses `kid=base64,kid2=base64`: each key 32 bytes; the first one encrypts. */
export function parseKeyRing(text: string): Key[] {
  const keys = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [id, encoded] = part.split('=', 2);
      const secret = Buffer.from(encoded ?? '', 'base64');
      if (!id || !/^[A-Za-z0-9_-]{1,32}$/.test(id) || secret.length !== 32) {
        throw new TokenCipherError(
          'ADOPS_ENCRYPTION_KEYS must be id=base64key pairs, each key 32 bytes (openssl rand -base64 32)',
        );
      }
      return { id, secret };
    });
  if (keys.length === 0) throw new TokenCipherError('ADOPS_ENCRYPTION_KEYS holds no key');
  return keys;
}

/**
 * AES-256-GCM for platform tokens at rest. Each ciphertext names the key that made it, so keys can be
 * rotated (a new first key; old ones kept to read old rows), and is bound to its row through the
 * associated data, so a ciphertext copied into another row does not decrypt.
 */
export class TokenCipher {
  /** Each key also as a KeyObject, made once: from a Buffer, every cipher would make one again. */
  readonly #keys: Array<Key & { object: KeyObject }>;

  constructor(keys: Key[]) {
    if (keys.length === 0) throw new TokenCipherError('a token cipher needs a key');
    this.#keys = keys.map((key) => ({ ...key, object: createSecretKey(key.secret) }));
  }

  /**
   * A secret of its own for another use (signing cookies, say), derived from the encrypting key: every
   * instance sharing the key ring derives the same one, and none of them can be turned back into the key.
   */
  deriveSecret(purpose: string): Buffer {
    const [key] = this.#keys;
    if (!key) throw new TokenCipherError('no key');
    return Buffer.from(hkdfSync('sha256', key.secret, Buffer.alloc(0), `adops:${purpose}`, 32));
  }

  encrypt(plaintext: string, associatedData: string): string {
    const [key] = this.#keys;
    if (!key) throw new TokenCipherError('no key');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key.object, iv);
    cipher.setAAD(Buffer.from(associatedData));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', key.id, iv.toString('base64url'), Buffer.concat([body, tag]).toString('base64url')].join(
      '.',
    );
  }

  decrypt(payload: string, associatedData: string): string {
    const [version, keyId, iv, sealed] = payload.split('.');
    const key = this.#keys.find((k) => k.id === keyId);
    if (version !== 'v1' || !key || !iv || !sealed) {
      throw new TokenCipherError(
        `cannot decrypt: ${key ? 'malformed ciphertext' : `unknown key "${keyId}"`}`,
      );
    }
    const bytes = Buffer.from(sealed, 'base64url');
    try {
      const decipher = createDecipheriv(ALGORITHM, key.object, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(associatedData));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new TokenCipherError('cannot decrypt: the ciphertext was altered or belongs to another row');
    }
  }
}
