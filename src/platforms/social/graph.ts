import { z } from 'zod';
import { protocolError } from '../answer-shape.ts';
import type { Endpoints } from '../endpoints.ts';
import { schemaPerItem } from '../schema-per-item.ts';

/**
 * One page of a Graph API edge, as far as the adapter reads it: the items, the next page's link, and
 * the cursor after the last item (what a later call resumes from).
 */
export interface GraphPage<Item> {
  data: Item[];
  paging?: { next?: string | undefined; cursors?: { after?: string | undefined } | undefined } | undefined;
}

/** The zod schema of an edge's page whose items have the given schema. */
export const graphPageSchema = schemaPerItem(<Item extends z.ZodType>(item: Item) =>
  z.object({
    data: z.array(item),
    paging: z
      .object({
        next: z.string().optional(),
        cursors: z.object({ after: z.string().optional() }).optional(),
      })
      .optional(),
  }),
);

/**
 * Where the page after this one starts: its `after` cursor, undefined on the last page (no `next`).
 * Meta puts the cursor both in `paging.cursors.after` and in the `next` link; either will do.
 */
export function cursorAfter(page: GraphPage<unknown>): string | undefined {
  const next = page.paging?.next;
  if (next === undefined || page.data.length === 0) return undefined;
  const fromLink = URL.canParse(next) ? new URL(next).searchParams.get('after') : null;
  return page.paging?.cursors?.after ?? fromLink ?? undefined;
}

/** A bound on pages followed, so a platform that keeps answering `next` cannot loop a call forever. */
export const MAX_PAGES = 100;

/** `{apiUrl}/{version}{path}?params`: the Graph API's shape, live and in the sandbox. */
export function graphUrl(endpoints: Endpoints, path: string, params: Record<string, string> = {}): string {
  const url = new URL(`${endpoints.apiUrl}/${endpoints.apiVersion}${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * Reads every page of an edge, following `paging.next`: absolute URLs that must stay on the API's own
 * origin, since the call's credentials go with them.
 */
export async function readAllPages<Item>(
  endpoints: Endpoints,
  firstUrl: string,
  fetchPage: (url: string) => Promise<GraphPage<Item>>,
): Promise<Item[]> {
  const origin = new URL(endpoints.apiUrl).origin;
  const items: Item[] = [];
  let url: string | undefined = firstUrl;
  for (let pages = 0; url !== undefined; pages++) {
    if (pages >= MAX_PAGES) throw protocolError('social', `kept answering pages past ${MAX_PAGES}`);
    const page: GraphPage<Item> = await fetchPage(url);
    items.push(...page.data);
    const next = page.paging?.next;
    if (next === undefined || page.data.length === 0) break;
    if (!URL.canParse(next) || new URL(next).origin !== origin) {
      throw protocolError('social', 'answered a paging link to another host, which was not followed');
    }
    url = next;
  }
  return items;
}
