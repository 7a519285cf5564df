import type { PreviewEntry } from '../preview.ts';

/**
 * The sentences every write answers with, in one wording whatever the tool: what did not need changing,
 * what a dry run would send, what was done. `platform` names the platform as texts do (`Google Ads`).
 */

/** `Nothing to change: <where> is already <state>. No request was sent to <platform>.` */
export function nothingText(
  platform: string,
  where: string,
  state: string,
  verb: 'is' | 'are' = 'is',
): string {
  return `Nothing to change: ${where} ${verb} already ${state}. No request was sent to ${platform}.`;
}

/** `Dry run: <where> would change from <from> to <to>, with N request(s) to <platform>, ...` */
export function dryRunText(
  platform: string,
  where: string,
  change: { from: string; to: string },
  preview: readonly PreviewEntry[],
  note = '',
): string {
  const validated = preview.length > 0 && preview.every((entry) => entry.validated);
  const requests = `${preview.length} request${preview.length === 1 ? '' : 's'}`;
  return (
    `Dry run: ${where} would change from ${change.from} to ${change.to}, with ${requests} to ${platform}, ` +
    'listed in order in structured.preview. ' +
    (validated
      ? `${platform} validated ${preview.length === 1 ? 'it' : 'them'} and changed nothing.`
      : `Nothing was sent: ${platform} has no validate-only mode.`) +
    (note ? ` ${note}` : '')
  );
}

/** `Updated <where>: <from> -> <to>.` */
export function updatedText(where: string, change: { from: string; to: string }, note = ''): string {
  return `Updated ${where}: ${change.from} -> ${change.to}.${note ? ` ${note}` : ''}`;
}
