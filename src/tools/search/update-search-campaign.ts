import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { formatMicros } from '../../money.ts';
import {
  budgetAmountUpdate,
  type CampaignToUpdate,
  campaignStatusUpdate,
  campaignsOnBudget,
  findCampaignToUpdate,
  type SharingCampaign,
} from '../../platforms/search/campaign-update.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import type { SettableCampaignStatus } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, changingOneOf, digitsId, dryRun } from '../arguments.ts';
import type { WriteStep } from '../changes/apply-write.ts';
import { type ObjectUpdate, updateObject } from '../changes/update-object.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { platformStatus, STATUS_FIELDS, statusChange, statusFields } from '../status-vocabulary.ts';
import { defineTool, type ToolContext } from '../tool.ts';
import { mutateStep } from './write-steps.ts';

const NAME = 'update_search_campaign';

const STATE = z.object({
  ...STATUS_FIELDS,
  daily_budget: z
    .string()
    .nullable()
    .describe('Daily budget in the account currency; null without a daily amount.'),
  currency: z.string().describe('The account currency.'),
});

/** How the campaign stands, as the answer (and the audit row, an approval, a revert) shows it. */
function stateOf(campaign: CampaignToUpdate, currency: string): z.infer<typeof STATE> {
  const micros = campaign.budget?.amountMicros;
  return {
    ...statusFields('search', campaign.status),
    daily_budget: micros === undefined ? null : formatMicros(micros, currency),
    currency,
  };
}

const SHARING_CAMPAIGN = z.object({
  campaign_id: z.string().describe('The other campaign.'),
  name: z.string().describe('Its name.'),
  ...STATUS_FIELDS,
});

const sharingFields = (other: SharingCampaign) => ({
  campaign_id: other.id,
  name: other.name,
  ...statusFields('search', other.status),
});

function summary(campaign: CampaignToUpdate, currency: string): string {
  const micros = campaign.budget?.amountMicros;
  return `${campaign.status}, daily budget ${micros === undefined ? 'none' : `${formatMicros(micros, currency)} ${currency}`}`;
}

/** The refusal of a change to a budget other campaigns spend from, naming them. */
function sharedBudgetRefusal(campaign: CampaignToUpdate, sharing: SharingCampaign[]): AppError {
  const others = sharing.filter((other) => other.id !== campaign.id);
  const listed = others.map((other) => `${other.id} ("${other.name}", ${other.status})`).join(', ');
  const message =
    `campaign ${campaign.id} spends from the shared budget ${campaign.budget?.id}, which ` +
    `${others.length === 1 ? 'campaign' : 'campaigns'} ${listed || 'none other right now'} also ` +
    `${others.length === 1 ? 'spends' : 'spend'} from: a new amount changes the budget of all of them. Pass ` +
    'allow_shared_budget: true to change it anyway, or give the campaign a budget of its own in Google Ads';
  return invalidArguments(NAME, [{ field: 'daily_budget', message }], {
    details: {
      budget_id: campaign.budget?.id ?? null,
      sharing_campaigns: others.map(sharingFields),
    },
  });
}

/**
 * A Google Ads campaign's update: `campaigns:mutate` for the status, `campaignBudgets:mutate` for the
 * daily amount of its budget, each validated by Google (validateOnly) on a dry run.
 */
