import { z } from 'zod';
import type { AppError } from '../../errors.ts';
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
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { platformStatus, STATUS_FIELDS, statusChange, statusFields } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { PREVIEW_OUTPUT } from './below-campaign.ts';

const NAME = 'update_search_campaign';

const STATE = z.object({
  ...STATUS_FIELDS,
  daily_budget: z
    .string()
    .nullable()
    .describe('Daily budget in the account currency; null without a daily amount.'),
  currency: z.string().describe('The account currency.'),
});

/** How the campaign stands, as the answer shows it: money as a decimal string. */
type State = z.infer<typeof STATE>;

function stateOf(googleStatus: string, micros: number | undefined, currency: string): State {
  return {
    ...statusFields('search', googleStatus),
    daily_budget: micros === undefined ? null : formatMicros(micros, currency),
    currency,
  };
}

/**
 * The state as the audit row, approvals and reverts keep it: each field one the tool takes back, so a revert
 * passes `status` and `daily_budget` as they were.
 */
function recorded({ platform_status: _, ...state }: State) {
  return state;
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

const shown = (state: State) =>
  `${state.platform_status}, daily budget ${state.daily_budget === null ? 'none' : `${state.daily_budget} ${state.currency}`}`;

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
  changesSpend: true,
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
    preview: PREVIEW_OUTPUT.describe('On a dry run: the requests that would be sent.'),
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
    const customerId = context.account?.account_id ?? '';
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const campaign = await findCampaignToUpdate(client, customerId, args.campaign_id);
    const currency = campaign.currency ?? context.account?.currency ?? 'USD';
    const budget = campaign.budget;
    const where = `campaign ${campaign.id} ("${campaign.name}") of customer ${customerId}`;

    let micros: number | undefined;
    if (args.daily_budget !== undefined) {
      micros = amountInCurrency(NAME, 'daily_budget', args.daily_budget, currency);
      if (budget?.amountMicros === undefined) {
        throw invalidArguments(NAME, [
          {
            field: 'daily_budget',
            message:
              `${where} has no daily budget amount (its budget runs over a custom period, or it has none); ` +
              'change that budget in Google Ads',
          },
        ]);
      }
    }

    const wanted =
      args.status === undefined
        ? undefined
        : (platformStatus('search', args.status) as SettableCampaignStatus);
    const before = stateOf(campaign.status, budget?.amountMicros, currency);
    const statusChanges = wanted !== undefined && wanted !== campaign.status;
    const budgetChanges = micros !== undefined && micros !== budget?.amountMicros;
    const after = stateOf(
      statusChanges && wanted ? wanted : campaign.status,
      budgetChanges ? micros : budget?.amountMicros,
      currency,
    );
    const structured = {
      customer_id: customerId,
      campaign_id: campaign.id,
      name: campaign.name,
      budget_id: budget?.id ?? null,
      budget_shared: budget?.shared === true,
      before,
      after,
      changed: [...(statusChanges ? ['status'] : []), ...(budgetChanges ? ['daily_budget'] : [])],
      dry_run: context.dryRun,
    };
    if (!statusChanges && !budgetChanges) {
      return {
        text: `Nothing to change: ${where} is already ${shown(before)}. No change was sent to Google Ads.`,
        structured,
      };
    }

    let sharing: SharingCampaign[] = [];
    if (budgetChanges && budget?.shared) {
      sharing = await campaignsOnBudget(client, customerId, budget.resourceName);
      if (!args.allow_shared_budget) throw sharedBudgetRefusal(campaign, sharing);
    }
    const others = sharing.filter((other) => other.id !== campaign.id);

    const enables = statusChanges && wanted === 'ENABLED';
    const raises = budgetChanges && micros !== undefined && micros > (budget?.amountMicros ?? 0);
    const words = [
      ...(statusChanges ? [`${enables ? 'enable' : 'pause'} campaign ${campaign.id}`] : []),
      ...(budgetChanges
        ? [`${raises ? 'raise' : 'lower'} its daily budget to ${after.daily_budget} ${currency}`]
        : []),
    ];
    const dailyAfter = budgetChanges ? micros : budget?.amountMicros;
    context.authorizeChange({
      what: words.join(' and '),
      startsOrRaisesSpend: enables || raises,
      target: {
        campaignId: campaign.id,
        currency,
        before: { active: campaign.status === 'ENABLED', dailyMicros: budget?.amountMicros },
        after: { active: after.status === 'ACTIVE', dailyMicros: dailyAfter },
        shown: { before: recorded(before), after: recorded(after) },
      },
      ...(budgetChanges && micros !== undefined && { dailyBudget: { micros, currency } }),
      ...(enables && {
        startsDelivery: {
          currency,
          dailyMicros: dailyAfter,
          ...(dailyAfter === undefined && {
            elsewhere: 'by a budget without a daily amount (a total over a custom period)',
          }),
        },
      }),
    });

    // What lowers spend goes first: a pause before a budget change, a budget change before enabling, so a
    // failure between the two never leaves the campaign spending more than either state allows.
    const steps = [];
    if (statusChanges && wanted) {
      const operations = [campaignStatusUpdate(campaign.resourceName, wanted)];
      steps.push({
        run: (validateOnly: boolean) => client.mutateCampaigns(customerId, operations, validateOnly),
        request: client.mutateRequest(customerId, 'campaigns:mutate', operations, false),
        /** The state once this step is made too. */
        made: (state: State): State => ({
          ...state,
          status: after.status,
          platform_status: after.platform_status,
        }),
      });
    }
    if (budgetChanges && budget && micros !== undefined) {
      const operations = [budgetAmountUpdate(budget.resourceName, micros)];
      steps.push({
        run: (validateOnly: boolean) => client.mutateCampaignBudgets(customerId, operations, validateOnly),
        request: client.mutateRequest(customerId, 'campaignBudgets:mutate', operations, false),
        made: (state: State): State => ({ ...state, daily_budget: after.daily_budget }),
      });
    }
    if (args.status !== 'PAUSED') steps.reverse();
    const alsoOn =
      others.length > 0
        ? ` The budget is shared: the new amount also applies to ${others
            .map((other) => `${other.id} ("${other.name}")`)
            .join(', ')}.`
        : '';
    const withShared = {
      ...structured,
      ...(budget?.shared && budgetChanges && { sharing_campaigns: others.map(sharingFields) }),
    };

    if (context.dryRun) {
      // Google's own dry run: both mutates are checked upstream (validateOnly) and nothing is changed.
      for (const step of steps) await step.run(true);
      const preview = steps.map(({ request: { method, url, body } }) => ({
        method,
        url: new URL(url).pathname,
        body,
      }));
      return {
        text:
          `Dry run: Google Ads validated the change and made none: ${where} would go from ` +
          `${shown(before)} to ${shown(after)}.${alsoOn} Call again without dry_run to apply it.`,
        structured: { ...withShared, preview },
      };
    }
    let made = before;
    try {
      for (const step of steps) {
        await step.run(false);
        made = step.made(made);
      }
    } finally {
      // A failure after the first mutate leaves that change made: the audit row keeps it. A retry with the
      // same arguments is safe: it finds that part done and sends the rest.
      if (made !== before) context.noteChange(recorded(before), recorded(made));
    }
    return {
      text:
        `Updated Google Ads ${where}: ${shown(before)} -> ${shown(after)}.${alsoOn} ` +
        'Reports show the change from today on.',
      structured: withShared,
    };
  },
});
