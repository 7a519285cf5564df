import type { PlatformSession } from '../../platforms/session.ts';
import { type GraphWrite, sendCreate } from '../../platforms/social/creates.ts';
import type { StepPlatform } from '../steps/platform.ts';
import { StepRunner } from '../steps/runner.ts';
import type { ToolContext } from '../tool.ts';

/** What create_social_campaign's steps make on Meta. */
export type SocialObject = 'campaign' | 'ad set' | 'creative' | 'ad';

export type SocialSteps = StepRunner<GraphWrite, SocialObject>;

/**
 * Meta's part of the step runner. Nothing is taken back on a failure: every object is PAUSED or under
 * the PAUSED campaign and spends nothing, and a retry with the same Idempotency-Key finishes the call.
 */
function socialPlatform(session: PlatformSession): StepPlatform<GraphWrite, SocialObject> {
  return {
    words: {
      platform: 'Meta',
      console: 'Meta Ads Manager',
      remove: 'delete',
      objects: 'campaign, ad set, creative or ad',
      ifMade: 'it is paused and the retry finds it',
    },
    show(request) {
      const url = new URL(request.url).pathname.replace(/^.*?\/v\d+\.\d+/, '');
      const { bytes } = request.body;
      const body =
        typeof bytes === 'string'
          ? { ...request.body, bytes: `{${Buffer.from(bytes, 'base64').byteLength} bytes, base64}` }
          : request.body;
      return { method: request.method, url, body };
    },
    create: async (request, type) => [await sendCreate(session, `the new ${type}`, request)],
    takeBack: {
      kind: 'keep',
      advice:
        'They spend nothing, under a PAUSED campaign: call again with the same Idempotency-Key to finish ' +
        'the campaign (the retry skips what exists), or delete them in Meta Ads Manager.',
    },
  };
}

/** The writes of one create on Meta (docs/failure-model.md), `totalSteps` of them for its progress. */
export function socialSteps(session: PlatformSession, context: ToolContext, totalSteps: number): SocialSteps {
  return new StepRunner(socialPlatform(session), context, totalSteps);
}
