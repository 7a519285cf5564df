import { z } from 'zod';
import { formatMicros, unitsToMicros } from '../../money.ts';
import type { VideoAdGroup } from '../../platforms/video/answers.ts';
import { accountArgument, digitsId } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, encodeCursor, limitArgument } from '../reads/paging.ts';
import { STATUS_FIELDS, STATUSES, type Status, statusFields, statusFilter } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { primaryStatusFor, readObjects, startOf, tiktokStatus } from './object-pages.ts';
import { openVideoClient } from './video-client.ts';

const NAME = 'list_video_ad_groups';
const DEFAULT_STATUSES: Status[] = ['ACTIVE', 'PAUSED'];
const DAILY = 'BUDGET_MODE_DAY';

/** Where an ad group's spend is bounded, in words for the table. */
function budgetText(adGroup: { daily_budget: string | null; budget_mode: string }): string {
  if (adGroup.daily_budget !== null) return `${adGroup.daily_budget} a day`;
  if (adGroup.budget_mode === 'BUDGET_MODE_INFINITE') return 'campaign budget';
  return adGroup.budget_mode;
}

export const listVideoAdGroups = defineTool({
  name: NAME,
  description:
    'TikTok ad groups of an advertiser or of some campaigns: status, own daily budget, placement, goal. Use it to find the ids update_video_ad_group takes. Billable: one quota unit.',
  guidance:
    "Lists a TikTok advertiser's ad groups (optionally of some campaigns): ids, names, status, daily " +
    'budget when the ad group holds one, placement and optimization goal. Read-only; use it to find the ' +
    'adgroup_id update_video_ad_group takes. Pages with next_cursor. Billable: one quota unit.',
  platform: 'video',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    campaign_ids: z
      .array(digitsId())
      .min(1)
      .max(100)
      .optional()
      .describe('Only the ad groups of these campaigns (digits, up to 100).'),
    status: statusFilter('video').describe('Only ad groups in these statuses; default ACTIVE and PAUSED.'),
    limit: limitArgument,
    cursor: cursorArgument,
    advertiser_id: accountArgument('video'),
  }),
  output: z.object({
    advertiser_id: z.string().describe('The TikTok advertiser.'),
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
    next_cursor: z.string().nullable().describe('Pass it back for more; null at the end.'),
  }),
  example: { campaign_ids: ['1800000000000002'], status: ['ACTIVE', 'PAUSED'], limit: 10 },
  auditFields: ['campaign_ids', 'status', 'limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${NAME} needs the resolved account`);
    const advertiserId = account.account_id;
    const statuses = new Set<Status>(args.status ?? DEFAULT_STATUSES);
    const asked = STATUSES.filter((status) => statuses.has(status));
    const query = {
      tool: NAME,
      advertiserId,
      campaignIds: args.campaign_ids,
      status: asked,
      limit: args.limit,
    };
    const start = startOf(args.cursor, query, NAME);
    const client = await openVideoClient(context);
    const filtering = {
      primary_status: primaryStatusFor(statuses),
      ...(args.campaign_ids && { campaign_ids: args.campaign_ids }),
    };
    const { found, next } = await readObjects<VideoAdGroup>(
      (page, size) => client.adGroupPage(advertiserId, filtering, page, size),
      statuses,
      args.limit,
      start,
    );
    const currency = account.currency;
    const adGroups = found.map((adGroup) => ({
      adgroup_id: adGroup.adgroup_id,
      name: adGroup.adgroup_name,
      campaign_id: adGroup.campaign_id,
      ...statusFields('video', tiktokStatus(adGroup)),
      secondary_status: adGroup.secondary_status ?? null,
      budget_mode: adGroup.budget_mode,
      daily_budget:
        adGroup.budget_mode === DAILY ? formatMicros(unitsToMicros(adGroup.budget), currency) : null,
      placement_type: adGroup.placement_type ?? null,
      placements: adGroup.placements ?? [],
      optimization_goal: adGroup.optimization_goal ?? null,
    }));
    const nextCursor = next ? encodeCursor(query, next) : null;
    const heading =
      `TikTok Ads (video) advertiser ${advertiserId}, status ${asked.join(' or ')}: ` +
      `${adGroups.length} ad group${adGroups.length === 1 ? '' : 's'}` +
      (nextCursor ? ', more with next_cursor.' : '.');
    const table = markdownTable(
      ['Ad group', 'Id', 'Campaign', 'Status', `Budget (${currency})`, 'Optimization'],
      adGroups.map((g) => [
        g.name,
        g.adgroup_id,
        g.campaign_id,
        `${g.status} (${g.platform_status})`,
        budgetText(g),
        g.optimization_goal ?? '–',
      ]),
    );
    return {
      text: adGroups.length > 0 ? `${heading}\n\n${table}` : heading,
      structured: { advertiser_id: advertiserId, currency, ad_groups: adGroups, next_cursor: nextCursor },
    };
  },
});
