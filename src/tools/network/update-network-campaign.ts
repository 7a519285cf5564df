import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { decimalToMicros, formatMicros, unitsToMicros } from '../../money.ts';
import type { NetworkCampaign } from '../../platforms/network/answers.ts';
import { money } from '../../platforms/network/bodies.ts';
import { live, NetworkClient } from '../../platforms/network/client.ts';
import { networkProtocol } from '../../platforms/network/protocol.ts';
import { idOf } from '../../platforms/network/urns.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, changingOneOf, digitsOrUrn, dryRun, text } from '../arguments.ts';
import { type FieldValue, updateObject } from '../changes/update-object.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { STATUS_FIELDS, statusChange, statusFields } from '../status-vocabulary.ts';
import { defineTool, type ToolContext, type ToolResult } from '../tool.ts';
import { deliveryBudgets } from './delivery-budgets.ts';

/** LinkedIn's smallest daily budget, in the account currency (as the create tools take it). */
const MIN_DAILY_BUDGET = 10;
const MAX_NAME_LENGTH = 255;

interface UpdateArgs {
  campaign_id: string;
  status?: 'ACTIVE' | 'PAUSED' | undefined;
  daily_budget?: number | undefined;
  name?: string | undefined;
}

/** A campaign's fields this tool shows and changes, money as the currency's decimal string. */
const STATE = z.object({
  name: z.string().nullable().describe('Its name.'),
  ...STATUS_FIELDS,
  daily_budget: z.string().nullable().describe('Daily budget in the account currency; null when none.'),
});
type State = z.infer<typeof STATE>;

function stateOf(campaign: NetworkCampaign, currency: string): State {
  const daily = campaign.dailyBudget;
  return {
    name: campaign.name ?? null,
    ...statusFields('network', campaign.status ?? 'DRAFT'),
    daily_budget: daily ? formatMicros(decimalToMicros(daily.amount), currency) : null,
  };
}

/**
 * What the answer, the audit and an approval show of a state: the fields the tool takes, so that a revert
 * sets them back, and `platform_status` beside `status`.
 */
function shownOf(state: State): Record<string, unknown> {
  return state;
}

function summary(state: State, currency: string): string {
  const budget = state.daily_budget === null ? 'no daily budget' : `${state.daily_budget} ${currency} a day`;
  return `"${state.name ?? ''}", ${state.platform_status}, ${budget}`;
}

/** The campaign's statuses this tool refuses to touch, each with why and what to do instead. */
function refusal(campaignId: string, campaign: NetworkCampaign, args: UpdateArgs): string | undefined {
  const status = campaign.status ?? '';
  const named = `LinkedIn campaign ${campaignId}${campaign.name ? ` ("${campaign.name}")` : ''}`;
  if (!live(status)) {
    const instead =
      status === 'ARCHIVED'
        ? 'Unarchive it in Campaign Manager first, or create a new campaign'
        : 'LinkedIn does not run it again: create a new campaign instead';
    return (
      `${named} is ${status}, and this tool changes only active, paused, draft or completed campaigns. ` +
      `${instead} (create_network_image_campaign and the other create tools, or add_network_campaign_to_group).`
    );
  }
  if (status === 'COMPLETED' && args.status === 'ACTIVE') {
    return (
      `${named} is COMPLETED: its schedule has ended, so activating it would not deliver. Extend its end ` +
      'date in Campaign Manager first, or create a new campaign.'
    );
  }
  return undefined;
}

/** Why an ACTIVE campaign would not deliver yet: its group is not ACTIVE (undefined when it is). */
async function groupHold(client: NetworkClient, campaign: NetworkCampaign): Promise<string | undefined> {
  if (!campaign.campaignGroup) return undefined;
  const groupId = idOf(campaign.campaignGroup);
  const group = await client.getGroup(groupId);
  if (group.status === 'ACTIVE') return undefined;
  return (
    `Its campaign group ${groupId}${group.name ? ` ("${group.name}")` : ''} is ${group.status ?? 'not active'}, ` +
    'so LinkedIn holds the campaign and it spends nothing until the group is active; this tool does not ' +
    'change groups: activate the group in Campaign Manager when ready.'
  );
}

