import { z } from 'zod';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { listSearchTerms as readSearchTerms } from '../../platforms/search/search-terms.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { accountArgument } from '../arguments.ts';
import { metricFields, metricsTable } from '../reads/metrics.ts';
import { cursorArgument, decodeCursor, encodeCursor, limitArgument } from '../reads/paging.ts';
import { PERIOD_SCHEMA, periodArguments, periodIssues, resolvePeriod, todayIn } from '../reads/period.ts';
import { defineTool } from '../tool.ts';
import { idList, METRIC_OUTPUT, PERIOD_OUTPUT } from './below-campaign.ts';

const NAME = 'list_search_terms';

export const listSearchTerms = defineTool({
  name: NAME,
  description:
    'The Google Ads search terms report: what people searched, the keyword it matched and metrics, ' +
    'costliest first. without_conversions finds candidates for negatives. Billable: one quota unit.',
  guidance:
    'The search terms report of a Google Ads account: what people searched, the keyword it matched, ' +
    'whether it is added or excluded, and metrics over a period, costliest first. Read-only. ' +
    'without_conversions keeps the terms that cost money and never converted: candidates for ' +
    'add_search_negative_keywords. Pages of `limit` with next_cursor. Billable: one quota unit per call.',
  platform: 'search',
  billable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: z
    .strictObject({
      campaign_ids: idList(100)
        .optional()
        .describe('Only the terms of these campaigns (digits, at most 100).'),
      without_conversions: z
        .boolean()
        .default(false)
        .describe('Only terms with spend, no conversions and not excluded yet.'),
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
    search_terms: z
      .array(
        z.object({
          search_term: z.string().describe('What was searched.'),
          status: z.string().describe('ADDED, EXCLUDED, ADDED_EXCLUDED or NONE (Google search term status).'),
          campaign_id: z.string().describe('The campaign it showed an ad of.'),
          campaign_name: z.string().describe("The campaign's name."),
          ad_group_id: z.string().describe('The ad group it showed an ad of.'),
          ad_group_name: z.string().describe("The ad group's name."),
          keyword: z
            .object({
              text: z.string().describe('Keyword text.'),
              match_type: z.string().describe('Its match type.'),
            })
            .nullable()
            .describe('The keyword it matched; null when Google does not say.'),
          metrics: METRIC_OUTPUT.describe('Its metrics over the period.'),
        }),
      )
      .describe('The terms of this page, costliest first.'),
    next_cursor: z.string().nullable().describe('Pass it as cursor for the next page; null at the end.'),
  }),
  example: { without_conversions: true, date_range: 'LAST_30_DAYS', limit: 20 },
  rules: (args) => periodIssues(args),
  auditFields: ['campaign_ids', 'without_conversions', 'date_range', 'start_date', 'end_date', 'limit'],
  async run(args, context) {
    const account = context.account;
    if (!account) throw new Error(`${NAME} needs the resolved account`);
    const customerId = account.account_id;
    const period = resolvePeriod(args, todayIn(account.time_zone, context.now), NAME);
    const campaignIds = args.campaign_ids ? [...args.campaign_ids].sort() : undefined;
    const query = {
      tool: NAME,
      customer_id: customerId,
      campaign_ids: campaignIds,
      without_conversions: args.without_conversions,
      start: period.start,
      end: period.end,
    };
    const offset = decodeCursor<number>(args.cursor, query, NAME) ?? 0;
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const page = await readSearchTerms(client, customerId, {
      filter: {
        campaignIds,
        start: period.start,
        end: period.end,
        withoutConversions: args.without_conversions,
      },
      offset,
      limit: args.limit,
    });
    const currency = account.currency;
    const terms = page.terms.map((term) => ({
      search_term: term.searchTerm,
      status: term.status,
      campaign_id: term.campaignId,
      campaign_name: term.campaignName,
      ad_group_id: term.adGroupId,
      ad_group_name: term.adGroupName,
      keyword: term.keyword && { text: term.keyword.text, match_type: term.keyword.matchType },
      metrics: metricFields(term.metrics, currency),
    }));
    const nextCursor = page.more ? encodeCursor(query, offset + terms.length) : null;
    const which = args.without_conversions ? 'search terms with spend and no conversions' : 'search terms';
    const sections = [
      `Google Ads account ${customerId}, ${which} over ${period.label}: ${terms.length}` +
        `${nextCursor ? ' on this page' : ''}, costliest first, amounts in ${currency}.` +
        (args.without_conversions && terms.length > 0
          ? ' add_search_negative_keywords excludes them, at campaign or ad group level.'
          : ''),
      ...(terms.length > 0
        ? [
            metricsTable(
              currency,
              ['Search term', 'Status', 'Campaign id', 'Ad group id', 'Keyword'],
              terms.map((t) => ({
                cells: [
                  t.search_term,
                  t.status,
                  t.campaign_id,
                  t.ad_group_id,
                  t.keyword ? `${t.keyword.text} (${t.keyword.match_type})` : '–',
                ],
                fields: t.metrics,
              })),
            ),
          ]
        : []),
      nextCursor
        ? `More search terms follow: call again with the same arguments and cursor "${nextCursor}".`
        : 'That is all of them.',
    ];
    return {
      text: sections.join('\n\n'),
      structured: {
        customer_id: customerId,
        currency,
        period: { start: period.start, end: period.end },
        search_terms: terms,
        next_cursor: nextCursor,
      },
    };
  },
});
