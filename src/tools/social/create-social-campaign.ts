import { createHash } from 'node:crypto';
import { z } from 'zod';
import { formatMicros, microsToMinor, minorToMicros } from '../../money.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { SocialClient } from '../../platforms/social/client.ts';
import {
  activeDailyBudgetsMinor,
  adAccountEdge,
  adCreate,
  adImageUpload,
  adSetCreate,
  CREATE_OBJECTIVES,
  campaignCreate,
  creativeCreate,
  hasAdImage,
  OPTIMIZATION_GOAL,
  objectsNamed,
  sendValidation,
  type Targeting,
  uploadAdImage,
} from '../../platforms/social/creates.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import type { AdAccount } from '../../storage/schema.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import {
  accountArgument,
  digitsId,
  dryRun,
  exactlyOneOf,
  exactlyOneOfSchema,
  httpsUrl,
  imageUrl,
  text,
  textOnSeveralLines,
} from '../arguments.ts';
import { authorizeCreate } from '../changes/authorize-create.ts';
import type { Change } from '../changes/change.ts';
import { newCampaignChange } from '../changes/create-change.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { STATUS_FIELDS, statusFields } from '../status-vocabulary.ts';
import { defineTool, type ToolContext, type ToolResult } from '../tool.ts';
import { downloadAdImage } from './ad-image.ts';
import { type SocialSteps, socialSteps } from './step-platform.ts';

const TOOL = 'create_social_campaign';
/** Below Meta's 400: the ad set, creative and ad are named after the campaign, with a suffix. */
const MAX_NAME = 350;
const GENDER_CODES = { MEN: 1, WOMEN: 2 } as const;

const checkImage = exactlyOneOf('image_url', 'image_hash');

const input = z
  .strictObject({
    campaign_name: text(MAX_NAME).describe('Campaign name.'),
    objective: z
      .enum(CREATE_OBJECTIVES)
      .default('OUTCOME_TRAFFIC')
      .describe('Campaign objective; the ad links to a website.'),
    daily_budget: amountArgument().describe('Daily campaign budget, account currency.'),
    countries: z
      .array(
        z
          .string()
          .trim()
          .refine((code) => /^[A-Za-z]{2}$/.test(code), 'must be a two-letter country code, like US')
          .meta({ pattern: '^\\s*[A-Za-z]{2}\\s*$' })
          .transform((code) => code.toUpperCase()),
      )
      .min(1, 'must name at least one country')
      .max(25)
      .describe('Two-letter country codes, e.g. ["US"].'),
    age_min: z.int().min(18).max(65).default(18).describe('Youngest age, 18-65.'),
    age_max: z.int().min(18).max(65).default(65).describe('Oldest age, 18-65 (65 = 65+).'),
    genders: z
      .array(z.enum(['MEN', 'WOMEN']))
      .min(1)
      .max(2)
      .optional()
      .describe('MEN and/or WOMEN; all when absent.'),
    page_id: digitsId().describe('Facebook page the ad runs as.'),
    instagram_user_id: digitsId()
      .optional()
      .describe('Instagram account it runs as (list_social_photo_accounts).'),
    image_url: imageUrl().optional().describe('Image URL: JPEG, PNG or still GIF, 10 MB at most.'),
    image_hash: z
      .string()
      .trim()
      .refine(
        (hash) => /^[0-9a-f]{32}$/.test(hash),
        'must be the 32-character hash of an image in the ad account',
      )
      .meta({ pattern: '^\\s*[0-9a-f]{32}\\s*$' })
      .optional()
      .describe('Hash of an image in the account library, instead of image_url.'),
    message: textOnSeveralLines(1000).describe('Primary text above the image.'),
    headline: text(255).describe('Headline below the image.'),
    link: httpsUrl().describe('Landing page the ad opens (https).'),
    ad_account_id: accountArgument('social'),
    dry_run: dryRun,
  })
  .superRefine((args, ctx) => {
    checkImage(args, ctx);
    if (args.age_min > args.age_max) {
      ctx.addIssue({
        code: 'custom',
        path: ['age_min'],
        message: `is ${args.age_min}, above age_max ${args.age_max}: pass an age_min not above age_max`,
      });
    }
  })
  .meta(exactlyOneOfSchema('image_url', 'image_hash'));

type Args = z.output<typeof input>;

