import { z } from 'zod';
import { type ListedAd, listAds } from '../../platforms/search/ad-listing.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import type { AdTextAsset } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { digitsId } from '../arguments.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { STATUS_FIELDS, STATUSES, statusFields, statusFilter } from '../status-vocabulary.ts';
import { googleStatuses } from './below-campaign.ts';
import { moreRows } from './more-rows.ts';

const headlineFields = (headlines: AdTextAsset[]) =>
  headlines.map((h) => ({ text: h.text, ...(h.pinnedField && { pinned_field: h.pinnedField }) }));

const headlineText = (headlines: AdTextAsset[] | null) =>
  headlines === null
    ? '(not a responsive search ad)'
    : headlines.map((h) => `"${h.text}"${h.pinnedField ? ` (pinned ${h.pinnedField})` : ''}`).join(', ');

/** The ads of a page grouped by their ad group, in the order they came. */
function byAdGroup(ads: ListedAd[]) {
  const groups = new Map<string, { first: ListedAd; ads: ListedAd[] }>();
  for (const ad of ads) {
    const group = groups.get(ad.adGroupId) ?? { first: ad, ads: [] };
    group.ads.push(ad);
    groups.set(ad.adGroupId, group);
  }
  return [...groups.values()];
}

export const listSearchAds = defineListTool({
  name: 'list_search_ads',
  description:
    'Google Ads ads by ad group, with status, type and responsive search ad headlines. Use it to find the ids update_ad_headlines takes. Billable: one quota unit.',
  guidance:
    "Lists the ads of a Google Ads account by ad group: ad group and campaign ids and names, each ad's id, " +
    'status and type, and the headlines of responsive search ads with their pins. Read-only. Use it to find ' +
    'the ad_group_id and ad_id that update_ad_headlines takes, or to review ad copy. Filter by campaign_id ' +
    "or ad_group_id; active and paused ads unless status says otherwise (each with Google's platform_status); pages of `limit` ads with " +
    'next_cursor. Billable: one quota unit per call.',
  platform: 'search',
  filters: {
    campaign_id: digitsId().optional().describe('Only the ads of this campaign (digits).'),
    ad_group_id: digitsId().optional().describe('Only the ads of this ad group (digits).'),
    status: statusFilter('search').describe('Only ads with these statuses; default ACTIVE and PAUSED.'),
  },
  example: { campaign_id: '20123456789', limit: 20 },
  fields: {
    status: z.array(z.enum(STATUSES)).describe('The ad statuses listed.'),
    campaign_id: z.string().optional().describe('The campaign filter, when given.'),
    ad_group_id: z.string().optional().describe('The ad group filter, when given.'),
    ad_count: z.number().describe('How many ads this page holds.'),
    ad_groups: z
      .array(
        z.object({
          ad_group_id: z.string().describe('The ad group id.'),
          name: z.string().describe('Its name.'),
          ...STATUS_FIELDS,
          campaign_id: z.string().describe('Its campaign.'),
          campaign_name: z.string().describe("Its campaign's name."),
          ads: z
            .array(
              z.object({
                ad_id: z.string().describe('The ad id, which update_ad_headlines takes.'),
                ...STATUS_FIELDS,
                ad_type: z.string().describe('Google ad type, like RESPONSIVE_SEARCH_AD.'),
                final_url: z.string().nullable().describe('Its first final URL; null when none.'),
                headlines: z
                  .array(
                    z.object({
                      text: z.string().describe('The headline.'),
                      pinned_field: z.string().optional().describe('Where it is pinned, like HEADLINE_1.'),
                    }),
                  )
                  .nullable()
                  .describe('Responsive search ad headlines; null for other types.'),
              }),
            )
            .describe('Its ads on this page.'),
        }),
      )
      .describe('The ads of this page by ad group.'),
  },
  rows: 'ad_groups',
  position: z.object({ adGroupId: z.string(), adId: z.string() }),
  query: (args) => ({
    wanted: STATUSES.filter((status) => (args.status ?? ['ACTIVE', 'PAUSED']).includes(status)),
    statuses: googleStatuses(args.status),
    campaignId: args.campaign_id,
    adGroupId: args.ad_group_id,
  }),
  async read({ context, account, query, position, limit }) {
    const session = await PlatformSession.open(context, searchProtocol);
    const page = await listAds(new SearchClient(session), account.account_id, {
      filter: query,
      after: position,
      limit,
    });
    const last = page.ads.at(-1);
    return {
      items: byAdGroup(page.ads),
      next: page.more && last ? { adGroupId: last.adGroupId, adId: last.adId } : undefined,
      ads: page.ads,
    };
  },
  row: ({ first, ads }) => ({
    ad_group_id: first.adGroupId,
    name: first.adGroupName,
    ...statusFields('search', first.adGroupStatus),
    campaign_id: first.campaignId,
    campaign_name: first.campaignName,
    ads: ads.map((ad) => ({
      ad_id: ad.adId,
      ...statusFields('search', ad.status),
      ad_type: ad.type,
      final_url: ad.finalUrl,
      headlines: ad.headlines === null ? null : headlineFields(ad.headlines),
    })),
  }),
  answer: ({ query, page }) => ({
    status: query.wanted,
    campaign_id: query.campaignId,
    ad_group_id: query.adGroupId,
    ad_count: page.ads.length,
  }),
  heading: ({ args, account, query, page, rows, nextCursor }) => {
    const scope = [
      query.campaignId && `campaign ${query.campaignId}`,
      query.adGroupId && `ad group ${query.adGroupId}`,
    ].filter(Boolean);
    const where = `Google Ads account ${account.account_id}${scope.length > 0 ? `, ${scope.join(', ')}` : ''}`;
    const wanted = query.wanted.join(' or ');
    if (page.ads.length === 0) {
      return (
        `${where}: no ${wanted} ads${args.cursor ? ' after the cursor' : ''}. ` +
        'Check the ids with list_search_campaigns, or ask for other statuses.'
      );
    }
    return (
      `${where}: ${page.ads.length} ${wanted} ad${page.ads.length === 1 ? '' : 's'} in ${rows.length} ad group${rows.length === 1 ? '' : 's'}` +
      `${nextCursor ? ' on this page' : ''}. update_ad_headlines takes the ad group id and ad id ` +
      'of a RESPONSIVE_SEARCH_AD.'
    );
  },
  lines: ({ page }) => page.ads,
  columns: () => [
    ['Campaign', (ad) => ad.campaignName],
    ['Ad group', (ad) => ad.adGroupName],
    ['Ad group id', (ad) => ad.adGroupId],
    ['Ad id', (ad) => ad.adId],
    ['Type', (ad) => ad.type],
    ['Status', (ad) => ad.status],
    ['Headlines', (ad) => headlineText(ad.headlines)],
  ],
  after: ({ nextCursor }) => (nextCursor ? [moreRows('ads', nextCursor)] : []),
});
