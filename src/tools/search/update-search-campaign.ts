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
import { PlatformSession } from '../../platforms/session.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, changingOneOf, digitsId, dryRun } from '../arguments.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { defineTool } from '../tool.ts';

const NAME = 'update_search_campaign';

/** How the campaign stands, as the answer and the audit row show it: money as a decimal string. */
interface State {
  status: string;
  daily_budget: string | null;
  currency: string;
}

function stateOf(status: string, micros: number | undefined, currency: string): State {
  return {
    status,
    daily_budget: micros === undefined ? null : formatMicros(micros, currency),
    currency,
  };
}

const shown = (state: State) =>
  `${state.status}, daily budget ${state.daily_budget === null ? 'none' : `${state.daily_budget} ${state.currency}`}`;

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
      sharing_campaigns: others.map((other) => ({
        campaign_id: other.id,
        name: other.name,
        status: other.status,
      })),
    },
  });
}

export const updateSearchCampaign = defineTool({
  name: NAME,
  description:
    'Pauses or enables a Google Ads campaign and/or sets its daily budget; answers before and after. Enabling or raising needs the spend scope. Billable: one quota unit.',
  guidance:
    'Pauses or enables a Google Ads campaign and/or sets its daily budget (in the account currency); the ' +
    'result shows status and budget before and after. Use it to stop a campaign that wastes money or to ' +
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
      status: z
        .enum(['ENABLED', 'PAUSED'])
        .optional()
        .describe('The new status: PAUSED stops its ads, ENABLED runs them again.'),
      daily_budget: amountArgument()
        .optional()
        .describe(
          "The new daily budget in the account currency (like 25.5 for 25.50 USD), at most the currency's " +
            'minor unit precise. It is the amount of the campaign budget.',
        ),
      allow_shared_budget: z
        .boolean()
        .default(false)
        .describe(
          'Change the budget even when other campaigns share it (the new amount applies to all of them).',
        ),
      customer_id: accountArgument('search'),
      dry_run: dryRun,
    }),
    'status',
    'daily_budget',
  ),
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

    const before = stateOf(campaign.status, budget?.amountMicros, currency);
    const statusChanges = args.status !== undefined && args.status !== campaign.status;
    const budgetChanges = micros !== undefined && micros !== budget?.amountMicros;
    const after = stateOf(
      statusChanges && args.status ? args.status : campaign.status,
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
      dry_run: context.dryRun,
    };
    if (!statusChanges && !budgetChanges) {
      return {
        text: `Nothing to change: ${where} is already ${shown(before)}. No change was sent to Google Ads.`,
        structured: { ...structured, changed: [] },
      };
    }

    let sharing: SharingCampaign[] = [];
    if (budgetChanges && budget?.shared) {
      sharing = await campaignsOnBudget(client, customerId, budget.resourceName);
      if (!args.allow_shared_budget) throw sharedBudgetRefusal(campaign, sharing);
    }
    const others = sharing.filter((other) => other.id !== campaign.id);

    const enables = statusChanges && args.status === 'ENABLED';
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
        after: { active: after.status === 'ENABLED', dailyMicros: dailyAfter },
        shown: { before: { ...before }, after: { ...after } },
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
    if (statusChanges && args.status) {
      const operations = [campaignStatusUpdate(campaign.resourceName, args.status)];
      steps.push({
        run: (validateOnly: boolean) => client.mutateCampaigns(customerId, operations, validateOnly),
        request: client.mutateRequest(customerId, 'campaigns:mutate', operations, false),
        /** The state once this step is made too. */
        made: (state: State): State => ({ ...state, status: after.status }),
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
    const changed = [...(statusChanges ? ['status'] : []), ...(budgetChanges ? ['daily_budget'] : [])];
    const alsoOn =
      others.length > 0
        ? ` The budget is shared: the new amount also applies to ${others
            .map((other) => `${other.id} ("${other.name}")`)
            .join(', ')}.`
        : '';
    const withShared = {
      ...structured,
      changed,
      ...(budget?.shared &&
        budgetChanges && {
          sharing_campaigns: others.map((other) => ({
            campaign_id: other.id,
            name: other.name,
            status: other.status,
          })),
        }),
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
      if (made !== before) context.noteChange({ ...before }, { ...made });
    }
    return {
      text:
        `Updated Google Ads ${where}: ${shown(before)} -> ${shown(after)}.${alsoOn} ` +
        'Reports show the change from today on.',
      structured: withShared,
    };
  },
});
