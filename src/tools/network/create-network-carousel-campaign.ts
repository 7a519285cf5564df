import { z } from 'zod';
import { textOnSeveralLines } from '../arguments.ts';
import { defineTool } from '../tool.ts';
import { carouselAd } from './ad-spec.ts';
import {
  CAMPAIGN_AUDIT_FIELDS,
  CREATE_COST,
  callToAction,
  campaignArguments,
  campaignCreateChanges,
  campaignGroupChoice,
  campaignRules,
  cardCopy,
  carouselCards,
  checkCampaign,
  EXAMPLE_CAMPAIGN,
  GROUP_CHOICE_SCHEMA,
  objective,
  SPONSORED_CONTENT_OBJECTIVES,
} from './campaign-arguments.ts';
import { CREATE_OUTPUT, createNetworkCampaign } from './create-campaign.ts';

export const createNetworkCarouselCampaign = defineTool({
  name: 'create_network_carousel_campaign',
  description:
    'Creates a LinkedIn carousel campaign of 2 to 10 cards (group, campaign, post, creative), created PAUSED. Billable: one quota unit.',
  guidance:
    'Creates a carousel sponsored content campaign on LinkedIn (2 to 10 swipeable cards, each with an image, ' +
    'headline and landing page): the campaign group (or reuses one), the campaign, the carousel post and its ' +
    'creative. Use it when the user has agreed budget, audience, copy and the card images. To add another ' +
    'carousel variation to an existing campaign use add_network_carousel_creative instead. Card images given ' +
    `by URL are downloaded and uploaded, which takes 5 to 15 seconds. ${CREATE_COST}`,
  platform: 'network',
  billable: true,
  changes: campaignCreateChanges(['call_to_action', 'introductory_text', 'cards']),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z
    .strictObject({
      ...campaignArguments,
      ...campaignGroupChoice,
      objective: objective(SPONSORED_CONTENT_OBJECTIVES, 'WEBSITE_VISIT'),
      call_to_action: callToAction,
      introductory_text: textOnSeveralLines(255).describe('Text above the cards.'),
      cards: carouselCards,
    })
    .superRefine(checkCampaign)
    .meta(GROUP_CHOICE_SCHEMA),
  output: CREATE_OUTPUT,
  rules: (args, env) =>
    campaignRules(args, [['introductory_text', args.introductory_text], ...cardCopy(args.cards)], env),
  auditFields: CAMPAIGN_AUDIT_FIELDS,
  example: {
    ...EXAMPLE_CAMPAIGN,
    introductory_text: 'Pick the plan that fits your team.',
    cards: [
      {
        image_urn: 'urn:li:image:C4E10AQF1',
        headline: 'Starter',
        landing_page_url: 'https://example.com/starter',
      },
      { image_urn: 'urn:li:image:C4E10AQF2', headline: 'Team', landing_page_url: 'https://example.com/team' },
    ],
  },
  run(args, context) {
    return createNetworkCampaign(context, args, {
      tool: 'create_network_carousel_campaign',
      objectives: SPONSORED_CONTENT_OBJECTIVES,
      ad: carouselAd(args),
    });
  },
});
