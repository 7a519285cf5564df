import { AppError } from '../../errors.ts';
import type { ToolContext, ToolResult } from '../../tools/tool.ts';
import { PlatformSession } from '../session.ts';
import { type AdSpec, adMedia, createAd, uploadMedia } from './ad-steps.ts';
import { NetworkClient } from './client.ts';
import { prepareMedia } from './media.ts';
import { networkProtocol } from './protocol.ts';
import { NetworkRunner } from './runner.ts';
import { idOf, urn } from './urns.ts';

/** LinkedIn recommends at least this many ad variations per campaign. */
export const RECOMMENDED_VARIATIONS = 4;
/** Creatives in these states no longer count as variations. */
const GONE = new Set(['ARCHIVED', 'CANCELED', 'PENDING_DELETION', 'REMOVED']);

export interface CarouselCreativeArgs {
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
export async function addCarouselCreative(
  context: ToolContext,
  tool: string,
  args: CarouselCreativeArgs,
  ad: AdSpec & { kind: 'carousel' },
): Promise<ToolResult> {
  const accountId = context.account?.account_id ?? '';
  const campaignId = idOf(args.campaign_id);
  const session = await PlatformSession.open(context, networkProtocol);
  const client = new NetworkClient(session);
  const campaign = await client.getCampaign(campaignId);
  if (campaign.format !== 'CAROUSEL') {
    const what = campaign.format ? `a ${campaign.format} campaign` : 'not a carousel campaign';
    throw new AppError(
      'invalid_arguments',
      `Invalid arguments for ${tool}: campaign_id: campaign ${campaignId} ("${campaign.name ?? ''}") is ${what}; ` +
        'carousel ads go only into carousel campaigns. Pick a carousel campaign, or create one with ' +
        'create_network_carousel_campaign.',
      { structuredContent: { issues: [{ field: 'campaign_id', message: `is ${what}, not CAROUSEL` }] } },
    );
  }
  const before = (await client.listCreatives(campaignId)).filter(
    (creative) => !GONE.has(creative.intendedStatus ?? ''),
  ).length;
  const media = await prepareMedia(context, client, tool, adMedia(ad));
  const uploads = media.filter((m) => !('urn' in m)).length;
  const runner = new NetworkRunner(client, context, uploads * 2 + 2);
  const organizationUrn = urn.organization(idOf(args.organization_id));
  const mediaUrns = await uploadMedia(runner, organizationUrn, media);
  const { postUrn, creativeUrn } = await createAd(runner, {
    ad,
    mediaUrns,
    campaignUrn: urn.campaign(campaignId),
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
    campaign: { id: campaignId, urn: urn.campaign(campaignId), name: campaign.name, status: campaign.status },
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
  if (runner.dryRun) {
    return {
      text:
        `Dry run: nothing was created and no quota was used. A ${ad.cards.length}-card carousel ad would be added ` +
        `to campaign ${campaignId} ("${campaign.name ?? ''}"), which has ${before} variation${before === 1 ? '' : 's'} ` +
        `now and would then have ${variations}. ${runner.preview.length} requests to LinkedIn are listed in order in structured.preview.`,
      structured: { dry_run: true, ...structured, preview: runner.preview },
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
