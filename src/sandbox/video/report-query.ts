import { type Match, OBJECTIVE_TYPES, PRIMARY_STATUSES, primaryStatusMatch } from './campaign-query.ts';
import { invalid, refuseUnknown } from './envelope.ts';
import { integer, isoDate, jsonParameter, oneOf, queryFlag, text, textList } from './values.ts';

/** Every query parameter of report/integrated/get (TikTok's reference, and the official SDK's list). */
const PARAMETERS = [
  'advertiser_id',
  'advertiser_ids',
  'bc_id',
  'service_type',
  'report_type',
  'data_level',
  'dimensions',
  'metrics',
  'enable_total_metrics',
  'start_date',
  'end_date',
  'query_lifetime',
  'multi_adv_report_in_utc_time',
  'order_field',
  'order_type',
  'filtering',
  'query_mode',
  'page',
  'page_size',
];

const REPORT_TYPES = ['BASIC', 'AUDIENCE', 'PLAYABLE_MATERIAL', 'CATALOG', 'BC', 'TT_SHOP'] as const;
const DATA_LEVELS = ['AUCTION_ADVERTISER', 'AUCTION_CAMPAIGN', 'AUCTION_ADGROUP', 'AUCTION_AD'] as const;
export type DataLevel = (typeof DATA_LEVELS)[number];

/** The ID dimension each data level groups by. */
const ID_DIMENSION: Record<DataLevel, string> = {
  AUCTION_ADVERTISER: 'advertiser_id',
  AUCTION_CAMPAIGN: 'campaign_id',
  AUCTION_ADGROUP: 'adgroup_id',
  AUCTION_AD: 'ad_id',
};
const TIME_DIMENSIONS = ['stat_time_day', 'stat_time_hour'];

/** The metrics the sandbox computes: counts, money and ratios. */
export const NUMERIC_METRICS = [
  'spend',
  'impressions',
  'clicks',
  'conversion',
  'ctr',
  'cpc',
  'cpm',
  'cost_per_conversion',
  'conversion_rate',
] as const;
/** Attribute metrics: they describe the campaign of a row grouped by campaign_id (or below it). */
export const CAMPAIGN_ATTRIBUTES = ['campaign_name', 'objective_type'] as const;
/** Attribute metrics of a row grouped by adgroup_id or ad_id: its ad group, ad and campaign. */
export const OBJECT_ATTRIBUTES = ['campaign_id', 'adgroup_id', 'adgroup_name', 'ad_name'] as const;
export type ReportMetric =
  | (typeof NUMERIC_METRICS)[number]
  | (typeof CAMPAIGN_ATTRIBUTES)[number]
  | (typeof OBJECT_ATTRIBUTES)[number];

/** The ID dimensions an attribute metric may be asked with. */
const ATTRIBUTE_LEVELS: Record<string, readonly string[]> = {
  campaign_name: ['campaign_id', 'adgroup_id', 'ad_id'],
  objective_type: ['campaign_id', 'adgroup_id', 'ad_id'],
  campaign_id: ['adgroup_id', 'ad_id'],
  adgroup_id: ['ad_id'],
  adgroup_name: ['adgroup_id', 'ad_id'],
  ad_name: ['ad_id'],
};

/** TikTok's longest periods: 30 days by day, 365 days otherwise. */
const MAX_DAYS_BY_DAY = 30;
const MAX_DAYS = 365;

export interface ReportQuery {
  dataLevel: DataLevel;
  /** The ID dimension asked for, when one is. */
  idDimension: string | undefined;
  byDay: boolean;
  dimensions: string[];
  metrics: ReportMetric[];
  /** Both ends included; undefined for lifetime metrics. */
  period: { start: string; end: string } | undefined;
  matches: Match;
  /** The campaign ids the filter names: where the magic values arrive. */
  campaignIds: string[];
  /** Only these ad groups (data level AUCTION_ADGROUP or AUCTION_AD), these ads (AUCTION_AD). */
  adGroupIds: string[] | undefined;
  adIds: string[] | undefined;
  order: { field: (typeof NUMERIC_METRICS)[number]; descending: boolean } | undefined;
  totalMetrics: boolean;
  page: number;
  pageSize: number;
}

