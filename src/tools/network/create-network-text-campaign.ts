import { z } from 'zod';
import { imageUrl, notBothSchema, text, urn } from '../arguments.ts';
import { defineTool } from '../tool.ts';
import { textAd } from './ad-spec.ts';
import {
  CAMPAIGN_AUDIT_FIELDS,
  CREATE_COST,
  campaignArguments,
  campaignCreateChanges,
  campaignGroupChoice,
  campaignRules,
  checkCampaign,
  EXAMPLE_CAMPAIGN,
  GROUP_CHOICE_SCHEMA,
  objective,
  TEXT_OBJECTIVES,
} from './campaign-arguments.ts';
import { CREATE_OUTPUT, createNetworkCampaign } from './create-campaign.ts';

export const createNetworkTextCampaign = defineTool({
  name: 'create_network_text_campaign',
  description:
    'Creates a LinkedIn text ad campaign (desktop right rail: headline, description, optional image), created PAUSED. Billable: one quota unit.',
  guidance:
    'Creates a text ad campaign on LinkedIn: small ads in the desktop right rail with a short headline, a ' +
    'description and an optional 100 x 100 image. Creates the campaign group (or reuses one), the campaign ' +
    'and the creative. Use it for cheap, simple desktop reach; for feed ads use the image, video or ' +
    `carousel create tools. Text ads have no call-to-action button. ${CREATE_COST}`,
  platform: 'network',
  billable: true,
  changes: campaignCreateChanges(['headline', 'description', 'image_urn', 'image_url']),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z
    .strictObject({
      ...campaignArguments,
      ...campaignGroupChoice,
      objective: objective(TEXT_OBJECTIVES, 'WEBSITE_VISIT'),
      headline: text(25).describe('Ad headline.'),
      description: text(75).describe('Ad text.'),
      image_urn: urn('image').optional().describe('Uploaded 100 x 100 image.'),
      image_url: imageUrl().optional().describe('https URL of a 100 x 100 image; not with image_urn.'),
    })
    .superRefine((args, ctx) => {
      checkCampaign(args, ctx);
      if (args.image_urn !== undefined && args.image_url !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['image_url'],
          message: 'cannot be combined with image_urn: pass at most one image',
        });
      }
    })
    .meta({ allOf: [GROUP_CHOICE_SCHEMA, notBothSchema('image_urn', 'image_url')] }),
  output: CREATE_OUTPUT,
  rules: (args, env) =>
    campaignRules(
      args,
      [
        ['headline', args.headline],
        ['description', args.description],
      ],
      env,
    ),
  auditFields: [...CAMPAIGN_AUDIT_FIELDS, 'image_urn'],
  example: {
    ...EXAMPLE_CAMPAIGN,
    headline: 'Plans from $5',
    description: 'Project tools built for small teams.',
  },
  run(args, context) {
    return createNetworkCampaign(context, args, {
      tool: 'create_network_text_campaign',
      objectives: TEXT_OBJECTIVES,
      ad: textAd(args),
    });
  },
});
