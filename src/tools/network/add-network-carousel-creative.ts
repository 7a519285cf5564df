import { z } from 'zod';
import { carouselAdCards } from '../../platforms/network/ad-steps.ts';
import { addCarouselCreative } from '../../platforms/network/add-carousel-creative.ts';
import { accountArgument, bannedWordIssues, digitsOrUrn, dryRun, httpsUrl, text } from '../arguments.ts';
import { defineTool } from '../tool.ts';
import { CALL_TO_ACTIONS, cardCopy, carouselCards, DEFAULT_CALL_TO_ACTION } from './campaign-arguments.ts';

export const addNetworkCarouselCreative = defineTool({
  name: 'add_network_carousel_creative',
  description:
    'Adds another carousel ad variation (2 to 10 cards) to an existing LinkedIn carousel campaign, for A/B ' +
    'testing; LinkedIn recommends 4 or more variations per campaign and the result says how many the ' +
    'campaign has. Not for creating a campaign (create_network_carousel_campaign and the other create ' +
    'tools) nor for another audience (add_network_campaign_to_group). The campaign must be a carousel ' +
    'campaign of the account. Takes 5 to 15 seconds (card images given by URL are downloaded and uploaded). ' +
    'The new ad serves whenever the campaign is active. Billable: one quota unit; pass dry_run to check first.',
  family: 'network',
  billable: true,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z.strictObject({
    campaign_id: digitsOrUrn('sponsoredCampaign').describe(
      'The carousel campaign to extend: digits or urn:li:sponsoredCampaign:<digits>.',
    ),
    organization_id: digitsOrUrn('organization').describe(
      'The company page the ad is posted as: digits or urn:li:organization:<digits>.',
    ),
    cards: carouselCards,
    introductory_text: text(255).describe('Main text above the cards, at most 255 characters.'),
    landing_page_url: httpsUrl().describe('Overall landing page of the ad: an absolute https:// URL.'),
    creative_name: text(255)
      .optional()
      .describe('Name of the variation in the ad manager, at most 255 characters.'),
    call_to_action: z
      .enum(CALL_TO_ACTIONS)
      .default(DEFAULT_CALL_TO_ACTION)
      .describe(`Button label of the ad; default ${DEFAULT_CALL_TO_ACTION}.`),
    account_id: accountArgument('network'),
    dry_run: dryRun,
  }),
  rules: (args, { config }) =>
    bannedWordIssues(
      [['introductory_text', args.introductory_text], ...cardCopy(args.cards)],
      config.networkBannedWords,
    ),
  auditFields: ['campaign_id', 'organization_id', 'creative_name'],
  example: {
    campaign_id: '123456789',
    organization_id: '2414183',
    introductory_text: 'Pick the plan that fits your team.',
    landing_page_url: 'https://example.com/plans',
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
    return addCarouselCreative(context, 'add_network_carousel_creative', args, {
      kind: 'carousel',
      introductoryText: args.introductory_text,
      callToAction: args.call_to_action,
      cards: carouselAdCards(args.cards),
    });
  },
});
