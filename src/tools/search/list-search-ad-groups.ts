import { z } from 'zod';
import { formatMicros } from '../../money.ts';
import { listAdGroups } from '../../platforms/search/ad-groups.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { STATUS_FIELDS, statusFields, statusFilter, statusText } from '../status-vocabulary.ts';
import { googleStatuses, idList } from './below-campaign.ts';
import { moreRows } from './more-rows.ts';

export const listSearchAdGroups = defineListTool({
  name: 'list_search_ad_groups',
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
  filters: {
    campaign_ids: idList(100)
      .optional()
      .describe('Only the ad groups of these campaigns (digits, at most 100).'),
    status: statusFilter('search').describe('Only ad groups with these statuses; default ACTIVE and PAUSED.'),
  },
  example: { campaign_ids: ['20123456789'], limit: 20 },
  fields: {
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
  },
  rows: 'ad_groups',
  position: z.int().min(0),
  query: (args) => ({
    statuses: googleStatuses(args.status),
    campaignIds: args.campaign_ids ? [...args.campaign_ids].sort() : undefined,
  }),
  async read({ context, account, query, position = 0, limit }) {
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const page = await listAdGroups(client, account.account_id, { filter: query, offset: position, limit });
    return {
      items: page.adGroups,
      next: page.more ? position + page.adGroups.length : undefined,
      currency: page.currency ?? account.currency,
    };
  },
  row: (group, { page }) => ({
    ad_group_id: group.id,
    name: group.name,
    campaign_id: group.campaignId,
    campaign_name: group.campaignName,
    ...statusFields('search', group.status),
    type: group.type,
    cpc_bid: group.cpcBidMicros === null ? null : formatMicros(group.cpcBidMicros, page.currency),
  }),
  answer: ({ page }) => ({ currency: page.currency }),
  heading: ({ account, query, page, rows, nextCursor }) =>
    `Google Ads account ${account.account_id}: ${rows.length} ad group${rows.length === 1 ? '' : 's'}` +
    `${nextCursor ? ' on this page' : ''}${query.campaignIds ? ` of campaign ${query.campaignIds.join(', ')}` : ''}, bids in ${page.currency}.`,
  columns: ({ page }) => [
    ['Campaign', (g) => g.campaign_name],
    ['Ad group', (g) => g.name],
    ['Id', (g) => g.ad_group_id],
    ['Status', statusText],
    ['Type', (g) => g.type],
    [`Max CPC (${page.currency})`, (g) => g.cpc_bid ?? '–'],
  ],
  after: ({ nextCursor }) => [moreRows('ad groups', nextCursor)],
});