function campaignUpdate(
  context: ToolContext,
  client: SearchClient,
  args: {
    campaign_id: string;
    status?: SettableCampaignStatus | undefined;
    daily_budget?: number | undefined;
    allow_shared_budget: boolean;
  },
): ObjectUpdate<CampaignToUpdate> {
  const customerId = context.account?.account_id ?? '';
  const currency = context.account?.currency ?? 'USD';
  const id = args.campaign_id;
  /** The other campaigns on a shared budget the call changes, once read. */
  let others: SharingCampaign[] = [];
  return {
    platform: 'Google Ads',
    currency,
    read: () => findCampaignToUpdate(client, customerId, id),
    // Not reached: findCampaignToUpdate refuses an unknown (or removed) campaign itself, naming the customer.
    missing: () =>
      new AppError(
        'upstream_rejected',
        `Google Ads rejected the change: customer ${customerId} has no campaign ${id}.`,
      ),
    check(before) {
      if (args.daily_budget !== undefined && before.budget?.amountMicros === undefined) {
        throw invalidArguments(NAME, [
          {
            field: 'daily_budget',
            message:
              `campaign ${before.id} ("${before.name}") of customer ${customerId} has no daily budget amount ` +
              '(its budget runs over a custom period, or it has none); change that budget in Google Ads',
          },
        ]);
      }
    },
    async checkChanges(before, changes) {
      if (changes.daily_budget === undefined || !before.budget?.shared) return;
      const sharing = await campaignsOnBudget(client, customerId, before.budget.resourceName);
      if (!args.allow_shared_budget) throw sharedBudgetRefusal(before, sharing);
      others = sharing.filter((other) => other.id !== before.id);
    },
    ref: (campaign) => ({ kind: 'campaign', id: campaign.id, campaignId: campaign.id }),
    label: (campaign) => `campaign ${campaign.id}`,
    where: (campaign) => `Google Ads campaign ${campaign.id} ("${campaign.name}") of customer ${customerId}`,
    summary: (campaign) => summary(campaign, currency),
    fields: {
      status: {
        money: 'delivery',
        value: (campaign) => campaign.status,
        active: (value) => value === 'ENABLED',
        verbs: { on: 'enable', off: 'pause' },
      },
      daily_budget: {
        money: 'daily_budget',
        value: (campaign) => campaign.budget?.amountMicros ?? null,
      },
    },
    wanted: {
      status: args.status,
      daily_budget:
        args.daily_budget === undefined
          ? undefined
          : amountInCurrency(NAME, 'daily_budget', args.daily_budget, currency),
    },
    apply: (campaign, changes) => ({
      ...campaign,
      ...(changes.status !== undefined && { status: String(changes.status) }),
      ...(changes.daily_budget !== undefined &&
        campaign.budget && { budget: { ...campaign.budget, amountMicros: Number(changes.daily_budget) } }),
    }),
    shown: (campaign) => stateOf(campaign, currency),
    delivery: (campaign) => ({
      active: campaign.status === 'ENABLED',
      dailyMicros: campaign.budget?.amountMicros,
    }),
    budgets: (campaign) =>
      campaign.budget?.amountMicros === undefined
        ? { currency, elsewhere: 'by a budget without a daily amount (a total over a custom period)' }
        : { currency, dailyMicros: campaign.budget.amountMicros },
    steps(before, changes) {
      const steps: WriteStep[] = [];
      const status = changes.status as SettableCampaignStatus | undefined;
      if (status !== undefined) {
        const operations = [campaignStatusUpdate(before.resourceName, status)];
        steps.push(
          mutateStep({
            action: `${status === 'ENABLED' ? 'enable' : 'pause'} the campaign`,
            fields: ['status'],
            shown: ['status', 'platform_status'],
            request: client.mutateRequest(customerId, 'campaigns:mutate', operations, false),
            mutate: (validateOnly) => client.mutateCampaigns(customerId, operations, validateOnly),
          }),
        );
      }
      const micros = changes.daily_budget;
      if (typeof micros === 'number' && before.budget) {
        const operations = [budgetAmountUpdate(before.budget.resourceName, micros)];
        steps.push(
          mutateStep({
            action: 'change the daily budget',
            fields: ['daily_budget'],
            shown: ['daily_budget'],
            request: client.mutateRequest(customerId, 'campaignBudgets:mutate', operations, false),
            mutate: (validateOnly) => client.mutateCampaignBudgets(customerId, operations, validateOnly),
          }),
        );
      }
      return steps;
    },
    answer: (before) => ({
      customer_id: customerId,
      campaign_id: before.id,
      name: before.name,
      budget_id: before.budget?.id ?? null,
      budget_shared: before.budget?.shared === true,
    }),
    async extras(before, after) {
      const sharedChange =
        before.budget?.shared === true && after.budget?.amountMicros !== before.budget.amountMicros;
      const alsoOn =
        others.length > 0
          ? ` The budget is shared: the new amount also applies to ${others
              .map((other) => `${other.id} ("${other.name}")`)
              .join(', ')}.`
          : '';
      const reports = context.dryRun ? '' : ' Reports show the change from today on.';
      return {
        text: `${alsoOn}${reports}`.trim(),
        ...(sharedChange && { structured: { sharing_campaigns: others.map(sharingFields) } }),
      };
    },
  };
}

