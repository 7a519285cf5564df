import { z } from 'zod';
import {
  digitsOrUrn,
  exactlyOneOf,
  exactlyOneOfSchema,
  httpsUrl,
  text,
  textOnSeveralLines,
  urn,
} from '../arguments.ts';
import { defineTool } from '../tool.ts';
import { type AdSpec, type CardArguments, carouselAd, imageAd, textAd, videoAd } from './ad-spec.ts';
import {
  CALL_TO_ACTIONS,
  CAMPAIGN_AUDIT_FIELDS,
  CREATE_COST,
  campaignArguments,
  campaignCreateChanges,
  campaignRules,
  cardCopy,
  carouselCards,
  checkTotalBudget,
  DEFAULT_CALL_TO_ACTION,
  SPONSORED_CONTENT_OBJECTIVES,
  TEXT_OBJECTIVES,
  VIDEO_OBJECTIVES,
} from './campaign-arguments.ts';
import { CREATE_OUTPUT, createNetworkCampaign } from './create-campaign.ts';

const AD_TYPES = ['image', 'video', 'carousel', 'text'] as const;
type AdType = (typeof AD_TYPES)[number];

/** The creative fields of each ad type, as in that type's create tool. */
const CREATIVES: Record<
  AdType,
  { required: string[]; oneOf?: [string, string]; objectives: readonly string[]; maxIntro?: number }
> = {
  image: {
    required: ['headline', 'introductory_text'],
    oneOf: ['image_urn', 'asset_bundle_id'],
    objectives: SPONSORED_CONTENT_OBJECTIVES,
  },
  video: {
    required: ['headline', 'introductory_text'],
    oneOf: ['video_urn', 'video_url'],
    objectives: VIDEO_OBJECTIVES,
  },
  carousel: {
    required: ['cards', 'introductory_text'],
    objectives: SPONSORED_CONTENT_OBJECTIVES,
    maxIntro: 255,
  },
  text: { required: ['text_headline', 'text_description'], objectives: TEXT_OBJECTIVES },
};

const CREATIVE_FIELDS = [
  ...new Set(Object.values(CREATIVES).flatMap((c) => [...c.required, ...(c.oneOf ?? [])])),
];

function fieldsOf(type: AdType): string[] {
  const creative = CREATIVES[type];
  return [...creative.required, ...(creative.oneOf ?? [])];
}

/**
 * checkCreative as the documents show it: one branch per ad_type, with its fields required, the other
 * types' fields absent, and its objectives and text length.
 */
const CREATIVE_SCHEMA = {
  anyOf: AD_TYPES.map((type) => {
    const creative = CREATIVES[type];
    const own = fieldsOf(type);
    const foreign = CREATIVE_FIELDS.filter((field) => !own.includes(field));
    const forbidden = type === 'text' ? [...foreign, 'call_to_action'] : foreign;
    return {
      properties: {
        ad_type: { const: type },
        objective: { enum: [...creative.objectives] },
        ...(creative.maxIntro !== undefined && { introductory_text: { maxLength: creative.maxIntro } }),
      },
      required: ['ad_type', ...creative.required],
      not: { anyOf: forbidden.map((field) => ({ required: [field] })) },
      ...(creative.oneOf && exactlyOneOfSchema(...creative.oneOf)),
    };
  }),
};

function checkCreative(args: Record<string, unknown> & { ad_type: AdType }, ctx: z.RefinementCtx) {
  const type = args.ad_type;
  const creative = CREATIVES[type];
  const own = fieldsOf(type);
  for (const field of CREATIVE_FIELDS) {
    if (args[field] === undefined || own.includes(field)) continue;
    const owners = AD_TYPES.filter((t) => fieldsOf(t).includes(field)).join(' or ');
    ctx.addIssue({ code: 'custom', path: [field], message: `is for ${owners} ads, not ${type}: remove it` });
  }
  for (const field of creative.required) {
    if (args[field] === undefined)
      ctx.addIssue({ code: 'custom', path: [field], message: `is required for a ${type} ad` });
  }
  if (creative.oneOf) exactlyOneOf(...creative.oneOf)(args, ctx);
  const intro = args.introductory_text;
  if (creative.maxIntro !== undefined && typeof intro === 'string' && intro.length > creative.maxIntro) {
    ctx.addIssue({
      code: 'custom',
      path: ['introductory_text'],
      message: `must be at most ${creative.maxIntro} characters for a ${type} ad (got ${intro.length})`,
    });
  }
  if (typeof args.objective === 'string' && !creative.objectives.includes(args.objective)) {
    ctx.addIssue({
      code: 'custom',
      path: ['objective'],
      message: `must be one of ${creative.objectives.join(', ')} for a ${type} ad, or omitted to inherit the group's`,
    });
  }
  if (type === 'text' && args.call_to_action !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['call_to_action'],
      message: 'text ads have no call-to-action button: remove it',
    });
  }
}

