/** The last section of a Google Ads list: the call that gives the rest, cursor and all, or that there is none. */
export function moreRows(what: string, nextCursor: string | null): string {
  return nextCursor
    ? `More ${what} follow: call again with the same arguments and cursor "${nextCursor}".`
    : 'That is all of them.';
}
