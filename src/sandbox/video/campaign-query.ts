import { CAMPAIGN_FIELDS, type CampaignRecord, primaryStatus, secondaryStatus } from './campaign.ts';
import { invalid, refuseUnknown } from './envelope.ts';
import { flag, integer, jsonParameter, oneOf, text, textList, utcTime } from './values.ts';

const PARAMETERS = [
  'advertiser_id',
  'filtering',
  'page',
  'page_size',
  'fields',
  'exclude_field_types_in_response',
];

export const PRIMARY_STATUSES = [
  'STATUS_ALL',
  'STATUS_NOT_DELETE',
  'STATUS_DELETE',
  'STATUS_DELIVERY_OK',
  'STATUS_DISABLE',
  'STATUS_NOT_DELIVERY',
  'STATUS_TIME_DONE',
  'STATUS_RF_CLOSED',
  'STATUS_FROZEN',
  'STATUS_DELIVERY_PARTIAL',
] as const;

const SECONDARY_STATUSES = [
  'CAMPAIGN_STATUS_ALL',
  'CAMPAIGN_STATUS_NOT_DELETE',
  'CAMPAIGN_STATUS_DELETE',
  'CAMPAIGN_STATUS_ENABLE',
  'CAMPAIGN_STATUS_DISABLE',
  'CAMPAIGN_STATUS_BUDGET_EXCEED',
  'CAMPAIGN_STATUS_ADVERTISER_AUDIT',
  'CAMPAIGN_STATUS_ADVERTISER_AUDIT_DENY',
  'ADVERTISER_CONTRACT_PENDING',
  'ADVERTISER_ACCOUNT_PUNISH',
] as const;

export const OBJECTIVE_TYPES = [
  'APP_PROMOTION',
  'WEB_CONVERSIONS',
  'APP_INSTALL',
  'CONVERSIONS',
  'REACH',
  'TRAFFIC',
  'VIDEO_VIEWS',
  'CATALOG_SALES',
  'PRODUCT_SALES',
  'ENGAGEMENT',
  'LEAD_GENERATION',
  'SHOP_PURCHASES',
  'RF_APP_INSTALL',
  'RF_ENGAGEMENT',
  'RF_REACH',
  'RF_TRAFFIC',
  'RF_VIDEO_VIEW',
] as const;

/** The statuses that ask for deleted campaigns too; without one, campaign/get leaves them out. */
const WITH_DELETED = ['STATUS_ALL', 'STATUS_DELETE', 'CAMPAIGN_STATUS_ALL', 'CAMPAIGN_STATUS_DELETE'];

export type Match = (campaign: CampaignRecord) => boolean;
const NONE: Match = () => false;

/** Campaigns in a primary status; STATUS_ALL and STATUS_NOT_DELETE are the two that gather several. */
export function primaryStatusMatch(status: (typeof PRIMARY_STATUSES)[number]): Match {
  if (status === 'STATUS_ALL') return () => true;
  if (status === 'STATUS_NOT_DELETE') return (c) => !c.data.deleted;
  return (c) => primaryStatus(c.data) === status;
}

/**
 * Every filter of TikTok's FilteringCampaignGet, checked like TikTok checks it. Sandbox campaigns are
 * regular auction campaigns from Ads Manager, so the filters on what they do not have match nothing.
 */
const FILTERS: Record<string, (value: unknown, field: string) => Match> = {
  campaign_ids(value, field) {
    const ids = textList(field, value, { min: 1, max: 100 });
    return (c) => ids.includes(c.id);
  },
  campaign_name(value, field) {
    const part = text(field, value).toLowerCase();
    return (c) => c.data.campaign_name.toLowerCase().includes(part);
  },
  primary_status(value, field) {
    return primaryStatusMatch(oneOf(field, value, PRIMARY_STATUSES));
  },
  secondary_status(value, field) {
    const status = oneOf(field, value, SECONDARY_STATUSES);
    if (status === 'CAMPAIGN_STATUS_ALL') return () => true;
    if (status === 'CAMPAIGN_STATUS_NOT_DELETE') return (c) => !c.data.deleted;
    return (c) => secondaryStatus(c.data) === status;
  },
  objective_type(value, field) {
    const objective = oneOf(field, value, OBJECTIVE_TYPES);
    return (c) => (c.data.objective_type ?? 'TRAFFIC') === objective;
  },
  campaign_type(value, field) {
    return oneOf(field, value, ['REGULAR_CAMPAIGN', 'IOS14_CAMPAIGN']) === 'REGULAR_CAMPAIGN'
      ? () => true
      : NONE;
  },
  buying_types(value, field) {
    const types = textList(field, value, { min: 1, max: 3 }, [
      'AUCTION',
      'RESERVATION_RF',
      'RESERVATION_TOP_VIEW',
    ]);
    return types.includes('AUCTION') ? () => true : NONE;
  },
  campaign_system_origins(value, field) {
    const origins = textList(field, value, { min: 1, max: 2 }, ['PROMOTE', 'TT_ADS_PLATFORM']);
    return origins.includes('TT_ADS_PLATFORM') ? () => true : NONE;
  },
  is_smart_performance_campaign(value, field) {
    return flag(field, value) ? NONE : () => true;
  },
  split_test_enabled(value, field) {
    return flag(field, value) ? NONE : () => true;
  },
  creation_filter_start_time(value, field) {
    const start = utcTime(field, value).getTime();
    return (c) => Date.parse(c.createdAt) >= start;
  },
  creation_filter_end_time(value, field) {
    const end = utcTime(field, value).getTime();
    return (c) => Date.parse(c.createdAt) <= end;
  },
  campaign_product_source(value, field) {
    oneOf(field, value, ['CATALOG', 'STORE']);
    return NONE;
  },
  sales_destination(value, field) {
    oneOf(field, value, ['TIKTOK_SHOP', 'WEBSITE', 'APP']);
    return NONE;
  },
  optimization_goal(value, field) {
    text(field, value);
    return NONE;
  },
  creative_campaign_type(value, field) {
    textList(field, value, { min: 1, max: 10 });
    return NONE;
  },
};

