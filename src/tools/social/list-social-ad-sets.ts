import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { listAdSets, type MetaAdSet } from '../../platforms/social/ad-sets.ts';
import { socialProtocol } from '../../platforms/social/protocol.ts';
import { digitsId } from '../arguments.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { statusFields, statusFilter } from '../status-vocabulary.ts';
import {
  EDGE_POSITION,
  effectiveStatusFilter,
  minorBudget,
  moreObjects,
  OBJECT_STATUS_FIELDS,
  sameAccount,
  whereIn,
} from './ad-objects.ts';

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

export const listSocialAdSets = defineListTool({
  name: TOOL,
  description:
    'Meta ad sets of an account or of some campaigns: status, own budget, optimization goal. Use it to find the ids update_social_ad_set takes. Billable: one quota unit.',
  guidance:
    'Lists the ad sets of a Meta ad account, or of some campaigns: status, budget (null when the campaign ' +
    'holds it), optimization goal and billing event. Use it to find ad set ids for update_social_ad_set, or ' +
    'to see what runs below a campaign. Pages with limit and next_cursor. Read-only. Billable: one quota unit.',
  platform: 'social',
  filters: {
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
  },
  example: { ad_account_id: 'act_310000000000001', campaign_ids: ['120210000000000101'], limit: 20 },
  fields: {
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
  },
  rows: 'ad_sets',
  position: EDGE_POSITION,
  query: (args) => ({ campaignIds: args.campaign_ids, statuses: args.status }),
  async read({ context, account, query, position, limit }) {
    const session = await PlatformSession.open(context, socialProtocol);
    const page = await listAdSets(session, account.account_id, {
      campaignIds: query.campaignIds,
      statuses: effectiveStatusFilter('adset', query.statuses),
      limit,
      position,
    });
    const foreign = page.items.find((adSet) => !sameAccount(account.account_id, adSet.account_id));
    if (page.missing || foreign) {
      throw new AppError(
        'upstream_rejected',
        `Meta has no campaign ${page.missing ?? foreign?.campaign_id} in ${whereIn(account)} that this ` +
          'connection can see. Check the ids with list_social_campaigns, or pass the ad_account_id the ' +
          'campaign belongs to.',
      );
    }
    return page;
  },
  row: (adSet, { account }) => adSetLine(adSet, account.currency),
  answer: ({ account }) => ({ currency: account.currency }),
  heading: ({ args, account, query, rows }) => {
    const ids = query.campaignIds;
    const scope = ids ? ` of campaign${ids.length === 1 ? '' : 's'} ${ids.join(', ')}` : '';
    return rows.length === 0
      ? `No ad set${scope} in ${whereIn(account)}${args.cursor ? ' after the cursor' : ''} with status ` +
          `${(query.statuses ?? ['ACTIVE', 'PAUSED']).join(' or ')}.`
      : `${rows.length} ad set${rows.length === 1 ? '' : 's'}${scope} in ${whereIn(account)}, budgets in ${account.currency}:`;
  },
  columns: () => [
    ['Ad set', (a) => a.name],
    ['Id', (a) => a.id],
    ['Campaign', (a) => a.campaign_id],
    ['Status', (a) => a.status],
    ['Effective status', (a) => a.effective_status],
    ['Daily budget', (a) => a.daily_budget ?? (a.lifetime_budget ? '–' : 'campaign budget')],
    ['Lifetime budget', (a) => a.lifetime_budget ?? '–'],
    ['Goal', (a) => a.optimization_goal ?? '–'],
  ],
  after: ({ nextCursor }) => moreObjects('ad sets', nextCursor),
});
