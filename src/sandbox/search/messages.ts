import type { Field, FieldType, Message } from './proto-json.ts';

/**
 * The request messages the search sandbox serves, as Google Ads API v26 defines them
 * (services/google_ads_service.proto, services/ad_service.proto, services/campaign_service.proto,
 * services/campaign_budget_service.proto and their resources): every field they have, so that what Google
 * takes is taken and what it refuses is refused. Fields the sandbox does not act on are opaque.
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

const CAMPAIGN_STATUS: FieldType = {
  kind: 'enum',
  typeName: 'enums.CampaignStatusEnum.CampaignStatus',
  values: { UNSPECIFIED: 0, UNKNOWN: 1, ENABLED: 2, PAUSED: 3, REMOVED: 4 },
};

const BUDGET_STATUS: FieldType = {
  kind: 'enum',
  typeName: 'enums.BudgetStatusEnum.BudgetStatus',
  values: { UNSPECIFIED: 0, UNKNOWN: 1, ENABLED: 2, REMOVED: 3 },
};

/** Campaign's fields other than those the sandbox reads (resources/campaign.proto), repeated ones apart. */
const OTHER_CAMPAIGN_FIELDS = [
  'primary_status',
  'serving_status',
  'bidding_strategy_system_status',
  'ad_serving_optimization_status',
  'advertising_channel_type',
  'advertising_channel_sub_type',
  'tracking_url_template',
  'local_services_campaign_settings',
  'travel_campaign_settings',
  'demand_gen_campaign_settings',
  'video_campaign_settings',
  'pmax_campaign_settings',
  'real_time_bidding_setting',
  'network_settings',
  'hotel_setting',
  'dynamic_search_ads_setting',
  'shopping_setting',
  'targeting_setting',
  'audience_setting',
  'geo_target_type_setting',
  'local_campaign_setting',
  'app_campaign_setting',
  'experiment_type',
  'base_campaign',
  'bidding_strategy_type',
  'accessible_bidding_strategy',
  'campaign_group',
  'start_date_time',
  'end_date_time',
  'final_url_suffix',
  'vanity_pharma',
  'selective_optimization',
  'optimization_goal_setting',
  'tracking_setting',
  'payment_mode',
  'optimization_score',
  'performance_max_upgrade',
  'hotel_property_asset_set',
  'listing_type',
  'keyword_match_type',
  'brand_guidelines_enabled',
  'brand_guidelines',
  'text_guidelines',
  'third_party_integration_partners',
  'ai_max_setting',
  'contains_eu_political_advertising',
  'view_through_conversion_optimization_enabled',
  'missing_eu_political_advertising_declaration',
  'aca_migration_date_time',
  'broad_match_migration_date_time',
  'bidding_strategy',
  'commission',
  'manual_cpa',
  'manual_cpc',
  'manual_cpm',
  'manual_cpv',
  'maximize_conversions',
  'maximize_conversion_value',
  'target_cpa',
  'target_impression_share',
  'target_roas',
  'target_spend',
  'percent_cpc',
  'target_cpm',
  'fixed_cpm',
  'target_cpv',
  'target_cpc',
];

const REPEATED_CAMPAIGN_FIELDS = [
  'primary_status_reasons',
  'url_custom_parameters',
  'labels',
  'frequency_caps',
  'excluded_parent_asset_field_types',
  'excluded_parent_asset_set_types',
  'asset_automation_settings',
  'feed_types',
];

const CAMPAIGN = message(
  'resources.Campaign',
  field('resource_name', string),
  field('id', int64),
  field('name', string),
  field('status', CAMPAIGN_STATUS),
  field('campaign_budget', string),
  ...OTHER_CAMPAIGN_FIELDS.map((name) => field(name, opaque)),
  ...REPEATED_CAMPAIGN_FIELDS.map((name) => field(name, opaque, true)),
);

const CAMPAIGN_BUDGET = message(
  'resources.CampaignBudget',
  field('resource_name', string),
  field('id', int64),
  field('name', string),
  field('amount_micros', int64),
  field('total_amount_micros', int64),
  field('status', BUDGET_STATUS),
  field('explicitly_shared', bool),
  ...[
    'delivery_method',
    'reference_count',
    'has_recommended_budget',
    'recommended_budget_amount_micros',
    'period',
    'recommended_budget_estimated_change_weekly_clicks',
    'recommended_budget_estimated_change_weekly_cost_micros',
    'recommended_budget_estimated_change_weekly_interactions',
    'recommended_budget_estimated_change_weekly_views',
    'type',
    'aligned_bidding_strategy_id',
  ].map((name) => field(name, opaque)),
);

