import { z } from 'zod';
import { PlatformSession } from '../../platforms/session.ts';
import {
  MAX_CAMPAIGN_NAME_LENGTH,
  type MetaCampaignNode,
  readCampaign,
} from '../../platforms/social/campaign-update.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, changingOneOf, digitsId, dryRun, text } from '../arguments.ts';
import { updateObject } from '../changes/update-object.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { STATUS_FIELDS, statusChange } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { minorBudget } from './ad-objects.ts';
import { type NodeKind, nodeUpdate } from './graph-node-update.ts';

const TOOL = 'update_social_campaign';

const shownSchema = z.object({
  name: z.string().describe('The campaign name.'),
  ...STATUS_FIELDS,
  daily_budget: z.string().nullable().describe('Its daily campaign budget; null when it has none.'),
  lifetime_budget: z.string().nullable().describe('Its lifetime campaign budget; null when it has none.'),
});

/** A Meta campaign as the node update sees it: its budget is its own, or its ad sets'. */
const CAMPAIGN: NodeKind<MetaCampaignNode> = {
  kind: 'campaign',
  tool: TOOL,
  read: readCampaign,
  lister: 'list_social_campaigns',
  campaignId: (campaign) => campaign.id,
  ids: (campaign) => ({ campaign_id: campaign.id }),
  noDaily: 'no daily campaign budget',
  finishedAdvice: 'Create a new campaign, or duplicate this one in Meta Ads Manager.',
  elsewhere: () => 'by the budgets of its ad sets (it has no campaign budget)',
  noDailyBudget(_session, campaign, currency) {
    const lifetime = minorBudget(campaign.lifetime_budget, currency);
    return lifetime
      ? `campaign ${campaign.id} has a lifetime budget (${lifetime} ${currency} for its whole run), and Meta ` +
          "cannot switch a campaign's budget type after it is published; change its lifetime budget in Meta " +
          'Ads Manager, or create a new campaign with a daily budget'
      : `campaign ${campaign.id} has no campaign budget: its budgets are set on each of its ad sets ` +
          '(Advantage campaign budget is off), so a daily budget cannot be set on the campaign; change the ad ' +
          "sets' budgets in Meta Ads Manager";
  },
};

export const updateSocialCampaign = defineTool({
  name: TOOL,
  description:
    "Changes a Meta campaign's status, daily budget or name; answers before and after. Activating or raising needs the spend scope. Billable: one quota unit.",
  guidance:
    "Changes a Meta campaign's status (ACTIVE or PAUSED), its daily budget, its name, or several at once; " +
    'the answer shows the campaign before and after. Use it to pause a campaign that wastes money, move ' +
    'budget to one that works, or switch one back on. The daily budget is in the account currency and ' +
    'applies to campaigns with a campaign budget: one on a lifetime budget, or with budgets on its ad sets, ' +
    'is refused with where its budget lives. Archived and deleted campaigns cannot be changed. A change ' +
    'that would do nothing is answered as such without writing. Activating or raising a budget needs a key ' +
    'with the spend scope. Billable: one quota unit; pass dry_run to have Meta validate the change first. ' +
    MAY_WAIT_FOR_APPROVAL,
  platform: 'social',
  billable: true,
  changes: {
    object: 'campaign',
    fields: { status: 'delivery', daily_budget: 'daily_budget', name: 'none' },
    address: ([campaign]) => ({ campaign_id: campaign?.id }),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: changingOneOf(
    z.strictObject({
      campaign_id: digitsId().describe('The campaign to change (digits), as list_social_campaigns shows it.'),
      status: statusChange('social')
        .optional()
        .describe('ACTIVE to run the campaign, PAUSED to stop its delivery (and spend) from now on.'),
      daily_budget: amountArgument()
        .optional()
        .describe('New daily budget in the account currency; for a campaign with a daily campaign budget.'),
      name: text(MAX_CAMPAIGN_NAME_LENGTH)
        .optional()
        .describe(`New campaign name, up to ${MAX_CAMPAIGN_NAME_LENGTH} characters.`),
      ad_account_id: accountArgument('social'),
      dry_run: dryRun,
    }),
    'status',
    'daily_budget',
    'name',
  ),
  output: z.object({
    ad_account_id: z.string().describe('The Meta ad account (act_<digits>).'),
    campaign_id: z.string().describe('The campaign changed.'),
    name: z.string().describe('Its name after the change.'),
    currency: z.string().describe('The currency of the budgets.'),
    before: shownSchema.describe('The campaign before the change.'),
    after: shownSchema.describe('The campaign after it (as it would be, on a dry run).'),
    changed: z.array(z.string()).describe('The fields that differ; empty when nothing was to change.'),
    dry_run: z.boolean().describe('Whether Meta only validated the change.'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
  }),
  refusedFields: {
    lifetime_budget:
      "cannot be changed by this tool: it changes daily budgets only. Change a campaign's lifetime budget " +
      'in Meta Ads Manager',
    effective_status:
      'is what Meta runs, not a setting: pass status (ACTIVE or PAUSED) to change what the campaign is set to',
  },
  stop: { status: { field: 'status', pausing: ['PAUSED'] }, budget: 'daily_budget' },
  auditFields: ['campaign_id', 'status', 'daily_budget', 'name'],
  example: { ad_account_id: 'act_310000000000001', campaign_id: '120210000000000101', daily_budget: 150 },
  async run(args, context) {
    const currency = context.account?.currency ?? 'USD';
    const dailyBudget =
      args.daily_budget === undefined
        ? undefined
        : amountInCurrency(TOOL, 'daily_budget', args.daily_budget, currency);
    const session = await PlatformSession.open(context, socialProtocol);
    const { campaign_id: id, status, name } = args;
    return updateObject(context, nodeUpdate(context, session, CAMPAIGN, { id, status, dailyBudget, name }));
  },
});
