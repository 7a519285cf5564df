import { z } from 'zod';
import { formatMicros } from '../../money.ts';
import { type CampaignStatus, listCampaigns } from '../../platforms/search/campaigns.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { STATUS_FIELDS, STATUSES, statusFields, statusFilter, statusText } from '../status-vocabulary.ts';
import { googleStatuses } from './below-campaign.ts';
import { moreRows } from './more-rows.ts';

export const listSearchCampaigns = defineListTool({
  name: 'list_search_campaigns',
  description:
    'Google Ads campaigns: id, name, status, channel, daily budget and whether the budget is shared. Use it to find campaign ids. Billable: one quota unit.',
  guidance:
    'Lists the campaigns of a Google Ads account: id, name, status, channel type (SEARCH, PERFORMANCE_MAX, ' +
    '...), daily budget in the account currency, and the budget id with whether other campaigns share that ' +
    'budget. Read-only. Use it to find the campaign ids that get_search_campaign_performance and ' +
    'list_search_ads take, or to review budgets before changing them. Each shows status (ACTIVE, PAUSED or ' +
    "REMOVED) and Google's own platform_status. Active and paused campaigns unless status says " +
    'otherwise; pages of `limit` with next_cursor. Billable: one quota unit per call.',
  platform: 'search',
  filters: {
    status: statusFilter('search').describe('Only campaigns with these statuses; default ACTIVE and PAUSED.'),
  },
  example: { status: ['ACTIVE', 'PAUSED'], limit: 20 },
  fields: {
    status: z.array(z.enum(STATUSES)).describe('The statuses listed.'),
    campaigns: z
      .array(
        z.object({
          campaign_id: z.string().describe('The campaign id.'),
          name: z.string().describe('Its name.'),
          ...STATUS_FIELDS,
          channel_type: z.string().describe('Google channel type, like SEARCH or PERFORMANCE_MAX.'),
          daily_budget: z
            .string()
            .nullable()
            .describe('Daily budget in the account currency; null without a daily amount.'),
          currency: z.string().describe('The account currency.'),
          budget_id: z.string().nullable().describe('Its campaign budget; null when it has none.'),
          budget_shared: z.boolean().describe('Whether other campaigns spend from the same budget.'),
        }),
      )
      .describe('The campaigns of this page, in id order.'),
  },
  rows: 'campaigns',
  position: z.string(),
  query: (args) => ({
    wanted: STATUSES.filter((status) => (args.status ?? ['ACTIVE', 'PAUSED']).includes(status)),
    statuses: googleStatuses(args.status) as CampaignStatus[],
  }),
  async read({ context, account, query, position, limit }) {
    const session = await PlatformSession.open(context, searchProtocol);
    const page = await listCampaigns(new SearchClient(session), account.account_id, {
      statuses: query.statuses,
      afterId: position,
      limit,
    });
    const last = page.campaigns.at(-1);
    return {
      items: page.campaigns,
      next: page.more && last ? last.id : undefined,
      currency: page.currency ?? account.currency,
    };
  },
  row: (campaign, { page }) => ({
    campaign_id: campaign.id,
    name: campaign.name,
    ...statusFields('search', campaign.status),
    channel_type: campaign.channelType,
    daily_budget:
      campaign.dailyBudgetMicros === null ? null : formatMicros(campaign.dailyBudgetMicros, page.currency),
    currency: page.currency,
    budget_id: campaign.budgetId,
    budget_shared: campaign.budgetShared,
  }),
  answer: ({ query }) => ({ status: query.wanted }),
  heading: ({ args, account, query, page, rows, nextCursor }) =>
    `Google Ads account ${account.account_id}, ${query.wanted.join(' or ')} campaigns${args.cursor ? ' (continued)' : ''}: ` +
    `${rows.length} campaign${rows.length === 1 ? '' : 's'}${nextCursor ? ' on this page' : ''}, budgets in ${page.currency}.`,
  columns: ({ page }) => [
    ['Campaign', (c) => c.name],
    ['Id', (c) => c.campaign_id],
    ['Status', statusText],
    ['Channel', (c) => c.channel_type],
    [`Daily budget (${page.currency})`, (c) => c.daily_budget ?? '–'],
    ['Budget id', (c) => c.budget_id ?? '–'],
    ['Shared budget', (c) => (c.budget_shared ? 'yes' : 'no')],
  ],
  after: ({ nextCursor }) => [moreRows('campaigns', nextCursor)],
});
