import { z } from 'zod';
import { exactlyOneOf, exactlyOneOfSchema, text, textOnSeveralLines, urn } from '../arguments.ts';
import { defineTool } from '../tool.ts';
import { imageAd } from './ad-spec.ts';
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
  SPONSORED_CONTENT_OBJECTIVES,
} from './campaign-arguments.ts';
import { CREATE_OUTPUT, createNetworkCampaign } from './create-campaign.ts';

const checkImage = exactlyOneOf('image_urn', 'asset_bundle_id');

export const createNetworkImageCampaign = defineTool({
  name: 'create_network_image_campaign',
  description:
    'Creates a LinkedIn single-image campaign (group, campaign, post, creative), created PAUSED. Use it once budget, audience, copy and image are agreed. Billable: one quota unit.',
  guidance:
    'Creates a single-image sponsored content campaign on LinkedIn: the campaign group (or reuses one), ' +
    'the campaign, a sponsored post and its creative. Use it once the image is ready (an image URN, or an ' +
    'asset_bundle_id from validate_and_prepare_assets) and the user has agreed budget, audience and copy. ' +
    'Not for video, carousel or text ads (their own create tools), nor for another campaign in an ' +
    `existing group with other targeting (add_network_campaign_to_group). ${CREATE_COST}`,
  platform: 'network',
  billable: true,
  changes: campaignCreateChanges([
    'call_to_action',
    'introductory_text',
    'headline',
    'image_urn',
    'asset_bundle_id',
  ]),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z
    .strictObject({
      ...campaignArguments,
      ...campaignGroupChoice,
      objective: objective(SPONSORED_CONTENT_OBJECTIVES, 'WEBSITE_VISIT'),
      call_to_action: callToAction,
      introductory_text: textOnSeveralLines(600).describe('Text above the image.'),
      headline: text(70).describe('Headline below the image.'),
      image_urn: urn('image').optional().describe('Uploaded image; or asset_bundle_id.'),
      asset_bundle_id: text(100)
        .optional()
        .describe('From validate_and_prepare_assets (its first landscape image); or image_urn.'),
    })
    .superRefine((args, ctx) => {
      checkCampaign(args, ctx);
      checkImage(args, ctx);
    })
    .meta({ allOf: [GROUP_CHOICE_SCHEMA, exactlyOneOfSchema('image_urn', 'asset_bundle_id')] }),
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
  auditFields: [...CAMPAIGN_AUDIT_FIELDS, 'image_urn', 'asset_bundle_id'],
  example: {
    ...EXAMPLE_CAMPAIGN,
    introductory_text: 'Meet the plan built for small teams.',
    headline: 'Plans from $5 a month',
    image_urn: 'urn:li:image:C4E10AQFoyyAjHPMQuQ',
  },
  run(args, context) {
    return createNetworkCampaign(context, args, {
      tool: 'create_network_image_campaign',
      objectives: SPONSORED_CONTENT_OBJECTIVES,
      ad: imageAd(args),
    });
  },
});
