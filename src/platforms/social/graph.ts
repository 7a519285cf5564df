import type { Endpoints } from '../endpoints.ts';

/** One page of a Graph API edge. */
export interface GraphPage<Item> {
  data?: Item[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
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
 * origin, since the access token goes with them.
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
    if (pages >= MAX_PAGES) throw new Error(`the Graph API kept paging past ${MAX_PAGES} pages`);
    const page: GraphPage<Item> = await fetchPage(url);
    items.push(...(page.data ?? []));
    const next = page.paging?.next;
    if (next === undefined || (page.data ?? []).length === 0) break;
    if (!URL.canParse(next) || new URL(next).origin !== origin) {
      throw new Error('the Graph API answered a paging link to another host; it was not followed');
    }
    url = next;
  }
  return items;
}
