import { z } from 'zod';
import { PlatformSession } from '../../platforms/session.ts';
import { listCampaigns, type MetaCampaign } from '../../platforms/social/campaigns.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { statusFields, statusFilter, statusText } from '../status-vocabulary.ts';
import {
  effectiveStatusFilter,
  minorBudget,
  moreObjects,
  OBJECT_STATUS_FIELDS,
  whereIn,
} from './ad-objects.ts';

const TOOL = 'list_social_campaigns';

function campaignLine(campaign: MetaCampaign, currency: string) {
  return {
    id: campaign.id,
    name: campaign.name,
    ...statusFields('social', campaign.status),
    effective_status: campaign.effective_status,
    objective: campaign.objective ?? null,
    daily_budget: minorBudget(campaign.daily_budget, currency),
    lifetime_budget: minorBudget(campaign.lifetime_budget, currency),
  };
}

export const listSocialCampaigns = defineListTool({
  name: TOOL,
  description:
    'Meta campaigns: id, name, status, effective status, objective and daily or lifetime budget. Use it to find campaign ids. Billable: one quota unit.',
  guidance:
    'Lists the campaigns of a Meta ad account: id, name, status (ACTIVE, PAUSED or REMOVED, as set; ' +
    "platform_status is Meta's own word), effective status (what Meta actually runs, e.g. PAUSED because " +
    'the account is), objective, and the daily or lifetime ' +
    "budget in the account currency (null when the budgets are set on the campaign's ad sets). Use it to " +
    'find campaign ids for get_social_campaign_performance and the campaign tools, or to see what runs. ' +
    'Without status: every campaign set ACTIVE or PAUSED. Meta never lists deleted campaigns. Pages with ' +
    'limit and next_cursor. Read-only. Billable: one quota unit.',
  platform: 'social',
  filters: {
    status: statusFilter('social').describe(
      'Only campaigns set to these statuses (ACTIVE, PAUSED, REMOVED = archived); default ACTIVE and PAUSED.',
    ),
  },
  example: { ad_account_id: 'act_310000000000001', status: ['ACTIVE', 'PAUSED'], limit: 20 },
  fields: {
    currency: z.string().describe('The currency of every budget.'),
    campaigns: z.array(
      z.object({
        id: z.string().describe('The campaign id.'),
        name: z.string().describe('Its name.'),
        ...OBJECT_STATUS_FIELDS,
        objective: z.string().nullable().describe('Its objective (OUTCOME_TRAFFIC…).'),
        daily_budget: z.string().nullable().describe('Its daily campaign budget; null when it has none.'),
        lifetime_budget: z.string().nullable().describe('Its lifetime campaign budget; null when none.'),
      }),
    ),
  },
  rows: 'campaigns',
  position: z.string(),
  query: (args) => ({
    statuses: args.status,
    // Without a status, Meta's own default: every campaign neither archived nor deleted.
    effective: args.status && effectiveStatusFilter('campaign', args.status),
  }),
  async read({ context, account, query, position, limit }) {
    const session = await PlatformSession.open(context, socialProtocol);
    const page = await listCampaigns(session, account.account_id, {
      statuses: query.effective,
      limit,
      after: position,
    });
    return { items: page.campaigns, next: page.after };
  },
  row: (campaign, { account }) => campaignLine(campaign, account.currency),
  answer: ({ account }) => ({ currency: account.currency }),
  heading: ({ args, account, query, rows }) => {
    const which = `with status ${(query.statuses ?? ['ACTIVE', 'PAUSED']).join(' or ')}`;
    const where = whereIn(account);
    return rows.length === 0
      ? `No campaign ${which} in ${where}${args.cursor ? ' after the cursor.' : '.'}`
      : `${rows.length} campaign${rows.length === 1 ? '' : 's'} ${which} in ${where}, budgets in ${account.currency}:`;
  },
  columns: () => [
    ['Campaign', (c) => c.name],
    ['Id', (c) => c.id],
    ['Status', statusText],
    ['Effective status', (c) => c.effective_status],
    ['Objective', (c) => c.objective ?? '–'],
    ['Daily budget', (c) => c.daily_budget ?? (c.lifetime_budget ? '–' : 'on ad sets')],
    ['Lifetime budget', (c) => c.lifetime_budget ?? (c.daily_budget ? '–' : 'on ad sets')],
  ],
  after: ({ nextCursor }) => moreObjects('campaigns', nextCursor),
});
