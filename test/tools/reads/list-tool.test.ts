import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineListTool } from '../../../src/tools/reads/list-tool.ts';
import type { ToolContext } from '../../../src/tools/tool.ts';

const NAMES = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];

// A list over five names, paged by offset, run without a platform: the factory's phases and cursor rule.
const listNames = defineListTool({
  name: 'list_names',
  description: 'Names.',
  platform: 'search',
  filters: { ids: z.array(z.string()).optional(), starting: z.string().optional() },
  example: {},
  fields: { names: z.array(z.object({ name: z.string() })) },
  rows: 'names',
  position: z.int().min(0),
  query: (args) => ({ starting: args.starting ?? '' }),
  async read({ query, position = 0, limit }) {
    const names = NAMES.filter((name) => name.startsWith(query.starting));
    const items = names.slice(position, position + limit);
    return { items, next: position + limit < names.length ? position + limit : undefined };
  },
  row: (name) => ({ name }),
  heading: ({ account, rows, nextCursor }) =>
    `Account ${account.account_id}: ${rows.length} names${nextCursor ? ', more with next_cursor' : ''}.`,
  columns: () => [['Name', (row) => row.name]],
  after: ({ nextCursor }) => (nextCursor ? ['More follow.'] : []),
});

const account = { account_id: '1234567890', currency: 'USD', name: 'Acme', time_zone: 'UTC' };
const context = { account, now: new Date('2026-11-22T10:00:00Z') } as unknown as ToolContext;
const run = (args: Record<string, unknown>) => listNames.run(listNames.input.parse(args), context);
const refusal = async (args: Record<string, unknown>) => {
  try {
    await run(args);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('a list tool made by defineListTool', () => {
  it('answers a heading over a table, the account, the rows and the cursor to the rest', async () => {
    const first = await run({ limit: 2 });
    expect(first.text).toBe(
      'Account 1234567890: 2 names, more with next_cursor.\n\n| Name |\n| --- |\n| alpha |\n| bravo |\n\nMore follow.',
    );
    const cursor = first.structured?.next_cursor as string;
    expect(first.structured).toEqual({
      customer_id: '1234567890',
      names: [{ name: 'alpha' }, { name: 'bravo' }],
      next_cursor: cursor,
    });
    const rest: string[] = [];
    for (let next: unknown = cursor; typeof next === 'string'; ) {
      const page = (await run({ limit: 2, cursor: next })).structured ?? {};
      rest.push(...(page.names as Array<{ name: string }>).map((row) => row.name));
      next = page.next_cursor;
    }
    expect(rest).toEqual(['charlie', 'delta', 'echo']);
    const none = await run({ starting: 'z' });
    expect(none).toEqual({
      text: 'Account 1234567890: 0 names.',
      structured: { customer_id: '1234567890', names: [], next_cursor: null },
    });
  });

  it('binds the cursor to every argument but itself, the page size too, with one refusal', async () => {
    const cursor = (await run({ limit: 2, ids: ['a', 'b'] })).structured?.next_cursor;
    const refused =
      'Invalid arguments for list_names: cursor: is not a next_cursor of a call with these arguments. Pass the ' +
      'next_cursor exactly as an answer gave it, with the same other arguments, or leave it out to start over.';
    expect(await refusal({ limit: 3, ids: ['a', 'b'], cursor })).toBe(refused);
    expect(await refusal({ limit: 2, cursor })).toBe(refused);
    expect(await refusal({ limit: 2, ids: ['a', 'b'], starting: 'a', cursor })).toBe(refused);
    expect(await refusal({ limit: 2, cursor: 'bm9wZQ' })).toBe(refused);
    // The ids are a set, and the account is the one the call resolved, named or not.
    expect((await run({ limit: 2, ids: ['b', 'a'], cursor })).structured?.names).toEqual([
      { name: 'charlie' },
      { name: 'delta' },
    ]);
    expect((await run({ limit: 2, ids: ['a', 'b'], customer_id: '1234567890', cursor })).text).toContain(
      '2 names',
    );
  });

  it('refuses a cursor whose position the read does not take, as any other', async () => {
    const cursor = String((await run({ limit: 2 })).structured?.next_cursor);
    const withPosition = (position: unknown) => {
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      return Buffer.from(JSON.stringify({ ...decoded, p: position })).toString('base64url');
    };
    expect((await run({ limit: 2, cursor: withPosition(3) })).structured?.names).toEqual([
      { name: 'delta' },
      { name: 'echo' },
    ]);
    for (const position of ['two', -1, 1.5, null]) {
      expect(await refusal({ limit: 2, cursor: withPosition(position) })).toContain(
        'cursor: is not a next_cursor of a call with these arguments',
      );
    }
  });

  it('publishes the filters, limit, cursor and the account argument, and the answer with next_cursor', () => {
    expect(Object.keys(listNames.input.shape)).toEqual(['ids', 'starting', 'limit', 'cursor', 'customer_id']);
    expect(Object.keys(listNames.output?.shape ?? {})).toEqual(['customer_id', 'names', 'next_cursor']);
    expect(listNames.auditFields).toEqual(['ids', 'starting', 'limit']);
    expect(listNames.annotations.readOnlyHint).toBe(true);
    expect(listNames.billable).toBe(true);
  });
});
