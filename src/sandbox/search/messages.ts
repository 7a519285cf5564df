import type { Field, FieldType, Message } from './proto-json.ts';

/**
 * The request messages the search sandbox serves, as Google Ads API v26 defines them
 * (services/google_ads_service.proto, services/ad_service.proto, resources/ad.proto): every field they
 * have, so that what Google takes is taken and what it refuses is refused. Ad fields the sandbox does not
 * act on are opaque.
 */

const string: FieldType = { kind: 'string' };
const bool: FieldType = { kind: 'bool' };
const int32: FieldType = { kind: 'int32' };
const int64: FieldType = { kind: 'int64' };
const opaque: FieldType = { kind: 'opaque' };
const field = (name: string, type: FieldType, repeated = false): Field => ({ name, type, repeated });
const message = (typeName: string, ...fields: Field[]): FieldType => ({
  kind: 'message',
  message: { typeName, fields },
});

const SUMMARY_ROW_SETTING: FieldType = {
  kind: 'enum',
  typeName: 'enums.SummaryRowSettingEnum.SummaryRowSetting',
  values: {
    UNSPECIFIED: 0,
    UNKNOWN: 1,
    NO_SUMMARY_ROW: 2,
    SUMMARY_ROW_WITH_RESULTS: 3,
    SUMMARY_ROW_ONLY: 4,
  },
};

const RESPONSE_CONTENT_TYPE: FieldType = {
  kind: 'enum',
  typeName: 'enums.ResponseContentTypeEnum.ResponseContentType',
  values: { UNSPECIFIED: 0, RESOURCE_NAME_ONLY: 1, MUTABLE_RESOURCE: 2 },
};

const SERVED_ASSET_FIELD_TYPE: FieldType = {
  kind: 'enum',
  typeName: 'enums.ServedAssetFieldTypeEnum.ServedAssetFieldType',
  values: {
    UNSPECIFIED: 0,
    UNKNOWN: 1,
    HEADLINE_1: 2,
    HEADLINE_2: 3,
    HEADLINE_3: 4,
    DESCRIPTION_1: 5,
    DESCRIPTION_2: 6,
    HEADLINE: 7,
    HEADLINE_IN_PORTRAIT: 8,
    LONG_HEADLINE: 9,
    DESCRIPTION: 10,
    DESCRIPTION_IN_PORTRAIT: 11,
    BUSINESS_NAME_IN_PORTRAIT: 12,
    BUSINESS_NAME: 13,
    MARKETING_IMAGE: 14,
    MARKETING_IMAGE_IN_PORTRAIT: 15,
    SQUARE_MARKETING_IMAGE: 16,
    PORTRAIT_MARKETING_IMAGE: 17,
    LOGO: 18,
    LANDSCAPE_LOGO: 19,
    CALL_TO_ACTION: 20,
    YOU_TUBE_VIDEO: 21,
    SITELINK: 22,
    CALL: 23,
    MOBILE_APP: 24,
    CALLOUT: 25,
    STRUCTURED_SNIPPET: 26,
    PRICE: 27,
    PROMOTION: 28,
    AD_IMAGE: 29,
    LEAD_FORM: 30,
    BUSINESS_LOGO: 31,
    DESCRIPTION_PREFIX: 32,
    HEADLINE_AS_SITELINK_POSITION_ONE: 39,
    HEADLINE_AS_SITELINK_POSITION_TWO: 40,
    DESCRIPTION_LINE_HEADLINE_AS_SITELINK_POSITION_ONE: 41,
    DESCRIPTION_LINE_HEADLINE_AS_SITELINK_POSITION_TWO: 42,
    TEXT_DISCLAIMER: 43,
  },
};

const AD_TEXT_ASSET = message(
  'common.AdTextAsset',
  field('text', string),
  field('pinned_field', SERVED_ASSET_FIELD_TYPE),
  field('asset_performance_label', opaque),
  field('policy_summary_info', opaque),
);

const RESPONSIVE_SEARCH_AD = message(
  'common.ResponsiveSearchAdInfo',
  field('headlines', AD_TEXT_ASSET, true),
  field('descriptions', AD_TEXT_ASSET, true),
  field('path1', string),
  field('path2', string),
);

