import { z } from 'zod';
import type { Page } from '../../platforms/video/answers.ts';
import type { ObjectFilter } from '../../platforms/video/client.ts';
import { STATUSES, type Status } from '../status-vocabulary.ts';

/** TikTok pages read for one answer at most, when few objects of a page have the statuses asked for. */
const MAX_PAGES_PER_CALL = 20;

/** Where the next answer starts: TikTok's page (of `limit` objects) and how many of it were answered. */
export const POSITION = z.object({ page: z.int().min(1), skip: z.int().min(0) });
export type Position = z.output<typeof POSITION>;

const DEFAULT_STATUSES: Status[] = ['ACTIVE', 'PAUSED'];

/** The statuses a list asks for, in the vocabulary's order (ACTIVE and PAUSED unless given). */
export function askedStatuses(filter: readonly Status[] | undefined): Status[] {
  return STATUSES.filter((status) => (filter ?? DEFAULT_STATUSES).includes(status));
}

/** TikTok's own status of an ad group or an ad: DELETE once deleted, its operation_status otherwise. */
export function tiktokStatus(object: { operation_status: string; secondary_status?: string | undefined }) {
  return object.secondary_status?.endsWith('_STATUS_DELETE') ? 'DELETE' : object.operation_status;
}

/** The one primary_status that covers every status asked for; the answer keeps only those asked for. */
export function primaryStatusFor(statuses: readonly Status[]): ObjectFilter['primary_status'] {
  if (!statuses.includes('REMOVED')) return 'STATUS_NOT_DELETE';
  return statuses.length === 1 ? 'STATUS_DELETE' : 'STATUS_ALL';
}

/** The heading of a TikTok list: the advertiser, the statuses asked for, how many, whether more follow. */
export function listHeading(
  what: string,
  view: {
    account: { account_id: string };
    query: { asked: Status[] };
    rows: unknown[];
    nextCursor: string | null;
  },
): string {
  const count = view.rows.length;
  return (
    `TikTok Ads (video) advertiser ${view.account.account_id}, status ${view.query.asked.join(' or ')}: ` +
    `${count} ${what}${count === 1 ? '' : 's'}${view.nextCursor ? ', more with next_cursor.' : '.'}`
  );
}

/**
 * Up to `limit` objects that are `wanted`, from `start` on, and where the next answer starts. TikTok is
 * asked for pages of `limit` objects under the one filter covering the statuses asked for, so when every
 * object it answers has one of them, one page is one answer.
 */
export async function readObjects<Item>(
  readPage: (page: number, pageSize: number) => Promise<Page<Item>>,
  wanted: (item: Item) => boolean,
  limit: number,
  start: Position = { page: 1, skip: 0 },
): Promise<{ items: Item[]; next: Position | undefined }> {
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
      if (list.slice(at + 1).some(wanted)) return { items: found, next: { page, skip: at + 1 } };
      return { items: found, next: last ? undefined : { page: page + 1, skip: 0 } };
    }
    if (last) return { items: found, next: undefined };
    page += 1;
    skip = 0;
  }
  return { items: found, next: { page, skip: 0 } };
}
