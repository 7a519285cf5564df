/** The GAQL queries the search tools send, built so that no argument can change a query's shape. */

/** An id in a condition: bare digits, or a quoted string (the sandbox's magic ids are not digits). */
export function gaqlId(value: string): string {
  return /^\d{1,19}$/.test(value) ? value : gaqlString(value);
}

/** A single-quoted GAQL string literal with `\` and `'` escaped. */
export function gaqlString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

export const ASSET_TYPES = {
  images: 'IMAGE',
  sitelinks: 'SITELINK',
  callouts: 'CALLOUT',
  structured_snippets: 'STRUCTURED_SNIPPET',
} as const;

export type AssetKind = keyof typeof ASSET_TYPES;

export function assetQuery(kinds: readonly AssetKind[]): string {
  const types = kinds.map((kind) => gaqlString(ASSET_TYPES[kind])).join(', ');
  return [
    'SELECT asset.id, asset.name, asset.type, asset.final_urls,',
    'asset.image_asset.full_size.url, asset.image_asset.full_size.width_pixels,',
    'asset.image_asset.full_size.height_pixels, asset.image_asset.file_size,',
    'asset.sitelink_asset.link_text, asset.sitelink_asset.description1, asset.sitelink_asset.description2,',
    'asset.callout_asset.callout_text, asset.structured_snippet_asset.header,',
    'asset.structured_snippet_asset.values',
    `FROM asset WHERE asset.type IN (${types})`,
  ].join(' ');
}

const AD_FIELDS =
  'SELECT ad_group.id, ad_group.name, ad_group_ad.status, ad_group_ad.ad.id, ad_group_ad.ad.type, ' +
  'ad_group_ad.ad.responsive_search_ad.headlines FROM ad_group_ad';

/** The ad as it sits in that ad group, if it does. */
export function adInAdGroupQuery(adGroupId: string, adId: string): string {
  return `${AD_FIELDS} WHERE ad_group.id = ${gaqlId(adGroupId)} AND ad_group_ad.ad.id = ${gaqlId(adId)}`;
}

/** Where the ad sits, whatever its ad group: to say why a lookup in one ad group found nothing. */
export function adAnywhereQuery(adId: string): string {
  return `${AD_FIELDS} WHERE ad_group_ad.ad.id = ${gaqlId(adId)}`;
}

export const CUSTOMER_QUERY =
  'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager ' +
  'FROM customer';

/**
 * A manager's whole hierarchy, itself at level 0, as Google's "Get account hierarchy" guide reads it
 * (developers.google.com/google-ads/api/docs/account-management/get-account-hierarchy).
 */
export const CUSTOMER_CLIENT_QUERY =
  'SELECT customer_client.client_customer, customer_client.id, customer_client.descriptive_name, ' +
  'customer_client.currency_code, customer_client.time_zone, customer_client.manager, customer_client.level, ' +
  'customer_client.status FROM customer_client';

/** `AND`-joined conditions after WHERE, or nothing. */
function where(conditions: Array<string | false | undefined>): string {
  const kept = conditions.filter((condition): condition is string => Boolean(condition));
  return kept.length > 0 ? ` WHERE ${kept.join(' AND ')}` : '';
}

function inList(values: readonly string[], quote: (value: string) => string): string {
  return `(${values.map(quote).join(', ')})`;
}

/**
 * Campaigns with their budgets, in id order from after `afterId`: at most `limit` rows, so that a page is
 * one query whatever Google's own page size.
 */
export function campaignsQuery(
  statuses: readonly string[],
  afterId: string | undefined,
  limit: number,
): string {
  return (
    'SELECT campaign.id, campaign.name, campaign.status, campaign.advertising_channel_type, ' +
    'campaign_budget.id, campaign_budget.amount_micros, campaign_budget.explicitly_shared, ' +
    `customer.currency_code FROM campaign${where([
      `campaign.status IN ${inList(statuses, gaqlString)}`,
      afterId !== undefined && `campaign.id > ${gaqlId(afterId)}`,
    ])} ORDER BY campaign.id LIMIT ${limit}`
  );
}

export interface AdFilter {
  statuses: readonly string[];
  campaignId?: string | undefined;
  adGroupId?: string | undefined;
}

const LISTED_AD_FIELDS =
  'SELECT campaign.id, campaign.name, ad_group.id, ad_group.name, ad_group.status, ad_group_ad.status, ' +
  'ad_group_ad.ad.id, ad_group_ad.ad.type, ad_group_ad.ad.final_urls, ' +
  'ad_group_ad.ad.responsive_search_ad.headlines FROM ad_group_ad';