/** An operation of CampaignService or CampaignBudgetService: create, update (with its mask) or remove. */
const resourceOperation = (typeName: string, resource: FieldType): FieldType =>
  message(
    typeName,
    field('update_mask', { kind: 'fieldMask' }),
    field('create', resource),
    field('update', resource),
    field('remove', string),
  );

/** A mutate request of one service: its operations and Google's common options. */
const mutateRequest = (typeName: string, operation: FieldType): Message => ({
  typeName,
  fields: [
    field('customer_id', string),
    field('operations', operation, true),
    field('partial_failure', bool),
    field('validate_only', bool),
    field('response_content_type', RESPONSE_CONTENT_TYPE),
  ],
});

export const MUTATE_CAMPAIGNS_REQUEST = mutateRequest(
  'services.MutateCampaignsRequest',
  resourceOperation('services.CampaignOperation', CAMPAIGN),
);

export const MUTATE_CAMPAIGN_BUDGETS_REQUEST = mutateRequest(
  'services.MutateCampaignBudgetsRequest',
  resourceOperation('services.CampaignBudgetOperation', CAMPAIGN_BUDGET),
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

/** An operation of campaigns:mutate or campaignBudgets:mutate as read; `Resource` holds the fields acted on. */
export interface ResourceOperationRead<Resource> {
  updateMask?: string[];
  create?: Resource;
  update?: Resource & { resourceName?: string };
  remove?: string;
}

export type CampaignOperationRead = ResourceOperationRead<{ name?: string; status?: string }>;
export type CampaignBudgetOperationRead = ResourceOperationRead<{ name?: string; amountMicros?: string }>;

export interface MutateRequestRead<Operation> {
  operations?: Operation[];
  partialFailure?: boolean;
  validateOnly?: boolean;
  responseContentType?: string;
}

/** AdGroupStatus and AdGroupCriterionStatus (and CampaignCriterionStatus): the same values. */
const STATUS_LIKE = (typeName: string): FieldType => ({
  kind: 'enum',
  typeName,
  values: { UNSPECIFIED: 0, UNKNOWN: 1, ENABLED: 2, PAUSED: 3, REMOVED: 4 },
});

const KEYWORD_MATCH_TYPE: FieldType = {
  kind: 'enum',
  typeName: 'enums.KeywordMatchTypeEnum.KeywordMatchType',
  values: { UNSPECIFIED: 0, UNKNOWN: 1, EXACT: 2, PHRASE: 3, BROAD: 4 },
};

const KEYWORD_INFO = message(
  'common.KeywordInfo',
  field('text', string),
  field('match_type', KEYWORD_MATCH_TYPE),
);

const opaqueFields = (names: string) =>
  names
    .split(' ')
    .map((name) => (name.endsWith('[]') ? field(name.slice(0, -2), opaque, true) : field(name, opaque)));

/** AdGroup (resources/ad_group.proto, v25/v26): the fields the sandbox reads, the others opaque. */
const AD_GROUP = message(
  'resources.AdGroup',
  field('resource_name', string),
  field('id', int64),
  field('name', string),
  field('status', STATUS_LIKE('enums.AdGroupStatusEnum.AdGroupStatus')),
  field('campaign', string),
  field('cpc_bid_micros', int64),
  ...opaqueFields(
    'type ad_rotation_mode base_ad_group tracking_url_template url_custom_parameters[] ' +
      'effective_cpc_bid_micros cpm_bid_micros target_cpa_micros cpv_bid_micros target_cpm_micros target_roas ' +
      'percent_cpc_bid_micros fixed_cpm_micros target_cpv_micros target_cpc_micros optimized_targeting_enabled ' +
      'exclude_demographic_expansion display_custom_bid_dimension final_url_suffix targeting_setting ' +
      'audience_setting effective_target_cpa_micros effective_target_cpa_source effective_target_roas ' +
      'effective_target_roas_source effective_target_cpc effective_target_cpc_source labels[] ' +
      'excluded_parent_asset_field_types[] excluded_parent_asset_set_types[] primary_status ' +
      'primary_status_reasons[] demand_gen_ad_group_settings video_ad_group_settings ai_max_ad_group_setting ' +
      'vertical_ads_format_setting',
  ),
);

/** AdGroupCriterion (resources/ad_group_criterion.proto): keywords read, the other criteria opaque. */
const AD_GROUP_CRITERION = message(
  'resources.AdGroupCriterion',
  field('resource_name', string),
  field('criterion_id', int64),
  field('status', STATUS_LIKE('enums.AdGroupCriterionStatusEnum.AdGroupCriterionStatus')),
  field('ad_group', string),
  field('negative', bool),
  field('cpc_bid_micros', int64),
  field('keyword', KEYWORD_INFO),
  ...opaqueFields(
    'display_name quality_info type system_serving_status approval_status disapproval_reasons[] labels[] ' +
      'bid_modifier cpm_bid_micros cpv_bid_micros percent_cpc_bid_micros effective_cpc_bid_micros ' +
      'effective_cpm_bid_micros effective_cpv_bid_micros effective_percent_cpc_bid_micros ' +
      'effective_cpc_bid_source effective_cpm_bid_source effective_cpv_bid_source ' +
      'effective_percent_cpc_bid_source position_estimates final_urls[] final_mobile_urls[] final_url_suffix ' +
      'tracking_url_template url_custom_parameters[] primary_status primary_status_reasons[] placement ' +
      'mobile_app_category mobile_application listing_group age_range gender income_range parental_status ' +
      'user_list youtube_video youtube_channel topic user_interest webpage app_payment_model custom_affinity ' +
      'custom_intent custom_audience combined_audience audience location language life_event video_lineup ' +
      'extended_demographic brand_list vertical_ads_item_group_rule_list retail_filter_bundle entity_bid',
  ),
);

/** CampaignCriterion (resources/campaign_criterion.proto): keywords read, the other criteria opaque. */
const CAMPAIGN_CRITERION = message(
  'resources.CampaignCriterion',
  field('resource_name', string),
  field('campaign', string),
  field('criterion_id', int64),
  field('negative', bool),
  field('status', STATUS_LIKE('enums.CampaignCriterionStatusEnum.CampaignCriterionStatus')),
  field('keyword', KEYWORD_INFO),
  ...opaqueFields(
    'display_name bid_modifier type placement mobile_app_category mobile_application location device ' +
      'ad_schedule age_range gender income_range parental_status user_list youtube_video youtube_channel ' +
      'proximity topic listing_scope language ip_block content_label carrier user_interest webpage ' +
      'operating_system_version mobile_device location_group custom_affinity custom_audience combined_audience ' +
      'keyword_theme local_service_id brand_list life_event webpage_list video_lineup extended_demographic',
  ),
);

export const MUTATE_AD_GROUPS_REQUEST = mutateRequest(
  'services.MutateAdGroupsRequest',
  resourceOperation('services.AdGroupOperation', AD_GROUP),
);

export const MUTATE_AD_GROUP_CRITERIA_REQUEST = mutateRequest(
  'services.MutateAdGroupCriteriaRequest',
  message(
    'services.AdGroupCriterionOperation',
    field('update_mask', { kind: 'fieldMask' }),
    field('exempt_policy_violation_keys', opaque, true),
    field('create', AD_GROUP_CRITERION),
    field('update', AD_GROUP_CRITERION),
    field('remove', string),
  ),
);

export const MUTATE_CAMPAIGN_CRITERIA_REQUEST = mutateRequest(
  'services.MutateCampaignCriteriaRequest',
  resourceOperation('services.CampaignCriterionOperation', CAMPAIGN_CRITERION),
);

export type AdGroupOperationRead = ResourceOperationRead<{ status?: string; cpcBidMicros?: string }>;

export interface KeywordInfoRead {
  text?: string;
  matchType?: string;
}

/** A criterion operation as read: an update of an ad group criterion's status, or a negative keyword made. */
export type CriterionOperationRead = ResourceOperationRead<{
  status?: string;
  negative?: boolean;
  adGroup?: string;
  campaign?: string;
  keyword?: KeywordInfoRead;
}>;

/** AdGroupAd (resources/ad_group_ad.proto): the ad group, status and ad read, the others opaque. */
const AD_GROUP_AD = message(
  'resources.AdGroupAd',
  field('resource_name', string),
  field('status', STATUS_LIKE('enums.AdGroupAdStatusEnum.AdGroupAdStatus')),
  field('ad_group', string),
  field('ad', AD),
  ...opaqueFields(
    'policy_summary ad_strength action_items[] labels[] primary_status primary_status_reasons[] ' +
      'ad_group_ad_asset_automation_settings[]',
  ),
);

const AD_GROUP_AD_OPERATION = message(
  'services.AdGroupAdOperation',
  field('update_mask', { kind: 'fieldMask' }),
  field('policy_validation_parameter', opaque),
  field('create', AD_GROUP_AD),
  field('update', AD_GROUP_AD),
  field('remove', string),
);

export const MUTATE_AD_GROUP_ADS_REQUEST = mutateRequest(
  'services.MutateAdGroupAdsRequest',
  AD_GROUP_AD_OPERATION,
);

/** The operations of MutateOperation's oneof the sandbox runs; the others are taken and refused. */
const OTHER_MUTATE_OPERATIONS =
  'ad_group_ad_label_operation ad_group_asset_operation ad_group_bid_modifier_operation ' +
  'ad_group_criterion_customizer_operation ad_group_criterion_label_operation ad_group_customizer_operation ' +
  'ad_group_label_operation ad_operation asset_group_asset_operation asset_group_listing_group_filter_operation ' +
  'asset_group_signal_operation asset_group_operation asset_operation asset_set_asset_operation ' +
  'asset_set_operation audience_operation bidding_data_exclusion_operation ' +
  'bidding_seasonality_adjustment_operation bidding_strategy_operation campaign_asset_operation ' +
  'campaign_asset_set_operation campaign_bid_modifier_operation campaign_conversion_goal_operation ' +
  'campaign_customizer_operation campaign_draft_operation campaign_group_operation campaign_label_operation ' +
  'campaign_shared_set_operation conversion_action_operation conversion_custom_variable_operation ' +
  'conversion_goal_campaign_config_operation conversion_value_rule_operation ' +
  'conversion_value_rule_set_operation custom_conversion_goal_operation customer_asset_operation ' +
  'customer_conversion_goal_operation customer_customizer_operation customer_label_operation ' +
  'customer_negative_criterion_operation customer_operation customizer_attribute_operation ' +
  'experiment_arm_operation experiment_operation keyword_plan_ad_group_keyword_operation ' +
  'keyword_plan_ad_group_operation keyword_plan_campaign_keyword_operation keyword_plan_campaign_operation ' +
  'keyword_plan_operation label_operation recommendation_subscription_operation ' +
  'remarketing_action_operation shared_criterion_operation shared_set_operation ' +
  'smart_campaign_setting_operation user_list_operation campaign_criterion_operation';

/** GoogleAdsService.Mutate (services/google_ads_service.proto): operations of many services at once. */
export const MUTATE_GOOGLE_ADS_REQUEST: Message = {
  typeName: 'services.MutateGoogleAdsRequest',
  fields: [
    field('customer_id', string),
    field(
      'mutate_operations',
      message(
        'services.MutateOperation',
        field(
          'campaign_budget_operation',
          resourceOperation('services.CampaignBudgetOperation', CAMPAIGN_BUDGET),
        ),
        field('campaign_operation', resourceOperation('services.CampaignOperation', CAMPAIGN)),
        field('ad_group_operation', resourceOperation('services.AdGroupOperation', AD_GROUP)),
        field(
          'ad_group_criterion_operation',
          message(
            'services.AdGroupCriterionOperation',
            field('update_mask', { kind: 'fieldMask' }),
            field('exempt_policy_violation_keys', opaque, true),
            field('create', AD_GROUP_CRITERION),
            field('update', AD_GROUP_CRITERION),
            field('remove', string),
          ),
        ),
        field('ad_group_ad_operation', AD_GROUP_AD_OPERATION),
        ...opaqueFields(OTHER_MUTATE_OPERATIONS),
      ),
      true,
    ),
    field('partial_failure', bool),
    field('validate_only', bool),
    field('response_content_type', RESPONSE_CONTENT_TYPE),
  ],
};

export interface AdGroupAdCreateRead {
  resourceName?: string;
  status?: string;
  adGroup?: string;
  ad?: {
    finalUrls?: string[];
    responsiveSearchAd?: { headlines?: AdTextAssetRead[]; descriptions?: AdTextAssetRead[] };
  };
}

export type AdGroupAdOperationRead = ResourceOperationRead<AdGroupAdCreateRead>;

/** One MutateOperation as read: exactly one service's operation is set. */
export type MutateOperationRead = Record<string, ResourceOperationRead<Record<string, unknown>> | undefined>;