export interface CampaignQuery {
  advertiserId: string | undefined;
  matches: Match;
  page: number;
  pageSize: number;
  fields: readonly string[] | undefined;
  excludeNullFields: boolean;
  /** The campaign ids named by the filter: where the magic values arrive. */
  campaignIds: string[];
}

/** The query string of campaign/get, checked like TikTok checks it; throws TikTok's refusal. */
export function parseCampaignQuery(query: Record<string, unknown>): CampaignQuery {
  refuseUnknown(Object.keys(query), PARAMETERS);
  const advertiserId = typeof query.advertiser_id === 'string' ? query.advertiser_id : undefined;
  const filtering = query.filtering === undefined ? {} : jsonParameter('filtering', query.filtering);
  if (typeof filtering !== 'object' || filtering === null || Array.isArray(filtering))
    throw invalid('filtering', 'Invalid input type.');
  const filters = Object.entries(filtering as Record<string, unknown>);
  refuseUnknown(
    filters.map(([name]) => name),
    Object.keys(FILTERS),
    'filtering.',
  );
  const checks = filters.map(([name, value]) => FILTERS[name]?.(value, `filtering.${name}`) ?? NONE);
  const statuses = filters.filter(([name]) => name.endsWith('_status')).map(([, value]) => value);
  if (!statuses.some((status) => WITH_DELETED.includes(String(status)))) checks.push((c) => !c.data.deleted);
  const named = (filtering as { campaign_ids?: unknown }).campaign_ids;
  return {
    advertiserId,
    matches: (campaign) => checks.every((check) => check(campaign)),
    page: query.page === undefined ? 1 : integer('page', query.page, { min: 1 }),
    pageSize:
      query.page_size === undefined ? 10 : integer('page_size', query.page_size, { min: 1, max: 1000 }),
    fields: query.fields === undefined ? undefined : fieldList(query.fields),
    excludeNullFields:
      query.exclude_field_types_in_response !== undefined &&
      textList(
        'exclude_field_types_in_response',
        jsonParameter('exclude_field_types_in_response', query.exclude_field_types_in_response),
        { min: 1, max: 1 },
        ['NULL_FIELD'],
      ).length > 0,
    campaignIds: Array.isArray(named) ? named.map(String) : [],
  };
}

function fieldList(raw: unknown): string[] {
  const fields = textList('fields', jsonParameter('fields', raw), { min: 1, max: CAMPAIGN_FIELDS.length });
  const unknown = fields.filter((field) => !(CAMPAIGN_FIELDS as readonly string[]).includes(field));
  if (unknown.length > 0)
    throw invalid(
      'fields',
      `Invalid field(s): ${unknown.join(', ')}. Supported: ${CAMPAIGN_FIELDS.join(', ')}.`,
    );
  return fields;
}

/** One page of the matching campaigns, with TikTok's `page_info`; a page past the last is empty. */
export function pageOf<Item>(items: Item[], page: number, pageSize: number) {
  return {
    list: items.slice((page - 1) * pageSize, page * pageSize),
    page_info: {
      page,
      page_size: pageSize,
      total_number: items.length,
      total_page: Math.ceil(items.length / pageSize),
    },
  };
}

/** The answer's fields: those asked for (in TikTok's order), without nulls when asked to leave them out. */
export function shapeCampaign(view: Record<string, unknown>, query: CampaignQuery): Record<string, unknown> {
  const entries = Object.entries(view).filter(
    ([name, value]) =>
      (query.fields === undefined || query.fields.includes(name)) &&
      !(query.excludeNullFields && value === null),
  );
  return Object.fromEntries(entries);
}
