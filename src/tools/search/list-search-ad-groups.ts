import { z } from 'zod';
import { formatMicros } from '../../money.ts';
import { listAdGroups } from '../../platforms/search/ad-groups.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { STATUS_FIELDS, statusFields, statusFilter } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { googleStatuses, idList } from './below-campaign.ts';

const NAME = 'list_search_ad_groups';

export const listSearchAdGroups = defineTool({
  name: NAME,
  description:
    'Google Ads ad groups: id, name, campaign, status, type and default max CPC. Use it to find the ' +
    'ad_group_id the keyword and ad group tools take. Billable: one quota unit.',
  guidance:
    'Lists the ad groups of a Google Ads account (or of some campaigns): id, name, campaign, status, type ' +
    "and default max CPC. Read-only. Each shows status (ACTIVE, PAUSED or REMOVED) and Google's own " +
    'platform_status; active and paused ad groups unless status says otherwise. Use it to find the ' +
    'ad_group_id that the keyword and ad group tools take. Pages of `limit` with next_cursor. Billable: ' +
    'one quota unit per call.',
  platform: 'search',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    campaign_ids: idList(100)
      .optional()
      .describe('Only the ad groups of these campaigns (digits, at most 100).'),
    status: statusFilter('search').describe('Only ad groups with these statuses; default ACTIVE and PAUSED.'),
    limit: limitArgument,
    cursor: cursorArgument,
    customer_id: accountArgument('search'),
  }),
  output: z.object({
    customer_id: z.string().describe('The Google Ads account.'),
    currency: z.string().describe('The account currency of the bids.'),
    ad_groups: z
      .array(
        z.object({
          ad_group_id: z.string().describe('The ad group id.'),
          name: z.string().describe('Its name.'),
          campaign_id: z.string().describe('Its campaign.'),
          campaign_name: z.string().describe("Its campaign's name."),
          ...STATUS_FIELDS,
          type: z.string().describe('Google ad group type, like SEARCH_STANDARD.'),
          cpc_bid: z
            .string()
            .nullable()
            .describe('Default max CPC in the account currency; null when none is set.'),
        }),
      )
      .describe('The ad groups of this page, in id order.'),
    next_cursor: z.string().nullable().describe('Pass it as cursor for the next page; null at the end.'),
  }),
  example: { campaign_ids: ['20123456789'], limit: 20 },
  auditFields: ['campaign_ids', 'status', 'limit'],
  async run(args, context) {
    const customerId = context.account?.account_id ?? '';
    const statuses = googleStatuses(args.status);
    const campaignIds = args.campaign_ids ? [...args.campaign_ids].sort() : undefined;
    const query = { tool: NAME, customer_id: customerId, statuses, campaign_ids: campaignIds };
    const offset = decodeCursor<number>(args.cursor, query, NAME) ?? 0;
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const page = await listAdGroups(client, customerId, {
      filter: { statuses, campaignIds },
      offset,
      limit: args.limit,
    });
    const currency = page.currency ?? context.account?.currency ?? 'USD';
    const adGroups = page.adGroups.map((group) => ({
      ad_group_id: group.id,
      name: group.name,
      campaign_id: group.campaignId,
      campaign_name: group.campaignName,
      ...statusFields('search', group.status),
      type: group.type,
      cpc_bid: group.cpcBidMicros === null ? null : formatMicros(group.cpcBidMicros, currency),
    }));
    const nextCursor = page.more ? encodeCursor(query, offset + adGroups.length) : null;
    const sections = [
      `Google Ads account ${customerId}: ${adGroups.length} ad group${adGroups.length === 1 ? '' : 's'}` +
        `${nextCursor ? ' on this page' : ''}${campaignIds ? ` of campaign ${campaignIds.join(', ')}` : ''}, bids in ${currency}.`,
      ...(adGroups.length > 0
        ? [
            markdownTable(
              ['Campaign', 'Ad group', 'Id', 'Status', 'Type', `Max CPC (${currency})`],
              adGroups.map((g) => [
                g.campaign_name,
                g.name,
                g.ad_group_id,
                g.platform_status,
                g.type,
                g.cpc_bid ?? '–',
              ]),
            ),
          ]
        : []),
      nextCursor
        ? `More ad groups follow: call again with the same arguments and cursor "${nextCursor}".`
        : 'That is all of them.',
    ];
    return {
      text: sections.join('\n\n'),
      structured: { customer_id: customerId, currency, ad_groups: adGroups, next_cursor: nextCursor },
    };
  },
});
