import { AD_FIELDS } from './ad.ts';
import { ADGROUP_FIELDS } from './adgroup.ts';
import { PRIMARY_STATUSES } from './campaign-query.ts';
import { invalid, refuseUnknown } from './envelope.ts';
import { flag, integer, jsonParameter, oneOf, text, textList, utcTime } from './values.ts';

// The query strings of adgroup/get and ad/get, checked like TikTok checks them (FilteringAdgroupGet,
// FilteringAdGet of its reference and official SDK).

const PARAMETERS = [
  'advertiser_id',
  'filtering',
  'page',
  'page_size',
  'fields',
  'exclude_field_types_in_response',
];

/** An ad group or an ad as its filters see it. */
export interface Listed {
  id: string;
  campaignId: string;
  adGroupId: string | undefined;
  name: string;
  primaryStatus: string;
  secondaryStatus: string;
  createdAt: string;
  optimizationGoal: string | undefined;
}

type Match = (item: Listed) => boolean;
const ALL: Match = () => true;
const NONE: Match = () => false;

export interface ObjectKind {
  /** `adgroup` or `ad`: the prefix of its id filter, name filter and secondary statuses. */
  name: 'adgroup' | 'ad';
  secondaryStatuses: readonly string[];
  fields: readonly string[];
}

const ids = (field: string, value: unknown) => textList(field, value, { min: 1, max: 100 });

function filtersOf(kind: ObjectKind): Record<string, (value: unknown, field: string) => Match> {
  const prefix = kind.name.toUpperCase();
  const common: Record<string, (value: unknown, field: string) => Match> = {
    campaign_ids(value, field) {
      const wanted = ids(field, value);
      return (item) => wanted.includes(item.campaignId);
    },
    adgroup_ids(value, field) {
      const wanted = ids(field, value);
      return (item) => item.adGroupId !== undefined && wanted.includes(item.adGroupId);
    },
    [`${kind.name}_name`](value, field) {
      const part = text(field, value).toLowerCase();
      return (item) => item.name.toLowerCase().includes(part);
    },
    primary_status(value, field) {
      const status = oneOf(field, value, PRIMARY_STATUSES);
      if (status === 'STATUS_ALL') return ALL;
      if (status === 'STATUS_NOT_DELETE') return (item) => item.primaryStatus !== 'STATUS_DELETE';
      return (item) => item.primaryStatus === status;
    },
    secondary_status(value, field) {
      const status = oneOf(field, value, kind.secondaryStatuses);
      if (status.endsWith('_STATUS_ALL')) return ALL;
      if (status.endsWith('_STATUS_NOT_DELETE'))
        return (item) => item.secondaryStatus !== `${prefix}_STATUS_DELETE`;
      return (item) => item.secondaryStatus === status;
    },
    optimization_goal(value, field) {
      const goal = text(field, value);
      return (item) => item.optimizationGoal === goal;
    },
    buying_types(value, field) {
      const types = textList(field, value, { min: 1, max: 3 }, [
        'AUCTION',
        'RESERVATION_RF',
        'RESERVATION_TOP_VIEW',
      ]);
      return types.includes('AUCTION') ? ALL : NONE;
    },
    campaign_system_origins(value, field) {
      const origins = textList(field, value, { min: 1, max: 2 }, ['PROMOTE', 'TT_ADS_PLATFORM']);
      return origins.includes('TT_ADS_PLATFORM') ? ALL : NONE;
    },
    creation_filter_start_time(value, field) {
      const start = utcTime(field, value).getTime();
      return (item) => Date.parse(item.createdAt) >= start;
    },
    creation_filter_end_time(value, field) {
      const end = utcTime(field, value).getTime();
      return (item) => Date.parse(item.createdAt) <= end;
    },
  };
  if (kind.name === 'ad') {
    common.ad_ids = (value, field) => {
      const wanted = ids(field, value);
      return (item) => wanted.includes(item.id);
    };
  } else {
    common.split_test_enabled = (value, field) => (flag(field, value) ? NONE : ALL);
  }
  return common;
}

/** Filters TikTok takes that sandbox objects never match beyond the defaults: refused with what to use. */
const NOT_SERVED = [
  'objective_type',
  'billing_events',
  'bid_strategy',
  'creative_material_mode',
  'promotion_type',
  'destination',
  'modified_after',
];

export interface ObjectQuery {
  advertiserId: string | undefined;
  matches: Match;
  page: number;
  pageSize: number;
  fields: readonly string[] | undefined;
  excludeNullFields: boolean;
  /** The ids the filter names: where the magic values arrive. */
  namedIds: string[];
}

