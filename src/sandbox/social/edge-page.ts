import type { FastifyReply } from 'fastify';
import { decodeCursor, encodeCursor, graphError, parseFields, project, unknownField } from './graph.ts';
import type { NodeType } from './node-types.ts';
import type { Query } from './request.ts';

/** Meta's default page size of an edge, and the largest `limit` the sandbox honours on node edges. */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

export interface EdgePage {
  query: Query;
  /** The edge's own URL (`{sandbox}/{version}/{node}/{edge}`), which paging links extend. */
  url: string;
  /** The token the call was made with: Graph's paging links carry it, whichever way it came. */
  accessToken: string;
  type: NodeType;
  nodes: Array<Record<string, unknown> & { id: string }>;
}

/**
 * One page of a node edge in Graph's shape: the fields asked for (each checked against the node type),
 * `summary=total_count` (or `true`) counting the whole edge, then the page (see `sendPage`).
 */
export function sendEdgePage(reply: FastifyReply, edge: EdgePage): FastifyReply {
  const { query, nodes } = edge;
  const fields = parseFields(query.fields);
  const unknown = unknownField(edge.type, fields);
  if (unknown) return graphError(reply, 400, { message: unknown, type: 'OAuthException', code: 100 });
  if (query.summary !== undefined && !['total_count', 'true', '1'].includes(query.summary)) {
    return graphError(reply, 400, {
      message: `(#100) Tried accessing nonexisting summary field (${query.summary})`,
      type: 'OAuthException',
      code: 100,
    });
  }
  return sendPage(reply, {
    query,
    url: edge.url,
    accessToken: edge.accessToken,
    items: nodes,
    keyOf: (node) => node.id,
    render: (node) => project(node, edge.type, fields),
    maxLimit: MAX_LIMIT,
    ...(query.summary !== undefined && { summary: { total_count: nodes.length } }),
  });
}

export interface PageOf<Item> {
  query: Query;
  url: string;
  accessToken: string;
  items: Item[];
  /** What a cursor points at: a node's id, or a report row's own key. */
  keyOf: (item: Item) => string;
  render: (item: Item) => Record<string, unknown>;
  maxLimit: number;
  summary?: Record<string, unknown>;
}

/**
 * One page in Graph's shape: `{data, paging:{cursors:{before, after}, next?, previous?}, summary?}`,
 * `limit` (default 25) and `after`/`before` cursors. `next` and `previous` are absolute URLs with every
 * parameter of the call and its access token, so a client follows them as they are (the SDKs' cursors
 * do).
 */
export function sendPage<Item>(reply: FastifyReply, page: PageOf<Item>): FastifyReply {
  const { query, items, keyOf } = page;
  const summary = page.summary ? { summary: page.summary } : {};
  const asked = Number(query.limit);
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, page.maxLimit) : DEFAULT_LIMIT;
  let start = 0;
  let end = items.length;
  for (const [name, cursor] of [
    ['after', query.after],
    ['before', query.before],
  ] as const) {
    if (cursor === undefined) continue;
    const key = decodeCursor(cursor);
    const index = key === undefined ? -1 : items.findIndex((item) => keyOf(item) === key);
    if (index < 0) {
      return graphError(reply, 400, {
        message: `(#100) The ${name} cursor is not valid for this edge`,
        type: 'OAuthException',
        code: 100,
      });
    }
    if (name === 'after') start = index + 1;
    else end = index;
  }
  if (query.before !== undefined && query.after === undefined) start = Math.max(0, end - limit);
  const slice = items.slice(start, Math.min(end, start + limit));
  const [firstItem] = slice;
  const lastItem = slice.at(-1);
  if (firstItem === undefined || lastItem === undefined) return reply.send({ data: [], ...summary });
  const first = encodeCursor(keyOf(firstItem));
  const last = encodeCursor(keyOf(lastItem));
  const link = (cursor: 'after' | 'before', value: string) => {
    const url = new URL(page.url);
    for (const [name, v] of Object.entries(query)) {
      if (v !== undefined && name !== 'after' && name !== 'before') url.searchParams.set(name, v);
    }
    url.searchParams.set('access_token', page.accessToken);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set(cursor, value);
    return url.toString();
  };
  const more = start + slice.length < items.length;
  return reply.send({
    data: slice.map(page.render),
    paging: {
      cursors: { before: first, after: last },
      ...(start > 0 && { previous: link('before', first) }),
      ...(more && { next: link('after', last) }),
    },
    ...summary,
  });
}