/** The ad types of Ad's `ad_data` oneof that the sandbox does not edit. */
const OTHER_AD_TYPES = [
  'text_ad',
  'expanded_text_ad',
  'expanded_dynamic_search_ad',
  'hotel_ad',
  'shopping_smart_ad',
  'shopping_product_ad',
  'image_ad',
  'video_ad',
  'video_responsive_ad',
  'legacy_responsive_display_ad',
  'app_ad',
  'legacy_app_install_ad',
  'responsive_display_ad',
  'local_ad',
  'display_upload_ad',
  'app_engagement_ad',
  'shopping_comparison_listing_ad',
  'smart_campaign_ad',
  'app_pre_registration_ad',
  'demand_gen_multi_asset_ad',
  'demand_gen_carousel_ad',
  'demand_gen_video_responsive_ad',
  'demand_gen_product_ad',
  'travel_ad',
];

const AD = message(
  'resources.Ad',
  field('resource_name', string),
  field('id', int64),
  field('final_urls', string, true),
  field('final_app_urls', opaque, true),
  field('final_mobile_urls', string, true),
  field('tracking_url_template', string),
  field('final_url_suffix', string),
  field('url_custom_parameters', opaque, true),
  field('display_url', string),
  field('type', opaque),
  field('added_by_google_ads', bool),
  field('device_preference', opaque),
  field('url_collections', opaque, true),
  field('name', string),
  field('system_managed_resource_source', opaque),
  field('responsive_search_ad', RESPONSIVE_SEARCH_AD),
  ...OTHER_AD_TYPES.map((name) => field(name, opaque)),
);

const AD_OPERATION = message(
  'services.AdOperation',
  field('update_mask', { kind: 'fieldMask' }),
  field(
    'policy_validation_parameter',
    message(
      'common.PolicyValidationParameter',
      field('ignorable_policy_topics', string, true),
      field('exempt_policy_violation_keys', opaque, true),
    ),
  ),
  field('update', AD),
);

const SEARCH_SETTINGS_FIELDS = ['omit_results', 'return_summary_row', 'return_total_results_count'];

export const SEARCH_REQUEST: Message = {
  typeName: 'services.SearchGoogleAdsRequest',
  fields: [
    field('customer_id', string),
    field('query', string),
    field('page_token', string),
    field('page_size', int32),
    field('validate_only', bool),
    field(
      'search_settings',
      message('services.SearchSettings', ...SEARCH_SETTINGS_FIELDS.map((name) => field(name, bool))),
    ),
  ],
};

export const SEARCH_STREAM_REQUEST: Message = {
  typeName: 'services.SearchGoogleAdsStreamRequest',
  fields: [
    field('customer_id', string),
    field('query', string),
    field('summary_row_setting', SUMMARY_ROW_SETTING),
  ],
};

export const MUTATE_ADS_REQUEST: Message = {
  typeName: 'services.MutateAdsRequest',
  fields: [
    field('customer_id', string),
    field('operations', AD_OPERATION, true),
    field('partial_failure', bool),
    field('validate_only', bool),
    field('response_content_type', RESPONSE_CONTENT_TYPE),
  ],
};

/** Typed views of what `readRequest` gives for each message (JSON names, FieldMasks as path arrays). */
export interface SearchRequest {
  query?: string;
  pageToken?: string;
  pageSize?: number;
  validateOnly?: boolean;
  searchSettings?: { omitResults?: boolean; returnSummaryRow?: boolean; returnTotalResultsCount?: boolean };
}

export interface SearchStreamRequest {
  query?: string;
  summaryRowSetting?: string;
}

export interface AdTextAssetRead {
  text?: string;
  pinnedField?: string;
}

export interface AdOperationRead {
  updateMask?: string[];
  update?: { resourceName?: string; responsiveSearchAd?: { headlines?: AdTextAssetRead[] } };
}

export interface MutateAdsRequestRead {
  operations?: AdOperationRead[];
  partialFailure?: boolean;
  validateOnly?: boolean;
  responseContentType?: string;
}
