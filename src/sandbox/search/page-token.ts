import { createHash } from 'node:crypto';

/** Where a page starts, for which query and customer, and whether the first page asked for a total count. */
export interface PageToken {
  key: string;
  offset: number;
  totalRequested: boolean;
}

/** Binds a page token to the customer and the query text it was issued for. */
export function pageKey(customerId: string, query: string): string {
  return createHash('sha256').update(`${customerId}\n${query}`).digest('base64url').slice(0, 16);
}

export function encodePageToken(token: PageToken): string {
  return Buffer.from(JSON.stringify({ q: token.key, o: token.offset, t: token.totalRequested })).toString(
    'base64url',
  );
}

export function decodePageToken(text: string): PageToken | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as {
      q?: unknown;
      o?: unknown;
      t?: unknown;
    };
    if (typeof value.q !== 'string' || !Number.isInteger(value.o) || (value.o as number) < 0)
      return undefined;
    return { key: value.q, offset: value.o as number, totalRequested: value.t === true };
  } catch {
    return undefined;
  }
}
