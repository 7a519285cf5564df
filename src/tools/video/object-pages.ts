import type { Page } from '../../platforms/video/answers.ts';
import type { ObjectFilter } from '../../platforms/video/client.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { decodeCursor } from '../reads/paging.ts';
import { commonStatus, type Status } from '../status-vocabulary.ts';

/** TikTok pages read for one answer at most, when few objects of a page have the statuses asked for. */
const MAX_PAGES_PER_CALL = 20;

/** Where the next answer starts: TikTok's page (of `limit` objects) and how many of it were answered. */
export interface Position {
  page: number;
  skip: number;
}

/** TikTok's own status of an ad group or an ad: DELETE once deleted, its operation_status otherwise. */
export function tiktokStatus(object: { operation_status: string; secondary_status?: string | undefined }) {
  return object.secondary_status?.endsWith('_STATUS_DELETE') ? 'DELETE' : object.operation_status;
}

/** The one primary_status that covers every status asked for; the answer keeps only those asked for. */
export function primaryStatusFor(statuses: ReadonlySet<Status>): ObjectFilter['primary_status'] {
  if (!statuses.has('REMOVED')) return 'STATUS_NOT_DELETE';
  return statuses.size === 1 ? 'STATUS_DELETE' : 'STATUS_ALL';
}

/** The cursor's position, or the start; a 400 naming `cursor` when it is not one of these answers'. */
export function startOf(cursor: string | undefined, query: unknown, tool: string): Position {
  const start = decodeCursor<unknown>(cursor, query, tool) ?? { page: 1, skip: 0 };
  const { page, skip } = (start ?? {}) as Partial<Position>;
  if (Number.isInteger(page) && (page ?? 0) >= 1 && Number.isInteger(skip) && (skip ?? -1) >= 0)
    return start as Position;
  throw invalidArguments(tool, [{ field: 'cursor', message: 'is malformed' }], {
    said:
      'cursor: is not a next_cursor of a call with these arguments. Pass the next_cursor exactly as an ' +
      'answer gave it, or leave it out to start over',
  });
}

/**
 * Up to `limit` objects in the statuses asked for, from `start` on, and where the next answer starts.
 * TikTok is asked for pages of `limit` objects under the one filter covering those statuses, so when
 * every object it answers has a status asked for, one page is one answer.
 */
export async function readObjects<
  Item extends { operation_status: string; secondary_status?: string | undefined },
>(
  readPage: (page: number, pageSize: number) => Promise<Page<Item>>,
  statuses: ReadonlySet<Status>,
  limit: number,
  start: Position,
): Promise<{ found: Item[]; next: Position | undefined }> {
  const wanted = (item: Item) => statuses.has(commonStatus('video', tiktokStatus(item)));
  const found: Item[] = [];
  let { page, skip } = start;
  for (let read = 0; read < MAX_PAGES_PER_CALL; read++) {
    const { list, page_info } = await readPage(page, limit);
    const last = page >= page_info.total_page || list.length === 0;
    for (let at = skip; at < list.length; at++) {
      const item = list[at] as Item;
      if (wanted(item)) found.push(item);
      if (found.length < limit) continue;
      // Full: the next answer starts after this object, unless nothing asked for comes after it.
      if (list.slice(at + 1).some(wanted)) return { found, next: { page, skip: at + 1 } };
      return { found, next: last ? undefined : { page: page + 1, skip: 0 } };
    }
    if (last) return { found, next: undefined };
    page += 1;
    skip = 0;
  }
  return { found, next: { page, skip: 0 } };
}
