import { z } from 'zod';
import { formatMicros, minorToMicros } from '../../money.ts';
import { PlatformSession } from '../../platforms/session.ts';
import {
  LISTABLE_EFFECTIVE_STATUSES,
  listCampaigns,
  type MetaCampaign,
} from '../../platforms/social/campaigns.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { accountArgument } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { defineTool } from '../tool.ts';

const TOOL = 'list_social_campaigns';

/** A budget as the answer gives it: the currency's decimal string; null when not set on the campaign. */
function budget(minor: number | undefined, currency: string): string | null {
  return minor ? formatMicros(minorToMicros(minor, currency), currency) : null;
}

function campaignLine(campaign: MetaCampaign, currency: string) {
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    effective_status: campaign.effective_status,
    objective: campaign.objective ?? null,
    daily_budget: budget(campaign.daily_budget, currency),
    lifetime_budget: budget(campaign.lifetime_budget, currency),
    currency,
  };
}

export const listSocialCampaigns = defineTool({
  name: TOOL,
  description:
    'Meta campaigns: id, name, status, effective status, objective and daily or lifetime budget. Use it to find campaign ids. Billable: one quota unit.',
  guidance:
    'Lists the campaigns of a Meta ad account: id, name, status (as set), effective status (what Meta ' +
    'actually runs, e.g. PAUSED because the account or a parent is), objective, and the daily or lifetime ' +
    "budget in the account currency (null when the budgets are set on the campaign's ad sets). Use it to " +
    'find campaign ids for get_social_campaign_performance and the campaign tools, or to see what runs. ' +
    'Without status: every campaign that is neither archived nor deleted, as Meta lists them. Pages with ' +
    'limit and next_cursor. Read-only. Billable: one quota unit.',
  platform: 'social',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    status: z
      .array(z.enum(LISTABLE_EFFECTIVE_STATUSES))
      .min(1)
      .refine((list) => new Set(list).size === list.length, 'must not repeat a status')
      .meta({ uniqueItems: true })
      .optional()
      .describe(
        `Only campaigns with one of these effective statuses (${LISTABLE_EFFECTIVE_STATUSES.join(', ')}). ` +
          'Absent: every campaign neither archived nor deleted. Meta does not list deleted campaigns; ' +
          'get_social_campaign_performance still reports what they spent.',
      ),
    limit: limitArgument,
    cursor: cursorArgument,
    ad_account_id: accountArgument('social'),
  }),
  example: { ad_account_id: 'act_310000000000001', status: ['ACTIVE', 'PAUSED'], limit: 20 },
  auditFields: ['status', 'limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${TOOL} needs the resolved ad account`);
    const statuses = args.status as string[] | undefined;
    const bound = { tool: TOOL, account: account.account_id, status: statuses ?? null };
    const after = decodeCursor<string>(args.cursor, bound, TOOL);
    const session = await PlatformSession.open(context, socialProtocol);
    const page = await listCampaigns(session, account.account_id, {
      statuses,
      limit: args.limit as number,
      after,
    });
    const { currency } = account;
    const campaigns = page.campaigns.map((campaign) => campaignLine(campaign, currency));
    const nextCursor = page.after === undefined ? null : encodeCursor(bound, page.after);
    const which = statuses
      ? `with effective status ${statuses.join(' or ')}`
      : 'neither archived nor deleted';
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
            c.status,
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
