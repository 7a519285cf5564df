import { z } from 'zod';
import { formatMicros, unitsToMicros } from '../../money.ts';
import type { VideoCampaign } from '../../platforms/video/answers.ts';
import { NO_BUDGET_LIMIT } from '../../platforms/video/campaign-rules.ts';
import type { CampaignFilter, VideoClient } from '../../platforms/video/client.ts';
import { accountArgument } from '../arguments.ts';
import { invalidArguments } from '../invalid-arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { defineTool } from '../tool.ts';
import { openVideoClient } from './video-client.ts';

const NAME = 'list_video_campaigns';
const STATUSES = ['ENABLE', 'DISABLE', 'DELETE'] as const;
type Status = (typeof STATUSES)[number];
const DEFAULT_STATUSES: Status[] = ['ENABLE', 'DISABLE'];
/** TikTok pages read for one answer at most, when few campaigns of a page have the statuses asked for. */
const MAX_PAGES_PER_CALL = 20;

/** Where the next answer starts: TikTok's page (of `limit` campaigns) and how many of it were answered. */
interface Position {
  page: number;
  skip: number;
}

function statusOf(campaign: VideoCampaign): Status {
  if (campaign.secondary_status === 'CAMPAIGN_STATUS_DELETE') return 'DELETE';
  if (campaign.operation_status) return campaign.operation_status === 'DISABLE' ? 'DISABLE' : 'ENABLE';
  return campaign.secondary_status === 'CAMPAIGN_STATUS_DISABLE' ? 'DISABLE' : 'ENABLE';
}

/** The one primary_status that covers every status asked for; the answer keeps only those asked for. */
function tiktokFilter(statuses: Set<Status>): CampaignFilter {
  if (!statuses.has('DELETE')) return { primary_status: 'STATUS_NOT_DELETE' };
  return { primary_status: statuses.size === 1 ? 'STATUS_DELETE' : 'STATUS_ALL' };
}

function budgetText(budget: string | null, mode: string): string {
  if (budget === null) return 'no limit';
  if (mode === 'BUDGET_MODE_DAY') return `${budget} a day`;
  if (mode === 'BUDGET_MODE_TOTAL') return `${budget} lifetime`;
  return `${budget} (${mode})`;
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
    "Lists a TikTok advertiser's campaigns with their ids, names, status, objective, budget type and " +
    'budget in the account currency, in the order TikTok keeps them. Read-only. Use it to find the ' +
    'campaign_id that update_video_campaign and get_video_campaign_performance take. Pages: pass the ' +
    "answer's next_cursor for more. Billable: one quota unit.",
  platform: 'video',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    status: z
      .array(z.enum(STATUSES))
      .min(1)
      .refine((statuses) => new Set(statuses).size === statuses.length, 'must not repeat a status')
      .meta({ uniqueItems: true })
      .optional()
      .describe(
        'Only campaigns in these statuses: ENABLE (on), DISABLE (paused), DELETE (deleted, which TikTok ' +
          'keeps readable). Default ENABLE and DISABLE.',
      ),
    limit: limitArgument,
    cursor: cursorArgument,
    advertiser_id: accountArgument('video'),
  }),
  example: { status: ['ENABLE', 'DISABLE'], limit: 10 },
  auditFields: ['status', 'limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error('list_video_campaigns needs the resolved account');
    const advertiserId = account.account_id;
    const statuses = new Set<Status>(args.status ?? DEFAULT_STATUSES);
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
      status: statusOf(campaign),
      secondary_status: campaign.secondary_status ?? null,
      objective_type: campaign.objective_type ?? null,
      budget_mode: campaign.budget_mode,
      budget:
        campaign.budget_mode === NO_BUDGET_LIMIT
          ? null
          : formatMicros(unitsToMicros(campaign.budget), currency),
      currency,
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
        c.status,
        c.objective_type ?? '–',
        budgetText(c.budget, c.budget_mode),
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