const createdIds = z.object({
  campaign_id: z.string().describe('The campaign.'),
  ad_set_id: z.string().describe('Its ad set (targeting).'),
  image_hash: z.string().describe('The ad image in the account library.'),
  creative_id: z.string().describe('The ad creative.'),
  ad_id: z.string().describe('The ad.'),
});

const output = z.object({
  ad_account_id: z.string().describe('The Meta ad account (act_...).'),
  campaign_id: z.string().describe('The campaign.'),
  name: z.string().describe('Campaign name.'),
  ...STATUS_FIELDS,
  objective: z.enum(CREATE_OBJECTIVES).describe('Campaign objective.'),
  optimization_goal: z.string().describe("The ad set's optimization goal."),
  daily_budget: z.string().describe('Daily budget, account currency.'),
  currency: z.string().describe('Account currency.'),
  created: createdIds.describe('Ids made (placeholders in a dry run).'),
  dry_run: z.boolean().describe('True when nothing was created.'),
  preview: PREVIEW_OUTPUT,
  impact: z
    .object({
      currency: z.string().describe('Account currency.'),
      projected_daily_delta: z.string().nullable().describe('Daily spend change.'),
      projected_period_delta: z.string().nullable().describe('Spend change to month end.'),
      period_end: z.string().describe('Last day of the month.'),
      approval_needed: z.string().optional().describe('Why it would wait for approval.'),
    })
    .optional()
    .describe('Dry run: the effect on spend.'),
});

