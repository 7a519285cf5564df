import { z } from 'zod';
import type { VideoAd } from '../../platforms/video/answers.ts';
import { accountArgument, digitsId } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, encodeCursor, limitArgument } from '../reads/paging.ts';
import { STATUS_FIELDS, STATUSES, type Status, statusFields, statusFilter } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { primaryStatusFor, readObjects, startOf, tiktokStatus } from './object-pages.ts';
import { openVideoClient } from './video-client.ts';

const NAME = 'list_video_ads';
const DEFAULT_STATUSES: Status[] = ['ACTIVE', 'PAUSED'];

const ids = (what: string) =>
  z
    .array(digitsId())
    .min(1)
    .max(100)
    .optional()
    .describe(`Only the ads of these ${what} (digits, up to 100).`);

export const listVideoAds = defineTool({
  name: NAME,
  description:
    "Lists a TikTok advertiser's ads (optionally of some campaigns or ad groups): ids, names, status, " +
    'ad group, campaign and video id. Read-only. Pages with next_cursor. Billable: one quota unit.',
  platform: 'video',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    campaign_ids: ids('campaigns'),
    adgroup_ids: ids('ad groups'),
    status: statusFilter('video').describe('Only ads in these statuses; default ACTIVE and PAUSED.'),
    limit: limitArgument,
    cursor: cursorArgument,
    advertiser_id: accountArgument('video'),
  }),
  output: z.object({
    advertiser_id: z.string().describe('The TikTok advertiser.'),
    ads: z
      .array(
        z.object({
          ad_id: z.string().describe('The ad id.'),
          name: z.string().describe('Its name.'),
          adgroup_id: z.string().describe('Its ad group.'),
          campaign_id: z.string().describe('Its campaign.'),
          ...STATUS_FIELDS,
          secondary_status: z.string().nullable().describe("TikTok's delivery status (secondary_status)."),
          video_id: z.string().nullable().describe('The video it shows; null for an ad without one.'),
        }),
      )
      .describe('The ads, in the order TikTok keeps them.'),
    next_cursor: z.string().nullable().describe('Pass it back for more; null at the end.'),
  }),
  example: { adgroup_ids: ['1810000000000001'], limit: 10 },
  auditFields: ['campaign_ids', 'adgroup_ids', 'status', 'limit'],
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
      adGroupIds: args.adgroup_ids,
      status: asked,
      limit: args.limit,
    };
    const start = startOf(args.cursor, query, NAME);
    const client = await openVideoClient(context);
    const filtering = {
      primary_status: primaryStatusFor(statuses),
      ...(args.campaign_ids && { campaign_ids: args.campaign_ids }),
      ...(args.adgroup_ids && { adgroup_ids: args.adgroup_ids }),
    };
    const { found, next } = await readObjects<VideoAd>(
      (page, size) => client.adPage(advertiserId, filtering, page, size),
      statuses,
      args.limit,
      start,
    );
    const ads = found.map((ad) => ({
      ad_id: ad.ad_id,
      name: ad.ad_name,
      adgroup_id: ad.adgroup_id,
      campaign_id: ad.campaign_id,
      ...statusFields('video', tiktokStatus(ad)),
      secondary_status: ad.secondary_status ?? null,
      video_id: ad.video_id ?? null,
    }));
    const nextCursor = next ? encodeCursor(query, next) : null;
    const heading =
      `TikTok Ads (video) advertiser ${advertiserId}, status ${asked.join(' or ')}: ` +
      `${ads.length} ad${ads.length === 1 ? '' : 's'}` +
      (nextCursor ? ', more with next_cursor.' : '.');
    const table = markdownTable(
      ['Ad', 'Id', 'Ad group', 'Campaign', 'Status', 'Video'],
      ads.map((a) => [
        a.name,
        a.ad_id,
        a.adgroup_id,
        a.campaign_id,
        `${a.status} (${a.platform_status})`,
        a.video_id ?? '–',
      ]),
    );
    return {
      text: ads.length > 0 ? `${heading}\n\n${table}` : heading,
      structured: { advertiser_id: advertiserId, ads, next_cursor: nextCursor },
    };
  },
});
