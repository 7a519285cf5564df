import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { type EdgePosition, listAdSets, type MetaAdSet } from '../../platforms/social/ad-sets.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { accountArgument, digitsId } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { type Status, statusFields, statusFilter } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { effectiveStatusFilter, minorBudget, OBJECT_STATUS_FIELDS, sameAccount } from './ad-objects.ts';

const TOOL = 'list_social_ad_sets';
/** Campaigns one call may name: each is one edge read in turn. */
const MAX_CAMPAIGN_IDS = 50;

function adSetLine(adSet: MetaAdSet, currency: string) {
  return {
    id: adSet.id,
    name: adSet.name,
    campaign_id: adSet.campaign_id,
    ...statusFields('social', adSet.status),
    effective_status: adSet.effective_status,
    daily_budget: minorBudget(adSet.daily_budget, currency),
    lifetime_budget: minorBudget(adSet.lifetime_budget, currency),
    optimization_goal: adSet.optimization_goal ?? null,
    billing_event: adSet.billing_event ?? null,
  };
}

export const listSocialAdSets = defineTool({
  name: TOOL,
  description:
    'Meta ad sets of an account or of some campaigns: status, own budget, optimization goal. Use it to find the ids update_social_ad_set takes. Billable: one quota unit.',
  guidance:
    'Lists the ad sets of a Meta ad account, or of some campaigns: status, budget (null when the campaign ' +
    'holds it), optimization goal and billing event. Use it to find ad set ids for update_social_ad_set, or ' +
    'to see what runs below a campaign. Pages with limit and next_cursor. Read-only. Billable: one quota unit.',
  platform: 'social',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    campaign_ids: z
      .array(digitsId())
      .min(1)
      .max(MAX_CAMPAIGN_IDS)
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id')
      .meta({ uniqueItems: true })
      .optional()
      .describe(`Only the ad sets of these campaigns (at most ${MAX_CAMPAIGN_IDS}); all otherwise.`),
    status: statusFilter('social').describe(
      'Only ad sets set to these statuses (ACTIVE, PAUSED, REMOVED); default ACTIVE and PAUSED.',
    ),
    limit: limitArgument,
    cursor: cursorArgument,
    ad_account_id: accountArgument('social'),
  }),
  output: z.object({
    ad_account_id: z.string().describe('The Meta ad account (act_<digits>).'),
    currency: z.string().describe('The currency of every budget.'),
    ad_sets: z.array(
      z.object({
        id: z.string().describe('The ad set id.'),
        name: z.string().describe('Its name.'),
        campaign_id: z.string().describe('Its campaign.'),
        ...OBJECT_STATUS_FIELDS,
        daily_budget: z.string().nullable().describe('Its own daily budget; null when it has none.'),
        lifetime_budget: z.string().nullable().describe('Its own lifetime budget; null when it has none.'),
        optimization_goal: z.string().nullable().describe('What Meta optimizes delivery for (LINK_CLICKS…).'),
        billing_event: z.string().nullable().describe('What Meta bills for (IMPRESSIONS…).'),
      }),
    ),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
  }),
  example: { ad_account_id: 'act_310000000000001', campaign_ids: ['120210000000000101'], limit: 20 },
  auditFields: ['campaign_ids', 'status', 'limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${TOOL} needs the resolved ad account`);
    const campaignIds = args.campaign_ids as string[] | undefined;
    const statuses = args.status as Status[] | undefined;
    const bound = { tool: TOOL, account: account.account_id, campaignIds: campaignIds ?? null, statuses };
    const position = decodeCursor<EdgePosition>(args.cursor, bound, TOOL);
    const session = await PlatformSession.open(context, socialProtocol);
    const page = await listAdSets(session, account.account_id, {
      campaignIds,
      statuses: effectiveStatusFilter('adset', statuses),
      limit: args.limit as number,
      position,
    });
    const where = `Meta ad account ${account.account_id} (${account.name})`;
    const foreign = page.items.find((adSet) => !sameAccount(account.account_id, adSet.account_id));
    if (page.missing || foreign) {
      const id = page.missing ?? foreign?.campaign_id;
      throw new AppError(
        'upstream_rejected',
        `Meta has no campaign ${id} in ${where} that this connection can see. Check the ids with ` +
          'list_social_campaigns, or pass the ad_account_id the campaign belongs to.',
      );
    }
    const { currency } = account;
    const adSets = page.items.map((adSet) => adSetLine(adSet, currency));
    const nextCursor = page.next ? encodeCursor(bound, page.next) : null;
    const scope = campaignIds
      ? ` of campaign${campaignIds.length === 1 ? '' : 's'} ${campaignIds.join(', ')}`
      : '';
    const heading =
      adSets.length === 0
        ? `No ad set${scope} in ${where}${args.cursor ? ' after the cursor' : ''} with status ` +
          `${(statuses ?? ['ACTIVE', 'PAUSED']).join(' or ')}.`
        : `${adSets.length} ad set${adSets.length === 1 ? '' : 's'}${scope} in ${where}, budgets in ${currency}:`;
    const sections = [heading];
    if (adSets.length > 0) {
      sections.push(
        markdownTable(
          [
            'Ad set',
            'Id',
            'Campaign',
            'Status',
            'Effective status',
            'Daily budget',
            'Lifetime budget',
            'Goal',
          ],
          adSets.map((a) => [
            a.name,
            a.id,
            a.campaign_id,
            a.status,
            a.effective_status,
            a.daily_budget ?? (a.lifetime_budget ? '–' : 'campaign budget'),
            a.lifetime_budget ?? '–',
            a.optimization_goal ?? '–',
          ]),
        ),
      );
    }
    if (nextCursor) {
      sections.push('More ad sets follow: call again with the same arguments and cursor set to next_cursor.');
    }
    return {
      text: sections.join('\n\n'),
      structured: { ad_account_id: account.account_id, currency, ad_sets: adSets, next_cursor: nextCursor },
    };
  },
});