export const createSocialCampaign = defineTool({
  name: TOOL,
  description:
    'Creates a Meta campaign with one ad set, image creative and ad, created PAUSED, with a daily campaign budget. Use it once budget, audience, copy and image are agreed. Billable: one quota unit.',
  guidance:
    'Creates, in order, a PAUSED campaign (the daily budget is on the campaign, Advantage campaign budget, ' +
    'so update_social_campaign can change it), uploads the image to the ad account (skipped with ' +
    'image_hash), an ad set with the targeting (countries, ages, genders; it optimizes for link clicks, ' +
    'reach for OUTCOME_AWARENESS, post engagement for OUTCOME_ENGAGEMENT), a link-ad creative run as the ' +
    'Facebook page (and the Instagram account, if given), and an ad. page_id must be a page the ad ' +
    'account can promote; instagram_user_id one of list_social_photo_accounts. The ad set and ad are ' +
    'made ACTIVE under the PAUSED campaign, which alone holds them: nothing spends until the campaign is ' +
    'activated, and activating it starts delivery. A failure part way names what exists; calling again with the ' +
    'same Idempotency-Key finishes the campaign. dry_run has Meta validate the campaign (its validate-only mode) and ' +
    `shows every request. Billable: one quota unit. ${MAY_WAIT_FOR_APPROVAL}`,
  platform: 'social',
  billable: true,
  changes: {
    object: 'campaign',
    creates: true,
    fields: {
      daily_budget: 'daily_budget',
      campaign_name: 'none',
      objective: 'none',
      countries: 'none',
      age_min: 'none',
      age_max: 'none',
      genders: 'none',
      page_id: 'none',
      instagram_user_id: 'none',
      image_url: 'none',
      image_hash: 'none',
      message: 'none',
      headline: 'none',
      link: 'none',
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input,
  output,
  auditFields: [
    'campaign_name',
    'objective',
    'daily_budget',
    'countries',
    'age_min',
    'age_max',
    'genders',
    'page_id',
    'instagram_user_id',
    'image_url',
    'image_hash',
    'link',
  ],
  example: {
    ad_account_id: 'act_310000000000001',
    campaign_name: 'Spring sale - US',
    objective: 'OUTCOME_TRAFFIC',
    daily_budget: 25,
    countries: ['US'],
    age_min: 25,
    age_max: 54,
    page_id: '104000000000001',
    image_hash: '8e1f4c2b7a9d3e5f60718293a4b5c6d7',
    message: 'Our spring sale is on: 20% off every plan this week.',
    headline: 'Spring sale: 20% off',
    link: 'https://example.com/spring',
  },
  run: (args, context) => createCampaign(args, context),
});

/** Everything checked before the first write, and what the writes send. */
interface Plan {
  account: AdAccount;
  dailyMinor: number;
  targeting: Targeting;
  image: { bytes: Buffer } | { hash: string };
}

async function createCampaign(args: Args, context: ToolContext): Promise<ToolResult> {
  const account = context.account;
  if (!account) throw new Error(`${TOOL} needs the resolved ad account`);
  const { currency } = account;
  const micros = amountInCurrency(TOOL, 'daily_budget', args.daily_budget, currency);
  const accountId = account.account_id;
  const session = await authorizeCreate(context, (typical) => createOf(args, currency, micros, typical), {
    open: () => PlatformSession.open(context, socialProtocol),
    activeDailyBudgets: async (opened) =>
      (await activeDailyBudgetsMinor(opened, accountId)).map((minor) => minorToMicros(minor, currency)),
  });
  const plan: Plan = {
    account,
    dailyMinor: microsToMinor(micros, currency),
    targeting: {
      geo_locations: { countries: [...new Set(args.countries)] },
      age_min: args.age_min,
      age_max: args.age_max,
      ...(args.genders && { genders: [...new Set(args.genders.map((g) => GENDER_CODES[g]))] }),
    },
    image: await checkIdentityAndImage(context, session, accountId, args),
  };
  const runner = socialSteps(session, context, 'bytes' in plan.image ? 5 : 4);
  const created = await runSteps(runner, session, args, plan);
  return answer(args, plan, runner, created);
}

/**
 * The create as the pipeline judges it, asked before anything reaches Meta, in a dry run too: the daily
 * budget against a key's ceiling and, once known, the account's typical one. A create starts no spend:
 * the campaign is made PAUSED, and holds its ad set and ad.
 */
function createOf(args: Args, currency: string, micros: number, typical?: number, id?: string): Change {
  return newCampaignChange({
    name: args.campaign_name,
    currency,
    dailyMicros: micros,
    typicalDailyInAccount: typical,
    id,
  });
}

/**
 * The page must be one the ad account promotes, the Instagram account one usable for its ads, the image
 * in its library (by hash) or downloadable and sound (by URL): all said at once, before any write.
 */
async function checkIdentityAndImage(
  context: ToolContext,
  session: PlatformSession,
  accountId: string,
  args: Args,
): Promise<Plan['image']> {
  const client = new SocialClient(session);
  const issues = [];
  const pages = await client.promotePages(accountId);
  if (!pages.some((page) => page.id === args.page_id)) {
    const names = pages.map((page) => `${page.id} (${page.name ?? 'unnamed'})`).join(', ');
    issues.push({
      field: 'page_id',
      message: `is not a page Meta ad account ${accountId} can promote: pass one of ${names || 'its pages (it has none: connect a page in Business Manager)'}`,
    });
  }
  if (args.instagram_user_id !== undefined) {
    const { usable } = await client.photoAccounts(accountId);
    if (!usable.some((a) => a.id === args.instagram_user_id)) {
      const ids = usable.map((a) => `${a.id} (@${a.username})`).join(', ');
      issues.push({
        field: 'instagram_user_id',
        message: `is not authorized for ads on ${accountId} and linked to one of its pages: pass one of ${ids || 'none (see list_social_photo_accounts)'}, or leave it out`,
      });
    }
  }
  if (args.image_hash !== undefined && !(await hasAdImage(session, accountId, args.image_hash))) {
    issues.push({
      field: 'image_hash',
      message: `is not an image of ad account ${accountId}: pass image_url to upload one`,
    });
  }
  if (issues.length > 0) throw invalidArguments(TOOL, issues);
  if (args.image_hash !== undefined) return { hash: args.image_hash };
  return { bytes: await downloadAdImage(context, TOOL, 'image_url', args.image_url ?? '') };
}

type Created = z.output<typeof createdIds>;

/** The writes in Meta's order: campaign, image, ad set, creative, ad; each a recovery point. */
async function runSteps(
  runner: SocialSteps,
  session: PlatformSession,
  args: Args,
  plan: Plan,
): Promise<Created> {
  const accountId = plan.account.account_id;
  const campaignFields = {
    name: args.campaign_name,
    objective: args.objective,
    dailyBudgetMinor: plan.dailyMinor,
  };
  const campaignId = await runner.create(
    `create the campaign "${args.campaign_name}" (PAUSED)`,
    campaignCreate(session, accountId, campaignFields, false),
    {
      type: 'campaign',
      name: args.campaign_name,
      step: 'campaign',
      find: (since) =>
        objectsNamed(session, adAccountEdge(accountId, 'campaigns'), args.campaign_name, since),
      validate: () =>
        sendValidation(session, 'the campaign', campaignCreate(session, accountId, campaignFields, true)),
    },
  );
  const image = plan.image;
  // Meta names an image by the MD5 of its bytes: a dry run shows the hash the upload would give.
  const imageHash =
    'hash' in image
      ? image.hash
      : ((await runner.once('ad image', () =>
          runner.send('upload the ad image', adImageUpload(session, accountId, image.bytes), (request) =>
            uploadAdImage(session, request),
          ),
        )) ?? createHash('md5').update(image.bytes).digest('hex'));
  const adSetName = `${args.campaign_name} - ad set`;
  const adSetId = await runner.create(
    `create the ad set "${adSetName}"`,
    adSetCreate(
      session,
      accountId,
      { name: adSetName, campaignId, objective: args.objective, targeting: plan.targeting },
      false,
    ),
    {
      type: 'ad set',
      name: adSetName,
      step: 'ad set',
      find: () => objectsNamed(session, `/${campaignId}/adsets`, adSetName),
    },
  );
  // The campaign's id makes the creative's name the call's own: a retry finds it among the account's.
  const creativeName = `${args.campaign_name} - creative (campaign ${campaignId})`;
  const creativeFields = {
    name: creativeName,
    pageId: args.page_id,
    instagramUserId: args.instagram_user_id,
    imageHash,
    link: args.link,
    message: args.message,
    headline: args.headline,
  };
  const creativeId = await runner.create(
    `create the creative "${creativeName}"`,
    creativeCreate(session, accountId, creativeFields, false),
    {
      type: 'creative',
      name: creativeName,
      step: 'creative',
      find: () => objectsNamed(session, adAccountEdge(accountId, 'adcreatives'), creativeName),
      // A dry run uploads nothing: Meta can check the creative only with an image already in the library.
      validate:
        'hash' in image
          ? () =>
              sendValidation(
                session,
                'the creative',
                creativeCreate(session, accountId, creativeFields, true),
              )
          : undefined,
    },
  );
  const adName = `${args.campaign_name} - ad`;
  const adId = await runner.create(
    `create the ad "${adName}"`,
    adCreate(session, accountId, { name: adName, adSetId, creativeId }, false),
    {
      type: 'ad',
      name: adName,
      step: 'ad',
      find: () => objectsNamed(session, `/${adSetId}/ads`, adName),
    },
  );
  return {
    campaign_id: campaignId,
    ad_set_id: adSetId,
    image_hash: imageHash,
    creative_id: creativeId,
    ad_id: adId,
  };
}

function answer(args: Args, plan: Plan, runner: SocialSteps, created: Created): ToolResult {
  const { account } = plan;
  const { currency } = account;
  const dailyBudget = formatMicros(minorToMicros(plan.dailyMinor, currency), currency);
  const goal = OPTIMIZATION_GOAL[args.objective];
  const structured = {
    ad_account_id: account.account_id,
    campaign_id: created.campaign_id,
    name: args.campaign_name,
    ...statusFields('social', 'PAUSED'),
    objective: args.objective,
    optimization_goal: goal,
    daily_budget: dailyBudget,
    currency,
    created,
  };
  const summary =
    `"${args.campaign_name}" (${args.objective}, ${dailyBudget} ${currency} a day, ` +
    `${plan.targeting.geo_locations.countries.join(', ')}, ages ${args.age_min}-${args.age_max})`;
  if (runner.dryRun) {
    const { preview } = runner;
    const checked = preview.filter((entry) => entry.validated).length;
    return {
      text:
        `Dry run: nothing was created. ${TOOL} would create the PAUSED campaign ${summary} ` +
        `in Meta ad account ${account.account_id} with ${preview.length} requests, listed in order in ` +
        `structured.preview; Meta validated ${checked} of them (validate-only mode), the others need the ids of ` +
        'the earlier ones.',
      structured: { ...structured, dry_run: true, preview },
    };
  }
  runner.context.noteChange(
    createOf(args, currency, minorToMicros(plan.dailyMinor, currency), undefined, created.campaign_id),
  );
  return {
    text:
      `Created the Meta campaign ${summary} in ad account ${account.account_id}: campaign ${created.campaign_id}, ` +
      `ad set ${created.ad_set_id} (optimizing for ${goal}), creative ${created.creative_id} and ad ${created.ad_id}, ` +
      'under a PAUSED campaign: nothing spends yet. Next: review it in Meta Ads Manager, then activate the ' +
      `campaign with update_social_campaign (campaign_id ${created.campaign_id}, status ACTIVE).`,
    structured: { ...structured, dry_run: false },
  };
}
