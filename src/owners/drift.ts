import type { Change } from '../tools/changes/change.ts';

function shownValue(value: unknown): string {
  return value === null || value === undefined ? 'none' : JSON.stringify(value);
}

/**
 * The shown fields that differ between what the owner's run expects and what the objects show now. Only
 * the fields it expects are compared: one a later version shows too (`platform_status` beside `status`)
 * is not a change of the object.
 */
export function driftOf(expected: Record<string, unknown>, change: Change) {
  const now = change.shown.before;
  const fields = Object.keys(expected);
  const changed = fields.filter((field) => shownValue(expected[field]) !== shownValue(now[field]));
  const subject = change.object.charAt(0).toUpperCase() + change.object.slice(1);
  const words = changed
    .map((field) => `${field} was ${shownValue(expected[field])}, is now ${shownValue(now[field])}`)
    .join('; ');
  return { changed, now, subject, words };
}
