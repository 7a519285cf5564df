import { z } from 'zod';
import { NetworkClient } from '../../platforms/network/client.ts';
import { networkProtocol } from '../../platforms/network/protocol.ts';
import { idOf, urn } from '../../platforms/network/urns.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import {
  accountArgument,
  bannedWordIssues,
  digitsOrUrn,
  dryRun,
  httpsUrl,
  text,
  textOnSeveralLines,
} from '../arguments.ts';
import type { Change } from '../changes/change.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { STATUS_FIELDS, statusFields } from '../status-vocabulary.ts';
import { defineTool, type ToolContext, type ToolResult } from '../tool.ts';
import { adMedia, type CarouselAd, carouselAd } from './ad-spec.ts';
import { createAd, uploadMedia } from './ad-steps.ts';
import { CALL_TO_ACTIONS, cardCopy, carouselCards, DEFAULT_CALL_TO_ACTION } from './campaign-arguments.ts';
import { MEDIA_OUTPUT } from './create-campaign.ts';
import { deliveryBudgets } from './delivery-budgets.ts';
import { prepareMedia } from './media.ts';
import { networkSteps } from './step-platform.ts';

/** LinkedIn recommends at least this many ad variations per campaign. */
export const RECOMMENDED_VARIATIONS = 4;
/** Creatives in these states no longer count as variations. */
const GONE = new Set(['ARCHIVED', 'CANCELED', 'PENDING_DELETION', 'REMOVED']);

interface CarouselCreativeArgs {
  campaign_id: string;
  organization_id: string;
  introductory_text: string;
  landing_page_url: string;
  creative_name?: string | undefined;
  call_to_action: string;
}

/**
 * Adds a carousel ad to an existing carousel campaign: the campaign is read first (it must be a
 * carousel campaign of the account), the card images are checked and uploaded, then the dark post and
 * its creative are created; a failed creative takes its post back.
 */
async function addCarouselCreative(
  context: ToolContext,
  tool: string,
  args: CarouselCreativeArgs,
  ad: CarouselAd,
): Promise<ToolResult> {
  const account = context.account;
  if (!account) throw new Error('a network tool needs the resolved account');
  const accountId = account.account_id;
  const campaignId = idOf(args.campaign_id);
  const session = await PlatformSession.open(context, networkProtocol);
  const client = new NetworkClient(session);
  const campaign = await client.getCampaign(campaignId);
  if (campaign.format !== 'CAROUSEL') {
    const what = campaign.format ? `a ${campaign.format} campaign` : 'not a carousel campaign';
    throw invalidArguments(tool, [{ field: 'campaign_id', message: `is ${what}, not CAROUSEL` }], {
      said:
        `campaign_id: campaign ${campaignId} ("${campaign.name ?? ''}") is ${what}; carousel ads go only ` +
        'into carousel campaigns. Pick a carousel campaign, or create one with create_network_carousel_campaign',
    });
  }
  const media = await prepareMedia(context, client, tool, adMedia(ad));
  const uploads = media.filter((m) => !('urn' in m)).length;
  const runner = networkSteps(client, context, uploads * 2 + 2);
  // Counted once: a retry that resumes after the creative was made must not count it among those before.
  const { before, serving } = await runner.once('creatives before', async () => {
    const creatives = await client.listCreatives(campaignId);
    return {
      before: creatives.filter((creative) => !GONE.has(creative.intendedStatus ?? '')).length,
      serving: creatives.filter((creative) => creative.intendedStatus === 'ACTIVE').length,
    };
  });
  // A running campaign without a serving ad (none yet, or all paused) starts delivering with this live
  // ad: a spend change, like activating it. Otherwise the new ad moves no money.
  const budgets = deliveryBudgets(campaign, account.currency);
  const starts = campaign.status === 'ACTIVE' && serving === 0;
  const label = `campaign ${campaignId}`;
  const delivering = {
    active: campaign.status === 'ACTIVE' && serving > 0,
    dailyMicros: budgets.dailyMicros,
  };
  const change: Change = {
    what: starts
      ? `start campaign ${campaignId} delivering: it is ACTIVE with no serving ad` +
        `${before > 0 ? ` (none of its ${before} ad${before === 1 ? '' : 's'} is ACTIVE)` : ''}, and this ad would serve`
      : `add a carousel ad to campaign ${campaignId}`,
    currency: account.currency,
    object: label,
    shown: {
      before: { status: campaign.status, serving_ads: serving },
      after: { status: campaign.status, serving_ads: serving + 1 },
    },
    objects: [
      {
        ref: { kind: 'campaign', id: campaignId, campaignId },
        label,
        fields: [
          starts
            ? { field: 'cards', money: 'delivery', before: false, after: true }
            : { field: 'cards', money: 'none' },
        ],
        delivery: { before: delivering, after: { ...delivering, active: delivering.active || starts } },
        budgets,
      },
    ],
  };
  await context.authorizeChange(change);
  const organizationUrn = urn.organization(idOf(args.organization_id));
  const mediaUrns = await uploadMedia(runner, client, organizationUrn, media);
  const { postUrn, creativeUrn } = await createAd(runner, client, {
    ad,
    mediaUrns,
    campaignId,
    organizationUrn,
    accountId,
    landingPage: args.landing_page_url,
    name: args.creative_name,
  });

  const variations = before + 1;
  const advice =
    variations < RECOMMENDED_VARIATIONS
      ? `LinkedIn recommends ${RECOMMENDED_VARIATIONS} or more variations per campaign: add ${RECOMMENDED_VARIATIONS - variations} more with add_network_carousel_creative.`
      : `That meets LinkedIn's recommendation of ${RECOMMENDED_VARIATIONS} or more; compare their results in Campaign Manager.`;
  const structured = {
    account_id: accountId,
    dry_run: runner.dryRun,
    campaign: {
      id: campaignId,
      urn: urn.campaign(campaignId),
      name: campaign.name ?? null,
      ...statusFields('network', campaign.status ?? 'DRAFT'),
    },
    creative: {
      id: creativeUrn,
      post: postUrn,
      intended_status: 'ACTIVE',
      cards: ad.cards.length,
      ...(args.creative_name && { name: args.creative_name }),
    },
    variations,
    recommended_variations: RECOMMENDED_VARIATIONS,
    media: media.map((m, index) => ({ field: m.field, urn: mediaUrns[index], uploaded: !('urn' in m) })),
  };
  if (!runner.dryRun) context.noteChange(change);
  if (runner.dryRun) {
    return {
      text:
        `Dry run: nothing was created. A ${ad.cards.length}-card carousel ad would be added ` +
        `to campaign ${campaignId} ("${campaign.name ?? ''}"), which has ${before} variation${before === 1 ? '' : 's'} ` +
        `now and would then have ${variations}. ${runner.preview.length} requests to LinkedIn are listed in order in structured.preview.`,
      structured: { ...structured, preview: runner.preview },
    };
  }
  const status =
    campaign.status === 'ACTIVE'
      ? 'it serves now, since the campaign is ACTIVE'
      : `it serves once the campaign (now ${campaign.status ?? 'not active'}) is activated`;
  return {
    text:
      `Added a ${ad.cards.length}-card carousel ad (creative ${creativeUrn}) to campaign ${campaignId} ` +
      `("${campaign.name ?? ''}"); ${status}. The campaign now has ${variations} variation${variations === 1 ? '' : 's'}. ${advice}`,
    structured: { ...structured, next_step: advice },
  };
}

