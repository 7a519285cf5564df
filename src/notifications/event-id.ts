import { createHash } from 'node:crypto';

/**
 * An event's id from what makes it one event (`approval.requested` and the approval's id; the owner,
 * the quota period and the threshold): the same parts give the same id, so an action retried, or run on
 * two instances at once, emits one event.
 */
export function eventIdOf(...parts: string[]): string {
  return `evt_${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32)}`;
}