export const updateSearchCampaign = defineTool({
  name: NAME,
  description:
    'Pauses or enables a Google Ads campaign and/or sets its daily budget; answers before and after. Enabling or raising needs the spend scope. Billable: one quota unit.',
  guidance:
    'Pauses or enables a Google Ads campaign and/or sets its daily budget (in the account currency); the ' +
    "result shows status (ACTIVE or PAUSED, with Google's platform_status) and budget before and after. Use it to stop a campaign that wastes money or to " +
    'move budget to one that works. A campaign whose budget is shared with other campaigns is refused ' +
    'unless allow_shared_budget is true, since the new amount applies to all of them. Removed campaigns ' +
    'cannot be changed. Enabling a paused campaign or raising a budget needs a key with the spend scope. ' +
    'Billable: one quota unit; pass dry_run to have Google validate the change without making it. ' +
    MAY_WAIT_FOR_APPROVAL,
  platform: 'search',
  billable: true,
  changes: {
    object: 'campaign',
    fields: { status: 'delivery', daily_budget: 'daily_budget' },
    options: ['allow_shared_budget'],
    address: ([campaign]) => ({ campaign_id: campaign?.id }),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: changingOneOf(
    z.strictObject({
      campaign_id: digitsId().describe('The campaign to change (digits); list_search_campaigns shows them.'),
      status: statusChange('search').optional().describe('PAUSED stops its ads, ACTIVE runs them again.'),
      daily_budget: amountArgument()
        .optional()
        .describe('New daily budget in the account currency (like 25.5 for 25.50 USD).'),
      allow_shared_budget: z
        .boolean()
        .default(false)
        .describe('Change a budget other campaigns share (the amount applies to all).'),
      customer_id: accountArgument('search'),
      dry_run: dryRun,
    }),
    'status',
    'daily_budget',
  ),
  output: z.object({
    customer_id: z.string().describe('The Google Ads account.'),
    campaign_id: z.string().describe('The campaign.'),
    name: z.string().describe('Its name.'),
    budget_id: z.string().nullable().describe('Its campaign budget; null when it has none.'),
    budget_shared: z.boolean().describe('Whether other campaigns spend from the same budget.'),
    before: STATE.describe('As it was.'),
    after: STATE.describe('As it is now (or would be, on a dry run).'),
    changed: z.array(z.string()).describe('The fields that differ; empty when nothing was sent.'),
    dry_run: z.boolean().describe('Whether Google only validated the change.'),
    sharing_campaigns: z
      .array(SHARING_CAMPAIGN)
      .optional()
      .describe('When a shared budget changes: the other campaigns it also applies to.'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
  }),
  stop: {
    status: { field: 'status', pausing: ['PAUSED'] },
    budget: 'daily_budget',
    alsoAllowed: ['allow_shared_budget'],
  },
  auditFields: ['campaign_id', 'status', 'daily_budget', 'allow_shared_budget'],
  example: { campaign_id: '20123456789', status: 'PAUSED' },
  async run(args, context) {
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const status =
      args.status === undefined
        ? undefined
        : (platformStatus('search', args.status) as SettableCampaignStatus);
    return updateObject(context, campaignUpdate(context, client, { ...args, status }));
  },
});
