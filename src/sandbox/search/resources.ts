import type { Ad, Asset } from '../../platforms/search/types.ts';
import { magicFault } from '../faults.ts';
import type { SandboxAccount } from '../seed.ts';
import type { SandboxStore } from '../store.ts';
import { GaqlError, type GaqlQuery } from './gaql.ts';

/** What the sandbox keeps per object (type `asset`, `ad_group`, `ad` with its ad group as parent). */
export type StoredAsset = Omit<Asset, 'resourceName' | 'id'>;
export interface StoredAdGroup {
  name: string;
  status: string;
}
export interface StoredAd {
  status: string;
  ad: Omit<Ad, 'resourceName' | 'id'>;
}

type Kind = 'int64' | 'string' | 'enum' | 'bool' | 'repeated';
interface FieldSpec {
  kind: Kind;
  values?: readonly string[];
}

const string: FieldSpec = { kind: 'string' };
const int64: FieldSpec = { kind: 'int64' };
const repeated: FieldSpec = { kind: 'repeated' };
const enumOf = (...values: string[]): FieldSpec => ({ kind: 'enum', values });
const STATUS = enumOf('ENABLED', 'PAUSED', 'REMOVED');

/** The fields the sandbox serves, by GAQL name. */
const FIELDS: Record<string, FieldSpec> = {
  'asset.resource_name': string,
  'asset.id': int64,
  'asset.name': string,
  'asset.type': enumOf('IMAGE', 'SITELINK', 'CALLOUT', 'STRUCTURED_SNIPPET', 'TEXT', 'YOUTUBE_VIDEO'),
  'asset.final_urls': repeated,
  'asset.image_asset.full_size.url': string,
  'asset.image_asset.full_size.width_pixels': int64,
  'asset.image_asset.full_size.height_pixels': int64,
  'asset.image_asset.file_size': int64,
  'asset.image_asset.mime_type': enumOf('IMAGE_JPEG', 'IMAGE_PNG', 'IMAGE_GIF'),
  'asset.sitelink_asset.link_text': string,
  'asset.sitelink_asset.description1': string,
  'asset.sitelink_asset.description2': string,
  'asset.callout_asset.callout_text': string,
  'asset.structured_snippet_asset.header': string,
  'asset.structured_snippet_asset.values': repeated,
  'asset.text_asset.text': string,
  'ad_group.resource_name': string,
  'ad_group.id': int64,
  'ad_group.name': string,
  'ad_group.status': STATUS,
  'ad_group_ad.resource_name': string,
  'ad_group_ad.status': STATUS,
  'ad_group_ad.ad_group': string,
  'ad_group_ad.ad.resource_name': string,
  'ad_group_ad.ad.id': int64,
  'ad_group_ad.ad.type': enumOf('RESPONSIVE_SEARCH_AD', 'EXPANDED_TEXT_AD', 'RESPONSIVE_DISPLAY_AD'),
  'ad_group_ad.ad.final_urls': repeated,
  'ad_group_ad.ad.responsive_search_ad.headlines': repeated,
  'ad_group_ad.ad.responsive_search_ad.descriptions': repeated,
  'ad_group_ad.ad.expanded_text_ad.headline_part1': string,
  'ad_group_ad.ad.expanded_text_ad.headline_part2': string,
  'ad_group_ad.ad.expanded_text_ad.description': string,
  'customer.resource_name': string,
  'customer.id': int64,
  'customer.descriptive_name': string,
  'customer.currency_code': string,
  'customer.time_zone': string,
  'customer.manager': { kind: 'bool' },
};

/** For each resource the sandbox serves in FROM, the resources whose fields a row carries. */
const RESOURCES: Record<string, readonly string[]> = {
  asset: ['asset', 'customer'],
  ad_group_ad: ['ad_group_ad', 'ad_group', 'customer'],
  customer: ['customer'],
};

type Row = Record<string, Record<string, unknown>>;

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function specOf(field: string, resource: string, clause: 'SELECT' | 'WHERE'): FieldSpec {
  const spec = FIELDS[field];
  if (!spec) throw new GaqlError('UNRECOGNIZED_FIELD', `Unrecognized field in the query: '${field}'.`);
  const owner = field.split('.')[0] ?? '';
  if (!RESOURCES[resource]?.includes(owner)) {
    throw new GaqlError(
      `PROHIBITED_RESOURCE_TYPE_IN_${clause}_CLAUSE`,
      `Cannot use the field '${field}' in the ${clause} clause of a query FROM ${resource}.`,
    );
  }
  return spec;
}

