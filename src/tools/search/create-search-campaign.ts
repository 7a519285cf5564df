import { z } from 'zod';
import { formatMicros } from '../../money.ts';
import {
  adCreate,
  adGroupCreate,
  allOperations,
  budgetCreate,
  campaignCreate,
  idOfResource,
  keywordCreates,
  madeEarlier,
  type SearchCampaignPlan,
} from '../../platforms/search/campaign-create.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, dryRun, httpsUrl, text } from '../arguments.ts';
import { authorizeCreate } from '../changes/authorize-create.ts';
import type { Change } from '../changes/change.ts';
import { newCampaignChange } from '../changes/create-change.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { defineTool } from '../tool.ts';
import { descriptions, headlines } from './ad-text.ts';
import { type SearchSteps, searchSteps } from './step-platform.ts';

const NAME = 'create_search_campaign';
const STEPS = 5;

const keyword = z.strictObject({
  text: text(80).describe('The keyword, at most 80 characters and 10 words.'),
  match_type: z.enum(['EXACT', 'PHRASE', 'BROAD']).describe('EXACT, PHRASE or BROAD.'),
});

const input = z
  .strictObject({
    campaign_name: text(255).describe('Name of the new campaign, unique in the account.'),
    daily_budget: amountArgument().describe('Daily budget in the account currency, like 25 or 12.5.'),
    ad_group_name: text(255).describe('Name of its ad group.'),
    keywords: z
      .array(keyword)
      .min(1)
      .max(50)
      // Only the exact repeats: JSON Schema has no comparison without case.
      .meta({ uniqueItems: true })
      .describe('1 to 50 keywords of the ad group, each with its match type, no repeats.'),
    final_url: httpsUrl().describe('Landing page of the ad (https).'),
    headlines: headlines().describe('3 to 15 headlines, each at most 30 characters, distinct, no "!".'),
    descriptions: descriptions().describe('2 to 4 descriptions, each at most 90 characters, no "!".'),
    cpc_bid: amountArgument()
      .optional()
      .describe('Optional default max CPC of the ad group, in the account currency.'),
    customer_id: accountArgument('search'),
    dry_run: dryRun,
  })
  .superRefine((args, ctx) => {
    const seen = new Set<string>();
    for (const [index, item] of args.keywords.entries()) {
      const key = `${item.match_type} ${item.text.toLowerCase().replace(/\s+/g, ' ')}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['keywords', index],
          message: `repeats "${item.text}" (${item.match_type}): pass each keyword and match type once`,
        });
      }
      seen.add(key);
    }
  });

const output = z.object({
  customer_id: z.string().describe('The Google Ads account.'),
  campaign_id: z.string().describe('The new campaign; a placeholder in a dry run.'),
  name: z.string().describe('Campaign name.'),
  status: z.literal('PAUSED').describe('Always PAUSED.'),
  platform_status: z.literal('PAUSED').describe("Google's status."),
  daily_budget: z.string().describe('Daily budget, account currency.'),
  currency: z.string().describe('Account currency.'),
  created: z
    .object({
      budget_id: z.string().describe('The campaign budget.'),
      ad_group_id: z.string().describe('The ad group.'),
      keyword_ids: z.array(z.string()).describe('The keywords (criterion ids).'),
      ad_id: z.string().describe('The responsive search ad.'),
    })
    .describe('What was made (placeholders in a dry run).'),
  dry_run: z.boolean().describe('True: validated by Google, nothing made.'),
  preview: PREVIEW_OUTPUT,
  impact: dryRunImpact,
  next_steps: z.array(z.string()).optional().describe('What to do next.'),
});

/** The daily budgets of the account's enabled campaigns, in micros: what its typical budget is read from. */
async function activeDailyBudgets(client: SearchClient, customerId: string): Promise<number[]> {
  const rows = await client.search(
    customerId,
    "SELECT campaign.id, campaign_budget.amount_micros FROM campaign WHERE campaign.status = 'ENABLED'",
    z.object({ campaignBudget: z.object({ amountMicros: z.string().optional() }).optional() }),
  );
  return rows.map((row) => Number(row.campaignBudget?.amountMicros ?? 0));
}

/**
 * The create as the pipeline judges it, in a dry run too: a PAUSED campaign with its daily budget (within
 * a key's ceiling) and its default bid (within it too), and, once the account's typical budget is known, a
 * tenfold one waits for the owner's approval. Nothing delivers until update_search_campaign enables it.
 */
function createOf(
  args: z.output<typeof input>,
  micros: number,
  bid: number | undefined,
  currency: string,
  typical?: number,
  id?: string,
): Change {
  return newCampaignChange({
    name: args.campaign_name,
    currency,
    dailyMicros: micros,
    also: bid === undefined ? [] : [{ field: 'cpc_bid', money: 'bid', micros: bid }],
    noun: 'search campaign',
    typicalDailyInAccount: typical,
    id,
  });
}

export const createSearchCampaign = defineTool({
  name: NAME,
  description:
    'Creates a Google Ads search campaign, created PAUSED: its budget, one ad group with keywords and a responsive search ad. Billable: one quota unit.',
  guidance:
    'Creates a Google Ads Search campaign with its own daily budget (not shared), manual CPC bidding on ' +
    'Google Search and search partners, one ad group with its keywords and one responsive search ad. It is ' +
    'created PAUSED and spends nothing until update_search_campaign enables it (which needs the spend ' +
    'scope). Google checks everything first (validateOnly), then the budget, campaign, ad group, keywords ' +
    'and ad are made in that order; if a step fails, what was made is removed and named. Pass dry_run to ' +
    'have Google validate it all and see the requests. Billable: one quota unit. ' +
    MAY_WAIT_FOR_APPROVAL,
  platform: 'search',
  billable: true,
  changes: {
    object: 'campaign',
    creates: true,
    fields: {
      daily_budget: 'daily_budget',
      cpc_bid: 'bid',
      campaign_name: 'none',
      ad_group_name: 'none',
      keywords: 'none',
      final_url: 'none',
      headlines: 'none',
      descriptions: 'none',
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input,
  output,
  auditFields: ['campaign_name', 'daily_budget', 'ad_group_name', 'final_url', 'cpc_bid'],
  example: {
    campaign_name: 'Trail shoes - search',
    daily_budget: 20,
    ad_group_name: 'Trail running shoes',
    keywords: [
      { text: 'trail running shoes', match_type: 'PHRASE' },
      { text: 'waterproof trail shoes', match_type: 'EXACT' },
    ],
    final_url: 'https://example.com/trail',
    headlines: ['Trail Running Shoes', 'Free Returns', 'Grip On Any Terrain'],
    descriptions: ['Light, waterproof trail shoes.', 'Order today, free delivery over $50.'],
  },
  async run(args, context) {
    const customerId = context.account?.account_id ?? '';
    const currency = context.account?.currency ?? 'USD';
    const micros = amountInCurrency(NAME, 'daily_budget', args.daily_budget, currency);
    const bid =
      args.cpc_bid === undefined ? undefined : amountInCurrency(NAME, 'cpc_bid', args.cpc_bid, currency);
    const client = await authorizeCreate(
      context,
      (typical) => createOf(args, micros, bid, currency, typical),
      {
        open: async () => new SearchClient(await PlatformSession.open(context, searchProtocol)),
        activeDailyBudgets: (opened) => activeDailyBudgets(opened, customerId),
      },
    );

    const plan: SearchCampaignPlan = {
      customerId,
      name: args.campaign_name,
      budgetName: `${args.campaign_name.slice(0, 248)} budget`,
      dailyMicros: micros,
      adGroupName: args.ad_group_name,
      cpcBidMicros: bid,
      keywords: args.keywords.map((k) => ({ text: k.text, matchType: k.match_type })),
      finalUrl: args.final_url,
      headlines: args.headlines.map((h) => ({ text: h })),
      descriptions: args.descriptions.map((d) => ({ text: d })),
    };
    const daily = formatMicros(micros, currency);
    const base = {
      customer_id: customerId,
      name: args.campaign_name,
      status: 'PAUSED' as const,
      platform_status: 'PAUSED' as const,
      daily_budget: daily,
      currency,
    };
    const described = `"${args.campaign_name}" (${daily} ${currency} a day, ad group "${args.ad_group_name}", ${args.keywords.length} keywords, one responsive search ad)`;

    // Google's own check of every step at once (googleAds:mutate, validateOnly, temporary resource names):
    // a dry run's answer, and, before a real create, what keeps a step from being refused half way.
    // A retry that takes over skips it: what its first attempt made would now clash by name.
    if (!context.recovery.resumed) await client.validateGoogleAds(customerId, allOperations(plan));
    const steps = searchSteps(client, context, customerId, STEPS);
    const made = await createSteps(steps, client, plan);
    if (context.dryRun) {
      return {
        text:
          `Dry run: Google Ads validated the whole create and made nothing. ${NAME} would create the PAUSED ` +
          `search campaign ${described} with ${steps.preview.length} requests, listed in structured.preview.`,
        structured: {
          ...base,
          campaign_id: '{the id of the campaign}',
          created: {
            budget_id: '{the id of the budget}',
            ad_group_id: '{the id of the ad group}',
            keyword_ids: [],
            ad_id: '{the id of the ad}',
          },
          dry_run: true,
          preview: steps.preview,
        },
      };
    }
    const campaignId = idOfResource(made.campaign);
    const adGroupId = idOfResource(made.adGroup);
    context.noteChange(createOf(args, micros, bid, currency, undefined, campaignId));
    const nextSteps = [
      `Review it in Google Ads, then enable it with update_search_campaign (campaign_id ${campaignId}, status ENABLED); it spends nothing while PAUSED.`,
      `See its keywords with list_search_keywords and its ad with list_search_ads.`,
    ];
    return {
      text:
        `Created the PAUSED Google Ads search campaign ${described}: campaign ${campaignId}, ad group ` +
        `${adGroupId}, ad ${idOfResource(made.ad)}, customer ${customerId}. Next: ${nextSteps.join(' ')}`,
      structured: {
        ...base,
        campaign_id: campaignId,
        created: {
          budget_id: idOfResource(made.budget),
          ad_group_id: adGroupId,
          keyword_ids: made.keywords.map(idOfResource),
          ad_id: idOfResource(made.ad),
        },
        dry_run: false,
        next_steps: nextSteps,
      },
    };
  },
});

/** The resource names the five creates made (placeholders in a dry run). */
interface Made {
  budget: string;
  campaign: string;
  adGroup: string;
  keywords: string[];
  ad: string;
}

/** The five creates in Google's order, each a recovery point found again by name under its parent. */
async function createSteps(
  steps: SearchSteps,
  client: SearchClient,
  plan: SearchCampaignPlan,
): Promise<Made> {
  const budget = await steps.create(
    'create the campaign budget',
    { method: 'campaignBudgets:mutate', operations: [budgetCreate(plan)] },
    {
      step: 'campaign budget',
      type: 'campaign budget',
      name: plan.budgetName,
      find: () => madeEarlier.budget(client, plan),
    },
  );
  const campaign = await steps.create(
    'create the campaign (PAUSED)',
    { method: 'campaigns:mutate', operations: [campaignCreate(plan, budget)] },
    {
      step: 'campaign',
      type: 'campaign',
      name: plan.name,
      find: () => madeEarlier.campaign(client, plan, budget),
    },
  );
  const adGroup = await steps.create(
    'create the ad group',
    { method: 'adGroups:mutate', operations: [adGroupCreate(plan, campaign)] },
    {
      step: 'ad group',
      type: 'ad group',
      name: plan.adGroupName,
      find: () => madeEarlier.adGroup(client, plan, idOfResource(campaign)),
    },
  );
  const adGroupId = idOfResource(adGroup);
  const keywords = await steps.createAll(
    'add the keywords',
    { method: 'adGroupCriteria:mutate', operations: keywordCreates(plan, adGroup) },
    { step: 'keywords', type: 'keyword', find: () => madeEarlier.keywords(client, plan, adGroupId) },
  );
  const ad = await steps.create(
    'create the responsive search ad',
    { method: 'adGroupAds:mutate', operations: [adCreate(plan, adGroup)] },
    { step: 'ad', type: 'ad', find: () => madeEarlier.ads(client, plan, adGroupId) },
  );
  return { budget, campaign, adGroup, keywords, ad };
}