function adConditions(filter: AdFilter): string[] {
  return [
    `ad_group_ad.status IN ${inList(filter.statuses, gaqlString)}`,
    ...(filter.campaignId !== undefined ? [`campaign.id = ${gaqlId(filter.campaignId)}`] : []),
    ...(filter.adGroupId !== undefined ? [`ad_group.id = ${gaqlId(filter.adGroupId)}`] : []),
  ];
}

/** The ads of one ad group after `afterAdId`, in id order: the rest of the ad group a page stopped in. */
export function adsInGroupQuery(
  filter: AdFilter,
  adGroupId: string,
  afterAdId: string,
  limit: number,
): string {
  return `${LISTED_AD_FIELDS}${where([
    ...adConditions(filter),
    `ad_group.id = ${gaqlId(adGroupId)}`,
    `ad_group_ad.ad.id > ${gaqlId(afterAdId)}`,
  ])} ORDER BY ad_group_ad.ad.id LIMIT ${limit}`;
}

/** Ads by ad group, then ad, from the ad group after `afterAdGroupId` (or the first). */
export function adsQuery(filter: AdFilter, afterAdGroupId: string | undefined, limit: number): string {
  return `${LISTED_AD_FIELDS}${where([
    ...adConditions(filter),
    afterAdGroupId !== undefined && `ad_group.id > ${gaqlId(afterAdGroupId)}`,
  ])} ORDER BY ad_group.id, ad_group_ad.ad.id LIMIT ${limit}`;
}

/**
 * Metrics over the days from `start` to `end` (both included): one row per campaign (or ad group, at level
 * ad_group), per day with `byDay`, per device with `byDevice` (Google leaves out the rows with nothing).
 */
export function performanceQuery(
  period: { start: string; end: string; campaignIds?: readonly string[] | undefined },
  byDay: boolean,
  options: { level?: 'campaign' | 'ad_group' | 'ad'; byDevice?: boolean } = {},
): string {
  const level = options.level ?? 'campaign';
  const below = {
    campaign: { fields: '', from: 'campaign' },
    ad_group: { fields: 'ad_group.id, ad_group.name, ad_group.status, ', from: 'ad_group' },
    ad: {
      fields:
        'ad_group.id, ad_group.name, ad_group_ad.status, ad_group_ad.ad.id, ad_group_ad.ad.name, ' +
        'ad_group_ad.ad.type, ',
      from: 'ad_group_ad',
    },
  }[level];
  const segments = [...(byDay ? ['segments.date'] : []), ...(options.byDevice ? ['segments.device'] : [])];
  return (
    `SELECT campaign.id, campaign.name, campaign.status, ${below.fields}metrics.impressions, metrics.clicks, ` +
    `metrics.cost_micros, metrics.conversions${segments.map((s) => `, ${s}`).join('')} FROM ${below.from}${where(
      [
        `segments.date BETWEEN ${gaqlString(period.start)} AND ${gaqlString(period.end)}`,
        period.campaignIds !== undefined && `campaign.id IN ${inList(period.campaignIds, gaqlId)}`,
      ],
    )}`
  );
}

/** The campaigns a report is about, whether or not they have a row, with their status and daily budget. */
export function campaignNamesQuery(campaignIds: readonly string[] | undefined): string {
  return `SELECT campaign.id, campaign.name, campaign.status, campaign_budget.amount_micros FROM campaign${where(
    [campaignIds !== undefined && `campaign.id IN ${inList(campaignIds, gaqlId)}`],
  )}`;
}

/** One campaign with its budget and the customer's currency: the state a campaign update starts from. */
export function campaignForUpdateQuery(campaignId: string): string {
  return (
    'SELECT campaign.id, campaign.name, campaign.status, campaign.campaign_budget, campaign_budget.id, ' +
    'campaign_budget.resource_name, campaign_budget.amount_micros, campaign_budget.explicitly_shared, ' +
    `customer.currency_code FROM campaign WHERE campaign.id = ${gaqlId(campaignId)}`
  );
}

/** The enabled and paused campaigns spending from one budget (by its resource name). */
export function campaignsOnBudgetQuery(budgetResourceName: string): string {
  return (
    'SELECT campaign.id, campaign.name, campaign.status FROM campaign WHERE campaign.campaign_budget = ' +
    `${gaqlString(budgetResourceName)} AND campaign.status IN ('ENABLED', 'PAUSED') ORDER BY campaign.id`
  );
}
