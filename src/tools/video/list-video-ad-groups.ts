import { z } from 'zod';
import { formatMicros, unitsToMicros } from '../../money.ts';
import { digitsId } from '../arguments.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { commonStatus, STATUS_FIELDS, statusFields, statusFilter, statusText } from '../status-vocabulary.ts';
import {
  askedStatuses,
  listHeading,
  POSITION,
  primaryStatusFor,
  readObjects,
  tiktokStatus,
} from './object-pages.ts';
import { openVideoClient } from './video-client.ts';

const DAILY = 'BUDGET_MODE_DAY';

/** Where an ad group's spend is bounded, in words for the table. */
function budgetText(adGroup: { daily_budget: string | null; budget_mode: string }): string {
  if (adGroup.daily_budget !== null) return `${adGroup.daily_budget} a day`;
  if (adGroup.budget_mode === 'BUDGET_MODE_INFINITE') return 'campaign budget';
  return adGroup.budget_mode;
}

export const listVideoAdGroups = defineListTool({
  name: 'list_video_ad_groups',
  description:
    'TikTok ad groups of an advertiser or of some campaigns: status, own daily budget, placement, goal. Use it to find the ids update_video_ad_group takes. Billable: one quota unit.',
  guidance:
    "Lists a TikTok advertiser's ad groups (optionally of some campaigns): ids, names, status, daily " +
    'budget when the ad group holds one, placement and optimization goal. Read-only; use it to find the ' +
    'adgroup_id update_video_ad_group takes. Pages with next_cursor. Billable: one quota unit.',
  platform: 'video',
  filters: {
    campaign_ids: z
      .array(digitsId())
      .min(1)
      .max(100)
      .optional()
      .describe('Only the ad groups of these campaigns (digits, up to 100).'),
    status: statusFilter('video').describe('Only ad groups in these statuses; default ACTIVE and PAUSED.'),
  },
  example: { campaign_ids: ['1800000000000002'], status: ['ACTIVE', 'PAUSED'], limit: 10 },
  fields: {
    currency: z.string().describe('The currency of every amount.'),
    ad_groups: z
      .array(
        z.object({
          adgroup_id: z.string().describe('The ad group id.'),
          name: z.string().describe('Its name.'),
          campaign_id: z.string().describe('Its campaign.'),
          ...STATUS_FIELDS,
          secondary_status: z.string().nullable().describe("TikTok's delivery status (secondary_status)."),
          budget_mode: z.string().describe("TikTok's budget type: BUDGET_MODE_DAY, _TOTAL or _INFINITE."),
          daily_budget: z
            .string()
            .nullable()
            .describe('Its own daily budget; null when its budget lives elsewhere.'),
          placement_type: z.string().nullable().describe('Automatic or chosen placements.'),
          placements: z.array(z.string()).describe('The placements chosen.'),
          optimization_goal: z.string().nullable().describe('What TikTok optimises delivery for.'),
        }),
      )
      .describe('The ad groups, in the order TikTok keeps them.'),
  },
  rows: 'ad_groups',
  position: POSITION,
  query: (args) => ({ asked: askedStatuses(args.status), campaignIds: args.campaign_ids }),
  async read({ context, account, query: { asked, campaignIds }, position, limit }) {
    const client = await openVideoClient(context);
    const filtering = {
      primary_status: primaryStatusFor(asked),
      ...(campaignIds && { campaign_ids: campaignIds }),
    };
    return readObjects(
      (page, size) => client.adGroupPage(account.account_id, filtering, page, size),
      (adGroup) => asked.includes(commonStatus('video', tiktokStatus(adGroup))),
      limit,
      position,
    );
  },
  row: (adGroup, { account }) => ({
    adgroup_id: adGroup.adgroup_id,
    name: adGroup.adgroup_name,
    campaign_id: adGroup.campaign_id,
    ...statusFields('video', tiktokStatus(adGroup)),
    secondary_status: adGroup.secondary_status ?? null,
    budget_mode: adGroup.budget_mode,
    daily_budget:
      adGroup.budget_mode === DAILY ? formatMicros(unitsToMicros(adGroup.budget), account.currency) : null,
    placement_type: adGroup.placement_type ?? null,
    placements: adGroup.placements ?? [],
    optimization_goal: adGroup.optimization_goal ?? null,
  }),
  answer: ({ account }) => ({ currency: account.currency }),
  heading: (view) => listHeading('ad group', view),
  columns: ({ account }) => [
    ['Ad group', (g) => g.name],
    ['Id', (g) => g.adgroup_id],
    ['Campaign', (g) => g.campaign_id],
    ['Status', statusText],
    [`Budget (${account.currency})`, budgetText],
    ['Optimization', (g) => g.optimization_goal ?? '–'],
  ],
});
