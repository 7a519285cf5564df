import { z } from 'zod';
import { PlatformSession } from '../../platforms/session.ts';
import {
  MAX_AD_SET_NAME_LENGTH,
  type MetaAdSetNode,
  readAdSet,
} from '../../platforms/social/ad-set-update.ts';
import { readCampaign } from '../../platforms/social/campaign-update.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { accountArgument, anyOfSchema, digitsId, dryRun, text } from '../arguments.ts';
import { updateObject } from '../changes/update-object.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { STATUS_FIELDS, statusChange } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { minorBudget } from './ad-objects.ts';
import { type NodeKind, nodeUpdate } from './graph-node-update.ts';

const TOOL = 'update_social_ad_set';
const CHANGING = ['status', 'daily_budget', 'name'] as const;

const shownSchema = z.object({
  name: z.string().describe('The ad set name.'),
  ...STATUS_FIELDS,
  daily_budget: z.string().nullable().describe('Its own daily budget; null when it has none.'),
  lifetime_budget: z.string().nullable().describe('Its own lifetime budget; null when it has none.'),
});

/** A Meta ad set as the node update sees it: its budget is its own, or its campaign's. */
const AD_SET: NodeKind<MetaAdSetNode> = {
  kind: 'ad_set',
  tool: TOOL,
  read: readAdSet,
  lister: 'list_social_ad_sets',
  campaignId: (adSet) => adSet.campaign_id,
  ids: (adSet) => ({ ad_set_id: adSet.id, campaign_id: adSet.campaign_id }),
  noDaily: 'no daily budget of its own',
  finishedWith: 'its campaign',
  finishedAdvice: 'Duplicate it in Meta Ads Manager to run it again.',
  elsewhere: (adSet) => `by the budget of its campaign ${adSet.campaign_id}`,
  async noDailyBudget(session, adSet, currency) {
    const lifetime = minorBudget(adSet.lifetime_budget, currency);
    if (lifetime) {
      return (
        `ad set ${adSet.id} has a lifetime budget (${lifetime} ${currency} for its whole run), and Meta cannot ` +
        "switch an ad set's budget type after it is published; change its lifetime budget in Meta Ads Manager"
      );
    }
    const campaign = await readCampaign(session, adSet.campaign_id);
    const daily = minorBudget(campaign?.daily_budget, currency);
    const held = daily
      ? `a daily budget of ${daily} ${currency}`
      : campaign?.lifetime_budget
        ? `a lifetime budget of ${minorBudget(campaign.lifetime_budget, currency)} ${currency}`
        : 'the budget';
    return (
      `ad set ${adSet.id} has no budget of its own: its campaign ${adSet.campaign_id} holds ${held} for all ` +
      `its ad sets (Advantage campaign budget); change it with update_social_campaign (campaign_id ` +
      `"${adSet.campaign_id}")`
    );
  },
};

export const updateSocialAdSet = defineTool({
  name: TOOL,
  description:
    "Changes a Meta ad set's status, own daily budget or name; answers before and after. Activating or raising needs the spend scope. Billable: one quota unit.",
  guidance:
    "Changes a Meta ad set's status (ACTIVE or PAUSED), own daily budget or name; answers before and after. " +
    'Use it to pause a wasteful ad set or move budget between ad sets. Activating or raising needs the spend ' +
    "scope; beyond the key's guardrails it answers 202 with structured.approval (get_approval). Billable: " +
    'one quota unit; dry_run has Meta validate it.',
  platform: 'social',
  billable: true,
  changes: {
    object: 'ad_set',
    fields: { status: 'delivery', daily_budget: 'daily_budget', name: 'none' },
    address: ([adSet]) => ({ ad_set_id: adSet?.id }),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      ad_set_id: digitsId().describe('The ad set to change (digits), as list_social_ad_sets shows it.'),
      status: statusChange('social')
        .optional()
        .describe('ACTIVE to let the ad set deliver, PAUSED to stop its delivery and spend from now on.'),
      daily_budget: amountArgument()
        .optional()
        .describe('New daily budget in the account currency; only for an ad set with its own daily budget.'),
      name: text(MAX_AD_SET_NAME_LENGTH)
        .optional()
        .describe(`New ad set name, up to ${MAX_AD_SET_NAME_LENGTH} characters.`),
      ad_account_id: accountArgument('social'),
      dry_run: dryRun,
    })
    .superRefine((args, context) => {
      if (CHANGING.every((field) => args[field] === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [],
          message: `nothing to change: pass at least one of ${CHANGING.join(', ')}`,
        });
      }
    })
    .meta(anyOfSchema(...CHANGING)),
  output: z.object({
    ad_account_id: z.string().describe('The Meta ad account (act_<digits>).'),
    ad_set_id: z.string().describe('The ad set changed.'),
    campaign_id: z.string().describe('Its campaign.'),
    name: z.string().describe('Its name after the change.'),
    currency: z.string().describe('The currency of the budgets.'),
    before: shownSchema.describe('The ad set before the change.'),
    after: shownSchema.describe('The ad set after it (as it would be, on a dry run).'),
    changed: z.array(z.string()).describe('The fields that differ; empty when nothing was to change.'),
    dry_run: z.boolean().describe('Whether Meta only validated the change.'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
  }),
  refusedFields: {
    lifetime_budget:
      "cannot be changed by this tool: it changes daily budgets only. Change an ad set's lifetime budget in " +
      'Meta Ads Manager',
    effective_status:
      'is what Meta runs, not a setting: pass status (ACTIVE or PAUSED) to change what the ad set is set to',
    campaign_id:
      'is not needed: pass ad_set_id alone (list_social_ad_sets shows each ad set with its campaign)',
  },
  stop: {
    status: { field: 'status', pausing: ['PAUSED'] },
    budget: 'daily_budget',
    alsoAllowed: ['ad_set_id'],
  },
  auditFields: ['ad_set_id', 'status', 'daily_budget', 'name'],
  example: { ad_account_id: 'act_310000000000001', ad_set_id: '120211000000000103', status: 'PAUSED' },
  async run(args, context) {
    const currency = context.account?.currency ?? 'USD';
    const dailyBudget =
      args.daily_budget === undefined
        ? undefined
        : amountInCurrency(TOOL, 'daily_budget', args.daily_budget, currency);
    const session = await PlatformSession.open(context, socialProtocol);
    const { ad_set_id: id, status, name } = args;
    const update = nodeUpdate(context, session, AD_SET, { id, status, dailyBudget, name });
    return updateObject(context, {
      ...update,
      async extras(before, after) {
        const base = (await update.extras?.(before, after)) ?? {};
        const campaign = before.campaign?.effective_status;
        if (
          context.dryRun ||
          after.status !== 'ACTIVE' ||
          before.status === 'ACTIVE' ||
          campaign === 'ACTIVE'
        ) {
          return base;
        }
        const held =
          `Its campaign ${before.campaign_id} does not run (${campaign ?? 'unknown'}): the ad set delivers ` +
          'once the campaign does.';
        return { ...base, text: base.text ? `${base.text} ${held}` : held };
      },
    });
  },
});