interface Filter {
  types: readonly string[];
  match(value: string, field: string): Match;
}

/** A filter_value that must hold a JSON list, as TikTok takes IN filters. */
function listValue(
  field: string,
  value: string,
  length: { min: number; max: number },
  values?: readonly string[],
) {
  return textList(field, jsonParameter(field, value), length, values);
}

/** The BASIC report filters on campaigns, checked like TikTok checks them. */
const FILTERS: Record<string, Filter> = {
  campaign_ids: {
    types: ['IN'],
    match(value, field) {
      const ids = listValue(field, value, { min: 1, max: 100 });
      return (c) => ids.includes(c.id);
    },
  },
  campaign_name: {
    types: ['MATCH'],
    match(value) {
      const part = value.toLowerCase();
      return (c) => c.data.campaign_name.toLowerCase().includes(part);
    },
  },
  campaign_status: {
    types: ['IN'],
    match(value, field) {
      const statuses = listValue(field, value, { min: 1, max: PRIMARY_STATUSES.length }, PRIMARY_STATUSES);
      const matches = statuses.map((status) =>
        primaryStatusMatch(status as (typeof PRIMARY_STATUSES)[number]),
      );
      return (c) => matches.some((match) => match(c));
    },
  },
  objective_type: {
    types: ['IN'],
    match(value, field) {
      const objectives = listValue(field, value, { min: 1, max: OBJECTIVE_TYPES.length }, OBJECTIVE_TYPES);
      return (c) => objectives.includes(c.data.objective_type ?? 'TRAFFIC');
    },
  },
};

const FILTER_TYPES = [
  'IN',
  'NOT_IN',
  'MATCH',
  'GREATER_EQUAL',
  'GREATER_THAN',
  'LOWER_EQUAL',
  'LOWER_THAN',
  'BETWEEN',
];

/** The object filters, each from the data level that has its objects. */
const OBJECT_FILTERS: Record<string, readonly DataLevel[]> = {
  adgroup_ids: ['AUCTION_ADGROUP', 'AUCTION_AD'],
  ad_ids: ['AUCTION_AD'],
};

interface Filters {
  matches: Match[];
  campaignIds: string[];
  adGroupIds: string[] | undefined;
  adIds: string[] | undefined;
}

