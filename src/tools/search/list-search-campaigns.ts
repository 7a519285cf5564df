import { z } from 'zod';
import { formatMicros } from '../../money.ts';
import { type CampaignStatus, listCampaigns } from '../../platforms/search/campaigns.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { STATUS_FIELDS, STATUSES, statusFields, statusFilter } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { googleStatuses } from './below-campaign.ts';

const NAME = 'list_search_campaigns';

export const listSearchCampaigns = defineTool({
  name: NAME,
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
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    status: statusFilter('search').describe('Only campaigns with these statuses; default ACTIVE and PAUSED.'),
    limit: limitArgument,
    cursor: cursorArgument,
    customer_id: accountArgument('search'),
  }),
  output: z.object({
    customer_id: z.string().describe('The Google Ads account.'),
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
    next_cursor: z.string().nullable().describe('Pass it as cursor for the next page; null at the end.'),
  }),
  example: { status: ['ACTIVE', 'PAUSED'], limit: 20 },
  auditFields: ['status', 'limit'],
  async run(args, context) {
    const customerId = context.account?.account_id ?? '';
    const wanted = STATUSES.filter((status) => (args.status ?? ['ACTIVE', 'PAUSED']).includes(status));
    const statuses = googleStatuses(args.status) as CampaignStatus[];
    // The cursor belongs to these filters; the page size may change between pages.
    const query = { tool: NAME, customer_id: customerId, status: statuses };
    const afterId = decodeCursor<string>(args.cursor, query, NAME);
    const session = await PlatformSession.open(context, searchProtocol);
    const page = await listCampaigns(new SearchClient(session), customerId, {
      statuses,
      afterId,
      limit: args.limit,
    });
    const currency = page.currency ?? context.account?.currency ?? 'USD';
    const campaigns = page.campaigns.map((campaign) => ({
      campaign_id: campaign.id,
      name: campaign.name,
      ...statusFields('search', campaign.status),
      channel_type: campaign.channelType,
      daily_budget:
        campaign.dailyBudgetMicros === null ? null : formatMicros(campaign.dailyBudgetMicros, currency),
      currency,
      budget_id: campaign.budgetId,
      budget_shared: campaign.budgetShared,
    }));
    const last = page.campaigns.at(-1);
    const nextCursor = page.more && last ? encodeCursor(query, last.id) : null;
    const table = markdownTable(
      ['Campaign', 'Id', 'Status', 'Channel', `Daily budget (${currency})`, 'Budget id', 'Shared budget'],
      campaigns.map((c) => [
        c.name,
        c.campaign_id,
        c.platform_status,
        c.channel_type,
        c.daily_budget ?? '–',
        c.budget_id ?? '–',
        c.budget_shared ? 'yes' : 'no',
      ]),
    );
    const count = `${campaigns.length} campaign${campaigns.length === 1 ? '' : 's'}`;
    const sections = [
      `Google Ads account ${customerId}, ${wanted.join(' or ')} campaigns${args.cursor ? ' (continued)' : ''}: ` +
        `${count}${nextCursor ? ' on this page' : ''}, budgets in ${currency}.`,
      ...(campaigns.length > 0 ? [table] : []),
      nextCursor
        ? `More campaigns follow: call again with the same arguments and cursor "${nextCursor}".`
        : 'That is all of them.',
    ];
    return {
      text: sections.join('\n\n'),
      structured: { customer_id: customerId, status: wanted, campaigns, next_cursor: nextCursor },
    };
  },
});
