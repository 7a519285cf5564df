import { randomInt, randomUUID } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += BASE62[randomInt(62)];
  return text;
}

/** Fixed width, left-padded with `0`. */
export function toBase62(value: number, width: number): string {
  let text = '';
  let rest = value;
  while (rest > 0) {
    text = BASE62[rest % 62] + text;
    rest = Math.floor(rest / 62);
  }
  return text.padStart(width, '0');
}

/**
 * Opaque ids made in application code, readable in logs by their prefix (`usr_`, `req_`, ...): 122
 * random bits from the UUID generator, which draws from a pooled buffer and so is cheap on hot paths.
 */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}
