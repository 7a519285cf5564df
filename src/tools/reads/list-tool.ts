import { z } from 'zod';
import { canonicalJson } from '../../fingerprint.ts';
import { PLATFORM_INFO, type Platform, type PlatformInfo } from '../../platform-families.ts';
import type { AdAccount } from '../../storage/schema.ts';
import { accountArgument } from '../arguments.ts';
import type { FieldIssue, Tool, ToolContext } from '../tool.ts';
import { markdownTable } from './markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from './paging.ts';

type Shape = z.core.$ZodShape;
type Paging = { limit: typeof limitArgument; cursor: typeof cursorArgument };
type ListInput<Filters extends Shape> = z.ZodObject<Filters & Paging, z.core.$strict>;
type AccountArgument = PlatformInfo['accountArgument'];

/** A list tool's arguments once parsed: its filters, `limit` and `cursor`. */
export type ListArguments<Filters extends Shape> = z.output<z.ZodObject<Filters>> & {
  limit: number;
  cursor?: string | undefined;
};

/** One read of the platform: the items of the page and where the next page starts (undefined: none). */
export interface ListPage<Item, Position> {
  items: Item[];
  next: Position | undefined;
}

/** What a read gets: the call, its account, the query the arguments make, where to start and how many. */
export interface ListRead<Query, Position> {
  context: ToolContext;
  account: AdAccount;
  query: Query;
  position: Position | undefined;
  limit: number;
}

/** What the answer is written from. */
export interface ListView<Args, Query, Page, Row> {
  args: Args;
  account: AdAccount;
  query: Query;
  page: Page;
  rows: Row[];
  nextCursor: string | null;
}

/** A column of the table: its heading and how a line fills its cell. */
export type Column<Line> = readonly [heading: string, cell: (line: Line) => string];

type ItemOf<Page> = Page extends ListPage<infer Item, unknown> ? Item : never;

export interface ListToolDefinition<
  Filters extends Shape,
  Position extends z.ZodType,
  Query,
  Page extends ListPage<unknown, z.output<Position>>,
  Row,
  Line,
  Args = ListArguments<Filters>,
  // The types come from `query`, `read` and `row`; the text is written from them, never the other way.
  View = NoInfer<ListView<Args, Query, Page, Row>>,
> {
  name: string;
  description: string;
  guidance?: string;
  platform: Platform;
  /** The arguments that narrow the list; `limit`, `cursor` and the account argument follow them. */
  filters: Filters;
  /** What the arguments must hold together, beyond each one (a rule between two, the schema saying it). */
  refine?: (input: ListInput<Filters>) => ListInput<Filters>;
  rules?: (args: Args, env: { now: Date }) => FieldIssue[];
  example: z.input<ListInput<Filters>> & Partial<Record<AccountArgument, string>>;
  /** The answer's fields between the account and `next_cursor`, in order, `rows` among them. */
  fields: Shape;
  rows: string;
  /** Where a page starts, as `read` takes it and a cursor carries it (a page token, an offset...). */
  position: Position;
  /** The platform's form of the filters, which the cursor is bound to as well as the arguments. */
  query(args: Args, account: AdAccount, now: Date): Query;
  read(read: ListRead<Query, z.output<Position>>): Promise<Page>;
  row(item: ItemOf<Page>, view: { account: AdAccount; query: Query; page: Page }): Row;
  /** The answer's fields besides the account, the rows and `next_cursor`. */
  answer?: (view: View) => Record<string, unknown>;
  heading(view: View): string;
  /** The table's lines when they are not the rows (ads, where the rows are their ad groups). */
  lines?: (view: View) => Line[];
  columns(view: View): ReadonlyArray<Column<NoInfer<Line>>>;
  /** Sections between the heading and the table, and after the table. */
  before?: (view: View) => string[];
  after?: (view: View) => string[];
}

