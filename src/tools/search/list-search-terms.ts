import { z } from 'zod';
import { SearchClient } from '../../platforms/search/client.ts';
import { searchProtocol } from '../../platforms/search/protocol.ts';
import { listSearchTerms as readSearchTerms } from '../../platforms/search/search-terms.ts';
import { PlatformSession } from '../../platforms/session.ts';
import { defineListTool } from '../reads/list-tool.ts';
import { metricColumns, metricFields } from '../reads/metrics.ts';
import { PERIOD_SCHEMA, periodArguments, periodIssues, resolvePeriod, todayIn } from '../reads/period.ts';
import { idList, METRIC_OUTPUT, PERIOD_OUTPUT } from './below-campaign.ts';
import { moreRows } from './more-rows.ts';

const NAME = 'list_search_terms';

export const listSearchTerms = defineListTool({
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
  filters: {
    campaign_ids: idList(100).optional().describe('Only the terms of these campaigns (digits, at most 100).'),
    without_conversions: z
      .boolean()
      .default(false)
      .describe('Only terms with spend, no conversions and not excluded yet.'),
    ...periodArguments,
  },
  refine: (input) => input.meta(PERIOD_SCHEMA),
  rules: (args) => periodIssues(args),
  example: { without_conversions: true, date_range: 'LAST_30_DAYS', limit: 20 },
  fields: {
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
  },
  rows: 'search_terms',
  position: z.int().min(0),
  query: (args, account, now) => {
    const period = resolvePeriod(args, todayIn(account.time_zone, now), NAME);
    return {
      period,
      filter: {
        campaignIds: args.campaign_ids ? [...args.campaign_ids].sort() : undefined,
        start: period.start,
        end: period.end,
        withoutConversions: args.without_conversions,
      },
    };
  },
  async read({ context, account, query, position = 0, limit }) {
    const client = new SearchClient(await PlatformSession.open(context, searchProtocol));
    const page = await readSearchTerms(client, account.account_id, {
      filter: query.filter,
      offset: position,
      limit,
    });
    return { items: page.terms, next: page.more ? position + page.terms.length : undefined };
  },
  row: (term, { account }) => ({
    search_term: term.searchTerm,
    status: term.status,
    campaign_id: term.campaignId,
    campaign_name: term.campaignName,
    ad_group_id: term.adGroupId,
    ad_group_name: term.adGroupName,
    keyword: term.keyword && { text: term.keyword.text, match_type: term.keyword.matchType },
    metrics: metricFields(term.metrics, account.currency),
  }),
  answer: ({ account, query }) => ({
    currency: account.currency,
    period: { start: query.period.start, end: query.period.end },
  }),
  heading: ({ args, account, query, rows, nextCursor }) =>
    `Google Ads account ${account.account_id}, ${args.without_conversions ? 'search terms with spend and no conversions' : 'search terms'} over ${query.period.label}: ${rows.length}` +
    `${nextCursor ? ' on this page' : ''}, costliest first, amounts in ${account.currency}.` +
    (args.without_conversions && rows.length > 0
      ? ' add_search_negative_keywords excludes them, at campaign or ad group level.'
      : ''),
  columns: ({ account }) => [
    ['Search term', (t) => t.search_term],
    ['Status', (t) => t.status],
    ['Campaign id', (t) => t.campaign_id],
    ['Ad group id', (t) => t.ad_group_id],
    ['Keyword', (t) => (t.keyword ? `${t.keyword.text} (${t.keyword.match_type})` : '–')],
    ...metricColumns(account.currency),
  ],
  after: ({ nextCursor }) => [moreRows('search terms', nextCursor)],
});
