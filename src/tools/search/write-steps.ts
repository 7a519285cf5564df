import type { UpstreamRequest } from '../../platforms/upstream.ts';
import type { StepRequest, WriteStep } from '../changes/apply-write.ts';

/** The platform as every Google Ads answer names it. */
export const GOOGLE_ADS = 'Google Ads';

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