const dailyOf = (campaign: NetworkCampaign) =>
  campaign.dailyBudget ? decimalToMicros(campaign.dailyBudget.amount) : null;

/** A LinkedIn campaign's update: one PARTIAL_UPDATE setting the fields that differ. */
async function updateCampaign(context: ToolContext, args: UpdateArgs): Promise<ToolResult> {
  const account = context.account;
  if (!account) throw new Error('a network tool needs the resolved account');
  const accountId = account.account_id;
  const { currency } = account;
  if (args.daily_budget !== undefined) {
    amountInCurrency('update_network_campaign', 'daily_budget', args.daily_budget, currency);
  }
  const campaignId = idOf(args.campaign_id);
  const client = new NetworkClient(await PlatformSession.open(context, networkProtocol));
  // What LinkedIn is sent, in the currency's minor unit: the amount the key's ceiling judges.
  const wantedDaily = args.daily_budget === undefined ? undefined : money(args.daily_budget, currency);
  const patchOf = (changes: Readonly<Record<string, FieldValue>>) => ({
    ...(changes.status !== undefined && { status: changes.status }),
    ...(changes.daily_budget !== undefined && wantedDaily && { dailyBudget: wantedDaily }),
    ...(changes.name !== undefined && { name: changes.name }),
  });
  return updateObject<NetworkCampaign>(context, {
    platform: 'LinkedIn',
    currency,
    // The search finder answers an unknown id with no element, where a GET's 404 reads like any refusal.
    read: async () => (await client.campaignsByIds([campaignId]))[0],
    missing: () =>
      new AppError(
        'upstream_rejected',
        `LinkedIn Ads (network) has no campaign ${campaignId} in ad account ${accountId}. Check the id with ` +
          'list_network_campaigns, or pass account_id when several LinkedIn ad accounts are connected.',
      ),
    check(campaign) {
      const refused = refusal(campaignId, campaign, args);
      if (refused) throw new AppError('upstream_rejected', refused);
      const total = campaign.totalBudget;
      if (
        args.daily_budget !== undefined &&
        total &&
        unitsToMicros(args.daily_budget) > decimalToMicros(total.amount)
      ) {
        throw invalidArguments('update_network_campaign', [
          {
            field: 'daily_budget',
            message: `must not exceed the campaign's total budget of ${total.amount} ${total.currencyCode}: LinkedIn refuses a daily budget above it; raise the total budget in Campaign Manager first`,
          },
        ]);
      }
    },
    ref: () => ({ kind: 'campaign', id: campaignId, campaignId }),
    label: () => `campaign ${campaignId}`,
    where: () => `LinkedIn campaign ${campaignId}`,
    summary: (campaign) => summary(stateOf(campaign, currency), currency),
    fields: {
      status: {
        money: 'delivery',
        value: (campaign) => campaign.status ?? null,
        active: (value) => value === 'ACTIVE',
      },
      // A campaign without a daily budget spends against its total budget alone: a daily one only caps it.
      daily_budget: { money: 'daily_budget', value: dailyOf, noneMeans: 'no_limit' },
      name: { money: 'none', value: (campaign) => campaign.name ?? null },
    },
    wanted: {
      status: args.status,
      daily_budget: wantedDaily && decimalToMicros(wantedDaily.amount),
      name: args.name,
    },
    apply: (campaign, changes) => ({ ...campaign, ...patchOf(changes) }) as NetworkCampaign,
    shown: (campaign) => shownOf(stateOf(campaign, currency)),
    delivery: (campaign) => ({
      active: campaign.status === 'ACTIVE',
      dailyMicros: dailyOf(campaign) ?? undefined,
    }),
    budgets: (campaign) => deliveryBudgets(campaign, currency),
    steps(_before, changes) {
      const request = client.requests.updateCampaign(campaignId, patchOf(changes));
      return [
        {
          action: 'update the campaign',
          fields: Object.keys(changes),
          shown: ['name', 'status', 'platform_status', 'daily_budget'],
          request: {
            method: request.method,
            url: request.url.slice(client.requests.apiUrl.length),
            headers: { 'X-RestLi-Method': 'PARTIAL_UPDATE' },
            body: request.body,
          },
          send: async () => {
            await client.send(request);
          },
        },
      ];
    },
    answer: (_before, after) => ({
      account_id: accountId,
      campaign_id: campaignId,
      name: after.name ?? '',
      currency,
    }),
    async extras(before, after) {
      const hold =
        after.status === 'ACTIVE' && before.status !== 'ACTIVE' ? await groupHold(client, before) : undefined;
      if (hold) return { text: hold, structured: { warning: hold } };
      if (after.status === 'ACTIVE' && before.status !== 'ACTIVE' && !context.dryRun) {
        return { text: 'It delivers as soon as LinkedIn has reviewed its ads.' };
      }
      return {};
    },
  });
}

