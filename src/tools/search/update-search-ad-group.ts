import { z } from 'zod';
import { formatMicros } from '../../money.ts';
import { adGroupUpdate, findAdGroupToUpdate } from '../../platforms/search/ad-groups.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import type { SettableCampaignStatus } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import { accountArgument, anyOfSchema, digitsId, dryRun } from '../arguments.ts';
import { amountArgument, amountInCurrency } from '../money-arguments.ts';
import { platformStatus, STATUS_FIELDS, statusChange, statusFields } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { PREVIEW_OUTPUT } from './below-campaign.ts';

const NAME = 'update_search_ad_group';

const STATE = z.object({
  ...STATUS_FIELDS,
  cpc_bid: z.string().nullable().describe('Default max CPC in the account currency; null when none is set.'),
});

const shown = (state: z.infer<typeof STATE>, currency: string) =>
  `${state.platform_status}, max CPC ${state.cpc_bid === null ? 'none' : `${state.cpc_bid} ${currency}`}`;

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
  changesSpend: true,
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
  }),
  stop: { status: { field: 'status', pausing: ['PAUSED'] }, alsoAllowed: ['ad_group_id'] },
  auditFields: ['ad_group_id', 'status', 'cpc_bid'],
  example: { ad_group_id: '1234567', status: 'PAUSED' },
  async run(args, context) {
    const customerId = context.account?.account_id ?? '';
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const group = await findAdGroupToUpdate(client, customerId, args.ad_group_id);
    const currency = group.currency ?? context.account?.currency ?? 'USD';
    const micros =
      args.cpc_bid === undefined ? undefined : amountInCurrency(NAME, 'cpc_bid', args.cpc_bid, currency);
    const wanted =
      args.status === undefined
        ? undefined
        : (platformStatus('search', args.status) as SettableCampaignStatus);
    const statusChanges = wanted !== undefined && wanted !== group.status;
    const bidChanges = micros !== undefined && micros !== group.cpcBidMicros;
    const bid = (value: number | null) => (value === null ? null : formatMicros(value, currency));
    const before = { ...statusFields('search', group.status), cpc_bid: bid(group.cpcBidMicros) };
    const after = {
      ...statusFields('search', statusChanges && wanted ? wanted : group.status),
      cpc_bid: bid(bidChanges && micros !== undefined ? micros : group.cpcBidMicros),
    };
    const changed = [...(statusChanges ? ['status'] : []), ...(bidChanges ? ['cpc_bid'] : [])];
    const where = `ad group ${group.id} ("${group.name}") of customer ${customerId}`;
    const structured = {
      customer_id: customerId,
      ad_group_id: group.id,
      name: group.name,
      campaign_id: group.campaignId,
      currency,
      before,
      after,
      changed,
      dry_run: context.dryRun,
    };
    if (changed.length === 0) {
      return {
        text: `Nothing to change: ${where} is already ${shown(before, currency)}. No change was sent to Google Ads.`,
        structured,
      };
    }
    const enables = statusChanges && wanted === 'ENABLED';
    const raises = bidChanges && micros !== undefined && micros > (group.cpcBidMicros ?? 0);
    context.authorizeChange({
      what: [
        ...(statusChanges ? [`${enables ? 'enable' : 'pause'} ad group ${group.id}`] : []),
        ...(bidChanges ? [`${raises ? 'raise' : 'lower'} its max CPC to ${after.cpc_bid} ${currency}`] : []),
      ].join(' and '),
      startsOrRaisesSpend: enables || raises,
    });
    const operations = [
      adGroupUpdate(group.resourceName, {
        ...(statusChanges && { status: wanted }),
        ...(bidChanges && { cpcBidMicros: micros }),
      }),
    ];
    if (context.dryRun) {
      await client.mutateAdGroups(customerId, operations, true);
      const { method, url, body } = client.mutateRequest(customerId, 'adGroups:mutate', operations, false);
      return {
        text:
          `Dry run: Google Ads validated the change and made none: ${where} would go from ` +
          `${shown(before, currency)} to ${shown(after, currency)}. Call again without dry_run to apply it.`,
        structured: { ...structured, preview: [{ method, url: new URL(url).pathname, body }] },
      };
    }
    await client.mutateAdGroups(customerId, operations, false);
    context.noteChange({ ...before }, { ...after });
    return {
      text: `Updated Google Ads ${where}: ${shown(before, currency)} -> ${shown(after, currency)}.`,
      structured,
    };
  },
});