/** Checks the query against what the sandbox serves, like Google does before running it. */
export function checkQuery(query: GaqlQuery): void {
  if (!RESOURCES[query.resource]) {
    throw new GaqlError(
      'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE',
      `Error in query: the sandbox cannot query FROM '${query.resource}'; it serves ${Object.keys(RESOURCES).join(', ')}.`,
    );
  }
  for (const field of query.fields) specOf(field, query.resource, 'SELECT');
  for (const condition of query.conditions) {
    const spec = specOf(condition.field, query.resource, 'WHERE');
    if (spec.kind === 'repeated') {
      throw new GaqlError(
        'BAD_OPERATOR',
        `Error in query: the repeated field '${condition.field}' cannot be compared with ${condition.operator}.`,
      );
    }
    for (const literal of condition.values) {
      if (spec.kind === 'enum' && (literal.kind !== 'string' || !spec.values?.includes(literal.value))) {
        throw new GaqlError(
          'BAD_ENUM_CONSTANT',
          `Error in query: invalid enum value ${literal.value} for '${condition.field}'.`,
        );
      }
      const isId =
        literal.kind === 'number' ? /^\d+$/.test(literal.value) : magicFault(literal.value) !== undefined;
      if (spec.kind === 'int64' && !isId) {
        throw new GaqlError(
          'BAD_NUMBER',
          `Error in query: '${literal.value}' is not a valid number for '${condition.field}'.`,
        );
      }
    }
  }
}

function valueAt(row: Row, field: string): unknown {
  const [owner = '', ...path] = field.split('.');
  let value: unknown = row[owner];
  for (const name of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[camel(name)];
  }
  return value;
}

function matches(row: Row, query: GaqlQuery): boolean {
  return query.conditions.every((condition) => {
    const value = valueAt(row, condition.field);
    return value !== undefined && condition.values.some((literal) => String(value) === literal.value);
  });
}

/** The selected fields of a row, shaped as Google's JSON: `{asset: {resourceName, id, ...}}`. */
function project(row: Row, fields: string[]): Record<string, unknown> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const field of fields) {
    const [owner = '', ...path] = field.split('.');
    const top = camel(owner);
    const resource = out[top] ?? { resourceName: row[owner]?.resourceName };
    out[top] = resource;
    const value = valueAt(row, field);
    if (value === undefined) continue;
    let target = resource;
    for (const name of path.slice(0, -1)) {
      const next = (target[camel(name)] ?? {}) as Record<string, unknown>;
      target[camel(name)] = next;
      target = next;
    }
    target[camel(path.at(-1) ?? '')] = value;
  }
  return out;
}

async function customerOf(store: SandboxStore, customerId: string): Promise<Record<string, unknown>> {
  const account = await store.get<SandboxAccount>('account', customerId);
  return {
    resourceName: `customers/${customerId}`,
    id: customerId,
    descriptiveName: account?.data.name,
    currencyCode: account?.data.currency,
    timeZone: 'America/New_York',
    manager: false,
  };
}

async function rowsOf(store: SandboxStore, resource: string, customerId: string): Promise<Row[]> {
  const customer = await customerOf(store, customerId);
  if (resource === 'customer') return [{ customer }];
  if (resource === 'asset') {
    const assets = await store.list<StoredAsset>('asset', customerId);
    return assets.map((asset) => ({
      asset: { resourceName: `customers/${customerId}/assets/${asset.id}`, id: asset.id, ...asset.data },
      customer,
    }));
  }
  const groups = new Map(
    (await store.list<StoredAdGroup>('ad_group', customerId)).map((group) => [group.id, group.data]),
  );
  const ads = await store.list<StoredAd>('ad', customerId);
  return ads.map((ad) => {
    const groupId = ad.parentId ?? '';
    const group = groups.get(groupId);
    const groupName = `customers/${customerId}/adGroups/${groupId}`;
    return {
      ad_group_ad: {
        resourceName: `customers/${customerId}/adGroupAds/${groupId}~${ad.id}`,
        status: ad.data.status,
        adGroup: groupName,
        ad: { resourceName: `customers/${customerId}/ads/${ad.id}`, id: ad.id, ...ad.data.ad },
      },
      ad_group: { resourceName: groupName, id: groupId, name: group?.name, status: group?.status },
      customer,
    };
  });
}

/** Runs a checked query over the customer's sandbox objects; rows in a stable order, for paging. */
export async function runQuery(
  store: SandboxStore,
  customerId: string,
  query: GaqlQuery,
): Promise<Array<Record<string, unknown>>> {
  const rows = await rowsOf(store, query.resource, customerId);
  return rows.filter((row) => matches(row, query)).map((row) => project(row, query.fields));
}
