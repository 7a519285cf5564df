import { z } from 'zod';
import type { VideoCampaign } from '../../platforms/video/answers.ts';
import type { CampaignFilter, VideoClient } from '../../platforms/video/client.ts';
import { accountArgument } from '../arguments.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import {
  commonStatus,
  STATUS_FIELDS,
  STATUSES,
  type Status,
  statusFields,
  statusFilter,
} from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { CAMPAIGN_BUDGET_FIELDS, campaignBudget, campaignStatus } from './campaign-change.ts';
import { primaryStatusFor } from './object-pages.ts';
import { openVideoClient } from './video-client.ts';

const NAME = 'list_video_campaigns';
const DEFAULT_STATUSES: Status[] = ['ACTIVE', 'PAUSED'];
/** TikTok pages read for one answer at most, when few campaigns of a page have the statuses asked for. */
const MAX_PAGES_PER_CALL = 20;

/** Where the next answer starts: TikTok's page (of `limit` campaigns) and how many of it were answered. */
interface Position {
  page: number;
  skip: number;
}

function statusOf(campaign: VideoCampaign): Status {
  return commonStatus('video', campaignStatus(campaign));
}

/** The one primary_status that covers every status asked for; the answer keeps only those asked for. */
function tiktokFilter(statuses: Set<Status>): CampaignFilter {
  return { primary_status: primaryStatusFor(statuses) };
}

function budgetText(c: { daily_budget: string | null; budget: string | null; budget_mode: string }): string {
  if (c.daily_budget !== null) return `${c.daily_budget} a day`;
  if (c.budget === null) return 'no limit';
  if (c.budget_mode === 'BUDGET_MODE_TOTAL') return `${c.budget} lifetime`;
  return `${c.budget} (${c.budget_mode})`;
}

function validPosition(position: unknown): position is Position {
  const { page, skip } = (position ?? {}) as Partial<Position>;
  return Number.isInteger(page) && (page ?? 0) >= 1 && Number.isInteger(skip) && (skip ?? -1) >= 0;
}

/**
 * Up to `limit` campaigns in the statuses asked for, from `start` on, and where the next answer starts.
 * TikTok is asked for pages of `limit` campaigns under the one filter covering those statuses, so when
 * every campaign it answers has a status asked for, one page is one answer.
 */
async function readCampaigns(
  client: VideoClient,
  advertiserId: string,
  statuses: Set<Status>,
  limit: number,
  start: Position,
): Promise<{ found: VideoCampaign[]; next: Position | undefined }> {
  const wanted = (campaign: VideoCampaign) => statuses.has(statusOf(campaign));
  const filtering = tiktokFilter(statuses);
  const found: VideoCampaign[] = [];
  let { page, skip } = start;
  for (let read = 0; read < MAX_PAGES_PER_CALL; read++) {
    const { list, page_info } = await client.campaignPage(advertiserId, filtering, page, limit);
    const last = page >= page_info.total_page || list.length === 0;
    for (let at = skip; at < list.length; at++) {
      const campaign = list[at] as VideoCampaign;
      if (wanted(campaign)) found.push(campaign);
      if (found.length < limit) continue;
      // Full: the next answer starts after this campaign, unless nothing asked for comes after it.
      if (list.slice(at + 1).some(wanted)) return { found, next: { page, skip: at + 1 } };
      return { found, next: last ? undefined : { page: page + 1, skip: 0 } };
    }
    if (last) return { found, next: undefined };
    page += 1;
    skip = 0;
  }
  return { found, next: { page, skip: 0 } };
}

export const listVideoCampaigns = defineTool({
  name: NAME,
  description:
    'TikTok campaigns: id, name, status, objective and budget. Use it to find campaign ids. Billable: one quota unit.',
  guidance:
    "Lists a TikTok advertiser's campaigns with their ids, names, status (ACTIVE, PAUSED or REMOVED; " +
    "platform_status is TikTok's own word), objective, budget type and budget in the account currency " +
    '(daily_budget for a daily one), in the order TikTok keeps them. Read-only. Use it to find the ' +
    'campaign_id that update_video_campaign and get_video_campaign_performance take. Pages: pass the ' +
    "answer's next_cursor for more. Billable: one quota unit.",
  platform: 'video',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    status: statusFilter('video').describe(
      'Only campaigns in these statuses (ACTIVE, PAUSED, REMOVED = deleted); default ACTIVE and PAUSED.',
    ),
    limit: limitArgument,
    cursor: cursorArgument,
    advertiser_id: accountArgument('video'),
  }),
  output: z.object({
    advertiser_id: z.string().describe('The TikTok advertiser.'),
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
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
  }),
  example: { status: ['ACTIVE', 'PAUSED'], limit: 10 },
  auditFields: ['status', 'limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error('list_video_campaigns needs the resolved account');
    const advertiserId = account.account_id;
    const statuses = new Set<Status>((args.status as Status[] | undefined) ?? DEFAULT_STATUSES);
    const asked = STATUSES.filter((status) => statuses.has(status));
    const query = { tool: NAME, advertiserId, status: asked, limit: args.limit };
    const start = decodeCursor<unknown>(args.cursor, query, NAME) ?? { page: 1, skip: 0 };
    if (!validPosition(start)) {
      throw invalidArguments(NAME, [{ field: 'cursor', message: 'is malformed' }], {
        said:
          'cursor: is not a next_cursor of a call with these arguments. Pass the next_cursor exactly as an ' +
          'answer gave it, or leave it out to start over',
      });
    }

    const client = await openVideoClient(context);
    const { found, next } = await readCampaigns(client, advertiserId, statuses, args.limit, start);

    const currency = account.currency;
    const campaigns = found.map((campaign) => ({
      campaign_id: campaign.campaign_id,
      name: campaign.campaign_name,
      ...statusFields('video', campaignStatus(campaign)),
      secondary_status: campaign.secondary_status ?? null,
      objective_type: campaign.objective_type ?? null,
      ...campaignBudget(campaign, currency),
    }));
    const nextCursor = next ? encodeCursor(query, next) : null;
    const heading =
      `TikTok Ads (video) advertiser ${advertiserId}, status ${asked.join(' or ')}: ` +
      `${campaigns.length} campaign${campaigns.length === 1 ? '' : 's'}` +
      (nextCursor ? ', more with next_cursor.' : '.');
    const table = markdownTable(
      ['Campaign', 'Id', 'Status', 'Objective', `Budget (${currency})`],
      campaigns.map((c) => [
        c.name,
        c.campaign_id,
        c.platform_status,
        c.objective_type ?? '–',
        budgetText(c),
      ]),
    );
    return {
      text: campaigns.length > 0 ? `${heading}\n\n${table}` : heading,
      structured: {
        advertiser_id: advertiserId,
        currency,
        status: asked,
        campaigns,
        next_cursor: nextCursor,
      },
    };
  },
});
