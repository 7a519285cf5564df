import { z } from 'zod';
import { type AdPosition, type ListedAd, listAds } from '../../platforms/search/ad-listing.ts';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import type { AdTextAsset } from '../../platforms/search/types.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument, digitsId } from '../arguments.ts';
import { markdownTable } from '../reads/markdown-table.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { STATUS_FIELDS, STATUSES, statusFields, statusFilter } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { googleStatuses } from './below-campaign.ts';

const NAME = 'list_search_ads';

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
  return [...groups.values()].map(({ first, ads: inGroup }) => ({
    ad_group_id: first.adGroupId,
    name: first.adGroupName,
    ...statusFields('search', first.adGroupStatus),
    campaign_id: first.campaignId,
    campaign_name: first.campaignName,
    ads: inGroup.map((ad) => ({
      ad_id: ad.adId,
      ...statusFields('search', ad.status),
      ad_type: ad.type,
      final_url: ad.finalUrl,
      headlines: ad.headlines === null ? null : headlineFields(ad.headlines),
    })),
  }));
}

export const listSearchAds = defineTool({
  name: NAME,
  description:
    'Google Ads ads by ad group, with status, type and responsive search ad headlines. Use it to find the ids update_ad_headlines takes. Billable: one quota unit.',
  guidance:
    "Lists the ads of a Google Ads account by ad group: ad group and campaign ids and names, each ad's id, " +
    'status and type, and the headlines of responsive search ads with their pins. Read-only. Use it to find ' +
    'the ad_group_id and ad_id that update_ad_headlines takes, or to review ad copy. Filter by campaign_id ' +
    "or ad_group_id; active and paused ads unless status says otherwise (each with Google's platform_status); pages of `limit` ads with " +
    'next_cursor. Billable: one quota unit per call.',
  platform: 'search',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    campaign_id: digitsId().optional().describe('Only the ads of this campaign (digits).'),
    ad_group_id: digitsId().optional().describe('Only the ads of this ad group (digits).'),
    status: statusFilter('search').describe('Only ads with these statuses; default ACTIVE and PAUSED.'),
    limit: limitArgument,
    cursor: cursorArgument,
    customer_id: accountArgument('search'),
  }),
  output: z.object({
    customer_id: z.string().describe('The Google Ads account.'),
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
    next_cursor: z.string().nullable().describe('Pass it as cursor for the next page; null at the end.'),
  }),
  example: { campaign_id: '20123456789', limit: 20 },
  auditFields: ['campaign_id', 'ad_group_id', 'status', 'limit'],
  async run(args, context) {
    const customerId = context.account?.account_id ?? '';
    const wanted = STATUSES.filter((status) => (args.status ?? ['ACTIVE', 'PAUSED']).includes(status));
    const statuses = googleStatuses(args.status);
    const filter = { statuses, campaignId: args.campaign_id, adGroupId: args.ad_group_id };
    const query = {
      tool: NAME,
      customer_id: customerId,
      status: statuses,
      campaign_id: args.campaign_id,
      ad_group_id: args.ad_group_id,
    };
    const after = decodeCursor<AdPosition>(args.cursor, query, NAME);
    const session = await PlatformSession.open(context, searchProtocol);
    const page = await listAds(new SearchClient(session), customerId, { filter, after, limit: args.limit });
    const last = page.ads.at(-1);
    const nextCursor =
      page.more && last ? encodeCursor(query, { adGroupId: last.adGroupId, adId: last.adId }) : null;
    const adGroups = byAdGroup(page.ads);
    const scope = [
      args.campaign_id && `campaign ${args.campaign_id}`,
      args.ad_group_id && `ad group ${args.ad_group_id}`,
    ].filter(Boolean);
    const where = `Google Ads account ${customerId}${scope.length > 0 ? `, ${scope.join(', ')}` : ''}`;
    const count = `${page.ads.length} ${wanted.join(' or ')} ad${page.ads.length === 1 ? '' : 's'}`;
    const sections =
      page.ads.length === 0
        ? [
            `${where}: no ${wanted.join(' or ')} ads${args.cursor ? ' after the cursor' : ''}. ` +
              'Check the ids with list_search_campaigns, or ask for other statuses.',
          ]
        : [
            `${where}: ${count} in ${adGroups.length} ad group${adGroups.length === 1 ? '' : 's'}` +
              `${nextCursor ? ' on this page' : ''}. update_ad_headlines takes the ad group id and ad id ` +
              'of a RESPONSIVE_SEARCH_AD.',
            markdownTable(
              ['Campaign', 'Ad group', 'Ad group id', 'Ad id', 'Type', 'Status', 'Headlines'],
              page.ads.map((ad) => [
                ad.campaignName,
                ad.adGroupName,
                ad.adGroupId,
                ad.adId,
                ad.type,
                ad.status,
                headlineText(ad.headlines),
              ]),
            ),
          ];
    if (nextCursor)
      sections.push(`More ads follow: call again with the same arguments and cursor "${nextCursor}".`);
    return {
      text: sections.join('\n\n'),
      structured: {
        customer_id: customerId,
        status: wanted,
        ...(args.campaign_id && { campaign_id: args.campaign_id }),
        ...(args.ad_group_id && { ad_group_id: args.ad_group_id }),
        ad_count: page.ads.length,
        ad_groups: adGroups,
        next_cursor: nextCursor,
      },
    };
  },
});
