import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../src/tools/reads/paging.ts';

describe('cursors', () => {
  it('carry the position back for the same query, and refuse any other', () => {
    const query = { status: ['ACTIVE'], limit: 2 };
    const cursor = encodeCursor(query, { pageToken: 'abc' });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, { status: ['ACTIVE'], limit: 2 }, 't')).toEqual({ pageToken: 'abc' });
    expect(decodeCursor(undefined, query, 't')).toBeUndefined();
    expect(() => decodeCursor(cursor, { status: ['PAUSED'], limit: 2 }, 'list_x')).toThrow(
      /cursor: is not a next_cursor/,
    );
    expect(() => decodeCursor('bm90IGpzb24', query, 't')).toThrow(/cursor/);
  });
});
