import { z } from 'zod';
import { defineListTool } from '../reads/list-tool.ts';
import {
  commonStatus,
  STATUS_FIELDS,
  STATUSES,
  statusFields,
  statusFilter,
  statusText,
} from '../status-vocabulary.ts';
import { CAMPAIGN_BUDGET_FIELDS, campaignBudget, campaignStatus } from './campaign-change.ts';
import { askedStatuses, listHeading, POSITION, primaryStatusFor, readObjects } from './object-pages.ts';
import { openVideoClient } from './video-client.ts';

function budgetText(c: { daily_budget: string | null; budget: string | null; budget_mode: string }): string {
  if (c.daily_budget !== null) return `${c.daily_budget} a day`;
  if (c.budget === null) return 'no limit';
  if (c.budget_mode === 'BUDGET_MODE_TOTAL') return `${c.budget} lifetime`;
  return `${c.budget} (${c.budget_mode})`;
}

export const listVideoCampaigns = defineListTool({
  name: 'list_video_campaigns',
  description:
    'TikTok campaigns: id, name, status, objective and budget. Use it to find campaign ids. Billable: one quota unit.',
  guidance:
    "Lists a TikTok advertiser's campaigns with their ids, names, status (ACTIVE, PAUSED or REMOVED; " +
    "platform_status is TikTok's own word), objective, budget type and budget in the account currency " +
    '(daily_budget for a daily one), in the order TikTok keeps them. Read-only. Use it to find the ' +
    'campaign_id that update_video_campaign and get_video_campaign_performance take. Pages: pass the ' +
    "answer's next_cursor for more. Billable: one quota unit.",
  platform: 'video',
  filters: {
    status: statusFilter('video').describe(
      'Only campaigns in these statuses (ACTIVE, PAUSED, REMOVED = deleted); default ACTIVE and PAUSED.',
    ),
  },
  example: { status: ['ACTIVE', 'PAUSED'], limit: 10 },
  fields: {
    currency: z.string().describe('The currency of every budget.'),
    status: z.array(z.enum(STATUSES)).describe('The statuses listed.'),
    campaigns: z.array(
      z.object({
        campaign_id: z.string().describe('The campaign id.'),
        name: z.string().describe('Its name.'),
        ...STATUS_FIELDS,
        secondary_status: z.string().nullable().describe("TikTok's delivery status (CAMPAIGN_STATUS_…)."),
        objective_type: z.string().nullable().describe('Its objective (TRAFFIC…).'),
        ...CAMPAIGN_BUDGET_FIELDS,
      }),
    ),
  },
  rows: 'campaigns',
  position: POSITION,
  query: (args) => ({ asked: askedStatuses(args.status) }),
  async read({ context, account, query: { asked }, position, limit }) {
    const client = await openVideoClient(context);
    const filtering = { primary_status: primaryStatusFor(asked) };
    return readObjects(
      (page, size) => client.campaignPage(account.account_id, filtering, page, size),
      (campaign) => asked.includes(commonStatus('video', campaignStatus(campaign))),
      limit,
      position,
    );
  },
  row: (campaign, { account }) => ({
    campaign_id: campaign.campaign_id,
    name: campaign.campaign_name,
    ...statusFields('video', campaignStatus(campaign)),
    secondary_status: campaign.secondary_status ?? null,
    objective_type: campaign.objective_type ?? null,
    ...campaignBudget(campaign, account.currency),
  }),
  answer: ({ account, query }) => ({ currency: account.currency, status: query.asked }),
  heading: (view) => listHeading('campaign', view),
  columns: ({ account }) => [
    ['Campaign', (c) => c.name],
    ['Id', (c) => c.campaign_id],
    ['Status', statusText],
    ['Objective', (c) => c.objective_type ?? '–'],
    [`Budget (${account.currency})`, budgetText],
  ],
});