export const updateNetworkCampaign = defineTool({
  name: 'update_network_campaign',
  description:
    'Pauses or activates a LinkedIn campaign, changes its daily budget or renames it; answers before and after. Activating or raising needs the spend scope. Billable: one quota unit.',
  guidance:
    'Pauses or activates a LinkedIn campaign, changes its daily budget, or renames it; the answer shows the fields ' +
    'before and after. Use it to stop a campaign that wastes money or move budget to one that works. A ' +
    'change that would do nothing (already paused, same budget) says so and sends nothing to LinkedIn. ' +
    'Activating a campaign or raising its daily budget needs an API key with the spend scope; archived, ' +
    'canceled or deleted campaigns are refused. It does not change campaign groups, targeting or ads. ' +
    `Budgets are in the account currency, at least ${MIN_DAILY_BUDGET}. Billable: one quota unit; pass dry_run ` +
    'to see the request first (LinkedIn has no validate-only mode). ' +
    MAY_WAIT_FOR_APPROVAL,
  platform: 'network',
  billable: true,
  changes: {
    object: 'campaign',
    fields: { status: 'delivery', daily_budget: 'daily_budget', name: 'none' },
    address: ([campaign]) => ({ campaign_id: campaign?.id }),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: changingOneOf(
    z.strictObject({
      campaign_id: digitsOrUrn('sponsoredCampaign').describe(
        'The campaign (digits or URN), as list_network_campaigns shows it.',
      ),
      status: statusChange('network')
        .optional()
        .describe(
          'ACTIVE to run the campaign (needs the spend scope), PAUSED to stop its spend from today on.',
        ),
      daily_budget: amountArgument(MIN_DAILY_BUDGET)
        .optional()
        .describe(
          `New daily budget in the account currency, at least ${MIN_DAILY_BUDGET}. Raising it needs the spend scope.`,
        ),
      name: text(MAX_NAME_LENGTH)
        .optional()
        .describe(`New campaign name, up to ${MAX_NAME_LENGTH} characters; not shown to members.`),
      account_id: accountArgument('network'),
      dry_run: dryRun,
    }),
    'status',
    'daily_budget',
    'name',
  ),
  output: z.object({
    account_id: z.string().describe('The LinkedIn ad account.'),
    campaign_id: z.string().describe('The campaign.'),
    name: z.string().describe('Its name (the new one when renamed).'),
    currency: z.string().describe('The account currency of the budgets.'),
    before: STATE.describe('As it was.'),
    after: STATE.describe('As it is now (or would be, on a dry run).'),
    changed: z.array(z.string()).describe('The fields that differ; empty when nothing was sent.'),
    dry_run: z.boolean().describe('Whether nothing was sent (dry run).'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
    warning: z.string().optional().describe('Why an activated campaign does not deliver yet.'),
  }),
  stop: { status: { field: 'status', pausing: ['PAUSED'] }, budget: 'daily_budget' },
  auditFields: ['campaign_id', 'status', 'daily_budget', 'name'],
  example: { campaign_id: '123456789', status: 'PAUSED' },
  run(args, context) {
    return updateCampaign(context, args);
  },
});
