import type { z } from 'zod';
import { readAnswer } from '../answer-shape.ts';
import type { PlatformSession } from '../session.ts';
import { type GraphPage, graphPageSchema, readAllPages } from './graph.ts';

/**
 * One Graph read with the account's session: signed with `appsecret_proof`, retried as a read, Meta's
 * trace id kept for the audit row, the answer read through the schema of what the adapter uses.
 */
export async function readGraph<Schema extends z.ZodType>(
  session: PlatformSession,
  what: string,
  url: string,
  schema: Schema,
): Promise<z.output<Schema>> {
  const response = await session.send({ method: 'GET', url, idempotent: true });
  session.noteRequestId(response.headers['x-fb-trace-id']);
  return readAnswer('social', what, schema, response.body);
}

/** Every item of an edge from `firstUrl`, following Meta's pages, each read through the item schema. */
export function readEveryPage<Item extends z.ZodType>(
  session: PlatformSession,
  what: string,
  firstUrl: string,
  item: Item,
): Promise<Array<z.output<Item>>> {
  const schema = graphPageSchema(item);
  return readAllPages(session.endpoints, firstUrl, async (url) => {
    const page: GraphPage<z.output<Item>> = await readGraph(session, what, url, schema);
    return page;
  });
}
