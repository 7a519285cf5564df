import { z } from 'zod';
import { SearchClient } from '../../platforms/search/client.ts';
import { listKeywords } from '../../platforms/search/keywords.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { metricColumns, metricFields } from '../reads/metrics.ts';
import { PERIOD_SCHEMA, periodArguments, periodIssues, resolvePeriod, todayIn } from '../reads/period.ts';
import { STATUS_FIELDS, statusFields, statusFilter, statusText } from '../status-vocabulary.ts';
import { googleStatuses, idList, METRIC_OUTPUT, PERIOD_OUTPUT } from './below-campaign.ts';
import { moreRows } from './more-rows.ts';

const NAME = 'list_search_keywords';

export const listSearchKeywords = defineListTool({
  name: NAME,
  description:
    'Google Ads keywords with match type, ad group, status and impressions, clicks, spend and ' +
    'conversions over a period. Use it to find keywords that waste money. Billable: one quota unit.',
  guidance:
    'Lists the keywords of a Google Ads account with text, match type, ad group, campaign, status and ' +
    'impressions, clicks, spend and conversions over a period (default LAST_7_DAYS). Read-only. Each shows ' +
    "status (ACTIVE, PAUSED or REMOVED) and Google's own platform_status. Use it to find keywords that " +
    'waste money before pausing them with update_search_keywords. Filter by campaign_ids or ad_group_ids; ' +
    'pages of `limit` with next_cursor. Billable: one quota unit per call.',
  platform: 'search',
  filters: {
    campaign_ids: idList(100)
      .optional()
      .describe('Only the keywords of these campaigns (digits, at most 100).'),
    ad_group_ids: idList(100)
      .optional()
      .describe('Only the keywords of these ad groups (digits, at most 100).'),
    status: statusFilter('search').describe('Only keywords with these statuses; default ACTIVE and PAUSED.'),
    ...periodArguments,
  },
  refine: (input) => input.meta(PERIOD_SCHEMA),
  rules: (args) => periodIssues(args),
  example: { campaign_ids: ['20123456789'], date_range: 'LAST_30_DAYS', limit: 20 },
  fields: {
    currency: z.string().describe('The account currency of every amount.'),
    period: PERIOD_OUTPUT,
    keywords: z
      .array(
        z.object({
          keyword_id: z.string().describe('The criterion id, which update_search_keywords takes.'),
          text: z.string().describe('The keyword text.'),
          match_type: z.string().describe('EXACT, PHRASE or BROAD.'),
          ad_group_id: z.string().describe('Its ad group.'),
          ad_group_name: z.string().describe("Its ad group's name."),
          campaign_id: z.string().describe('Its campaign.'),
          campaign_name: z.string().describe("Its campaign's name."),
          ...STATUS_FIELDS,
          metrics: METRIC_OUTPUT.describe('Its metrics over the period.'),
        }),
      )
      .describe('The keywords of this page, by ad group and id.'),
  },
  rows: 'keywords',
  position: z.int().min(0),
  query: (args, account, now) => {
    const period = resolvePeriod(args, todayIn(account.time_zone, now), NAME);
    return {
      period,
      filter: {
        statuses: googleStatuses(args.status),
        campaignIds: args.campaign_ids ? [...args.campaign_ids].sort() : undefined,
        adGroupIds: args.ad_group_ids ? [...args.ad_group_ids].sort() : undefined,
        start: period.start,
        end: period.end,
      },
    };
  },
  async read({ context, account, query, position = 0, limit }) {
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const page = await listKeywords(client, account.account_id, {
      filter: query.filter,
      offset: position,
      limit,
    });
    return { items: page.keywords, next: page.more ? position + page.keywords.length : undefined };
  },
  row: (keyword, { account }) => ({
    keyword_id: keyword.criterionId,
    text: keyword.text,
    match_type: keyword.matchType,
    ad_group_id: keyword.adGroupId,
    ad_group_name: keyword.adGroupName,
    campaign_id: keyword.campaignId,
    campaign_name: keyword.campaignName,
    ...statusFields('search', keyword.status),
    metrics: metricFields(keyword.metrics, account.currency),
  }),
  answer: ({ account, query }) => ({
    currency: account.currency,
    period: { start: query.period.start, end: query.period.end },
  }),
  heading: ({ account, query, rows, nextCursor }) =>
    `Google Ads account ${account.account_id}, keywords over ${query.period.label}: ${rows.length}` +
    `${nextCursor ? ' on this page' : ''}, amounts in ${account.currency}. update_search_keywords takes the ad ` +
    'group id and keyword ids.',
  columns: ({ account }) => [
    ['Ad group', (k) => k.ad_group_name],
    ['Ad group id', (k) => k.ad_group_id],
    ['Keyword id', (k) => k.keyword_id],
    ['Keyword', (k) => k.text],
    ['Match', (k) => k.match_type],
    ['Status', statusText],
    ...metricColumns(account.currency),
  ],
  after: ({ nextCursor }) => [moreRows('keywords', nextCursor)],
});
