import type { VideoCreates, VideoRequest } from '../../platforms/video/creates.ts';
import type { StepPlatform } from '../steps/platform.ts';
import { StepRunner } from '../steps/runner.ts';
import type { ToolContext } from '../tool.ts';

/** What create_video_campaign's steps make on TikTok. */
export type VideoObject = 'campaign' | 'video' | 'ad group' | 'ad';

export type VideoSteps = StepRunner<VideoRequest, VideoObject>;

/** TikTok's name of each, in its endpoints and answers. */
const KINDS = { campaign: 'campaign', video: 'video', 'ad group': 'adgroup', ad: 'ad' } as const;

/**
 * TikTok's part of the step runner, for one advertiser. A failure deletes the campaign the call made,
 * which takes its ad group and ad with it; an uploaded video stays in the asset library.
 */
function videoPlatform(creates: VideoCreates, advertiserId: string): StepPlatform<VideoRequest, VideoObject> {
  return {
    words: {
      platform: 'TikTok',
      console: 'TikTok Ads Manager',
      remove: 'delete',
      objects: 'campaign, ad group or ad',
      ifMade: 'it is disabled and spends nothing',
      media: 'TikTok keeps it in the asset library; it costs nothing',
    },
    show(request) {
      const url = new URL(request.url).pathname.replace(/^.*?\/open_api\//, '/open_api/');
      return { method: request.method, url, body: request.shown ?? request.body };
    },
    create: async (request, type) => [await creates.create(request, KINDS[type])],
    takeBack: {
      kind: 'remove',
      undo: (object) =>
        object.type === 'campaign'
          ? () => creates.send(creates.deleteCampaignRequest(advertiserId, object.id))
          : undefined,
      removedNote: () => ' (it is deleted on TikTok, with its ad group and ad)',
    },
  };
}

/** The create steps of one call on one TikTok advertiser (docs/failure-model.md). */
export function videoSteps(
  creates: VideoCreates,
  context: ToolContext,
  advertiserId: string,
  totalSteps: number,
): VideoSteps {
  return new StepRunner(videoPlatform(creates, advertiserId), context, totalSteps);
}
