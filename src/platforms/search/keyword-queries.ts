/** The GAQL queries below the campaign (ad groups, keywords, search terms, negatives), built like queries.ts's. */
import { gaqlId, gaqlString } from './queries.ts';

const list = (values: readonly string[], quote: (value: string) => string) =>
  `(${values.map(quote).join(', ')})`;

function where(conditions: Array<string | false | undefined>): string {
  const kept = conditions.filter((condition): condition is string => Boolean(condition));
  return kept.length > 0 ? ` WHERE ${kept.join(' AND ')}` : '';
}

const METRICS = 'metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions';
const between = (start: string, end: string) =>
  `segments.date BETWEEN ${gaqlString(start)} AND ${gaqlString(end)}`;
const inIds = (field: string, ids: readonly string[] | undefined) =>
  ids !== undefined && ids.length > 0 && `${field} IN ${list(ids, gaqlId)}`;

export interface AdGroupFilter {
  statuses: readonly string[];
  campaignIds?: readonly string[] | undefined;
}

/** Ad groups in id order, `limit` rows at most (GAQL has no offset: a page reads the rows before it too). */
export function adGroupsQuery(filter: AdGroupFilter, limit: number): string {
  return (
    'SELECT ad_group.id, ad_group.name, ad_group.status, ad_group.type, ad_group.cpc_bid_micros, campaign.id, ' +
    `campaign.name, customer.currency_code FROM ad_group${where([
      `ad_group.status IN ${list(filter.statuses, gaqlString)}`,
      inIds('campaign.id', filter.campaignIds),
    ])} ORDER BY ad_group.id LIMIT ${limit}`
  );
}

export interface KeywordFilter extends AdGroupFilter {
  adGroupIds?: readonly string[] | undefined;
  start: string;
  end: string;
}

/** Positive keywords with their metrics over the period, by ad group and criterion id. */
export function keywordsQuery(filter: KeywordFilter, limit: number): string {
  return (
    'SELECT ad_group_criterion.criterion_id, ad_group_criterion.keyword.text, ' +
    'ad_group_criterion.keyword.match_type, ad_group_criterion.status, ad_group.id, ad_group.name, campaign.id, ' +
    `campaign.name, ${METRICS} FROM keyword_view${where([
      between(filter.start, filter.end),
      "ad_group_criterion.type = 'KEYWORD'",
      'ad_group_criterion.negative = FALSE',
      `ad_group_criterion.status IN ${list(filter.statuses, gaqlString)}`,
      inIds('campaign.id', filter.campaignIds),
      inIds('ad_group.id', filter.adGroupIds),
    ])} ORDER BY ad_group.id, ad_group_criterion.criterion_id LIMIT ${limit}`
  );
}

export interface SearchTermFilter {
  campaignIds?: readonly string[] | undefined;
  start: string;
  end: string;
  /** Only terms that cost something, brought no conversion and are not excluded yet. */
  withoutConversions: boolean;
}

/** The search terms report, costliest first, with the keyword each term matched. */
export function searchTermsQuery(filter: SearchTermFilter, limit: number): string {
  return (
    'SELECT search_term_view.search_term, search_term_view.status, segments.keyword.info.text, ' +
    'segments.keyword.info.match_type, ad_group.id, ad_group.name, campaign.id, campaign.name, ' +
    `${METRICS} FROM search_term_view${where([
      between(filter.start, filter.end),
      inIds('campaign.id', filter.campaignIds),
      filter.withoutConversions && 'metrics.cost_micros > 0',
      filter.withoutConversions && 'metrics.conversions = 0',
      filter.withoutConversions && "search_term_view.status NOT IN ('EXCLUDED', 'ADDED_EXCLUDED')",
    ])} ORDER BY metrics.cost_micros DESC LIMIT ${limit}`
  );
}

/** One ad group with its campaign and the customer's currency: what an update starts from. */
export function adGroupForUpdateQuery(adGroupId: string): string {
  return (
    'SELECT ad_group.id, ad_group.name, ad_group.status, ad_group.type, ad_group.cpc_bid_micros, campaign.id, ' +
    `campaign.name, campaign.status, customer.currency_code FROM ad_group WHERE ad_group.id = ${gaqlId(adGroupId)}`
  );
}

/** Criteria of one ad group by id, whatever their kind: to check each is a keyword before changing it. */
export function criteriaOfAdGroupQuery(adGroupId: string, criterionIds: readonly string[]): string {
  return (
    'SELECT ad_group_criterion.criterion_id, ad_group_criterion.status, ad_group_criterion.negative, ' +
    'ad_group_criterion.type, ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, ' +
    `ad_group.id FROM ad_group_criterion WHERE ad_group.id = ${gaqlId(adGroupId)} AND ` +
    `ad_group_criterion.criterion_id IN ${list(criterionIds, gaqlId)}`
  );
}

/** The negative keywords of an ad group. */
export function adGroupNegativesQuery(adGroupId: string): string {
  return (
    'SELECT ad_group_criterion.criterion_id, ad_group_criterion.keyword.text, ' +
    'ad_group_criterion.keyword.match_type, ad_group.id FROM ad_group_criterion WHERE ' +
    `ad_group.id = ${gaqlId(adGroupId)} AND ad_group_criterion.type = 'KEYWORD' AND ` +
    "ad_group_criterion.negative = TRUE AND ad_group_criterion.status != 'REMOVED'"
  );
}

/** The negative keywords of a campaign. */
export function campaignNegativesQuery(campaignId: string): string {
  return (
    'SELECT campaign_criterion.criterion_id, campaign_criterion.keyword.text, ' +
    'campaign_criterion.keyword.match_type, campaign.id FROM campaign_criterion WHERE ' +
    `campaign.id = ${gaqlId(campaignId)} AND campaign_criterion.type = 'KEYWORD' AND ` +
    "campaign_criterion.negative = TRUE AND campaign_criterion.status != 'REMOVED'"
  );
}
