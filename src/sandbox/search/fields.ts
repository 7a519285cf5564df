/**
 * The GAQL fields the sandbox serves, by name, with their types as Google's field reference gives them
 * (https://developers.google.com/google-ads/api/fields/v26/overview), and the resources it serves in FROM
 * with the resources each one's rows carry.
 */

export type Kind = 'int64' | 'double' | 'string' | 'enum' | 'bool' | 'date' | 'repeated';

export interface FieldSpec {
  kind: Kind;
  values?: readonly string[];
}

const string: FieldSpec = { kind: 'string' };
const int64: FieldSpec = { kind: 'int64' };
const double: FieldSpec = { kind: 'double' };
const bool: FieldSpec = { kind: 'bool' };
const repeated: FieldSpec = { kind: 'repeated' };
const enumOf = (...values: string[]): FieldSpec => ({ kind: 'enum', values });
const STATUS = enumOf('ENABLED', 'PAUSED', 'REMOVED');
const MATCH_TYPE = enumOf('EXACT', 'PHRASE', 'BROAD');
// The criterion types of keywords and the criteria next to them in a search campaign.
const CRITERION_TYPE = enumOf(
  'KEYWORD',
  'LOCATION',
  'LANGUAGE',
  'DEVICE',
  'AD_SCHEDULE',
  'AUDIENCE',
  'USER_LIST',
);

export const FIELDS: Readonly<Record<string, FieldSpec>> = {
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
  'campaign.resource_name': string,
  'campaign.id': int64,
  'campaign.name': string,
  'campaign.status': STATUS,
  'campaign.advertising_channel_type': enumOf(
    'SEARCH',
    'DISPLAY',
    'SHOPPING',
    'HOTEL',
    'VIDEO',
    'MULTI_CHANNEL',
    'LOCAL',
    'SMART',
    'PERFORMANCE_MAX',
    'LOCAL_SERVICES',
    'TRAVEL',
    'DEMAND_GEN',
  ),
  'campaign.campaign_budget': string,
  'campaign_budget.resource_name': string,
  'campaign_budget.id': int64,
  'campaign_budget.name': string,
  'campaign_budget.amount_micros': int64,
  'campaign_budget.explicitly_shared': bool,
  'campaign_budget.delivery_method': enumOf('STANDARD', 'ACCELERATED'),
  'campaign_budget.period': enumOf('DAILY', 'CUSTOM_PERIOD'),
  'campaign_budget.reference_count': int64,
  'campaign_budget.status': enumOf('ENABLED', 'REMOVED'),
  'ad_group.resource_name': string,
  'ad_group.id': int64,
  'ad_group.name': string,
  'ad_group.status': STATUS,
  'ad_group.campaign': string,
  'ad_group.type': enumOf('SEARCH_STANDARD', 'DISPLAY_STANDARD', 'SHOPPING_PRODUCT_ADS', 'VIDEO_RESPONSIVE'),
  'ad_group.cpc_bid_micros': int64,
  'ad_group_criterion.resource_name': string,
  'ad_group_criterion.criterion_id': int64,
  'ad_group_criterion.ad_group': string,
  'ad_group_criterion.status': STATUS,
  'ad_group_criterion.type': CRITERION_TYPE,
  'ad_group_criterion.negative': bool,
  'ad_group_criterion.keyword.text': string,
  'ad_group_criterion.keyword.match_type': MATCH_TYPE,
  'campaign_criterion.resource_name': string,
  'campaign_criterion.campaign': string,
  'campaign_criterion.criterion_id': int64,
  'campaign_criterion.negative': bool,
  'campaign_criterion.type': CRITERION_TYPE,
  'campaign_criterion.status': STATUS,
  'campaign_criterion.keyword.text': string,
  'campaign_criterion.keyword.match_type': MATCH_TYPE,
  'keyword_view.resource_name': string,
  'search_term_view.resource_name': string,
  'search_term_view.search_term': string,
  'search_term_view.ad_group': string,
  'search_term_view.status': enumOf('ADDED', 'EXCLUDED', 'ADDED_EXCLUDED', 'NONE'),
  'ad_group_ad.resource_name': string,
  'ad_group_ad.status': STATUS,
  'ad_group_ad.ad_group': string,
  'ad_group_ad.ad.resource_name': string,
  'ad_group_ad.ad.id': int64,
  'ad_group_ad.ad.name': string,
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
  'customer.manager': bool,
  'customer_client.resource_name': string,
  'customer_client.client_customer': string,
  'customer_client.id': int64,
  'customer_client.descriptive_name': string,
  'customer_client.currency_code': string,
  'customer_client.time_zone': string,
  'customer_client.manager': bool,
  'customer_client.level': int64,
  'customer_client.status': enumOf('ENABLED', 'CANCELED', 'SUSPENDED', 'CLOSED'),
  'metrics.impressions': int64,
  'metrics.clicks': int64,
  'metrics.cost_micros': int64,
  'metrics.conversions': double,
  'metrics.ctr': double,
  'metrics.average_cpc': double,
  'segments.date': { kind: 'date' },
  'segments.device': enumOf('MOBILE', 'TABLET', 'DESKTOP', 'CONNECTED_TV', 'OTHER', 'UNKNOWN'),
  'segments.keyword.ad_group_criterion': string,
  'segments.keyword.info.text': string,
  'segments.keyword.info.match_type': MATCH_TYPE,
};

export interface ResourceSpec {
  /** The resources whose fields a row carries: the resource itself first, then its attributed resources. */
  carries: readonly string[];
  /** Whether the sandbox reports metrics and date segments for it (Google does for more resources). */
  reports: boolean;
}

/** The resources the sandbox serves in FROM. */
export const RESOURCES: Readonly<Record<string, ResourceSpec>> = {
  asset: { carries: ['asset', 'customer'], reports: false },
  campaign: { carries: ['campaign', 'campaign_budget', 'customer'], reports: true },
  campaign_budget: { carries: ['campaign_budget', 'customer'], reports: false },
  ad_group: { carries: ['ad_group', 'campaign', 'customer'], reports: true },
  ad_group_criterion: { carries: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'], reports: false },
  keyword_view: {
    carries: ['keyword_view', 'ad_group_criterion', 'ad_group', 'campaign', 'customer'],
    reports: true,
  },
  search_term_view: { carries: ['search_term_view', 'ad_group', 'campaign', 'customer'], reports: true },
  campaign_criterion: { carries: ['campaign_criterion', 'campaign', 'customer'], reports: false },
  ad_group_ad: { carries: ['ad_group_ad', 'ad_group', 'campaign', 'customer'], reports: true },
  customer: { carries: ['customer'], reports: false },
  customer_client: { carries: ['customer_client', 'customer'], reports: false },
};

export type FieldCategory = 'attribute' | 'metric' | 'segment';

export function categoryOf(field: string): FieldCategory {
  if (field.startsWith('metrics.')) return 'metric';
  if (field.startsWith('segments.')) return 'segment';
  return 'attribute';
}

/** The resource (or `metrics`, `segments`) a field belongs to. */
export function ownerOf(field: string): string {
  return field.split('.')[0] ?? '';
}

/** The core date segments: filterable without being selected (only `segments.date` is served). */
export const CORE_DATE_SEGMENTS = ['segments.date'];
