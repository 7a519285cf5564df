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
  'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.manager FROM customer';
