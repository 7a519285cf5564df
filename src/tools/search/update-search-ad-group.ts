import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { formatMicros } from '../../money.ts';
import {
  type AdGroupToUpdate,
  adGroupUpdate,
  findAdGroupToUpdate,
} from '../../platforms/search/ad-groups.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import type { SettableCampaignStatus } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, anyOfSchema, digitsId, dryRun } from '../arguments.ts';
import { type ObjectUpdate, updateObject } from '../changes/update-object.ts';
import { dryRunImpact } from '../dry-run-impact.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { PREVIEW_OUTPUT } from '../preview.ts';
import { platformStatus, STATUS_FIELDS, statusChange, statusFields } from '../status-vocabulary.ts';
import { defineTool, type ToolContext } from '../tool.ts';
import { mutateStep } from './write-steps.ts';

const NAME = 'update_search_ad_group';

const STATE = z.object({
  ...STATUS_FIELDS,
  cpc_bid: z.string().nullable().describe('Default max CPC in the account currency; null when none is set.'),
});

/**
 * A Google Ads ad group's update: one `adGroups:mutate` for its status and its default max CPC together,
 * validated by Google (validateOnly) on a dry run.
 */
function adGroupUpdateOf(
  context: ToolContext,
  client: SearchClient,
  args: { ad_group_id: string; status?: SettableCampaignStatus | undefined; cpc_bid?: number | undefined },
): ObjectUpdate<AdGroupToUpdate> {
  const customerId = context.account?.account_id ?? '';
  const currency = context.account?.currency ?? 'USD';
  const id = args.ad_group_id;
  const bid = (micros: number | null) => (micros === null ? null : formatMicros(micros, currency));
  return {
    platform: 'Google Ads',
    currency,
    read: () => findAdGroupToUpdate(client, customerId, id),
    // Not reached: findAdGroupToUpdate refuses an unknown (or removed) ad group itself, naming the customer.
    missing: () =>
      new AppError(
        'upstream_rejected',
        `Google Ads rejected the change: customer ${customerId} has no ad group ${id}.`,
      ),
    ref: (group) => ({ kind: 'ad_group', id: group.id, campaignId: group.campaignId }),
    label: (group) => `ad group ${group.id}`,
    where: (group) => `Google Ads ad group ${group.id} ("${group.name}") of customer ${customerId}`,
    summary: (group) =>
      `${group.status}, max CPC ${group.cpcBidMicros === null ? 'none' : `${bid(group.cpcBidMicros)} ${currency}`}`,
    fields: {
      status: {
        money: 'delivery',
        value: (group) => group.status,
        active: (value) => value === 'ENABLED',
        verbs: { on: 'enable', off: 'pause' },
      },
      cpc_bid: { money: 'bid', value: (group) => group.cpcBidMicros, noun: 'the max CPC' },
    },
    wanted: {
      status: args.status,
      cpc_bid:
        args.cpc_bid === undefined ? undefined : amountInCurrency(NAME, 'cpc_bid', args.cpc_bid, currency),
    },
    apply: (group, changes) => ({
      ...group,
      ...(changes.status !== undefined && { status: String(changes.status) }),
      ...(changes.cpc_bid !== undefined && { cpcBidMicros: Number(changes.cpc_bid) }),
    }),
    shown: (group) => ({ ...statusFields('search', group.status), cpc_bid: bid(group.cpcBidMicros) }),
    // Its spend is its campaign's budget: an ad group has no daily amount of its own.
    delivery: (group) => ({ active: group.status === 'ENABLED' }),
    budgets: (group) => ({ currency, elsewhere: `by the budget of its campaign ${group.campaignId}` }),
    steps(before, changes) {
      const status = changes.status as SettableCampaignStatus | undefined;
      const micros = changes.cpc_bid === undefined ? undefined : Number(changes.cpc_bid);
      const operations = [adGroupUpdate(before.resourceName, { status, cpcBidMicros: micros })];
      const actions = [
        ...(status === undefined ? [] : [`${status === 'ENABLED' ? 'enable' : 'pause'} the ad group`]),
        ...(micros === undefined ? [] : [status === undefined ? 'set the max CPC' : 'set its max CPC']),
      ];
      return [
        mutateStep({
          action: actions.join(' and '),
          fields: Object.keys(changes),
          shown: ['status', 'platform_status', 'cpc_bid'],
          request: client.mutateRequest(customerId, 'adGroups:mutate', operations, false),
          mutate: (validateOnly) => client.mutateAdGroups(customerId, operations, validateOnly),
        }),
      ];
    },
    answer: (before) => ({
      customer_id: customerId,
      ad_group_id: before.id,
      name: before.name,
      campaign_id: before.campaignId,
      currency,
    }),
  };
}

export const updateSearchAdGroup = defineTool({
  name: NAME,
  description:
    'Pauses or enables one Google Ads ad group and/or sets its default max CPC; answers before and ' +
    'after. Enabling or raising the bid needs the spend scope. Billable: one quota unit.',
  guidance:
    'Pauses or enables one Google Ads ad group and/or sets its default max CPC (account currency); the ' +
    'answer shows status and bid before and after, and `changed` names what differs. Pass status, cpc_bid ' +
    'or both. Enabling or raising the bid needs a key with the spend scope. Pass dry_run to have Google ' +
    'validate the change without making it. Billable: one quota unit. ' +
    MAY_WAIT_FOR_APPROVAL,
  platform: 'search',
  billable: true,
  changes: {
    object: 'ad_group',
    fields: { status: 'delivery', cpc_bid: 'bid' },
    address: ([group]) => ({ ad_group_id: group?.id }),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      ad_group_id: digitsId().describe('The ad group to change (digits); list_search_ad_groups shows them.'),
      status: statusChange('search').optional().describe('PAUSED stops its ads, ACTIVE runs them again.'),
      cpc_bid: amountArgument()
        .optional()
        .describe('New default max CPC in the account currency, like 1.25.'),
      customer_id: accountArgument('search'),
      dry_run: dryRun,
    })
    .superRefine((args, ctx) => {
      if (args.status === undefined && args.cpc_bid === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'nothing to change: pass status, cpc_bid or both',
        });
      }
    })
    .meta(anyOfSchema('status', 'cpc_bid')),
  output: z.object({
    customer_id: z.string().describe('The Google Ads account.'),
    ad_group_id: z.string().describe('The ad group.'),
    name: z.string().describe('Its name.'),
    campaign_id: z.string().describe('Its campaign.'),
    currency: z.string().describe('The account currency of the bids.'),
    before: STATE.describe('As it was.'),
    after: STATE.describe('As it is now (or would be, on a dry run).'),
    changed: z.array(z.string()).describe('The fields that differ; empty when nothing was sent.'),
    dry_run: z.boolean().describe('Whether Google only validated the change.'),
    preview: PREVIEW_OUTPUT,
    impact: dryRunImpact,
  }),
  stop: { status: { field: 'status', pausing: ['PAUSED'] }, alsoAllowed: ['ad_group_id'] },
  auditFields: ['ad_group_id', 'status', 'cpc_bid'],
  example: { ad_group_id: '1234567', status: 'PAUSED' },
  async run(args, context) {
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const status =
      args.status === undefined
        ? undefined
        : (platformStatus('search', args.status) as SettableCampaignStatus);
    return updateObject(context, adGroupUpdateOf(context, client, { ...args, status }));
  },
});
