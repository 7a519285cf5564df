import { z } from 'zod';
import { decimalToMicros, formatMicros, unitsToMicros } from '../../money.ts';
import { PlatformSession } from '../../platforms/session.ts';
import type { VideoIdentity } from '../../platforms/video/answers.ts';
import {
  campaignNameLength,
  hasEmoji,
  MAX_CAMPAIGN_NAME_LENGTH,
  MIN_AD_GROUP_BUDGET,
} from '../../platforms/video/campaign-rules.ts';
import { VideoClient } from '../../platforms/video/client.ts';
import { VideoCreates } from '../../platforms/video/creates.ts';
import { IDENTITY_TYPES } from '../../platforms/video/identity-types.ts';
import { videoProtocol } from '../../platforms/video/protocol.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, digitsId, dryRun, httpsUrl, text } from '../arguments.ts';
import { authorizeCreate } from '../changes/authorize-create.ts';
import { newCampaignChange } from '../changes/create-change.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { STATUS_FIELDS, statusFields } from '../status-vocabulary.ts';
import { defineTool, type ToolContext } from '../tool.ts';
import { videoSteps } from './step-platform.ts';
import { downloadVideo } from './video-media.ts';

const TOOL = 'create_video_campaign';

/** The identity every sandbox advertiser may post as, for the example (src/sandbox/video/identities.ts). */
const SANDBOX_EXAMPLE_IDENTITY = '7100000000000000001';

/** The objectives this tool creates, with the optimization goal and billing event each needs. */
const OBJECTIVES = {
  TRAFFIC: { goal: 'CLICK', billing: 'CPC' },
  REACH: { goal: 'REACH', billing: 'CPM' },
  VIDEO_VIEWS: { goal: 'VIDEO_VIEW', billing: 'CPV' },
} as const;

const CALLS_TO_ACTION = [
  'LEARN_MORE',
  'SHOP_NOW',
  'SIGN_UP',
  'CONTACT_US',
  'APPLY_NOW',
  'BOOK_NOW',
  'ORDER_NOW',
  'DOWNLOAD',
  'GET_QUOTE',
  'SUBSCRIBE',
  'WATCH_NOW',
] as const;

/** TikTok's time format, UTC: `YYYY-MM-DD HH:MM:SS`. */
const tiktokTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/**
 * The daily budgets of the advertiser's enabled campaigns and ad groups that hold one, in micros: what
 * its typical budget is read from (a new campaign's budget is its ad group's).
 */
async function activeDailyBudgets(client: VideoClient, advertiserId: string): Promise<number[]> {
  const daily = (object: { budget_mode: string; budget: number; operation_status?: string | undefined }) =>
    object.operation_status === 'ENABLE' &&
    (object.budget_mode === 'BUDGET_MODE_DAY' || object.budget_mode === 'BUDGET_MODE_DYNAMIC_DAILY_BUDGET')
      ? [unitsToMicros(object.budget)]
      : [];
  const campaigns = await client.listCampaigns(advertiserId, { primary_status: 'STATUS_NOT_DELETE' });
  const budgets = campaigns.flatMap(daily);
  for (let page = 1; page <= 20; page++) {
    const answer = await client.adGroupPage(
      advertiserId,
      { primary_status: 'STATUS_NOT_DELETE' },
      page,
      1000,
    );
    budgets.push(...answer.list.flatMap(daily));
    if (page >= answer.page_info.total_page || answer.list.length === 0) break;
  }
  return budgets;
}

/**
 * The create as the pipeline judges it, in a dry run too: a PAUSED campaign whose ad group holds the daily
 * budget (within a key's ceiling) and, once known, the advertiser's typical one.
 */
function createOf(name: string, micros: number, currency: string, typical?: number, id?: string) {
  return newCampaignChange({ name, currency, dailyMicros: micros, typicalDailyInAccount: typical, id });
}