function parseFilters(raw: unknown, dataLevel: DataLevel): Filters {
  const list = jsonParameter('filtering', raw);
  if (!Array.isArray(list)) throw invalid('filtering', 'Not a valid list.');
  const matches: Match[] = [];
  let campaignIds: string[] = [];
  const objects: { adgroup_ids?: string[]; ad_ids?: string[] } = {};
  let statusGiven = false;
  list.forEach((item: unknown, index) => {
    const at = `filtering.${index}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw invalid(at, 'Invalid input type.');
    const condition = item as Record<string, unknown>;
    refuseUnknown(Object.keys(condition), ['field_name', 'filter_type', 'filter_value'], `${at}.`);
    for (const name of ['field_name', 'filter_type', 'filter_value'])
      if (condition[name] === undefined) throw invalid(`${at}.${name}`, 'Missing data for required field.');
    const name = text(`${at}.field_name`, condition.field_name);
    const type = oneOf(`${at}.filter_type`, condition.filter_type, FILTER_TYPES);
    const value = text(`${at}.filter_value`, condition.filter_value);
    const levels = OBJECT_FILTERS[name];
    if (levels) {
      if (!levels.includes(dataLevel))
        throw invalid(`${at}.field_name`, `${name} filters data_level ${levels.join(' or ')}.`);
      if (type !== 'IN') throw invalid(`${at}.filter_type`, `${name} takes filter_type IN.`);
      objects[name as keyof typeof objects] = listValue(`${at}.filter_value`, value, { min: 1, max: 100 });
      return;
    }
    const filter = FILTERS[name];
    if (!filter)
      throw invalid(
        `${at}.field_name`,
        `The TikTok sandbox filters BASIC reports on ${[...Object.keys(FILTERS), ...Object.keys(OBJECT_FILTERS)].join(', ')} (got ${name}).`,
      );
    if (!filter.types.includes(type))
      throw invalid(`${at}.filter_type`, `${name} takes filter_type ${filter.types.join(' or ')}.`);
    matches.push(filter.match(value, `${at}.filter_value`));
    if (name === 'campaign_ids') campaignIds = listValue(`${at}.filter_value`, value, { min: 1, max: 100 });
    if (name === 'campaign_status') statusGiven = true;
  });
  // TikTok applies campaign_status STATUS_NOT_DELETE at the campaign level unless the filter says otherwise.
  if (dataLevel === 'AUCTION_CAMPAIGN' && !statusGiven) matches.push((c) => !c.data.deleted);
  return { matches, campaignIds, adGroupIds: objects.adgroup_ids, adIds: objects.ad_ids };
}

function parseDimensions(raw: unknown, dataLevel: DataLevel): string[] {
  if (raw === undefined) throw invalid('dimensions', 'Missing data for required field.');
  const dimensions = textList('dimensions', jsonParameter('dimensions', raw), { min: 1, max: 4 });
  if (new Set(dimensions).size !== dimensions.length)
    throw invalid('dimensions', 'Duplicate values are not allowed.');
  const ids = Object.values(ID_DIMENSION);
  for (const dimension of dimensions) {
    if (dimension === 'stat_time_hour')
      throw invalid('dimensions', 'The TikTok sandbox keeps days, not hours: use stat_time_day.');
    if (ids.includes(dimension) && dimension !== ID_DIMENSION[dataLevel])
      throw invalid(
        'dimensions',
        `${dimension} cannot be used with data_level ${dataLevel}; use ${ID_DIMENSION[dataLevel]}.`,
      );
    if (!ids.includes(dimension) && !TIME_DIMENSIONS.includes(dimension))
      throw invalid(
        'dimensions',
        `The TikTok sandbox groups BASIC reports by ${ID_DIMENSION[dataLevel]} and stat_time_day (got ${dimension}).`,
      );
  }
  return dimensions;
}

function parseMetrics(raw: unknown, idDimension: string | undefined): ReportMetric[] {
  if (raw === undefined) return ['spend', 'impressions'];
  const metrics = textList('metrics', jsonParameter('metrics', raw), { min: 1, max: 100 });
  const served: readonly string[] = [...NUMERIC_METRICS, ...CAMPAIGN_ATTRIBUTES, ...OBJECT_ATTRIBUTES];
  const unknown = metrics.filter((metric) => !served.includes(metric));
  if (unknown.length > 0)
    throw invalid(
      'metrics',
      `Invalid metric(s): ${unknown.join(', ')}. The TikTok sandbox serves: ${served.join(', ')}.`,
    );
  for (const metric of metrics) {
    const levels = ATTRIBUTE_LEVELS[metric];
    if (levels && !(idDimension && levels.includes(idDimension)))
      throw invalid(
        'metrics',
        `${metric} is an attribute metric: it needs the ${levels.join(' or ')} dimension.`,
      );
  }
  return [...new Set(metrics)] as ReportMetric[];
}

function daySpan(start: string, end: string): number {
  return (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
}

function parsePeriod(query: Record<string, unknown>, byDay: boolean, lifetime: boolean) {
  if (lifetime) {
    if (byDay)
      throw invalid(
        'query_lifetime',
        'Lifetime metrics cannot be broken down by time: remove stat_time_day.',
      );
    return undefined;
  }
  if (query.start_date === undefined) throw invalid('start_date', 'Missing data for required field.');
  if (query.end_date === undefined) throw invalid('end_date', 'Missing data for required field.');
  const start = isoDate('start_date', query.start_date);
  const end = isoDate('end_date', query.end_date);
  if (end < start) throw invalid('end_date', 'Must be on or after start_date.');
  const limit = byDay ? MAX_DAYS_BY_DAY : MAX_DAYS;
  if (daySpan(start, end) > limit)
    throw invalid(
      '',
      byDay
        ? `When dimensions include stat_time_day, the time span between start_date and end_date cannot exceed ${limit} days.`
        : `The time span between start_date and end_date cannot exceed ${limit} days.`,
    );
  return { start, end };
}

/** The query string of report/integrated/get, checked like TikTok checks it; throws TikTok's refusal. */
export function parseReportQuery(query: Record<string, unknown>): ReportQuery {
  refuseUnknown(Object.keys(query), PARAMETERS);
  if (query.report_type === undefined) throw invalid('report_type', 'Missing data for required field.');
  const reportType = oneOf('report_type', query.report_type, REPORT_TYPES);
  if (reportType !== 'BASIC')
    throw invalid('report_type', `The TikTok sandbox serves BASIC reports (got ${reportType}).`);
  if (query.service_type !== undefined) oneOf('service_type', query.service_type, ['AUCTION']);
  if (query.advertiser_ids !== undefined)
    throw invalid('advertiser_ids', 'The TikTok sandbox reports one advertiser a call: pass advertiser_id.');
  if (query.bc_id !== undefined) throw invalid('bc_id', 'Only report_type BC takes bc_id.');
  if (
    query.query_mode !== undefined &&
    oneOf('query_mode', query.query_mode, ['REGULAR', 'CHUNK']) === 'CHUNK'
  )
    throw invalid(
      'query_mode',
      'CHUNK mode is being retired and the TikTok sandbox does not serve it: use REGULAR.',
    );
  if (query.multi_adv_report_in_utc_time !== undefined)
    queryFlag('multi_adv_report_in_utc_time', query.multi_adv_report_in_utc_time);
  if (query.data_level === undefined) throw invalid('data_level', 'Missing data for required field.');
  const dataLevel = oneOf('data_level', query.data_level, DATA_LEVELS);
  const dimensions = parseDimensions(query.dimensions, dataLevel);
  const idDimension = dimensions.find((dimension) => !TIME_DIMENSIONS.includes(dimension));
  const byDay = dimensions.includes('stat_time_day');
  const metrics = parseMetrics(query.metrics, idDimension);
  const lifetime = query.query_lifetime !== undefined && queryFlag('query_lifetime', query.query_lifetime);
  const period = parsePeriod(query, byDay, lifetime);
  const filters =
    query.filtering === undefined ? parseFilters('[]', dataLevel) : parseFilters(query.filtering, dataLevel);
  const descending =
    query.order_type === undefined || oneOf('order_type', query.order_type, ['ASC', 'DESC']) === 'DESC';
  return {
    dataLevel,
    idDimension,
    byDay,
    dimensions,
    metrics,
    period,
    matches: (campaign) => filters.matches.every((match) => match(campaign)),
    campaignIds: filters.campaignIds,
    adGroupIds: filters.adGroupIds,
    adIds: filters.adIds,
    order:
      query.order_field === undefined
        ? undefined
        : { field: oneOf('order_field', query.order_field, NUMERIC_METRICS), descending },
    totalMetrics:
      query.enable_total_metrics !== undefined &&
      queryFlag('enable_total_metrics', query.enable_total_metrics),
    page: query.page === undefined ? 1 : integer('page', query.page, { min: 1 }),
    pageSize:
      query.page_size === undefined ? 10 : integer('page_size', query.page_size, { min: 1, max: 1000 }),
  };
}
