import { z } from 'zod';
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

const ids = (what: string) =>
  z
    .array(digitsId())
    .min(1)
    .max(100)
    .optional()
    .describe(`Only the ads of these ${what} (digits, up to 100).`);

export const listVideoAds = defineListTool({
  name: 'list_video_ads',
  description:
    "Lists a TikTok advertiser's ads (optionally of some campaigns or ad groups): ids, names, status, " +
    'ad group, campaign and video id. Read-only. Pages with next_cursor. Billable: one quota unit.',
  platform: 'video',
  filters: {
    campaign_ids: ids('campaigns'),
    adgroup_ids: ids('ad groups'),
    status: statusFilter('video').describe('Only ads in these statuses; default ACTIVE and PAUSED.'),
  },
  example: { adgroup_ids: ['1810000000000001'], limit: 10 },
  fields: {
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
  },
  rows: 'ads',
  position: POSITION,
  query: (args) => ({
    asked: askedStatuses(args.status),
    campaignIds: args.campaign_ids,
    adGroupIds: args.adgroup_ids,
  }),
  async read({ context, account, query: { asked, campaignIds, adGroupIds }, position, limit }) {
    const client = await openVideoClient(context);
    const filtering = {
      primary_status: primaryStatusFor(asked),
      ...(campaignIds && { campaign_ids: campaignIds }),
      ...(adGroupIds && { adgroup_ids: adGroupIds }),
    };
    return readObjects(
      (page, size) => client.adPage(account.account_id, filtering, page, size),
      (ad) => asked.includes(commonStatus('video', tiktokStatus(ad))),
      limit,
      position,
    );
  },
  row: (ad) => ({
    ad_id: ad.ad_id,
    name: ad.ad_name,
    adgroup_id: ad.adgroup_id,
    campaign_id: ad.campaign_id,
    ...statusFields('video', tiktokStatus(ad)),
    secondary_status: ad.secondary_status ?? null,
    video_id: ad.video_id ?? null,
  }),
  heading: (view) => listHeading('ad', view),
  columns: () => [
    ['Ad', (a) => a.name],
    ['Id', (a) => a.ad_id],
    ['Ad group', (a) => a.adgroup_id],
    ['Campaign', (a) => a.campaign_id],
    ['Status', statusText],
    ['Video', (a) => a.video_id ?? '–'],
  ],
});
