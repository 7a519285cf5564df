import { z } from 'zod';
import { PlatformSession } from '../../platforms/session.ts';
import { listCampaigns, type MetaCampaign } from '../../platforms/social/campaigns.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { accountArgument } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { type Status, statusFields, statusFilter } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { effectiveStatusFilter, minorBudget, OBJECT_STATUS_FIELDS } from './ad-objects.ts';

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

export const listSocialCampaigns = defineTool({
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
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    status: statusFilter('social').describe(
      'Only campaigns set to these statuses (ACTIVE, PAUSED, REMOVED = archived); default ACTIVE and PAUSED.',
    ),
    limit: limitArgument,
    cursor: cursorArgument,
    ad_account_id: accountArgument('social'),
  }),
  output: z.object({
    ad_account_id: z.string().describe('The Meta ad account (act_<digits>).'),
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
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
  }),
  example: { ad_account_id: 'act_310000000000001', status: ['ACTIVE', 'PAUSED'], limit: 20 },
  auditFields: ['status', 'limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${TOOL} needs the resolved ad account`);
    const statuses = args.status as Status[] | undefined;
    const bound = { tool: TOOL, account: account.account_id, status: statuses ?? null };
    const after = decodeCursor<string>(args.cursor, bound, TOOL);
    const session = await PlatformSession.open(context, socialProtocol);
    const page = await listCampaigns(session, account.account_id, {
      // Without a status, Meta's own default: every campaign neither archived nor deleted.
      statuses: statuses && effectiveStatusFilter('campaign', statuses),
      limit: args.limit as number,
      after,
    });
    const { currency } = account;
    const campaigns = page.campaigns.map((campaign) => campaignLine(campaign, currency));
    const nextCursor = page.after === undefined ? null : encodeCursor(bound, page.after);
    const which = `with status ${(statuses ?? ['ACTIVE', 'PAUSED']).join(' or ')}`;
    const heading =
      campaigns.length === 0
        ? `No campaign ${which} in Meta ad account ${account.account_id} (${account.name})` +
          (args.cursor ? ' after the cursor.' : '.')
        : `${campaigns.length} campaign${campaigns.length === 1 ? '' : 's'} ${which} in Meta ad account ` +
          `${account.account_id} (${account.name}), budgets in ${currency}:`;
    const sections = [heading];
    if (campaigns.length > 0) {
      sections.push(
        markdownTable(
          ['Campaign', 'Id', 'Status', 'Effective status', 'Objective', 'Daily budget', 'Lifetime budget'],
          campaigns.map((c) => [
            c.name,
            c.id,
            c.platform_status,
            c.effective_status,
            c.objective ?? '–',
            c.daily_budget ?? (c.lifetime_budget ? '–' : 'on ad sets'),
            c.lifetime_budget ?? (c.daily_budget ? '–' : 'on ad sets'),
          ]),
        ),
      );
    }
    if (nextCursor)
      sections.push(
        'More campaigns follow: call again with the same arguments and cursor set to next_cursor.',
      );
    return {
      text: sections.join('\n\n'),
      structured: { ad_account_id: account.account_id, currency, campaigns, next_cursor: nextCursor },
    };
  },
});