export const addNetworkCarouselCreative = defineTool({
  name: 'add_network_carousel_creative',
  description:
    'Adds another carousel ad (2 to 10 cards) to an existing LinkedIn carousel campaign, for A/B tests. Billable: one quota unit.',
  guidance:
    'Adds another carousel ad variation (2 to 10 cards) to an existing LinkedIn carousel campaign, for A/B ' +
    'testing; LinkedIn recommends 4 or more variations per campaign and the result says how many the ' +
    'campaign has. Not for creating a campaign (create_network_carousel_campaign and the other create ' +
    'tools) nor for another audience (add_network_campaign_to_group). The campaign must be a carousel ' +
    'campaign of the account. Takes 5 to 15 seconds (card images given by URL are downloaded and uploaded). ' +
    'The new ad serves whenever the campaign is active; the first serving ad of an active campaign (none ' +
    'yet, or all paused) starts its delivery, which needs a key with the spend scope. Billable: one quota ' +
    'unit; pass dry_run to check first. ' +
    MAY_WAIT_FOR_APPROVAL,
  platform: 'network',
  billable: true,
  // The cards make a live ad: the first serving ad of an ACTIVE campaign starts its delivery.
  changes: {
    object: 'creative',
    creates: true,
    fields: {
      cards: ['delivery', 'none'],
      organization_id: 'none',
      introductory_text: 'none',
      landing_page_url: 'none',
      creative_name: 'none',
      call_to_action: 'none',
      campaign_id: 'none',
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z.strictObject({
    campaign_id: digitsOrUrn('sponsoredCampaign').describe(
      'The carousel campaign to extend: digits or urn:li:sponsoredCampaign:<digits>.',
    ),
    organization_id: digitsOrUrn('organization').describe(
      'The company page posting the ad: digits or its URN; list_network_organizations shows them.',
    ),
    cards: carouselCards,
    introductory_text: textOnSeveralLines(255).describe('Main text above the cards, at most 255 characters.'),
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
  output: z.object({
    account_id: z.string().describe('The LinkedIn ad account.'),
    dry_run: z.boolean().describe('Whether nothing was created (dry run).'),
    campaign: z
      .object({
        id: z.string().describe('The digits of the campaign.'),
        urn: z.string().describe('urn:li:sponsoredCampaign:<id>.'),
        name: z.string().nullable().describe('Its name.'),
        ...STATUS_FIELDS,
      })
      .describe('The carousel campaign.'),
    creative: z
      .object({
        id: z.string().describe('Its urn:li:sponsoredCreative (a placeholder on a dry run).'),
        post: z.string().optional().describe('The dark post it sponsors.'),
        intended_status: z.string().describe('ACTIVE: it serves whenever the campaign is active.'),
        cards: z.number().int().describe('How many cards it has.'),
        name: z.string().optional().describe('creative_name, when given.'),
      })
      .describe('The new ad.'),
    variations: z.number().int().describe("The campaign's ads, not removed, with this one."),
    recommended_variations: z.number().int().describe('How many LinkedIn recommends.'),
    media: MEDIA_OUTPUT,
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
    next_step: z.string().optional().describe('Advice on more variations, once created.'),
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
    return addCarouselCreative(context, 'add_network_carousel_creative', args, carouselAd(args));
  },
});