/** The first ad of the new campaign, from the fields of its ad type (the schema checked which are given). */
function adOf(args: {
  ad_type: AdType;
  call_to_action?: string | undefined;
  introductory_text?: string | undefined;
  headline?: string | undefined;
  image_urn?: string | undefined;
  asset_bundle_id?: string | undefined;
  video_urn?: string | undefined;
  video_url?: string | undefined;
  cards?: CardArguments[] | undefined;
  text_headline?: string | undefined;
  text_description?: string | undefined;
}): AdSpec {
  const copy = {
    introductory_text: args.introductory_text ?? '',
    call_to_action: args.call_to_action ?? DEFAULT_CALL_TO_ACTION,
    headline: args.headline ?? '',
  };
  switch (args.ad_type) {
    case 'image':
      return imageAd({ ...copy, image_urn: args.image_urn, asset_bundle_id: args.asset_bundle_id });
    case 'video':
      return videoAd({ ...copy, video_urn: args.video_urn, video_url: args.video_url });
    case 'carousel':
      return carouselAd({ ...copy, cards: args.cards ?? [] });
    case 'text':
      return textAd({ headline: args.text_headline ?? '', description: args.text_description ?? '' });
  }
}

export const addNetworkCampaignToGroup = defineTool({
  name: 'add_network_campaign_to_group',
  description:
    'Creates a LinkedIn campaign with its first ad (image, video, carousel or text) in an existing campaign group, e.g. for another audience; created PAUSED. Billable: one quota unit.',
  guidance:
    'Creates a new LinkedIn campaign with its first creative inside an existing campaign group, for example ' +
    'to reach another audience (other locations or targeting) under the same group budget and schedule. ' +
    "Choose ad_type (image, video, carousel, text) and pass only that type's creative fields. Not for a " +
    'new group (use a create_network_*_campaign tool with campaign_group_name) and not for another ad in ' +
    `an existing campaign (add_network_carousel_creative). ${CREATE_COST}`,
  platform: 'network',
  billable: true,
  changes: campaignCreateChanges([
    'ad_type',
    'call_to_action',
    'introductory_text',
    'headline',
    'image_urn',
    'asset_bundle_id',
    'video_urn',
    'video_url',
    'cards',
    'text_headline',
    'text_description',
  ]),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z
    .strictObject({
      ...campaignArguments,
      campaign_group_id: digitsOrUrn('sponsoredCampaignGroup').describe('The existing campaign group.'),
      ad_type: z
        .enum(AD_TYPES)
        .describe('Format of the first creative; decides which creative fields apply.'),
      objective: z
        .enum(VIDEO_OBJECTIVES)
        .optional()
        .describe(
          "Default the group's; VIDEO_VIEW and JOB_APPLICANT are for video, ENGAGEMENT not for text.",
        ),
      call_to_action: z.enum(CALL_TO_ACTIONS).optional().describe('Button label; not for text ads.'),
      introductory_text: textOnSeveralLines(600)
        .optional()
        .describe('image, video, carousel: text above the media (carousel: 255 at most).'),
      headline: text(70)
        .optional()
        .describe('image, video: headline below the media, at most 70 characters.'),
      image_urn: urn('image')
        .optional()
        .describe('image: image already uploaded to LinkedIn; or asset_bundle_id.'),
      asset_bundle_id: text(100)
        .optional()
        .describe('image: asset_bundle_id from validate_and_prepare_assets; or image_urn.'),
      video_urn: urn('video').optional().describe('video: video already uploaded to LinkedIn; or video_url.'),
      video_url: httpsUrl()
        .optional()
        .describe('video: https URL of an MP4 to download and upload; or video_urn.'),
      cards: carouselCards.optional().describe('carousel: 2 to 10 cards.'),
      text_headline: text(25).optional().describe('text: ad headline, at most 25 characters.'),
      text_description: text(75).optional().describe('text: ad text, at most 75 characters.'),
    })
    .superRefine((args, ctx) => {
      checkTotalBudget(args, ctx);
      checkCreative(args, ctx);
    })
    .meta(CREATIVE_SCHEMA),
  output: CREATE_OUTPUT,
  rules: (args, env) =>
    campaignRules(
      args,
      [
        ['headline', args.headline],
        ['introductory_text', args.introductory_text],
        ['text_headline', args.text_headline],
        ['text_description', args.text_description],
        ...cardCopy(args.cards),
      ],
      env,
    ),
  auditFields: [...CAMPAIGN_AUDIT_FIELDS, 'ad_type'],
  example: {
    campaign_name: 'Q4 launch, EMEA',
    campaign_group_id: '6123456',
    organization_id: '2414183',
    daily_budget: 25,
    landing_page_url: 'https://example.com/q4',
    locations: ['urn:li:geo:91000000'],
    ad_type: 'image',
    introductory_text: 'Meet the plan built for small teams.',
    headline: 'Plans from $5 a month',
    image_urn: 'urn:li:image:C4E10AQFoyyAjHPMQuQ',
  },
  run(args, context) {
    return createNetworkCampaign(context, args, {
      tool: 'add_network_campaign_to_group',
      objectives: CREATIVES[args.ad_type].objectives,
      ad: adOf(args),
    });
  },
});