export function parseObjectQuery(query: Record<string, unknown>, kind: ObjectKind): ObjectQuery {
  refuseUnknown(Object.keys(query), PARAMETERS);
  const advertiserId = typeof query.advertiser_id === 'string' ? query.advertiser_id : undefined;
  const filtering = query.filtering === undefined ? {} : jsonParameter('filtering', query.filtering);
  if (typeof filtering !== 'object' || filtering === null || Array.isArray(filtering))
    throw invalid('filtering', 'Invalid input type.');
  const filters = filtersOf(kind);
  const given = Object.entries(filtering as Record<string, unknown>);
  for (const [name] of given) {
    if (NOT_SERVED.includes(name))
      throw invalid(
        `filtering.${name}`,
        `The TikTok sandbox does not filter ${kind.name}s on ${name}: filter on ${Object.keys(filters).join(', ')}.`,
      );
  }
  refuseUnknown(
    given.map(([name]) => name),
    Object.keys(filters),
    'filtering.',
  );
  const checks = given.map(([name, value]) => filters[name]?.(value, `filtering.${name}`) ?? NONE);
  const statuses = given.filter(([name]) => name.endsWith('_status')).map(([, value]) => String(value));
  // Like campaign/get: deleted objects only when a status filter asks for them.
  const withDeleted = statuses.some((status) =>
    /(^STATUS_ALL$|^STATUS_DELETE$|_STATUS_ALL$|_STATUS_DELETE$)/.test(status),
  );
  if (!withDeleted) checks.push((item) => item.primaryStatus !== 'STATUS_DELETE');
  const named = ['campaign_ids', 'adgroup_ids', 'ad_ids'].flatMap((name) => {
    const value = (filtering as Record<string, unknown>)[name];
    return Array.isArray(value) ? value.map(String) : [];
  });
  return {
    advertiserId,
    matches: (item) => checks.every((check) => check(item)),
    page: query.page === undefined ? 1 : integer('page', query.page, { min: 1 }),
    pageSize:
      query.page_size === undefined ? 10 : integer('page_size', query.page_size, { min: 1, max: 1000 }),
    fields: query.fields === undefined ? undefined : fieldList(query.fields, kind.fields),
    excludeNullFields:
      query.exclude_field_types_in_response !== undefined &&
      textList(
        'exclude_field_types_in_response',
        jsonParameter('exclude_field_types_in_response', query.exclude_field_types_in_response),
        { min: 1, max: 1 },
        ['NULL_FIELD'],
      ).length > 0,
    namedIds: named,
  };
}

function fieldList(raw: unknown, served: readonly string[]): string[] {
  const fields = textList('fields', jsonParameter('fields', raw), { min: 1, max: 100 });
  const unknown = fields.filter((field) => !served.includes(field));
  if (unknown.length > 0)
    throw invalid('fields', `Invalid field(s): ${unknown.join(', ')}. Supported: ${served.join(', ')}.`);
  return fields;
}

/** The answer's fields: those asked for, without nulls when asked to leave them out. */
export function shapeObject(view: Record<string, unknown>, query: ObjectQuery): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(view).filter(
      ([name, value]) =>
        (query.fields === undefined || query.fields.includes(name)) &&
        !(query.excludeNullFields && value === null),
    ),
  );
}

export const ADGROUP_KIND: ObjectKind = {
  name: 'adgroup',
  secondaryStatuses: [
    'ADGROUP_STATUS_ALL',
    'ADGROUP_STATUS_NOT_DELETE',
    'ADGROUP_STATUS_DELETE',
    'ADGROUP_STATUS_DELIVERY_OK',
    'ADGROUP_STATUS_DISABLE',
    'ADGROUP_STATUS_CAMPAIGN_DISABLE',
    'ADGROUP_STATUS_BUDGET_EXCEED',
    'ADGROUP_STATUS_NOT_START',
    'ADGROUP_STATUS_TIME_DONE',
  ],
  fields: ADGROUP_FIELDS,
};

export const AD_KIND: ObjectKind = {
  name: 'ad',
  secondaryStatuses: [
    'AD_STATUS_ALL',
    'AD_STATUS_NOT_DELETE',
    'AD_STATUS_DELETE',
    'AD_STATUS_DELIVERY_OK',
    'AD_STATUS_DISABLE',
    'AD_STATUS_ADGROUP_DISABLE',
    'AD_STATUS_CAMPAIGN_DISABLE',
    'AD_STATUS_REVIEW',
    'AD_STATUS_REJECT',
  ],
  fields: AD_FIELDS,
};