export const createVideoCampaign = defineTool({
  name: TOOL,
  description:
    'Creates a TikTok video campaign: campaign, ad group holding the daily budget, uploaded video, ad; created PAUSED. Billable: one quota unit.',
  guidance:
    'Creates a TikTok campaign, disabled (PAUSED), with one ad group and one single-video ad, enabled under ' +
    'it so that enabling the campaign starts delivery: the ' +
    'campaign (no budget limit of its own), the ad group (automatic placements, the locations, running ' +
    'from now, the daily budget), the video downloaded from an https URL and uploaded to the ' +
    "advertiser's library, and the ad, posting as the identity given (list_video_identities lists those the " +
    'advertiser may post as; it is checked before anything is made). Use it when the user has an MP4 and has agreed budget, locations ' +
    'and copy. The daily budget is on the ad group, as TikTok needs when the campaign does not optimise ' +
    `its budget: at least ${MIN_AD_GROUP_BUDGET} in the account currency; change it later with ` +
    'update_video_ad_group. TikTok has no validate-only mode: dry_run lists the requests instead. ' +
    'Creates a real campaign that can spend money once enabled (update_video_campaign, status ACTIVE). ' +
    `Billable: one quota unit. ${MAY_WAIT_FOR_APPROVAL}`,
  platform: 'video',
  billable: true,
  changes: {
    object: 'campaign',
    creates: true,
    fields: {
      daily_budget: 'daily_budget',
      campaign_name: 'none',
      objective: 'none',
      location_ids: 'none',
      video_url: 'none',
      ad_text: 'none',
      identity_id: 'none',
      identity_type: 'none',
      identity_authorized_bc_id: 'none',
      call_to_action: 'none',
      landing_page_url: 'none',
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: z
    .strictObject({
      campaign_name: text(MAX_CAMPAIGN_NAME_LENGTH, 'code_points').describe(
        'Campaign name, unique; also names its ad group and ad. No emoji.',
      ),
      objective: z
        .enum(['TRAFFIC', 'REACH', 'VIDEO_VIEWS'])
        .default('TRAFFIC')
        .describe('TRAFFIC (CPC), REACH (CPM) or VIDEO_VIEWS (CPV).'),
      daily_budget: amountArgument(MIN_AD_GROUP_BUDGET).describe(
        `Ad group daily budget, account currency, at least ${MIN_AD_GROUP_BUDGET}.`,
      ),
      location_ids: z
        .array(digitsId())
        .min(1)
        .max(100)
        .describe('Locations to target (GeoNames ids; 6252001 = United States).'),
      video_url: httpsUrl().describe('https URL of the MP4 to upload.'),
      ad_text: text(100).describe('Ad text, up to 100 characters.'),
      identity_id: digitsId().describe(
        'The identity the ad posts as (its name and picture shown as the author): an identity_id from list_video_identities.',
      ),
      identity_type: z
        .enum(IDENTITY_TYPES)
        .default('CUSTOMIZED_USER')
        .describe('Its type, as list_video_identities gives it; CUSTOMIZED_USER for a custom identity.'),
      identity_authorized_bc_id: digitsId()
        .optional()
        .describe(
          'With identity_type BC_AUTH_TT: the Business Center the TikTok account is authorized to (TikTok needs it then).',
        ),
      call_to_action: z.enum(CALLS_TO_ACTION).default('LEARN_MORE').describe('The button.'),
      landing_page_url: httpsUrl().describe('Where the ad leads.'),
      advertiser_id: accountArgument('video'),
      dry_run: dryRun,
    })
    .superRefine((args, ctx) => {
      if (hasEmoji(args.campaign_name))
        ctx.addIssue({
          code: 'custom',
          path: ['campaign_name'],
          message: 'must not contain emoji: TikTok refuses them',
        });
      const length = campaignNameLength(args.campaign_name);
      if (length > MAX_CAMPAIGN_NAME_LENGTH)
        ctx.addIssue({
          code: 'custom',
          path: ['campaign_name'],
          message: `must be at most ${MAX_CAMPAIGN_NAME_LENGTH} characters, each Chinese or Japanese character counting as two (got ${length})`,
        });
    }),
  output: z.object({
    advertiser_id: z.string().describe('The TikTok advertiser.'),
    campaign_id: z.string().describe('The new campaign (a placeholder on a dry run).'),
    name: z.string().describe('Its name.'),
    ...STATUS_FIELDS,
    daily_budget: z.string().describe("The ad group's daily budget, account currency."),
    currency: z.string().describe('The account currency.'),
    objective: z.string().describe("TikTok's objective_type."),
    created: z
      .object({
        campaign_id: z.string().describe('The campaign.'),
        adgroup_id: z.string().describe('Its ad group.'),
        video_id: z.string().describe('The uploaded video.'),
        ad_id: z.string().describe('The ad.'),
      })
      .describe('Every object made (placeholders on a dry run).'),
    dry_run: z.boolean().describe('Whether this was a dry run (nothing sent).'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
    next_steps: z.array(z.string()).optional().describe('What to do next.'),
  }),
  auditFields: [
    'campaign_name',
    'objective',
    'daily_budget',
    'location_ids',
    'video_url',
    'landing_page_url',
  ],
  example: {
    campaign_name: 'Spring sale video',
    daily_budget: 30,
    location_ids: ['6252001'],
    video_url: 'https://samples.adops.invalid/video-9x16.mp4',
    ad_text: 'Spring sale: everything 20% off this week.',
    identity_id: SANDBOX_EXAMPLE_IDENTITY,
    landing_page_url: 'https://example.com/spring',
  },
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error('a video tool needs the resolved account');
    const advertiserId = account.account_id;
    const currency = account.currency;
    amountInCurrency(TOOL, 'daily_budget', args.daily_budget, currency);
    const dailyMicros = unitsToMicros(args.daily_budget);
    const budgetText = formatMicros(dailyMicros, currency);
    const session = await authorizeCreate(
      context,
      (typical) => createOf(args.campaign_name, dailyMicros, currency, typical),
      {
        open: () =>
          PlatformSession.open(context, videoProtocol(context.services.config.platforms.videoThrottleCodes)),
        activeDailyBudgets: (opened) => activeDailyBudgets(new VideoClient(opened), advertiserId),
      },
    );
    await requireIdentity(new VideoClient(session), advertiserId, args);
    return createCampaign(context, new VideoCreates(session), {
      ...args,
      advertiserId,
      currency,
      budgetText,
    });
  },
});

/** Pages of identities read to find the one asked for (TikTok's largest page is 100). */
const IDENTITY_PAGES = 10;

/**
 * The identity must be one the advertiser may post as, checked before anything is made: TikTok would
 * refuse the ad, the last step, after the campaign, the upload and the ad group were made.
 */
async function requireIdentity(
  client: VideoClient,
  advertiserId: string,
  args: { identity_id: string; identity_type: string; identity_authorized_bc_id?: string | undefined },
): Promise<void> {
  const seen: VideoIdentity[] = [];
  for (let page = 1; page <= IDENTITY_PAGES; page++) {
    const answer = await client.identityPage(
      advertiserId,
      { type: args.identity_type, authorizedBcId: args.identity_authorized_bc_id },
      page,
      100,
    );
    if (answer.list.some((identity) => identity.identity_id === args.identity_id)) return;
    seen.push(...answer.list);
    if (page >= answer.page_info.total_page || answer.list.length === 0) break;
  }
  const some = seen
    .slice(0, 3)
    .map((identity) => `${identity.identity_id} ("${identity.display_name ?? ''}")`)
    .join(', ');
  throw invalidArguments(
    TOOL,
    [
      {
        field: 'identity_id',
        message: `is not a ${args.identity_type} identity of advertiser ${advertiserId}`,
      },
    ],
    {
      said:
        `identity_id ${args.identity_id} is not a ${args.identity_type} identity TikTok advertiser ${advertiserId} may post as` +
        (some ? ` (it has ${some})` : ` (it has none of that type)`) +
        '. list_video_identities lists them. Nothing was created',
    },
  );
}

interface Plan {
  advertiserId: string;
  currency: string;
  budgetText: string;
  campaign_name: string;
  objective: keyof typeof OBJECTIVES;
  daily_budget: number;
  location_ids: string[];
  video_url: string;
  ad_text: string;
  identity_id: string;
  identity_type: string;
  identity_authorized_bc_id?: string | undefined;
  call_to_action: string;
  landing_page_url: string;
}

async function createCampaign(context: ToolContext, creates: VideoCreates, plan: Plan) {
  const { advertiserId, campaign_name: name } = plan;
  // Downloaded before anything is made, so a bad file makes nothing.
  const video = await downloadVideo(context, TOOL, plan.video_url);
  const steps = videoSteps(creates, context, advertiserId, 4);
  const campaignId = await steps.create(
    `create the campaign "${name}" (DISABLE)`,
    creates.campaignRequest({ advertiserId, name, objective: plan.objective }),
    {
      type: 'campaign',
      step: 'campaign',
      name,
      find: (since) => creates.madeSince('campaign', advertiserId, {}, name, since),
    },
  );
  // TikTok keeps unused library videos at no cost: an interrupted upload is uploaded again.
  const videoId = await steps.create(
    'upload the video to the asset library',
    await creates.uploadRequest(advertiserId, video.bytes, video.fileName),
    { type: 'video', step: 'video', media: true },
  );
  const { goal, billing } = OBJECTIVES[plan.objective];
  const adGroupId = await steps.create(
    `create the ad group "${name}" (${plan.budgetText} ${plan.currency} a day)`,
    creates.adGroupRequest({
      advertiserId,
      campaignId,
      name,
      // A location named twice is targeted once.
      locationIds: [...new Set(plan.location_ids)],
      dailyBudget: plan.daily_budget,
      start: tiktokTime(context.now),
      optimizationGoal: goal,
      billingEvent: billing,
    }),
    {
      type: 'ad group',
      step: 'ad group',
      name,
      find: (since) =>
        creates.madeSince('adgroup', advertiserId, { campaign_ids: [campaignId] }, name, since),
    },
  );
  const adId = await steps.create(
    `create the ad "${name}"`,
    creates.adRequest({
      advertiserId,
      adGroupId,
      name,
      text: plan.ad_text,
      identity: {
        type: plan.identity_type,
        id: plan.identity_id,
        authorizedBcId: plan.identity_authorized_bc_id,
      },
      callToAction: plan.call_to_action,
      landingPageUrl: plan.landing_page_url,
      videoId,
    }),
    {
      type: 'ad',
      step: 'ad',
      name,
      find: (since) => creates.madeSince('ad', advertiserId, { adgroup_ids: [adGroupId] }, name, since),
    },
  );
  const structured = {
    advertiser_id: advertiserId,
    campaign_id: campaignId,
    name,
    ...statusFields('video', 'DISABLE'),
    daily_budget: plan.budgetText,
    currency: plan.currency,
    objective: plan.objective,
    created: { campaign_id: campaignId, adgroup_id: adGroupId, video_id: videoId, ad_id: adId },
  };
  const budget = `${plan.budgetText} ${plan.currency} a day`;
  if (context.dryRun) {
    return {
      text:
        `Dry run: nothing was created. ${TOOL} would create the PAUSED TikTok campaign ` +
        `"${name}" (${plan.objective}, ${budget} on its ad group) with ${steps.preview.length} requests, listed in ` +
        'order in structured.preview (TikTok has no validate-only mode, so nothing was sent). The video was downloaded and checked.',
      structured: { ...structured, dry_run: true, preview: steps.preview },
    };
  }
  context.noteChange(createOf(name, decimalToMicros(plan.budgetText), plan.currency, undefined, campaignId));
  const nextSteps = [
    'Review it in TikTok Ads Manager; it spends nothing while PAUSED.',
    `Enable it with update_video_campaign (campaign_id ${campaignId}, status ACTIVE): its ad group ${adGroupId} and ad ${adId} are on under it.`,
  ];
  return {
    text:
      `Created the TikTok campaign "${name}" (id ${campaignId}, PAUSED, ${plan.objective}) with its ad group ` +
      `${adGroupId} (${budget}), the uploaded video ${videoId} and the ad ${adId}, all disabled. Next: ${nextSteps.join(' ')}`,
    structured: { ...structured, dry_run: false, next_steps: nextSteps },
  };
}
