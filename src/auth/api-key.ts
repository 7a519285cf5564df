import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { randomBase62, toBase62 } from '../ids.ts';

export const API_KEY_PREFIX = 'sk_live_';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const API_KEY_PATTERN = /^sk_live_[0-9A-Za-z]{38}$/;

export interface NewApiKey {
  /** The secret: shown once, never stored. */
  key: string;
  /** Enough to recognise the key in a list. */
  prefix: string;
  hash: string;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function checksum(randomPart: string): string {
  return toBase62(crc32(randomPart), CHECKSUM_LENGTH);
}

export function generateApiKey(): NewApiKey {
  const randomPart = randomBase62(RANDOM_LENGTH);
  const key = `${API_KEY_PREFIX}${randomPart}${checksum(randomPart)}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 6), hash: hashApiKey(key) };
}

export type KeyShape = 'ok' | 'malformed' | 'bad_checksum';

/** Checked before any database lookup, so random guesses cost no query. */
export function checkKeyShape(key: string): KeyShape {
  if (!API_KEY_PATTERN.test(key)) return 'malformed';
  const body = key.slice(API_KEY_PREFIX.length);
  const randomPart = body.slice(0, RANDOM_LENGTH);
  return body.slice(RANDOM_LENGTH) === checksum(randomPart) ? 'ok' : 'bad_checksum';
}
