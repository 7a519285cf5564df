import { z } from 'zod';
import { SearchClient } from '../../platforms/search/client.ts';
import { listKeywords } from '../../platforms/search/keywords.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument } from '../arguments.ts';
import { metricFields, metricsTable } from '../reads/metrics.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { PERIOD_SCHEMA, periodArguments, periodIssues, resolvePeriod, todayIn } from '../reads/period.ts';
import { STATUS_FIELDS, statusFields, statusFilter } from '../status-vocabulary.ts';
import { defineTool } from '../tool.ts';
import { googleStatuses, idList, METRIC_OUTPUT, PERIOD_OUTPUT } from './below-campaign.ts';

const NAME = 'list_search_keywords';

export const listSearchKeywords = defineTool({
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
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      campaign_ids: idList(100)
        .optional()
        .describe('Only the keywords of these campaigns (digits, at most 100).'),
      ad_group_ids: idList(100)
        .optional()
        .describe('Only the keywords of these ad groups (digits, at most 100).'),
      status: statusFilter('search').describe(
        'Only keywords with these statuses; default ACTIVE and PAUSED.',
      ),
      ...periodArguments,
      limit: limitArgument,
      cursor: cursorArgument,
      customer_id: accountArgument('search'),
    })
    .meta(PERIOD_SCHEMA),
  output: z.object({
    customer_id: z.string().describe('The Google Ads account.'),
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
    next_cursor: z.string().nullable().describe('Pass it as cursor for the next page; null at the end.'),
  }),
  example: { campaign_ids: ['20123456789'], date_range: 'LAST_30_DAYS', limit: 20 },
  rules: (args) => periodIssues(args),
  auditFields: ['campaign_ids', 'ad_group_ids', 'status', 'date_range', 'start_date', 'end_date', 'limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${NAME} needs the resolved account`);
    const customerId = account.account_id;
    const period = resolvePeriod(args, todayIn(account.time_zone, context.now), NAME);
    const statuses = googleStatuses(args.status);
    const campaignIds = args.campaign_ids ? [...args.campaign_ids].sort() : undefined;
    const adGroupIds = args.ad_group_ids ? [...args.ad_group_ids].sort() : undefined;
    const query = {
      tool: NAME,
      customer_id: customerId,
      statuses,
      campaign_ids: campaignIds,
      ad_group_ids: adGroupIds,
      start: period.start,
      end: period.end,
    };
    const offset = decodeCursor<number>(args.cursor, query, NAME) ?? 0;
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const page = await listKeywords(client, customerId, {
      filter: { statuses, campaignIds, adGroupIds, start: period.start, end: period.end },
      offset,
      limit: args.limit,
    });
    const currency = account.currency;
    const keywords = page.keywords.map((keyword) => ({
      keyword_id: keyword.criterionId,
      text: keyword.text,
      match_type: keyword.matchType,
      ad_group_id: keyword.adGroupId,
      ad_group_name: keyword.adGroupName,
      campaign_id: keyword.campaignId,
      campaign_name: keyword.campaignName,
      ...statusFields('search', keyword.status),
      metrics: metricFields(keyword.metrics, currency),
    }));
    const nextCursor = page.more ? encodeCursor(query, offset + keywords.length) : null;
    const sections = [
      `Google Ads account ${customerId}, keywords over ${period.label}: ${keywords.length}` +
        `${nextCursor ? ' on this page' : ''}, amounts in ${currency}. update_search_keywords takes the ad ` +
        'group id and keyword ids.',
      ...(keywords.length > 0
        ? [
            metricsTable(
              currency,
              ['Ad group', 'Ad group id', 'Keyword id', 'Keyword', 'Match', 'Status'],
              keywords.map((k) => ({
                cells: [
                  k.ad_group_name,
                  k.ad_group_id,
                  k.keyword_id,
                  k.text,
                  k.match_type,
                  k.platform_status,
                ],
                fields: k.metrics,
              })),
            ),
          ]
        : []),
      nextCursor
        ? `More keywords follow: call again with the same arguments and cursor "${nextCursor}".`
        : 'That is all of them.',
    ];
    return {
      text: sections.join('\n\n'),
      structured: {
        customer_id: customerId,
        currency,
        period: { start: period.start, end: period.end },
        keywords,
        next_cursor: nextCursor,
      },
    };
  },
});
