import { z } from 'zod';
import { exactlyOneOf, exactlyOneOfSchema, httpsUrl, text, textOnSeveralLines, urn } from '../arguments.ts';
import { defineTool } from '../tool.ts';
import { videoAd } from './ad-spec.ts';
import {
  CAMPAIGN_AUDIT_FIELDS,
  CREATE_COST,
  callToAction,
  campaignArguments,
  campaignCreateChanges,
  campaignGroupChoice,
  campaignRules,
  checkCampaign,
  EXAMPLE_CAMPAIGN,
  GROUP_CHOICE_SCHEMA,
  objective,
  VIDEO_OBJECTIVES,
} from './campaign-arguments.ts';
import { CREATE_OUTPUT, createNetworkCampaign } from './create-campaign.ts';

const checkVideo = exactlyOneOf('video_urn', 'video_url');

export const createNetworkVideoCampaign = defineTool({
  name: 'create_network_video_campaign',
  description:
    'Creates a LinkedIn video campaign (group, campaign, post with the MP4, creative), created PAUSED. Can take a minute. Billable: one quota unit.',
  guidance:
    'Creates a video sponsored content campaign on LinkedIn: the campaign group (or reuses one), the ' +
    'campaign, a sponsored post with the video and its creative. Use it when the user has an MP4 (a video ' +
    'URN, or an https URL that is downloaded and checked) and has agreed budget, audience and copy. Not for ' +
    'image, carousel or text ads (their own create tools). Downloading and uploading a video can take a ' +
    `minute. ${CREATE_COST}`,
  platform: 'network',
  billable: true,
  changes: campaignCreateChanges([
    'call_to_action',
    'introductory_text',
    'headline',
    'video_urn',
    'video_url',
  ]),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z
    .strictObject({
      ...campaignArguments,
      ...campaignGroupChoice,
      objective: objective(VIDEO_OBJECTIVES, 'VIDEO_VIEW'),
      call_to_action: callToAction,
      introductory_text: textOnSeveralLines(600).describe('Text above the video.'),
      headline: text(70).describe('Headline below the video.'),
      video_urn: urn('video').optional().describe('Uploaded video; or video_url.'),
      video_url: httpsUrl().optional().describe('https URL of an MP4 to upload; or video_urn.'),
    })
    .superRefine((args, ctx) => {
      checkCampaign(args, ctx);
      checkVideo(args, ctx);
    })
    .meta({ allOf: [GROUP_CHOICE_SCHEMA, exactlyOneOfSchema('video_urn', 'video_url')] }),
  output: CREATE_OUTPUT,
  rules: (args, env) =>
    campaignRules(
      args,
      [
        ['headline', args.headline],
        ['introductory_text', args.introductory_text],
      ],
      env,
    ),
  auditFields: [...CAMPAIGN_AUDIT_FIELDS, 'video_urn'],
  example: {
    ...EXAMPLE_CAMPAIGN,
    introductory_text: 'Meet the plan built for small teams.',
    headline: 'Plans from $5 a month',
    video_urn: 'urn:li:video:C5F10AQGKQg',
  },
  run(args, context) {
    return createNetworkCampaign(context, args, {
      tool: 'create_network_video_campaign',
      objectives: VIDEO_OBJECTIVES,
      ad: videoAd(args),
    });
  },
});