const ACCOUNT_OUTPUT: Record<Platform, string> = {
  search: 'The Google Ads account.',
  network: 'The LinkedIn ad account.',
  social: 'The Meta ad account (act_<digits>).',
  video: 'The TikTok advertiser.',
};

const NEXT_CURSOR_OUTPUT = z
  .string()
  .nullable()
  .describe('Pass it as cursor for the next page; null at the end.');

/** The lists of a query are sets (ids, statuses): the same items in another order make the same query. */
function asSets(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => [canonicalJson(item), asSets(item)] as const);
    return items.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asSets(item)]));
}

/**
 * A read-only list of a platform's objects, one page a call: the account, the cursor bound to every argument
 * but itself (the account as resolved, so naming it or not is the same query), the page, its rows, and the
 * answer as a heading over a markdown table.
 */
export function defineListTool<
  Filters extends Shape,
  Position extends z.ZodType,
  Query,
  Page extends ListPage<unknown, z.output<Position>>,
  Row,
  Line = Row,
>(list: ListToolDefinition<Filters, Position, Query, Page, Row, Line>): Tool {
  const accountField = PLATFORM_INFO[list.platform].accountArgument;
  const plain = z.strictObject({
    ...list.filters,
    limit: limitArgument,
    cursor: cursorArgument,
    [accountField]: accountArgument(list.platform),
  }) as unknown as ListInput<Filters>;
  const output = z.object({
    [accountField]: z.string().describe(ACCOUNT_OUTPUT[list.platform]),
    ...list.fields,
    next_cursor: NEXT_CURSOR_OUTPUT,
  });
  const { rules } = list;
  const tool: Tool = {
    name: list.name,
    description: list.description,
    ...(list.guidance !== undefined && { guidance: list.guidance }),
    platform: list.platform,
    billable: true,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    input: list.refine ? list.refine(plain) : plain,
    output,
    example: list.example,
    ...(rules && { rules: (args, env) => rules(args as ListArguments<Filters>, env) }),
    // A list's filters are ids, statuses and dates: what the audit log may keep of a read.
    auditFields: [...Object.keys(list.filters), 'limit'],
    async run(parsed, context) {
      const args = parsed as ListArguments<Filters>;
      const account = context.account;
      if (!account) throw new Error(`${list.name} needs the resolved account`);
      const query = list.query(args, account, context.now);
      const { cursor: _cursor, [accountField]: _named, ...rest } = args as Record<string, unknown>;
      const bound = asSets({ tool: list.name, account: account.account_id, arguments: rest, query });
      const isPosition = (value: unknown): value is z.output<Position> =>
        list.position.safeParse(value).success;
      const position = decodeCursor(args.cursor, bound, list.name, isPosition);
      const page = await list.read({ context, account, query, position, limit: args.limit });
      const rows = page.items.map((item) => list.row(item as ItemOf<Page>, { account, query, page }));
      const nextCursor = page.next === undefined ? null : encodeCursor(bound, page.next);
      const view = { args, account, query, page, rows, nextCursor };
      // Without `lines`, Line is Row.
      const lines = list.lines ? list.lines(view) : (rows as unknown[] as Line[]);
      const columns = list.columns(view);
      const table = markdownTable(
        columns.map(([heading]) => heading),
        lines.map((line) => columns.map(([, cell]) => cell(line))),
      );
      const sections = [
        list.heading(view),
        ...(list.before?.(view) ?? []),
        ...(lines.length > 0 ? [table] : []),
        ...(list.after?.(view) ?? []),
      ];
      const values: Record<string, unknown> = {
        [accountField]: account.account_id,
        ...list.answer?.(view),
        [list.rows]: rows,
        next_cursor: nextCursor,
      };
      // In the order the output schema states the fields; an optional one absent stays out.
      const structured = Object.fromEntries(
        Object.keys(output.shape).flatMap((key) => (values[key] === undefined ? [] : [[key, values[key]]])),
      );
      return { text: sections.join('\n\n'), structured };
    },
  };
  return tool;
}
