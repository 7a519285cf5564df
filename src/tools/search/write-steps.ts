import type { UpstreamRequest } from '../../platforms/upstream.ts';
import type { StepRequest, WriteStep } from '../changes/apply-write.ts';
import type { PreviewEntry } from '../preview.ts';

const PLATFORM = 'Google Ads';

/** A Google Ads request as a dry run shows it: the path under the API's base, the body as sent. */
export function stepRequest(request: UpstreamRequest): StepRequest {
  return { method: request.method, url: new URL(request.url).pathname, body: request.body };
}

/**
 * One `:mutate` as a write step: the request as it would be sent, and Google's own dry run of it
 * (validateOnly: everything checked, nothing changed) for the dry run of the call.
 */
export function mutateStep(step: {
  action: string;
  fields: readonly string[];
  shown: readonly string[];
  request: UpstreamRequest;
  mutate(validateOnly: boolean): Promise<unknown>;
}): WriteStep {
  return {
    action: step.action,
    fields: step.fields,
    shown: step.shown,
    request: stepRequest(step.request),
    validate: async () => {
      await step.mutate(true);
    },
    send: async () => {
      await step.mutate(false);
    },
  };
}

/*
 * The answer texts of the writes that build their change themselves (several objects, or none with a
 * before of its own), in the words updateObject (src/tools/changes/update-object.ts) answers every
 * single-object update with.
 */

/** `Nothing to change: <where> is already <state>. No request was sent to Google Ads.` */
export function nothingText(where: string, state: string, verb: 'is' | 'are' = 'is'): string {
  return `Nothing to change: ${where} ${verb} already ${state}. No request was sent to ${PLATFORM}.`;
}

/** `Dry run: <where> would change from <from> to <to>, with N request(s) to Google Ads, ...` */
export function dryRunText(
  where: string,
  from: string,
  to: string,
  preview: readonly PreviewEntry[],
  note = '',
): string {
  const validated = preview.length > 0 && preview.every((entry) => entry.validated);
  const requests = `${preview.length} request${preview.length === 1 ? '' : 's'}`;
  return (
    `Dry run: ${where} would change from ${from} to ${to}, with ${requests} to ${PLATFORM}, listed in ` +
    'order in structured.preview. ' +
    (validated
      ? `${PLATFORM} validated ${preview.length === 1 ? 'it' : 'them'} and changed nothing.`
      : `Nothing was sent: ${PLATFORM} has no validate-only mode.`) +
    (note ? ` ${note}` : '')
  );
}

/** `Updated <where>: <from> -> <to>.` */
export function updatedText(where: string, from: string, to: string, note = ''): string {
  return `Updated ${where}: ${from} -> ${to}.${note ? ` ${note}` : ''}`;
}
