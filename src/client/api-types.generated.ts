// Generated from the OpenAPI document by `npm run client:generate`. Do not edit.

/** The answer of a call that succeeded (HTTP 200), or whose change waits for approval (202). */
export interface SuccessEnvelope {
  success: true;
  /** The tool named in the path. */
  tool: string;
  data: ToolData;
  /**
   * Id of the request, also sent as the X-Request-Id header; quote it to support. A replay carries the first answer's id.
   */
  request_id: string;
}

export interface ToolData {
  /** Human-readable result, markdown-friendly. */
  text: string;
  /** Usage after this call; present on billable calls. */
  quota?: QuotaBlock;
  /** Machine-readable result, when the tool has one (account lists, widget payloads). */
  structured?: Record<string, unknown>;
  /** Non-text blocks, when any. */
  content?: Array<ContentBlock>;
}

/** The owner's monthly tool-call allowance, shared by all of their keys. */
export interface QuotaBlock {
  /** Calls used in the current period, this one included. */
  used: number;
  /** Monthly allowance of the tier. */
  limit: number;
  tier: 'free' | 'plus' | 'pro' | 'max';
  /** When the counter resets: the first day of the next month (UTC). */
  period_end: string;
  /** Where to move to a higher tier (on 402). */
  upgrade_url?: string;
  /**
   * Present on a pause or budget cut made once the quota was used up: a stop is never refused, and this one used no unit.
   */
  free_stop?: true;
}

/** A non-text result block, such as an image or a resource; further properties by type. */
export interface ContentBlock {
  /** Kind of block, like image or resource. */
  type: string;
  [property: string]: unknown;
}

/**
 * A change that waits for the owner's approval (docs/approvals.md). Nothing reaches the platform until the owner approves; approving reads the object again and applies the change once, or ends `drifted` if it changed meanwhile.
 */
export interface Approval {
  /** Pass it to get_approval. */
  id: string;
  /** pending until the owner decides; then what became of it. */
  status: 'pending' | 'approved' | 'applied' | 'rejected' | 'expired' | 'drifted' | 'failed';
  /** Why the change waits. */
  reason: string;
  /** The key or app that asked. */
  requested_by: string;
  /** When the change was asked for. */
  created_at: string;
  /** Still pending after this: expired. */
  expires_at: string;
  /** Where the owner approves or rejects it. */
  approve_url: string;
  change: ApprovalChange;
  /** When the owner decided; null before. */
  decided_at: string | null;
  /** The address of the member who decided; null before. */
  decided_by: string | null;
  /** Applied: the answer (text, structured); drifted or failed: code and message. */
  result: Record<string, unknown> | null;
}

/** The change that waits, bound to the values it was computed from. */
export interface ApprovalChange {
  /** The tool that asked for it. */
  tool: string;
  /** The tool's platform, or null. */
  platform: string | null;
  /** The ad account, as the tool names it. */
  account: string | null;
  /** Like `campaign 1800000000000003`. */
  object: string;
  /** The change in words. */
  what: string;
  /** The currency of the amounts. */
  currency: string;
  /** The fields as they were read. */
  before: Record<string, unknown>;
  /** The fields once the change is made. */
  after: Record<string, unknown>;
  /** What it may spend a day after the change, minus before; null without a daily budget to judge by. */
  projected_daily_delta: string | null;
  /** The daily delta over the days left in the month; null without a daily budget to judge by. */
  projected_period_delta: string | null;
  /** The last day the period delta counts (UTC). */
  period_end: string;
}

/** Stable machine-readable error code; each has one HTTP status. */
export type ErrorCode =
  | 'invalid_request'
  | 'invalid_body'
  | 'invalid_arguments'
  | 'invalid_idempotency_key'
  | 'account_selection_required'
  | 'account_not_connected'
  | 'connection_expired'
  | 'upstream_rejected'
  | 'assets_rejected'
  | 'unauthenticated'
  | 'quota_exceeded'
  | 'origin_not_allowed'
  | 'insufficient_scope'
  | 'agents_stopped'
  | 'not_found'
  | 'tool_not_found'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'idempotency_key_in_flight'
  | 'approval_drifted'
  | 'revert_drifted'
  | 'payload_too_large'
  | 'uri_too_long'
  | 'idempotency_key_reused'
  | 'unsupported_media_type'
  | 'expectation_failed'
  | 'rate_limited'
  | 'headers_too_large'
  | 'upstream_rate_limited'
  | 'quota_in_flight'
  | 'internal_error'
  | 'upstream_error'
  | 'storage_unavailable'
  | 'service_unavailable';

/** The answer of every call that failed (HTTP 4xx and 5xx). */
export interface ErrorEnvelope {
  success: false;
  /** What went wrong and what to do; safe to show to end users. */
  error: string;
  /** The tool named in the path; empty outside tool paths. */
  tool: string;
  is_error: true;
  code: ErrorCode;
  /**
   * Id of the request, also sent as the X-Request-Id header; quote it to support. A replay carries the first answer's id.
   */
  request_id: string;
  /**
   * Details for programs, when the error has any: the offending fields and the accepted ones (invalid_arguments), the accounts to choose from (account_selection_required).
   */
  structured_content?: Record<string, unknown>;
  /** The quota block, with upgrade_url (on 402). */
  quota?: QuotaBlock;
}

/** The arguments of `get_usage_status`. */
export type GetUsageStatusArguments = Record<string, never>;

/** The arguments of `list_connected_accounts`. */
export interface ListConnectedAccountsArguments {
  /** Only this platform family. */
  platform?: 'search' | 'network' | 'social' | 'video';
}

/** The arguments of `get_connections_status`. */
export type GetConnectionsStatusArguments = Record<string, never>;

/** The arguments of `get_approval`. */
export interface GetApprovalArguments {
  /** The id from structured.approval.id of the 202 answer. */
  approval_id: string;
}

/** The arguments of `get_performance_overview`. */
export interface GetPerformanceOverviewArguments {
  /**
   * A period in the account time zone (LAST_* end yesterday; default LAST_7_DAYS), or start_date and end_date.
   */
  date_range?: 'TODAY' | 'YESTERDAY' | 'LAST_7_DAYS' | 'LAST_30_DAYS' | 'THIS_MONTH' | 'LAST_MONTH';
  /** First day, YYYY-MM-DD, account time zone. */
  start_date?: string;
  /** Last day (included), YYYY-MM-DD; at most 366 days after start_date. */
  end_date?: string;
}

/** The arguments of `create_monitor`. */
export interface CreateMonitorArguments {
  /** What the monitor watches, for the owner. */
  name: string;
  /** search, network, social or video. */
  platform: 'search' | 'network' | 'social' | 'video';
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
  /** Only these campaigns (default all). */
  campaign_ids?: Array<string | number>;
  /** metric, operator, and threshold or relative_to. */
  conditions: Array<{
    /** Read over the window. */
    metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
    /** metric operator threshold. */
    operator: '>' | '>=' | '<' | '<=';
    /** Money in the account currency; ctr a fraction (0.02 is 2%). */
    threshold?: number;
    /** Instead of threshold: factor × the metric over trailing_days. */
    relative_to?: {
      /** Days before the window. */
      trailing_days: number;
      /** Times their value (counts per day). */
      factor: number;
    };
  }>;
  /**
   * all: every condition must hold; any: one is enough.
   *
   * @default "all"
   */
  match?: 'all' | 'any';
  /**
   * Days read, in the account time zone.
   *
   * @default "today"
   */
  window?: 'today' | 'yesterday' | 'last_3_days' | 'last_7_days';
  /**
   * Checks in a row that must match before it fires.
   *
   * @default 1
   */
  consecutive_checks?: number;
  /**
   * How often it is checked.
   *
   * @default 15
   */
  check_every_minutes?: number;
  /** pause_campaign, lower_budget_percent (by action_value %) or notify only. */
  action: 'notify' | 'pause_campaign' | 'lower_budget_percent';
  /** The percent for lower_budget_percent. */
  action_value?: number;
  /**
   * Check and answer what would change, storing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `list_monitors`. */
export interface ListMonitorsArguments {
  /** Only the monitors of this platform. */
  platform?: 'search' | 'network' | 'social' | 'video';
  /** Only the monitors of this account. */
  account_id?: string | number;
}

/** The arguments of `test_monitor`. */
export interface TestMonitorArguments {
  /** A monitor to test; or give a draft instead. */
  monitor_id?: string;
  /** The draft's platform. */
  platform?: 'search' | 'network' | 'social' | 'video';
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
  /** The draft's name (optional). */
  name?: string;
  /** Only these campaigns (default all). */
  campaign_ids?: Array<string | number>;
  /** The draft's conditions. */
  conditions?: Array<{
    /** Read over the window. */
    metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
    /** metric operator threshold. */
    operator: '>' | '>=' | '<' | '<=';
    /** Money in the account currency; ctr a fraction (0.02 is 2%). */
    threshold?: number;
    /** Instead of threshold: factor × the metric over trailing_days. */
    relative_to?: {
      /** Days before the window. */
      trailing_days: number;
      /** Times their value (counts per day). */
      factor: number;
    };
  }>;
  /**
   * all: every condition must hold; any: one is enough.
   *
   * @default "all"
   */
  match?: 'all' | 'any';
  /**
   * Days read, in the account time zone.
   *
   * @default "today"
   */
  window?: 'today' | 'yesterday' | 'last_3_days' | 'last_7_days';
  /**
   * Checks in a row that must match before it fires.
   *
   * @default 1
   */
  consecutive_checks?: number;
  /**
   * How often it is checked.
   *
   * @default 15
   */
  check_every_minutes?: number;
  /** The draft's action. */
  action?: 'notify' | 'pause_campaign' | 'lower_budget_percent';
  /** The percent for lower_budget_percent. */
  action_value?: number;
}

/** The arguments of `get_monitor_history`. */
export interface GetMonitorHistoryArguments {
  /** The id create_monitor or list_monitors gave. */
  monitor_id: string;
  /**
   * Checks and firings, each at most this many.
   *
   * @default 20
   */
  limit?: number;
}

/** The arguments of `update_monitor`. */
export interface UpdateMonitorArguments {
  /** The id create_monitor or list_monitors gave. */
  monitor_id: string;
  /** false suspends its checks; true resumes them. */
  enabled?: boolean;
  /** A new name. */
  name?: string;
  /** Only these campaigns (default all). */
  campaign_ids?: Array<string | number>;
  /** Replaces every condition. */
  conditions?: Array<{
    /** Read over the window. */
    metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
    /** metric operator threshold. */
    operator: '>' | '>=' | '<' | '<=';
    /** Money in the account currency; ctr a fraction (0.02 is 2%). */
    threshold?: number;
    /** Instead of threshold: factor × the metric over trailing_days. */
    relative_to?: {
      /** Days before the window. */
      trailing_days: number;
      /** Times their value (counts per day). */
      factor: number;
    };
  }>;
  /** all: every condition must hold; any: one is enough. */
  match?: 'all' | 'any';
  /** The days the metrics are read over. */
  window?: 'today' | 'yesterday' | 'last_3_days' | 'last_7_days';
  /** Matching checks in a row before it fires. */
  consecutive_checks?: number;
  /** How often it is checked. */
  check_every_minutes?: number;
  /** A new action (action_value with lower_budget_percent). */
  action?: 'notify' | 'pause_campaign' | 'lower_budget_percent';
  /** The percent for lower_budget_percent. */
  action_value?: number;
  /**
   * Check and answer what would change, storing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `delete_monitor`. */
export interface DeleteMonitorArguments {
  /** The id create_monitor or list_monitors gave. */
  monitor_id: string;
  /**
   * Check and answer what would change, storing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `list_search_campaigns`. */
export interface ListSearchCampaignsArguments {
  /** Only campaigns with these statuses; default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
}

/** The arguments of `list_search_ads`. */
export interface ListSearchAdsArguments {
  /** Only the ads of this campaign (digits). */
  campaign_id?: string | number;
  /** Only the ads of this ad group (digits). */
  ad_group_id?: string | number;
  /** Only ads with these statuses; default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
}

/** The arguments of `list_search_ad_groups`. */
export interface ListSearchAdGroupsArguments {
  /** Only the ad groups of these campaigns (digits, at most 100). */
  campaign_ids?: Array<string | number>;
  /** Only ad groups with these statuses; default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
}

/** The arguments of `list_search_keywords`. */
export interface ListSearchKeywordsArguments {
  /** Only the keywords of these campaigns (digits, at most 100). */
  campaign_ids?: Array<string | number>;
  /** Only the keywords of these ad groups (digits, at most 100). */
  ad_group_ids?: Array<string | number>;
  /** Only keywords with these statuses; default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * A period in the account time zone (LAST_* end yesterday; default LAST_7_DAYS), or start_date and end_date.
   */
  date_range?: 'TODAY' | 'YESTERDAY' | 'LAST_7_DAYS' | 'LAST_30_DAYS' | 'THIS_MONTH' | 'LAST_MONTH';
  /** First day, YYYY-MM-DD, account time zone. */
  start_date?: string;
  /** Last day (included), YYYY-MM-DD; at most 366 days after start_date. */
  end_date?: string;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
}

/** The arguments of `list_search_terms`. */
export interface ListSearchTermsArguments {
  /** Only the terms of these campaigns (digits, at most 100). */
  campaign_ids?: Array<string | number>;
  /**
   * Only terms with spend, no conversions and not excluded yet.
   *
   * @default false
   */
  without_conversions?: boolean;
  /**
   * A period in the account time zone (LAST_* end yesterday; default LAST_7_DAYS), or start_date and end_date.
   */
  date_range?: 'TODAY' | 'YESTERDAY' | 'LAST_7_DAYS' | 'LAST_30_DAYS' | 'THIS_MONTH' | 'LAST_MONTH';
  /** First day, YYYY-MM-DD, account time zone. */
  start_date?: string;
  /** Last day (included), YYYY-MM-DD; at most 366 days after start_date. */
  end_date?: string;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
}

/** The arguments of `get_search_campaign_performance`. */
export interface GetSearchCampaignPerformanceArguments {
  /**
   * A period in the account time zone (LAST_* end yesterday; default LAST_7_DAYS), or start_date and end_date.
   */
  date_range?: 'TODAY' | 'YESTERDAY' | 'LAST_7_DAYS' | 'LAST_30_DAYS' | 'THIS_MONTH' | 'LAST_MONTH';
  /** First day, YYYY-MM-DD, account time zone. */
  start_date?: string;
  /** Last day (included), YYYY-MM-DD; at most 366 days after start_date. */
  end_date?: string;
  /** Only these campaigns (default all); unknown ids are listed as not found. */
  campaign_ids?: Array<string | number>;
  /**
   * Rows per campaign, ad_group or ad.
   *
   * @default "campaign"
   */
  level?: 'campaign' | 'ad_group' | 'ad';
  /**
   * Each row's days or devices too; none gives the period.
   *
   * @default "none"
   */
  breakdown?: 'none' | 'day' | 'device';
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
}

/** The arguments of `discover_existing_assets`. */
export interface DiscoverExistingAssetsArguments {
  /**
   * Which kinds of asset to list; default all four (images, sitelinks, callouts, structured_snippets).
   *
   * @default ["images","sitelinks","callouts","structured_snippets"]
   */
  asset_types?: Array<'images' | 'sitelinks' | 'callouts' | 'structured_snippets'>;
  /** Only sitelinks whose final URL is on this domain or a subdomain of it, like example.com. */
  target_domain?: string;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
}

/** The arguments of `update_ad_headlines`. */
export interface UpdateAdHeadlinesArguments {
  /** Ad group holding the ad (digits). */
  ad_group_id: string | number;
  /** The responsive search ad to update (digits). */
  ad_id: string | number;
  /** The new headlines, 3 to 15, each 1 to 30 characters, no duplicates, no "!". */
  headlines: Array<string>;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `update_search_campaign`. */
export interface UpdateSearchCampaignArguments {
  /** The campaign to change (digits); list_search_campaigns shows them. */
  campaign_id: string | number;
  /** PAUSED stops its ads, ACTIVE runs them again. */
  status?: 'ACTIVE' | 'PAUSED';
  /** New daily budget in the account currency (like 25.5 for 25.50 USD). */
  daily_budget?: number;
  /**
   * Change a budget other campaigns share (the amount applies to all).
   *
   * @default false
   */
  allow_shared_budget?: boolean;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `update_search_ad_group`. */
export interface UpdateSearchAdGroupArguments {
  /** The ad group to change (digits); list_search_ad_groups shows them. */
  ad_group_id: string | number;
  /** PAUSED stops its ads, ACTIVE runs them again. */
  status?: 'ACTIVE' | 'PAUSED';
  /** New default max CPC in the account currency, like 1.25. */
  cpc_bid?: number;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `update_search_keywords`. */
export interface UpdateSearchKeywordsArguments {
  /** The ad group of the keywords (digits). */
  ad_group_id: string | number;
  /** The keyword ids (criterion ids) that list_search_keywords shows. */
  keyword_ids: Array<string | number>;
  /** PAUSED stops the keywords, ACTIVE runs them again. */
  status: 'ACTIVE' | 'PAUSED';
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `add_search_negative_keywords`. */
export interface AddSearchNegativeKeywordsArguments {
  /** Add them to this campaign (digits); or give ad_group_id. */
  campaign_id?: string | number;
  /** Add them to this ad group (digits); or give campaign_id. */
  ad_group_id?: string | number;
  /** The negative keywords, 1 to 200. */
  keywords: Array<{
    /** The words to exclude, at most 80 characters and 10 words. */
    text: string;
    /** EXACT, PHRASE or BROAD, as Google matches negatives. */
    match_type: 'EXACT' | 'PHRASE' | 'BROAD';
  }>;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `validate_and_prepare_assets`. */
export interface ValidateAndPrepareAssetsArguments {
  /**
   * Landscape marketing images (1.91:1), at least 1; https URLs only: no base64 data, data: URLs or file paths.
   */
  marketing_images_landscape: Array<string>;
  /** Square marketing images (1:1), at least 1; https URLs only: no base64 data, data: URLs or file paths. */
  marketing_images_square: Array<string>;
  /** Square logos (1:1), 1 to 5; https URLs only: no base64 data, data: URLs or file paths. */
  logos_square: Array<string>;
  /** Portrait marketing images (4:5), optional; https URLs only: no base64 data, data: URLs or file paths. */
  marketing_images_portrait?: Array<string>;
  /**
   * Landscape logos (4:1), at most 5, optional; https URLs only: no base64 data, data: URLs or file paths.
   */
  logos_landscape?: Array<string>;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `create_search_campaign`. */
export interface CreateSearchCampaignArguments {
  /** Name of the new campaign, unique in the account. */
  campaign_name: string;
  /** Daily budget in the account currency, like 25 or 12.5. */
  daily_budget: number;
  /** Name of its ad group. */
  ad_group_name: string;
  /** 1 to 50 keywords of the ad group, each with its match type, no repeats. */
  keywords: Array<{
    /** The keyword, at most 80 characters and 10 words. */
    text: string;
    /** EXACT, PHRASE or BROAD. */
    match_type: 'EXACT' | 'PHRASE' | 'BROAD';
  }>;
  /** Landing page of the ad (https). */
  final_url: string;
  /** 3 to 15 headlines, each at most 30 characters, distinct, no "!". */
  headlines: Array<string>;
  /** 2 to 4 descriptions, each at most 90 characters, no "!". */
  descriptions: Array<string>;
  /** Optional default max CPC of the ad group, in the account currency. */
  cpc_bid?: number;
  /** The account, when several are connected (list_connected_accounts). */
  customer_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `create_network_image_campaign`. */
export interface CreateNetworkImageCampaignArguments {
  /** Campaign name, not shown to members. */
  campaign_name: string;
  /** Company page posting the ad (digits or URN); list_network_organizations shows them. */
  organization_id: string | number;
  /** Daily budget in the account currency, at least 10. */
  daily_budget: number;
  /** Lifetime budget, at least daily_budget; not with a key that has budget ceilings. */
  total_budget?: number;
  /** The budgets' currency: the account's, which is the default. */
  currency?: string;
  /** https:// URL a click leads to. */
  landing_page_url: string;
  /** Geo URNs, like urn:li:geo:103644278 (United States). */
  locations: Array<string>;
  /** First day (YYYY-MM-DD, UTC); default today. */
  start_date?: string;
  /** Last day (YYYY-MM-DD, UTC). */
  end_date?: string;
  /**
   * Locale country (ISO 3166-1 alpha-2).
   *
   * @default "US"
   */
  locale_country?: string;
  /**
   * Locale language (ISO 639-1).
   *
   * @default "en"
   */
  locale_language?: string;
  /** URNs, like urn:li:ageRange:(25,34). */
  age_ranges?: Array<string>;
  /** URNs, like urn:li:gender:FEMALE. */
  genders?: Array<string>;
  /** URNs, like urn:li:staffCountRange:(11,50). */
  company_sizes?: Array<string>;
  /** URNs, like urn:li:industry:4. */
  industries?: Array<string>;
  /** URNs, like urn:li:seniority:4. */
  seniorities?: Array<string>;
  /** URNs, like urn:li:function:8. */
  job_functions?: Array<string>;
  /** URNs, like urn:li:title:100. */
  job_titles?: Array<string>;
  /** URNs, like urn:li:skill:17. */
  skills?: Array<string>;
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
  /** Existing campaign group; or campaign_group_name. */
  campaign_group_id?: string | number;
  /** Name of a new campaign group; or campaign_group_id. */
  campaign_group_name?: string;
  /**
   * Campaign objective.
   *
   * @default "WEBSITE_VISIT"
   */
  objective?: 'BRAND_AWARENESS' | 'ENGAGEMENT' | 'WEBSITE_VISIT' | 'WEBSITE_CONVERSION';
  /**
   * Button label.
   *
   * @default "LEARN_MORE"
   */
  call_to_action?:
    | 'APPLY'
    | 'DOWNLOAD'
    | 'VIEW_QUOTE'
    | 'LEARN_MORE'
    | 'SIGN_UP'
    | 'SUBSCRIBE'
    | 'REGISTER'
    | 'JOIN'
    | 'ATTEND'
    | 'REQUEST_DEMO';
  /** Text above the image. */
  introductory_text: string;
  /** Headline below the image. */
  headline: string;
  /** Uploaded image; or asset_bundle_id. */
  image_urn?: string;
  /** From validate_and_prepare_assets (its first landscape image); or image_urn. */
  asset_bundle_id?: string;
}

/** The arguments of `create_network_video_campaign`. */
export interface CreateNetworkVideoCampaignArguments {
  /** Campaign name, not shown to members. */
  campaign_name: string;
  /** Company page posting the ad (digits or URN); list_network_organizations shows them. */
  organization_id: string | number;
  /** Daily budget in the account currency, at least 10. */
  daily_budget: number;
  /** Lifetime budget, at least daily_budget; not with a key that has budget ceilings. */
  total_budget?: number;
  /** The budgets' currency: the account's, which is the default. */
  currency?: string;
  /** https:// URL a click leads to. */
  landing_page_url: string;
  /** Geo URNs, like urn:li:geo:103644278 (United States). */
  locations: Array<string>;
  /** First day (YYYY-MM-DD, UTC); default today. */
  start_date?: string;
  /** Last day (YYYY-MM-DD, UTC). */
  end_date?: string;
  /**
   * Locale country (ISO 3166-1 alpha-2).
   *
   * @default "US"
   */
  locale_country?: string;
  /**
   * Locale language (ISO 639-1).
   *
   * @default "en"
   */
  locale_language?: string;
  /** URNs, like urn:li:ageRange:(25,34). */
  age_ranges?: Array<string>;
  /** URNs, like urn:li:gender:FEMALE. */
  genders?: Array<string>;
  /** URNs, like urn:li:staffCountRange:(11,50). */
  company_sizes?: Array<string>;
  /** URNs, like urn:li:industry:4. */
  industries?: Array<string>;
  /** URNs, like urn:li:seniority:4. */
  seniorities?: Array<string>;
  /** URNs, like urn:li:function:8. */
  job_functions?: Array<string>;
  /** URNs, like urn:li:title:100. */
  job_titles?: Array<string>;
  /** URNs, like urn:li:skill:17. */
  skills?: Array<string>;
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
  /** Existing campaign group; or campaign_group_name. */
  campaign_group_id?: string | number;
  /** Name of a new campaign group; or campaign_group_id. */
  campaign_group_name?: string;
  /**
   * Campaign objective.
   *
   * @default "VIDEO_VIEW"
   */
  objective?:
    | 'BRAND_AWARENESS'
    | 'ENGAGEMENT'
    | 'WEBSITE_VISIT'
    | 'WEBSITE_CONVERSION'
    | 'VIDEO_VIEW'
    | 'JOB_APPLICANT';
  /**
   * Button label.
   *
   * @default "LEARN_MORE"
   */
  call_to_action?:
    | 'APPLY'
    | 'DOWNLOAD'
    | 'VIEW_QUOTE'
    | 'LEARN_MORE'
    | 'SIGN_UP'
    | 'SUBSCRIBE'
    | 'REGISTER'
    | 'JOIN'
    | 'ATTEND'
    | 'REQUEST_DEMO';
  /** Text above the video. */
  introductory_text: string;
  /** Headline below the video. */
  headline: string;
  /** Uploaded video; or video_url. */
  video_urn?: string;
  /** https URL of an MP4 to upload; or video_urn. */
  video_url?: string;
}

/** The arguments of `create_network_carousel_campaign`. */
export interface CreateNetworkCarouselCampaignArguments {
  /** Campaign name, not shown to members. */
  campaign_name: string;
  /** Company page posting the ad (digits or URN); list_network_organizations shows them. */
  organization_id: string | number;
  /** Daily budget in the account currency, at least 10. */
  daily_budget: number;
  /** Lifetime budget, at least daily_budget; not with a key that has budget ceilings. */
  total_budget?: number;
  /** The budgets' currency: the account's, which is the default. */
  currency?: string;
  /** https:// URL a click leads to. */
  landing_page_url: string;
  /** Geo URNs, like urn:li:geo:103644278 (United States). */
  locations: Array<string>;
  /** First day (YYYY-MM-DD, UTC); default today. */
  start_date?: string;
  /** Last day (YYYY-MM-DD, UTC). */
  end_date?: string;
  /**
   * Locale country (ISO 3166-1 alpha-2).
   *
   * @default "US"
   */
  locale_country?: string;
  /**
   * Locale language (ISO 639-1).
   *
   * @default "en"
   */
  locale_language?: string;
  /** URNs, like urn:li:ageRange:(25,34). */
  age_ranges?: Array<string>;
  /** URNs, like urn:li:gender:FEMALE. */
  genders?: Array<string>;
  /** URNs, like urn:li:staffCountRange:(11,50). */
  company_sizes?: Array<string>;
  /** URNs, like urn:li:industry:4. */
  industries?: Array<string>;
  /** URNs, like urn:li:seniority:4. */
  seniorities?: Array<string>;
  /** URNs, like urn:li:function:8. */
  job_functions?: Array<string>;
  /** URNs, like urn:li:title:100. */
  job_titles?: Array<string>;
  /** URNs, like urn:li:skill:17. */
  skills?: Array<string>;
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
  /** Existing campaign group; or campaign_group_name. */
  campaign_group_id?: string | number;
  /** Name of a new campaign group; or campaign_group_id. */
  campaign_group_name?: string;
  /**
   * Campaign objective.
   *
   * @default "WEBSITE_VISIT"
   */
  objective?: 'BRAND_AWARENESS' | 'ENGAGEMENT' | 'WEBSITE_VISIT' | 'WEBSITE_CONVERSION';
  /**
   * Button label.
   *
   * @default "LEARN_MORE"
   */
  call_to_action?:
    | 'APPLY'
    | 'DOWNLOAD'
    | 'VIEW_QUOTE'
    | 'LEARN_MORE'
    | 'SIGN_UP'
    | 'SUBSCRIBE'
    | 'REGISTER'
    | 'JOIN'
    | 'ATTEND'
    | 'REQUEST_DEMO';
  /** Text above the cards. */
  introductory_text: string;
  /** 2 to 10 cards, each with an image, a headline and a landing page. */
  cards: Array<{
    /** Uploaded image; or image_url. */
    image_urn?: string;
    /** https URL of a JPEG, PNG or GIF (10 MB at most); or image_urn. */
    image_url?: string;
    /** Card headline. */
    headline: string;
    /** https:// URL a click on the card leads to. */
    landing_page_url: string;
    /** Card description. */
    description?: string;
  }>;
}

/** The arguments of `create_network_text_campaign`. */
export interface CreateNetworkTextCampaignArguments {
  /** Campaign name, not shown to members. */
  campaign_name: string;
  /** Company page posting the ad (digits or URN); list_network_organizations shows them. */
  organization_id: string | number;
  /** Daily budget in the account currency, at least 10. */
  daily_budget: number;
  /** Lifetime budget, at least daily_budget; not with a key that has budget ceilings. */
  total_budget?: number;
  /** The budgets' currency: the account's, which is the default. */
  currency?: string;
  /** https:// URL a click leads to. */
  landing_page_url: string;
  /** Geo URNs, like urn:li:geo:103644278 (United States). */
  locations: Array<string>;
  /** First day (YYYY-MM-DD, UTC); default today. */
  start_date?: string;
  /** Last day (YYYY-MM-DD, UTC). */
  end_date?: string;
  /**
   * Locale country (ISO 3166-1 alpha-2).
   *
   * @default "US"
   */
  locale_country?: string;
  /**
   * Locale language (ISO 639-1).
   *
   * @default "en"
   */
  locale_language?: string;
  /** URNs, like urn:li:ageRange:(25,34). */
  age_ranges?: Array<string>;
  /** URNs, like urn:li:gender:FEMALE. */
  genders?: Array<string>;
  /** URNs, like urn:li:staffCountRange:(11,50). */
  company_sizes?: Array<string>;
  /** URNs, like urn:li:industry:4. */
  industries?: Array<string>;
  /** URNs, like urn:li:seniority:4. */
  seniorities?: Array<string>;
  /** URNs, like urn:li:function:8. */
  job_functions?: Array<string>;
  /** URNs, like urn:li:title:100. */
  job_titles?: Array<string>;
  /** URNs, like urn:li:skill:17. */
  skills?: Array<string>;
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
  /** Existing campaign group; or campaign_group_name. */
  campaign_group_id?: string | number;
  /** Name of a new campaign group; or campaign_group_id. */
  campaign_group_name?: string;
  /**
   * Campaign objective.
   *
   * @default "WEBSITE_VISIT"
   */
  objective?: 'BRAND_AWARENESS' | 'WEBSITE_VISIT' | 'WEBSITE_CONVERSION';
  /** Ad headline. */
  headline: string;
  /** Ad text. */
  description: string;
  /** Uploaded 100 x 100 image. */
  image_urn?: string;
  /** https URL of a 100 x 100 image; not with image_urn. */
  image_url?: string;
}

/** The arguments of `add_network_campaign_to_group`. */
export interface AddNetworkCampaignToGroupArguments {
  /** Campaign name, not shown to members. */
  campaign_name: string;
  /** Company page posting the ad (digits or URN); list_network_organizations shows them. */
  organization_id: string | number;
  /** Daily budget in the account currency, at least 10. */
  daily_budget: number;
  /** Lifetime budget, at least daily_budget; not with a key that has budget ceilings. */
  total_budget?: number;
  /** The budgets' currency: the account's, which is the default. */
  currency?: string;
  /** https:// URL a click leads to. */
  landing_page_url: string;
  /** Geo URNs, like urn:li:geo:103644278 (United States). */
  locations: Array<string>;
  /** First day (YYYY-MM-DD, UTC); default today. */
  start_date?: string;
  /** Last day (YYYY-MM-DD, UTC). */
  end_date?: string;
  /**
   * Locale country (ISO 3166-1 alpha-2).
   *
   * @default "US"
   */
  locale_country?: string;
  /**
   * Locale language (ISO 639-1).
   *
   * @default "en"
   */
  locale_language?: string;
  /** URNs, like urn:li:ageRange:(25,34). */
  age_ranges?: Array<string>;
  /** URNs, like urn:li:gender:FEMALE. */
  genders?: Array<string>;
  /** URNs, like urn:li:staffCountRange:(11,50). */
  company_sizes?: Array<string>;
  /** URNs, like urn:li:industry:4. */
  industries?: Array<string>;
  /** URNs, like urn:li:seniority:4. */
  seniorities?: Array<string>;
  /** URNs, like urn:li:function:8. */
  job_functions?: Array<string>;
  /** URNs, like urn:li:title:100. */
  job_titles?: Array<string>;
  /** URNs, like urn:li:skill:17. */
  skills?: Array<string>;
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
  /** The existing campaign group. */
  campaign_group_id: string | number;
  /** Format of the first creative; decides which creative fields apply. */
  ad_type: 'image' | 'video' | 'carousel' | 'text';
  /** Default the group's; VIDEO_VIEW and JOB_APPLICANT are for video, ENGAGEMENT not for text. */
  objective?:
    | 'BRAND_AWARENESS'
    | 'ENGAGEMENT'
    | 'WEBSITE_VISIT'
    | 'WEBSITE_CONVERSION'
    | 'VIDEO_VIEW'
    | 'JOB_APPLICANT';
  /** Button label; not for text ads. */
  call_to_action?:
    | 'APPLY'
    | 'DOWNLOAD'
    | 'VIEW_QUOTE'
    | 'LEARN_MORE'
    | 'SIGN_UP'
    | 'SUBSCRIBE'
    | 'REGISTER'
    | 'JOIN'
    | 'ATTEND'
    | 'REQUEST_DEMO';
  /** image, video, carousel: text above the media (carousel: 255 at most). */
  introductory_text?: string;
  /** image, video: headline below the media, at most 70 characters. */
  headline?: string;
  /** image: image already uploaded to LinkedIn; or asset_bundle_id. */
  image_urn?: string;
  /** image: asset_bundle_id from validate_and_prepare_assets; or image_urn. */
  asset_bundle_id?: string;
  /** video: video already uploaded to LinkedIn; or video_url. */
  video_urn?: string;
  /** video: https URL of an MP4 to download and upload; or video_urn. */
  video_url?: string;
  /** carousel: 2 to 10 cards. */
  cards?: Array<{
    /** Uploaded image; or image_url. */
    image_urn?: string;
    /** https URL of a JPEG, PNG or GIF (10 MB at most); or image_urn. */
    image_url?: string;
    /** Card headline. */
    headline: string;
    /** https:// URL a click on the card leads to. */
    landing_page_url: string;
    /** Card description. */
    description?: string;
  }>;
  /** text: ad headline, at most 25 characters. */
  text_headline?: string;
  /** text: ad text, at most 75 characters. */
  text_description?: string;
}

/** The arguments of `add_network_carousel_creative`. */
export interface AddNetworkCarouselCreativeArguments {
  /** The carousel campaign to extend: digits or urn:li:sponsoredCampaign:<digits>. */
  campaign_id: string | number;
  /** The company page posting the ad: digits or its URN; list_network_organizations shows them. */
  organization_id: string | number;
  /** 2 to 10 cards, each with an image, a headline and a landing page. */
  cards: Array<{
    /** Uploaded image; or image_url. */
    image_urn?: string;
    /** https URL of a JPEG, PNG or GIF (10 MB at most); or image_urn. */
    image_url?: string;
    /** Card headline. */
    headline: string;
    /** https:// URL a click on the card leads to. */
    landing_page_url: string;
    /** Card description. */
    description?: string;
  }>;
  /** Main text above the cards, at most 255 characters. */
  introductory_text: string;
  /** Overall landing page of the ad: an absolute https:// URL. */
  landing_page_url: string;
  /** Name of the variation in the ad manager, at most 255 characters. */
  creative_name?: string;
  /**
   * Button label of the ad; default LEARN_MORE.
   *
   * @default "LEARN_MORE"
   */
  call_to_action?:
    | 'APPLY'
    | 'DOWNLOAD'
    | 'VIEW_QUOTE'
    | 'LEARN_MORE'
    | 'SIGN_UP'
    | 'SUBSCRIBE'
    | 'REGISTER'
    | 'JOIN'
    | 'ATTEND'
    | 'REQUEST_DEMO';
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `associate_network_conversion`. */
export interface AssociateNetworkConversionArguments {
  /** The campaign that receives the conversion: digits or urn:li:sponsoredCampaign:<digits>. */
  campaign_id: string | number;
  /** The conversion to attach (digits), as listed in the Campaign Manager. */
  conversion_id: string | number;
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `list_network_campaigns`. */
export interface ListNetworkCampaignsArguments {
  /** Only the campaigns of this campaign group (digits or URN). */
  campaign_group_id?: string | number;
  /** Only campaigns in these statuses (ACTIVE, PAUSED, REMOVED); default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
}

/** The arguments of `list_network_creatives`. */
export interface ListNetworkCreativesArguments {
  /** Only the creatives of these campaigns (at most 50), as list_network_campaigns gives. */
  campaign_ids?: Array<string | number>;
  /** Only creatives in these statuses (ACTIVE, PAUSED, REMOVED); default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
}

/** The arguments of `list_network_organizations`. */
export interface ListNetworkOrganizationsArguments {
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
}

/** The arguments of `get_network_campaign_performance`. */
export interface GetNetworkCampaignPerformanceArguments {
  /**
   * A period in the account time zone (LAST_* end yesterday; default LAST_7_DAYS), or start_date and end_date.
   */
  date_range?: 'TODAY' | 'YESTERDAY' | 'LAST_7_DAYS' | 'LAST_30_DAYS' | 'THIS_MONTH' | 'LAST_MONTH';
  /** First day, YYYY-MM-DD, account time zone. */
  start_date?: string;
  /** Last day (included), YYYY-MM-DD; at most 366 days after start_date. */
  end_date?: string;
  /** Only these campaigns (default all); unknown ids are listed as not found. */
  campaign_ids?: Array<string | number>;
  /**
   * Rows per campaign or ad (creative).
   *
   * @default "campaign"
   */
  level?: 'campaign' | 'ad';
  /**
   * Each row's days too; none gives the period.
   *
   * @default "none"
   */
  breakdown?: 'none' | 'day';
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
}

/** The arguments of `update_network_campaign`. */
export interface UpdateNetworkCampaignArguments {
  /** The campaign (digits or URN), as list_network_campaigns shows it. */
  campaign_id: string | number;
  /** ACTIVE to run the campaign (needs the spend scope), PAUSED to stop its spend from today on. */
  status?: 'ACTIVE' | 'PAUSED';
  /** New daily budget in the account currency, at least 10. Raising it needs the spend scope. */
  daily_budget?: number;
  /** New campaign name, up to 255 characters; not shown to members. */
  name?: string;
  /** The account, when several are connected (list_connected_accounts). */
  account_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `list_social_photo_accounts`. */
export interface ListSocialPhotoAccountsArguments {
  /**
   * The account, when several are connected (list_connected_accounts).
   *
   * @default null
   */
  ad_account_id?: string | null;
}

/** The arguments of `list_social_campaigns`. */
export interface ListSocialCampaignsArguments {
  /** Only campaigns set to these statuses (ACTIVE, PAUSED, REMOVED = archived); default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  ad_account_id?: string;
}

/** The arguments of `get_social_campaign_performance`. */
export interface GetSocialCampaignPerformanceArguments {
  /**
   * A period in the account time zone (LAST_* end yesterday; default LAST_7_DAYS), or start_date and end_date.
   */
  date_range?: 'TODAY' | 'YESTERDAY' | 'LAST_7_DAYS' | 'LAST_30_DAYS' | 'THIS_MONTH' | 'LAST_MONTH';
  /** First day, YYYY-MM-DD, account time zone. */
  start_date?: string;
  /** Last day (included), YYYY-MM-DD; at most 366 days after start_date. */
  end_date?: string;
  /** Only these campaigns (default all); unknown ids are listed as not found. */
  campaign_ids?: Array<string | number>;
  /**
   * Rows per campaign, ad_group (ad set) or ad.
   *
   * @default "campaign"
   */
  level?: 'campaign' | 'ad_group' | 'ad';
  /**
   * Each row's days or devices too; none gives the period.
   *
   * @default "none"
   */
  breakdown?: 'none' | 'day' | 'device';
  /** The account, when several are connected (list_connected_accounts). */
  ad_account_id?: string;
}

/** The arguments of `update_social_campaign`. */
export interface UpdateSocialCampaignArguments {
  /** The campaign to change (digits), as list_social_campaigns shows it. */
  campaign_id: string | number;
  /** ACTIVE to run the campaign, PAUSED to stop its delivery (and spend) from now on. */
  status?: 'ACTIVE' | 'PAUSED';
  /** New daily budget in the account currency; for a campaign with a daily campaign budget. */
  daily_budget?: number;
  /** New campaign name, up to 400 characters. */
  name?: string;
  /** The account, when several are connected (list_connected_accounts). */
  ad_account_id?: string;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `list_social_ad_sets`. */
export interface ListSocialAdSetsArguments {
  /** Only the ad sets of these campaigns (at most 50); all otherwise. */
  campaign_ids?: Array<string | number>;
  /** Only ad sets set to these statuses (ACTIVE, PAUSED, REMOVED); default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  ad_account_id?: string;
}

/** The arguments of `list_social_ads`. */
export interface ListSocialAdsArguments {
  /** Only the ads of these campaigns (at most 50). */
  campaign_ids?: Array<string | number>;
  /** Only the ads of these ad sets (not with campaign_ids) (at most 50). */
  ad_set_ids?: Array<string | number>;
  /** Only ads set to these statuses (ACTIVE, PAUSED, REMOVED); default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  ad_account_id?: string;
}

/** The arguments of `update_social_ad_set`. */
export interface UpdateSocialAdSetArguments {
  /** The ad set to change (digits), as list_social_ad_sets shows it. */
  ad_set_id: string | number;
  /** ACTIVE to let the ad set deliver, PAUSED to stop its delivery and spend from now on. */
  status?: 'ACTIVE' | 'PAUSED';
  /** New daily budget in the account currency; only for an ad set with its own daily budget. */
  daily_budget?: number;
  /** New ad set name, up to 400 characters. */
  name?: string;
  /** The account, when several are connected (list_connected_accounts). */
  ad_account_id?: string;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `create_social_campaign`. */
export interface CreateSocialCampaignArguments {
  /** Campaign name. */
  campaign_name: string;
  /**
   * Campaign objective; the ad links to a website.
   *
   * @default "OUTCOME_TRAFFIC"
   */
  objective?:
    | 'OUTCOME_TRAFFIC'
    | 'OUTCOME_LEADS'
    | 'OUTCOME_SALES'
    | 'OUTCOME_AWARENESS'
    | 'OUTCOME_ENGAGEMENT';
  /** Daily campaign budget, account currency. */
  daily_budget: number;
  /** Two-letter country codes, e.g. ["US"]. */
  countries: Array<string>;
  /**
   * Youngest age, 18-65.
   *
   * @default 18
   */
  age_min?: number;
  /**
   * Oldest age, 18-65 (65 = 65+).
   *
   * @default 65
   */
  age_max?: number;
  /** MEN and/or WOMEN; all when absent. */
  genders?: Array<'MEN' | 'WOMEN'>;
  /** Facebook page the ad runs as. */
  page_id: string | number;
  /** Instagram account it runs as (list_social_photo_accounts). */
  instagram_user_id?: string | number;
  /** Image URL: JPEG, PNG or still GIF, 10 MB at most. */
  image_url?: string;
  /** Hash of an image in the account library, instead of image_url. */
  image_hash?: string;
  /** Primary text above the image. */
  message: string;
  /** Headline below the image. */
  headline: string;
  /** Landing page the ad opens (https). */
  link: string;
  /** The account, when several are connected (list_connected_accounts). */
  ad_account_id?: string;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `list_video_campaigns`. */
export interface ListVideoCampaignsArguments {
  /** Only campaigns in these statuses (ACTIVE, PAUSED, REMOVED = deleted); default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  advertiser_id?: string | number;
}

/** The arguments of `get_video_campaign_performance`. */
export interface GetVideoCampaignPerformanceArguments {
  /**
   * A period in the account time zone (LAST_* end yesterday; default LAST_7_DAYS), or start_date and end_date.
   */
  date_range?: 'TODAY' | 'YESTERDAY' | 'LAST_7_DAYS' | 'LAST_30_DAYS' | 'THIS_MONTH' | 'LAST_MONTH';
  /** First day, YYYY-MM-DD, account time zone. */
  start_date?: string;
  /** Last day (included), YYYY-MM-DD; at most 366 days after start_date. */
  end_date?: string;
  /** Only these campaigns (default all); unknown ids are listed as not found. */
  campaign_ids?: Array<string | number>;
  /**
   * Rows per campaign, ad_group or ad.
   *
   * @default "campaign"
   */
  level?: 'campaign' | 'ad_group' | 'ad';
  /**
   * Each row's days too; none gives the period.
   *
   * @default "none"
   */
  breakdown?: 'none' | 'day';
  /** The account, when several are connected (list_connected_accounts). */
  advertiser_id?: string | number;
}

/** The arguments of `update_video_campaign`. */
export interface UpdateVideoCampaignArguments {
  /** The campaign to change (digits). */
  campaign_id: string | number;
  /** ACTIVE to let the campaign deliver (needs the spend scope), PAUSED to stop it. */
  status?: 'ACTIVE' | 'PAUSED';
  /** TikTok's name of status (ENABLE or DISABLE); pass one of the two. */
  operation_status?: 'ENABLE' | 'DISABLE';
  /** New campaign name, up to 512 characters (each Chinese or Japanese character counts as two), no emoji. */
  name?: string;
  /** New daily budget in the account currency, at least 50. */
  daily_budget?: number;
  /**
   * New budget in the account currency, at least 50, in the campaign's own budget type: per day for a daily budget, for the whole run for a lifetime budget.
   */
  budget?: number;
  /** The account, when several are connected (list_connected_accounts). */
  advertiser_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `list_video_ad_groups`. */
export interface ListVideoAdGroupsArguments {
  /** Only the ad groups of these campaigns (digits, up to 100). */
  campaign_ids?: Array<string | number>;
  /** Only ad groups in these statuses; default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  advertiser_id?: string | number;
}

/** The arguments of `list_video_ads`. */
export interface ListVideoAdsArguments {
  /** Only the ads of these campaigns (digits, up to 100). */
  campaign_ids?: Array<string | number>;
  /** Only the ads of these ad groups (digits, up to 100). */
  adgroup_ids?: Array<string | number>;
  /** Only ads in these statuses; default ACTIVE and PAUSED. */
  status?: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  advertiser_id?: string | number;
}

/** The arguments of `list_video_identities`. */
export interface ListVideoIdentitiesArguments {
  /** Only identities of this type; every type otherwise. */
  identity_type?: 'CUSTOMIZED_USER' | 'AUTH_CODE' | 'TT_USER' | 'BC_AUTH_TT';
  /**
   * With identity_type BC_AUTH_TT: the Business Center the TikTok accounts are authorized to (TikTok needs it then).
   */
  identity_authorized_bc_id?: string | number;
  /**
   * Rows per answer; next_cursor gives the rest.
   *
   * @default 50
   */
  limit?: number;
  /** next_cursor of the previous answer, same arguments. */
  cursor?: string;
  /** The account, when several are connected (list_connected_accounts). */
  advertiser_id?: string | number;
}

/** The arguments of `update_video_ad_group`. */
export interface UpdateVideoAdGroupArguments {
  /** The ad group to change (digits), as list_video_ad_groups shows it. */
  adgroup_id: string | number;
  /** ACTIVE to let it deliver (needs the spend scope), PAUSED to stop it. */
  status?: 'ACTIVE' | 'PAUSED';
  /** Its new daily budget in the account currency, at least 20. */
  daily_budget?: number;
  /** New name, up to 512 characters, no emoji. */
  name?: string;
  /** The account, when several are connected (list_connected_accounts). */
  advertiser_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The arguments of `create_video_campaign`. */
export interface CreateVideoCampaignArguments {
  /** Campaign name, unique; also names its ad group and ad. No emoji. */
  campaign_name: string;
  /**
   * TRAFFIC (CPC), REACH (CPM) or VIDEO_VIEWS (CPV).
   *
   * @default "TRAFFIC"
   */
  objective?: 'TRAFFIC' | 'REACH' | 'VIDEO_VIEWS';
  /** Ad group daily budget, account currency, at least 20. */
  daily_budget: number;
  /** Locations to target (GeoNames ids; 6252001 = United States). */
  location_ids: Array<string | number>;
  /** https URL of the MP4 to upload. */
  video_url: string;
  /** Ad text, up to 100 characters. */
  ad_text: string;
  /**
   * The identity the ad posts as (its name and picture shown as the author): an identity_id from list_video_identities.
   */
  identity_id: string | number;
  /**
   * Its type, as list_video_identities gives it; CUSTOMIZED_USER for a custom identity.
   *
   * @default "CUSTOMIZED_USER"
   */
  identity_type?: 'CUSTOMIZED_USER' | 'AUTH_CODE' | 'TT_USER' | 'BC_AUTH_TT';
  /**
   * With identity_type BC_AUTH_TT: the Business Center the TikTok account is authorized to (TikTok needs it then).
   */
  identity_authorized_bc_id?: string | number;
  /**
   * The button.
   *
   * @default "LEARN_MORE"
   */
  call_to_action?:
    | 'LEARN_MORE'
    | 'SHOP_NOW'
    | 'SIGN_UP'
    | 'CONTACT_US'
    | 'APPLY_NOW'
    | 'BOOK_NOW'
    | 'ORDER_NOW'
    | 'DOWNLOAD'
    | 'GET_QUOTE'
    | 'SUBSCRIBE'
    | 'WATCH_NOW';
  /** Where the ad leads. */
  landing_page_url: string;
  /** The account, when several are connected (list_connected_accounts). */
  advertiser_id?: string | number;
  /**
   * Check and show what would be sent, changing nothing (no quota).
   *
   * @default false
   */
  dry_run?: boolean;
}

/** The answer of `get_usage_status`. */
export interface GetUsageStatusResult {
  /** This month's tool calls, shared by all of the owner's keys. */
  quota: {
    /** Calls used this month. */
    used: number;
    /** The tier's monthly limit. */
    limit: number;
    /** The owner's tier. */
    tier: 'free' | 'plus' | 'pro' | 'max';
    /** When the counter resets (UTC). */
    period_end: string;
  };
  /** Days until period_end. */
  days_until_reset: number;
  /** Every tier and its monthly limit. */
  tiers: Array<{
    /** A tier. */
    tier: 'free' | 'plus' | 'pro' | 'max';
    /** Its monthly limit. */
    limit: number;
  }>;
  /** Where to move to a higher tier. */
  upgrade_url: string;
}

/** The answer of `list_connected_accounts`. */
export interface ListConnectedAccountsResult {
  /** The connected accounts the caller may use. */
  accounts: Array<{
    /** search, network, social or video. */
    platform: 'search' | 'network' | 'social' | 'video';
    /** Pass it as `argument` to the platform tools. */
    account_id: string;
    /** Its name on the platform. */
    name: string;
    /** Its currency, ISO 4217. */
    currency: string;
    /** Its state here, like active. */
    status: string;
    /** The argument that takes the id, like customer_id. */
    argument: string;
  }>;
}

/** The answer of `get_connections_status`. */
export interface GetConnectionsStatusResult {
  /** Each platform, in the order search, network, social, video. */
  platforms: Array<{
    /** search, network, social or video. */
    platform: 'search' | 'network' | 'social' | 'video';
    /** Its name, like Google Ads. */
    label: string;
    /** Whether the owner connected it. */
    connected: boolean;
    /** active; expired or revoked: reconnect at connect_url. */
    status: 'active' | 'expired' | 'revoked' | 'not_connected';
    /** sandbox or live; null when not connected. */
    mode: string | null;
    /** When its token expires, ISO; null if never. */
    token_expires_at: string | null;
    /** Its accounts the caller may use. */
    accounts: number;
  }>;
  /** Where the owner connects or reconnects a platform. */
  connect_url: string;
}

/** The answer of `get_approval`. */
export interface GetApprovalResult {
  /** A change that waits for the owner's approval. */
  approval: {
    /** Pass it to get_approval. */
    id: string;
    /** pending until the owner decides; then what became of it. */
    status: 'pending' | 'approved' | 'applied' | 'rejected' | 'expired' | 'drifted' | 'failed';
    /** Why the change waits. */
    reason: string;
    /** The key or app that asked. */
    requested_by: string;
    /** When the change was asked for. */
    created_at: string;
    /** Still pending after this: expired. */
    expires_at: string;
    /** Where the owner approves or rejects it. */
    approve_url: string;
    /** The change that waits, bound to the values it was computed from. */
    change: {
      /** The tool that asked for it. */
      tool: string;
      /** The tool's platform, or null. */
      platform: string | null;
      /** The ad account, as the tool names it. */
      account: string | null;
      /** Like `campaign 1800000000000003`. */
      object: string;
      /** The change in words. */
      what: string;
      /** The currency of the amounts. */
      currency: string;
      /** The fields as they were read. */
      before: Record<string, unknown>;
      /** The fields once the change is made. */
      after: Record<string, unknown>;
      /** What it may spend a day after the change, minus before; null without a daily budget to judge by. */
      projected_daily_delta: string | null;
      /** The daily delta over the days left in the month; null without a daily budget to judge by. */
      projected_period_delta: string | null;
      /** The last day the period delta counts (UTC). */
      period_end: string;
    };
    /** When the owner decided; null before. */
    decided_at: string | null;
    /** The address of the member who decided; null before. */
    decided_by: string | null;
    /** Applied: the answer (text, structured); drifted or failed: code and message. */
    result: Record<string, unknown> | null;
  };
}

/** The answer of `get_performance_overview`. */
export interface GetPerformanceOverviewResult {
  /** The days read. */
  period: {
    /** First day, in the account time zone. */
    start: string;
    /** Last day, included. */
    end: string;
  };
  /** One row per account read, by currency, then spend (highest first). */
  accounts: Array<{
    /** search, network, social or video. */
    platform: 'search' | 'network' | 'social' | 'video';
    /** The account. */
    account_id: string;
    /** Its name. */
    name: string;
    /** Its currency: the amounts of the row are in it. */
    currency: string;
    /** The days read, in the account's time zone. */
    period: {
      /** First day, in the account time zone. */
      start: string;
      /** Last day, included. */
      end: string;
    };
    /** Its campaigns in the report. */
    campaigns: number;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
  }>;
  /** The sums of the rows, one per currency. */
  totals: Array<{
    /** The currency totalled. */
    currency: string;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
  }>;
  /** The accounts that could not be read; they are in no total. */
  unreadable: Array<{
    /** Its platform. */
    platform: 'search' | 'network' | 'social' | 'video';
    /** The account. */
    account_id: string;
    /** Its name. */
    name: string;
    /** The error code, like connection_expired. */
    code: string;
    /** Why it could not be read, and what to do. */
    reason: string;
  }>;
}

/** The answer of `create_monitor`. */
export interface CreateMonitorResult {
  /** The new monitor; on a dry run, the one it would create (id a placeholder). */
  monitor: {
    /** The monitor id (mon_…). */
    id: string;
    /** What it watches. */
    name: string;
    /** The platform of the account it watches. */
    platform: 'search' | 'network' | 'social' | 'video';
    /** The account it watches. */
    account_id: string;
    /** false: suspended, not checked. */
    enabled: boolean;
    /** Only these campaigns; null: every campaign. */
    campaign_ids: Array<string> | null;
    /** What it compares. */
    conditions: Array<{
      /** Read over the window. */
      metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
      /** metric operator threshold. */
      operator: '>' | '>=' | '<' | '<=';
      /** Money in the account currency; ctr a fraction (0.02 is 2%). */
      threshold?: number;
      /** Instead of threshold: factor × the metric over trailing_days. */
      relative_to?: {
        /** Days before the window. */
        trailing_days: number;
        /** Times their value (counts per day). */
        factor: number;
      };
    }>;
    /** all: every condition must hold; any: one is enough. */
    match: 'all' | 'any';
    /** The days the metrics are read over. */
    window: 'today' | 'yesterday' | 'last_3_days' | 'last_7_days';
    /** Matching checks in a row before it fires. */
    consecutive_checks: number;
    /** How often it is checked. */
    check_every_minutes: number;
    /** What it does on a match. */
    action: 'notify' | 'pause_campaign' | 'lower_budget_percent';
    /** The percent for lower_budget_percent; else null. */
    action_value: number | null;
    /** ISO. */
    created_at: string;
    /** ISO. */
    updated_at: string;
    /** Its latest check; null before the first. */
    last_check: {
      /** ISO. */
      checked_at: string;
      /** checked, or failed when the report could not be read. */
      outcome: 'checked' | 'failed';
      /** Why it failed; null when checked. */
      error: string | null;
    } | null;
    /** Its latest firing; null if it never fired. */
    last_firing: {
      /** The firing. */
      id: string;
      /** When it fired, ISO. */
      fired_at: string;
      /** The campaign it fired on. */
      campaign_id: string;
      /** Its name, when known. */
      campaign_name: string | null;
      /** The window it fired for: once per campaign and period. */
      period: {
        /** First day, YYYY-MM-DD in the account time zone. */
        start: string;
        /** Last day, included. */
        end: string;
      };
      /** The values that matched. */
      seen: Array<{
        /** The metric compared. */
        metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
        /** The comparison. */
        operator: '>' | '>=' | '<' | '<=';
        /** Over the window; 'no conversions': spend that converted nothing; null: no data. */
        value: number | 'no conversions' | null;
        /** The threshold, or factor × the trailing value; null: no history to compare. */
        against: number | null;
        /** Whether this condition held. */
        matched: boolean;
      }>;
      /** What it did. */
      action: 'notify' | 'pause_campaign' | 'lower_budget_percent';
      /** pending until acted on; then applied, notified, refused or failed. */
      result: 'pending' | 'applied' | 'notified' | 'refused' | 'failed';
      /** The action's answer or refusal, in words. */
      result_text: string | null;
      /** The action call's request id (its audit row), when one was made. */
      request_id: string | null;
    } | null;
  };
  /** true on a dry run: nothing was stored. */
  dry_run: boolean;
}

/** The answer of `list_monitors`. */
export interface ListMonitorsResult {
  /** The monitors the caller may see, oldest first. */
  monitors: Array<{
    /** The monitor id (mon_…). */
    id: string;
    /** What it watches. */
    name: string;
    /** The platform of the account it watches. */
    platform: 'search' | 'network' | 'social' | 'video';
    /** The account it watches. */
    account_id: string;
    /** false: suspended, not checked. */
    enabled: boolean;
    /** Only these campaigns; null: every campaign. */
    campaign_ids: Array<string> | null;
    /** What it compares. */
    conditions: Array<{
      /** Read over the window. */
      metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
      /** metric operator threshold. */
      operator: '>' | '>=' | '<' | '<=';
      /** Money in the account currency; ctr a fraction (0.02 is 2%). */
      threshold?: number;
      /** Instead of threshold: factor × the metric over trailing_days. */
      relative_to?: {
        /** Days before the window. */
        trailing_days: number;
        /** Times their value (counts per day). */
        factor: number;
      };
    }>;
    /** all: every condition must hold; any: one is enough. */
    match: 'all' | 'any';
    /** The days the metrics are read over. */
    window: 'today' | 'yesterday' | 'last_3_days' | 'last_7_days';
    /** Matching checks in a row before it fires. */
    consecutive_checks: number;
    /** How often it is checked. */
    check_every_minutes: number;
    /** What it does on a match. */
    action: 'notify' | 'pause_campaign' | 'lower_budget_percent';
    /** The percent for lower_budget_percent; else null. */
    action_value: number | null;
    /** ISO. */
    created_at: string;
    /** ISO. */
    updated_at: string;
    /** Its latest check; null before the first. */
    last_check: {
      /** ISO. */
      checked_at: string;
      /** checked, or failed when the report could not be read. */
      outcome: 'checked' | 'failed';
      /** Why it failed; null when checked. */
      error: string | null;
    } | null;
    /** Its latest firing; null if it never fired. */
    last_firing: {
      /** The firing. */
      id: string;
      /** When it fired, ISO. */
      fired_at: string;
      /** The campaign it fired on. */
      campaign_id: string;
      /** Its name, when known. */
      campaign_name: string | null;
      /** The window it fired for: once per campaign and period. */
      period: {
        /** First day, YYYY-MM-DD in the account time zone. */
        start: string;
        /** Last day, included. */
        end: string;
      };
      /** The values that matched. */
      seen: Array<{
        /** The metric compared. */
        metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
        /** The comparison. */
        operator: '>' | '>=' | '<' | '<=';
        /** Over the window; 'no conversions': spend that converted nothing; null: no data. */
        value: number | 'no conversions' | null;
        /** The threshold, or factor × the trailing value; null: no history to compare. */
        against: number | null;
        /** Whether this condition held. */
        matched: boolean;
      }>;
      /** What it did. */
      action: 'notify' | 'pause_campaign' | 'lower_budget_percent';
      /** pending until acted on; then applied, notified, refused or failed. */
      result: 'pending' | 'applied' | 'notified' | 'refused' | 'failed';
      /** The action's answer or refusal, in words. */
      result_text: string | null;
      /** The action call's request id (its audit row), when one was made. */
      request_id: string | null;
    } | null;
  }>;
}

/** The answer of `test_monitor`. */
export interface TestMonitorResult {
  /** The account evaluated. */
  account_id: string;
  /** Its platform. */
  platform: 'search' | 'network' | 'social' | 'video';
  /** The days the metrics were read over. */
  period: {
    /** First day, YYYY-MM-DD in the account time zone. */
    start: string;
    /** Last day, included. */
    end: string;
  };
  /** What the monitor would do on each campaign it matches. */
  action: 'notify' | 'pause_campaign' | 'lower_budget_percent';
  /** The campaigns it matches now. */
  would_fire: Array<string>;
  /** Each campaign evaluated, with its values. */
  campaigns: Array<{
    /** The campaign evaluated. */
    campaign_id: string;
    /** Its name, when the report gave one. */
    campaign_name: string | null;
    /** Whether the rule matched it (all or any of the conditions). */
    matched: boolean;
    /** Each condition's value and verdict. */
    conditions: Array<{
      /** The metric compared. */
      metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
      /** The comparison. */
      operator: '>' | '>=' | '<' | '<=';
      /** Over the window; 'no conversions': spend that converted nothing; null: no data. */
      value: number | 'no conversions' | null;
      /** The threshold, or factor × the trailing value; null: no history to compare. */
      against: number | null;
      /** Whether this condition held. */
      matched: boolean;
    }>;
  }>;
  /** Campaign ids of the rule the account does not know. */
  not_found: Array<string>;
}

/** The answer of `get_monitor_history`. */
export interface GetMonitorHistoryResult {
  /** The monitor. */
  monitor_id: string;
  /** Its latest checks, newest first. */
  checks: Array<{
    /** The minute the check was due, ISO. */
    due_at: string;
    /** When it ran, ISO. */
    checked_at: string;
    /** checked, or failed when the report could not be read. */
    outcome: 'checked' | 'failed';
    /** Why it failed; null when checked. */
    error: string | null;
    /** The window read; null when it failed. */
    period: {
      /** First day, YYYY-MM-DD in the account time zone. */
      start: string;
      /** Last day, included. */
      end: string;
    } | null;
    /** The campaigns the rule matched. */
    matched_campaign_ids: Array<string>;
    /** Each campaign evaluated. */
    campaigns: Array<{
      /** The campaign evaluated. */
      campaign_id: string;
      /** Its name, when the report gave one. */
      campaign_name: string | null;
      /** Whether the rule matched it (all or any of the conditions). */
      matched: boolean;
      /** Each condition's value and verdict. */
      conditions: Array<{
        /** The metric compared. */
        metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
        /** The comparison. */
        operator: '>' | '>=' | '<' | '<=';
        /** Over the window; 'no conversions': spend that converted nothing; null: no data. */
        value: number | 'no conversions' | null;
        /** The threshold, or factor × the trailing value; null: no history to compare. */
        against: number | null;
        /** Whether this condition held. */
        matched: boolean;
      }>;
    }>;
  }>;
  /** Its latest firings, newest first. */
  firings: Array<{
    /** The firing. */
    id: string;
    /** When it fired, ISO. */
    fired_at: string;
    /** The campaign it fired on. */
    campaign_id: string;
    /** Its name, when known. */
    campaign_name: string | null;
    /** The window it fired for: once per campaign and period. */
    period: {
      /** First day, YYYY-MM-DD in the account time zone. */
      start: string;
      /** Last day, included. */
      end: string;
    };
    /** The values that matched. */
    seen: Array<{
      /** The metric compared. */
      metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
      /** The comparison. */
      operator: '>' | '>=' | '<' | '<=';
      /** Over the window; 'no conversions': spend that converted nothing; null: no data. */
      value: number | 'no conversions' | null;
      /** The threshold, or factor × the trailing value; null: no history to compare. */
      against: number | null;
      /** Whether this condition held. */
      matched: boolean;
    }>;
    /** What it did. */
    action: 'notify' | 'pause_campaign' | 'lower_budget_percent';
    /** pending until acted on; then applied, notified, refused or failed. */
    result: 'pending' | 'applied' | 'notified' | 'refused' | 'failed';
    /** The action's answer or refusal, in words. */
    result_text: string | null;
    /** The action call's request id (its audit row), when one was made. */
    request_id: string | null;
  }>;
}

/** The answer of `update_monitor`. */
export interface UpdateMonitorResult {
  /** The monitor as changed; on a dry run, as it would be (it is unchanged). */
  monitor: {
    /** The monitor id (mon_…). */
    id: string;
    /** What it watches. */
    name: string;
    /** The platform of the account it watches. */
    platform: 'search' | 'network' | 'social' | 'video';
    /** The account it watches. */
    account_id: string;
    /** false: suspended, not checked. */
    enabled: boolean;
    /** Only these campaigns; null: every campaign. */
    campaign_ids: Array<string> | null;
    /** What it compares. */
    conditions: Array<{
      /** Read over the window. */
      metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
      /** metric operator threshold. */
      operator: '>' | '>=' | '<' | '<=';
      /** Money in the account currency; ctr a fraction (0.02 is 2%). */
      threshold?: number;
      /** Instead of threshold: factor × the metric over trailing_days. */
      relative_to?: {
        /** Days before the window. */
        trailing_days: number;
        /** Times their value (counts per day). */
        factor: number;
      };
    }>;
    /** all: every condition must hold; any: one is enough. */
    match: 'all' | 'any';
    /** The days the metrics are read over. */
    window: 'today' | 'yesterday' | 'last_3_days' | 'last_7_days';
    /** Matching checks in a row before it fires. */
    consecutive_checks: number;
    /** How often it is checked. */
    check_every_minutes: number;
    /** What it does on a match. */
    action: 'notify' | 'pause_campaign' | 'lower_budget_percent';
    /** The percent for lower_budget_percent; else null. */
    action_value: number | null;
    /** ISO. */
    created_at: string;
    /** ISO. */
    updated_at: string;
    /** Its latest check; null before the first. */
    last_check: {
      /** ISO. */
      checked_at: string;
      /** checked, or failed when the report could not be read. */
      outcome: 'checked' | 'failed';
      /** Why it failed; null when checked. */
      error: string | null;
    } | null;
    /** Its latest firing; null if it never fired. */
    last_firing: {
      /** The firing. */
      id: string;
      /** When it fired, ISO. */
      fired_at: string;
      /** The campaign it fired on. */
      campaign_id: string;
      /** Its name, when known. */
      campaign_name: string | null;
      /** The window it fired for: once per campaign and period. */
      period: {
        /** First day, YYYY-MM-DD in the account time zone. */
        start: string;
        /** Last day, included. */
        end: string;
      };
      /** The values that matched. */
      seen: Array<{
        /** The metric compared. */
        metric: 'spend' | 'impressions' | 'clicks' | 'conversions' | 'ctr' | 'cpc' | 'cost_per_conversion';
        /** The comparison. */
        operator: '>' | '>=' | '<' | '<=';
        /** Over the window; 'no conversions': spend that converted nothing; null: no data. */
        value: number | 'no conversions' | null;
        /** The threshold, or factor × the trailing value; null: no history to compare. */
        against: number | null;
        /** Whether this condition held. */
        matched: boolean;
      }>;
      /** What it did. */
      action: 'notify' | 'pause_campaign' | 'lower_budget_percent';
      /** pending until acted on; then applied, notified, refused or failed. */
      result: 'pending' | 'applied' | 'notified' | 'refused' | 'failed';
      /** The action's answer or refusal, in words. */
      result_text: string | null;
      /** The action call's request id (its audit row), when one was made. */
      request_id: string | null;
    } | null;
  };
  /** true on a dry run: nothing was stored. */
  dry_run: boolean;
}

/** The answer of `delete_monitor`. */
export interface DeleteMonitorResult {
  /** The monitor deleted; on a dry run, the one that would be. */
  monitor_id: string;
  /** Its name. */
  name: string;
  /** true: it and its check history are gone; false on a dry run. */
  deleted: boolean;
  /** true on a dry run: nothing was stored. */
  dry_run: boolean;
}

/** The answer of `list_search_campaigns`. */
export interface ListSearchCampaignsResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The statuses listed. */
  status: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /** The campaigns of this page, in id order. */
  campaigns: Array<{
    /** The campaign id. */
    campaign_id: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Google channel type, like SEARCH or PERFORMANCE_MAX. */
    channel_type: string;
    /** Daily budget in the account currency; null without a daily amount. */
    daily_budget: string | null;
    /** The account currency. */
    currency: string;
    /** Its campaign budget; null when it has none. */
    budget_id: string | null;
    /** Whether other campaigns spend from the same budget. */
    budget_shared: boolean;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `list_search_ads`. */
export interface ListSearchAdsResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The ad statuses listed. */
  status: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  /** The campaign filter, when given. */
  campaign_id?: string;
  /** The ad group filter, when given. */
  ad_group_id?: string;
  /** How many ads this page holds. */
  ad_count: number;
  /** The ads of this page by ad group. */
  ad_groups: Array<{
    /** The ad group id. */
    ad_group_id: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its campaign. */
    campaign_id: string;
    /** Its campaign's name. */
    campaign_name: string;
    /** Its ads on this page. */
    ads: Array<{
      /** The ad id, which update_ad_headlines takes. */
      ad_id: string;
      /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
      status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
      /** The platform's own status value. */
      platform_status: string;
      /** Google ad type, like RESPONSIVE_SEARCH_AD. */
      ad_type: string;
      /** Its first final URL; null when none. */
      final_url: string | null;
      /** Responsive search ad headlines; null for other types. */
      headlines: Array<{
        /** The headline. */
        text: string;
        /** Where it is pinned, like HEADLINE_1. */
        pinned_field?: string;
      }> | null;
    }>;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `list_search_ad_groups`. */
export interface ListSearchAdGroupsResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The account currency of the bids. */
  currency: string;
  /** The ad groups of this page, in id order. */
  ad_groups: Array<{
    /** The ad group id. */
    ad_group_id: string;
    /** Its name. */
    name: string;
    /** Its campaign. */
    campaign_id: string;
    /** Its campaign's name. */
    campaign_name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Google ad group type, like SEARCH_STANDARD. */
    type: string;
    /** Default max CPC in the account currency; null when none is set. */
    cpc_bid: string | null;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `list_search_keywords`. */
export interface ListSearchKeywordsResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The account currency of every amount. */
  currency: string;
  /** The days the metrics cover, in the account time zone. */
  period: {
    /** First day, YYYY-MM-DD. */
    start: string;
    /** Last day, included. */
    end: string;
  };
  /** The keywords of this page, by ad group and id. */
  keywords: Array<{
    /** The criterion id, which update_search_keywords takes. */
    keyword_id: string;
    /** The keyword text. */
    text: string;
    /** EXACT, PHRASE or BROAD. */
    match_type: string;
    /** Its ad group. */
    ad_group_id: string;
    /** Its ad group's name. */
    ad_group_name: string;
    /** Its campaign. */
    campaign_id: string;
    /** Its campaign's name. */
    campaign_name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its metrics over the period. */
    metrics: {
      /** Impressions in the period. */
      impressions: number;
      /** Clicks in the period. */
      clicks: number;
      /** Cost in the account currency, a decimal string. */
      spend: string;
      /** Conversions in the period. */
      conversions: number;
      /** Clicks per impression, a fraction; null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
    };
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `list_search_terms`. */
export interface ListSearchTermsResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The account currency of every amount. */
  currency: string;
  /** The days the metrics cover, in the account time zone. */
  period: {
    /** First day, YYYY-MM-DD. */
    start: string;
    /** Last day, included. */
    end: string;
  };
  /** The terms of this page, costliest first. */
  search_terms: Array<{
    /** What was searched. */
    search_term: string;
    /** ADDED, EXCLUDED, ADDED_EXCLUDED or NONE (Google search term status). */
    status: string;
    /** The campaign it showed an ad of. */
    campaign_id: string;
    /** The campaign's name. */
    campaign_name: string;
    /** The ad group it showed an ad of. */
    ad_group_id: string;
    /** The ad group's name. */
    ad_group_name: string;
    /** The keyword it matched; null when Google does not say. */
    keyword: {
      /** Keyword text. */
      text: string;
      /** Its match type. */
      match_type: string;
    } | null;
    /** Its metrics over the period. */
    metrics: {
      /** Impressions in the period. */
      impressions: number;
      /** Clicks in the period. */
      clicks: number;
      /** Cost in the account currency, a decimal string. */
      spend: string;
      /** Conversions in the period. */
      conversions: number;
      /** Clicks per impression, a fraction; null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
    };
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `get_search_campaign_performance`. */
export interface GetSearchCampaignPerformanceResult {
  account_id: string;
  /** The currency of every amount. */
  currency: string;
  period: {
    start: string;
    end: string;
  };
  level: 'campaign' | 'ad_group' | 'ad';
  breakdown: 'none' | 'day' | 'device';
  /** At level campaign, by spend. */
  campaigns?: Array<{
    campaign_id: string;
    name: string;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  /** At level ad_group, by spend. */
  ad_groups?: Array<{
    ad_group_id: string;
    name: string;
    campaign_id: string;
    campaign_name: string | null;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  /** At level ad, by spend. */
  ads?: Array<{
    ad_id: string;
    name: string;
    campaign_id: string;
    campaign_name: string | null;
    ad_group_id: string | null;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  totals: {
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
  };
  /**
   * What the platform reported for objects not in the listing (a removed one, a row without an id); in totals. Null when none.
   */
  unattached: {
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
  } | null;
  /** Campaign ids asked for that the account does not have. */
  not_found: Array<string>;
}

/** The answer of `discover_existing_assets`. */
export interface DiscoverExistingAssetsResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The kinds listed. */
  asset_types: Array<'images' | 'sitelinks' | 'callouts' | 'structured_snippets'>;
  /** The domain filter, when given. */
  target_domain?: string;
  /** With target_domain: sitelinks left out for another domain. */
  sitelinks_on_other_domains?: number;
  /** How many of each kind listed. */
  counts: Record<string, unknown>;
  /** How many assets in all. */
  total: number;
  /** Image assets, when asked for. */
  images?: Array<{
    /** The asset id. */
    id: string;
    /** Its name. */
    name: string | null;
    /** URL of the full-size image. */
    url: string | null;
    /** Width in pixels. */
    width: number | null;
    /** Height in pixels. */
    height: number | null;
    /** File size in bytes. */
    file_size_bytes: number | null;
  }>;
  /** Sitelink assets, when asked for. */
  sitelinks?: Array<{
    /** The asset id. */
    id: string;
    /** The link text. */
    link_text: string;
    /** Its first final URL. */
    final_url: string | null;
    /** First description line. */
    description1?: string;
    /** Second description line. */
    description2?: string;
  }>;
  /** Callout assets, when asked for. */
  callouts?: Array<{
    /** The asset id. */
    id: string;
    /** The callout. */
    text: string;
  }>;
  /** Structured snippet assets, when asked for. */
  structured_snippets?: Array<{
    /** The asset id. */
    id: string;
    /** The snippet header, like Brands. */
    header: string;
    /** Its values. */
    values: Array<string>;
  }>;
}

/** The answer of `update_ad_headlines`. */
export interface UpdateAdHeadlinesResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The ad group. */
  ad_group_id: string;
  /** The ad. */
  ad_id: string;
  /** The ad group ad's Google resource name. */
  resource_name: string;
  /** The headlines as they were. */
  before: Array<{
    /** The headline. */
    text: string;
    /** Where it is pinned, like HEADLINE_1. */
    pinned_field?: string;
  }>;
  /** The headlines now (or on a dry run, as they would be); pins kept. */
  after: Array<{
    /** The headline. */
    text: string;
    /** Where it is pinned, like HEADLINE_1. */
    pinned_field?: string;
  }>;
  /** Whether Google only validated the change. */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
}

/** The answer of `update_search_campaign`. */
export interface UpdateSearchCampaignResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The campaign. */
  campaign_id: string;
  /** Its name. */
  name: string;
  /** Its campaign budget; null when it has none. */
  budget_id: string | null;
  /** Whether other campaigns spend from the same budget. */
  budget_shared: boolean;
  /** As it was. */
  before: {
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Daily budget in the account currency; null without a daily amount. */
    daily_budget: string | null;
    /** The account currency. */
    currency: string;
  };
  /** As it is now (or would be, on a dry run). */
  after: {
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Daily budget in the account currency; null without a daily amount. */
    daily_budget: string | null;
    /** The account currency. */
    currency: string;
  };
  /** The fields that differ; empty when nothing was sent. */
  changed: Array<string>;
  /** Whether Google only validated the change. */
  dry_run: boolean;
  /** When a shared budget changes: the other campaigns it also applies to. */
  sharing_campaigns?: Array<{
    /** The other campaign. */
    campaign_id: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
  }>;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
}

/** The answer of `update_search_ad_group`. */
export interface UpdateSearchAdGroupResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The ad group. */
  ad_group_id: string;
  /** Its name. */
  name: string;
  /** Its campaign. */
  campaign_id: string;
  /** The account currency of the bids. */
  currency: string;
  /** As it was. */
  before: {
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Default max CPC in the account currency; null when none is set. */
    cpc_bid: string | null;
  };
  /** As it is now (or would be, on a dry run). */
  after: {
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Default max CPC in the account currency; null when none is set. */
    cpc_bid: string | null;
  };
  /** The fields that differ; empty when nothing was sent. */
  changed: Array<string>;
  /** Whether Google only validated the change. */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
}

/** The answer of `update_search_keywords`. */
export interface UpdateSearchKeywordsResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The ad group. */
  ad_group_id: string;
  /** The ad group's name. */
  name: string;
  /** Each keyword asked for, in the order given. */
  keywords: Array<{
    /** The criterion id. */
    keyword_id: string;
    /** The keyword text. */
    text: string;
    /** EXACT, PHRASE or BROAD. */
    match_type: string;
    /** As it was. */
    before: {
      /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
      status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
      /** The platform's own status value. */
      platform_status: string;
    };
    /** As it is now (or would be). */
    after: {
      /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
      status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
      /** The platform's own status value. */
      platform_status: string;
    };
    /** ["status"] when it changes, else empty. */
    changed: Array<string>;
  }>;
  /** Statuses before. */
  before: {
    /** Platform statuses. */
    keywords: Array<string>;
  };
  /** Statuses after. */
  after: {
    /** Platform statuses. */
    keywords: Array<string>;
  };
  /** ["status"] when any keyword changes; empty when nothing was sent. */
  changed: Array<string>;
  /** Whether Google only validated the change. */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
}

/** The answer of `add_search_negative_keywords`. */
export interface AddSearchNegativeKeywordsResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The campaign, when added at campaign level. */
  campaign_id?: string;
  /** The ad group, when added at ad group level. */
  ad_group_id?: string;
  /** Its name. */
  name: string;
  /** The negatives added (or that would be, on a dry run). */
  added: Array<{
    /** The negative keyword text. */
    text: string;
    /** EXACT, PHRASE or BROAD. */
    match_type: 'EXACT' | 'PHRASE' | 'BROAD';
  }>;
  /** The negatives not added: already there, or repeated in the call. */
  skipped: Array<{
    /** The negative keyword text. */
    text: string;
    /** EXACT, PHRASE or BROAD. */
    match_type: 'EXACT' | 'PHRASE' | 'BROAD';
    /** Why it was not added. */
    reason: string;
  }>;
  /** Negatives before. */
  before: {
    /** How many. */
    negative_keywords: number;
  };
  /** Negatives after. */
  after: {
    /** How many. */
    negative_keywords: number;
  };
  /** ["negative_keywords"] when any was added; empty when nothing was sent. */
  changed: Array<string>;
  /** Whether Google only validated the change. */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
}

/** The answer of `validate_and_prepare_assets`. */
export interface ValidateAndPrepareAssetsResult {
  /** The bundle of accepted images the create tools take; null on a dry run. */
  asset_bundle_id: string | null;
  /** A verdict for every image, in argument order. */
  images: Array<{
    /** The image URL as given. */
    url: string;
    /** The argument it came in. */
    group:
      | 'marketing_images_landscape'
      | 'marketing_images_square'
      | 'marketing_images_portrait'
      | 'logos_square'
      | 'logos_landscape';
    /** Whether it passed the rules. */
    verdict: 'accepted' | 'rejected';
    /** Why it was rejected, in plain words. */
    reason?: string;
    /** Width in pixels, when read. */
    width?: number;
    /** Height in pixels, when read. */
    height?: number;
    /** JPEG, PNG or GIF, by its bytes. */
    format?: string;
    /** Its size in bytes. */
    bytes?: number;
    /** SHA-256 of its bytes, hex. */
    sha256?: string;
  }>;
}

/** The answer of `create_search_campaign`. */
export interface CreateSearchCampaignResult {
  /** The Google Ads account. */
  customer_id: string;
  /** The new campaign; a placeholder in a dry run. */
  campaign_id: string;
  /** Campaign name. */
  name: string;
  /** Always PAUSED. */
  status: 'PAUSED';
  /** Google's status. */
  platform_status: 'PAUSED';
  /** Daily budget, account currency. */
  daily_budget: string;
  /** Account currency. */
  currency: string;
  /** What was made (placeholders in a dry run). */
  created: {
    /** The campaign budget. */
    budget_id: string;
    /** The ad group. */
    ad_group_id: string;
    /** The keywords (criterion ids). */
    keyword_ids: Array<string>;
    /** The responsive search ad. */
    ad_id: string;
  };
  /** True: validated by Google, nothing made. */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
  /** What to do next. */
  next_steps?: Array<string>;
}

/** The answer of `create_network_image_campaign`. */
export interface CreateNetworkImageCampaignResult {
  /** Whether nothing was created (dry run). */
  dry_run: boolean;
  /** The LinkedIn ad account. */
  account_id: string;
  /** The campaign group. */
  campaign_group: {
    /** The digits of the group (a placeholder on a dry run). */
    id: string;
    /** urn:li:sponsoredCampaignGroup:<id>. */
    urn: string;
    /** Its name. */
    name?: string;
    /** Whether this call created it. */
    created: boolean;
  };
  /** The new campaign, created PAUSED. */
  campaign: {
    /** The digits of the campaign (a placeholder on a dry run). */
    id: string;
    /** urn:li:sponsoredCampaign:<id>. */
    urn: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** SPONSORED_UPDATES or TEXT_AD. */
    type: string;
    /** SINGLE_IMAGE, VIDEO, CAROUSEL or TEXT_AD. */
    format: string;
    /** LinkedIn's objectiveType. */
    objective: string;
    /** Daily budget in the account currency. */
    daily_budget: string;
    /** Total budget in the account currency, when set. */
    total_budget?: string;
    /** The account currency. */
    currency: string;
  };
  /** The first ad. */
  creative: {
    /** Its urn:li:sponsoredCreative (a placeholder on a dry run). */
    id: string;
    /** The ad type. */
    kind: 'image' | 'video' | 'carousel' | 'text';
    /** ACTIVE: it serves once the campaign is active. */
    intended_status: string;
    /** The dark post it sponsors; text ads have none. */
    post?: string;
  };
  /** The media of the ad. */
  media: Array<{
    /** The argument the media came from. */
    field: string;
    /** Its urn:li:image or urn:li:video (a placeholder on a dry run). */
    urn: string;
    /** Whether this call uploaded it. */
    uploaded: boolean;
  }>;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
  /** What to do next, once created. */
  next_steps?: Array<string>;
}

/** The answer of `create_network_video_campaign`. */
export interface CreateNetworkVideoCampaignResult {
  /** Whether nothing was created (dry run). */
  dry_run: boolean;
  /** The LinkedIn ad account. */
  account_id: string;
  /** The campaign group. */
  campaign_group: {
    /** The digits of the group (a placeholder on a dry run). */
    id: string;
    /** urn:li:sponsoredCampaignGroup:<id>. */
    urn: string;
    /** Its name. */
    name?: string;
    /** Whether this call created it. */
    created: boolean;
  };
  /** The new campaign, created PAUSED. */
  campaign: {
    /** The digits of the campaign (a placeholder on a dry run). */
    id: string;
    /** urn:li:sponsoredCampaign:<id>. */
    urn: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** SPONSORED_UPDATES or TEXT_AD. */
    type: string;
    /** SINGLE_IMAGE, VIDEO, CAROUSEL or TEXT_AD. */
    format: string;
    /** LinkedIn's objectiveType. */
    objective: string;
    /** Daily budget in the account currency. */
    daily_budget: string;
    /** Total budget in the account currency, when set. */
    total_budget?: string;
    /** The account currency. */
    currency: string;
  };
  /** The first ad. */
  creative: {
    /** Its urn:li:sponsoredCreative (a placeholder on a dry run). */
    id: string;
    /** The ad type. */
    kind: 'image' | 'video' | 'carousel' | 'text';
    /** ACTIVE: it serves once the campaign is active. */
    intended_status: string;
    /** The dark post it sponsors; text ads have none. */
    post?: string;
  };
  /** The media of the ad. */
  media: Array<{
    /** The argument the media came from. */
    field: string;
    /** Its urn:li:image or urn:li:video (a placeholder on a dry run). */
    urn: string;
    /** Whether this call uploaded it. */
    uploaded: boolean;
  }>;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
  /** What to do next, once created. */
  next_steps?: Array<string>;
}

/** The answer of `create_network_carousel_campaign`. */
export interface CreateNetworkCarouselCampaignResult {
  /** Whether nothing was created (dry run). */
  dry_run: boolean;
  /** The LinkedIn ad account. */
  account_id: string;
  /** The campaign group. */
  campaign_group: {
    /** The digits of the group (a placeholder on a dry run). */
    id: string;
    /** urn:li:sponsoredCampaignGroup:<id>. */
    urn: string;
    /** Its name. */
    name?: string;
    /** Whether this call created it. */
    created: boolean;
  };
  /** The new campaign, created PAUSED. */
  campaign: {
    /** The digits of the campaign (a placeholder on a dry run). */
    id: string;
    /** urn:li:sponsoredCampaign:<id>. */
    urn: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** SPONSORED_UPDATES or TEXT_AD. */
    type: string;
    /** SINGLE_IMAGE, VIDEO, CAROUSEL or TEXT_AD. */
    format: string;
    /** LinkedIn's objectiveType. */
    objective: string;
    /** Daily budget in the account currency. */
    daily_budget: string;
    /** Total budget in the account currency, when set. */
    total_budget?: string;
    /** The account currency. */
    currency: string;
  };
  /** The first ad. */
  creative: {
    /** Its urn:li:sponsoredCreative (a placeholder on a dry run). */
    id: string;
    /** The ad type. */
    kind: 'image' | 'video' | 'carousel' | 'text';
    /** ACTIVE: it serves once the campaign is active. */
    intended_status: string;
    /** The dark post it sponsors; text ads have none. */
    post?: string;
  };
  /** The media of the ad. */
  media: Array<{
    /** The argument the media came from. */
    field: string;
    /** Its urn:li:image or urn:li:video (a placeholder on a dry run). */
    urn: string;
    /** Whether this call uploaded it. */
    uploaded: boolean;
  }>;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
  /** What to do next, once created. */
  next_steps?: Array<string>;
}

/** The answer of `create_network_text_campaign`. */
export interface CreateNetworkTextCampaignResult {
  /** Whether nothing was created (dry run). */
  dry_run: boolean;
  /** The LinkedIn ad account. */
  account_id: string;
  /** The campaign group. */
  campaign_group: {
    /** The digits of the group (a placeholder on a dry run). */
    id: string;
    /** urn:li:sponsoredCampaignGroup:<id>. */
    urn: string;
    /** Its name. */
    name?: string;
    /** Whether this call created it. */
    created: boolean;
  };
  /** The new campaign, created PAUSED. */
  campaign: {
    /** The digits of the campaign (a placeholder on a dry run). */
    id: string;
    /** urn:li:sponsoredCampaign:<id>. */
    urn: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** SPONSORED_UPDATES or TEXT_AD. */
    type: string;
    /** SINGLE_IMAGE, VIDEO, CAROUSEL or TEXT_AD. */
    format: string;
    /** LinkedIn's objectiveType. */
    objective: string;
    /** Daily budget in the account currency. */
    daily_budget: string;
    /** Total budget in the account currency, when set. */
    total_budget?: string;
    /** The account currency. */
    currency: string;
  };
  /** The first ad. */
  creative: {
    /** Its urn:li:sponsoredCreative (a placeholder on a dry run). */
    id: string;
    /** The ad type. */
    kind: 'image' | 'video' | 'carousel' | 'text';
    /** ACTIVE: it serves once the campaign is active. */
    intended_status: string;
    /** The dark post it sponsors; text ads have none. */
    post?: string;
  };
  /** The media of the ad. */
  media: Array<{
    /** The argument the media came from. */
    field: string;
    /** Its urn:li:image or urn:li:video (a placeholder on a dry run). */
    urn: string;
    /** Whether this call uploaded it. */
    uploaded: boolean;
  }>;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
  /** What to do next, once created. */
  next_steps?: Array<string>;
}

/** The answer of `add_network_campaign_to_group`. */
export interface AddNetworkCampaignToGroupResult {
  /** Whether nothing was created (dry run). */
  dry_run: boolean;
  /** The LinkedIn ad account. */
  account_id: string;
  /** The campaign group. */
  campaign_group: {
    /** The digits of the group (a placeholder on a dry run). */
    id: string;
    /** urn:li:sponsoredCampaignGroup:<id>. */
    urn: string;
    /** Its name. */
    name?: string;
    /** Whether this call created it. */
    created: boolean;
  };
  /** The new campaign, created PAUSED. */
  campaign: {
    /** The digits of the campaign (a placeholder on a dry run). */
    id: string;
    /** urn:li:sponsoredCampaign:<id>. */
    urn: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** SPONSORED_UPDATES or TEXT_AD. */
    type: string;
    /** SINGLE_IMAGE, VIDEO, CAROUSEL or TEXT_AD. */
    format: string;
    /** LinkedIn's objectiveType. */
    objective: string;
    /** Daily budget in the account currency. */
    daily_budget: string;
    /** Total budget in the account currency, when set. */
    total_budget?: string;
    /** The account currency. */
    currency: string;
  };
  /** The first ad. */
  creative: {
    /** Its urn:li:sponsoredCreative (a placeholder on a dry run). */
    id: string;
    /** The ad type. */
    kind: 'image' | 'video' | 'carousel' | 'text';
    /** ACTIVE: it serves once the campaign is active. */
    intended_status: string;
    /** The dark post it sponsors; text ads have none. */
    post?: string;
  };
  /** The media of the ad. */
  media: Array<{
    /** The argument the media came from. */
    field: string;
    /** Its urn:li:image or urn:li:video (a placeholder on a dry run). */
    urn: string;
    /** Whether this call uploaded it. */
    uploaded: boolean;
  }>;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
  /** What to do next, once created. */
  next_steps?: Array<string>;
}

/** The answer of `add_network_carousel_creative`. */
export interface AddNetworkCarouselCreativeResult {
  /** The LinkedIn ad account. */
  account_id: string;
  /** Whether nothing was created (dry run). */
  dry_run: boolean;
  /** The carousel campaign. */
  campaign: {
    /** The digits of the campaign. */
    id: string;
    /** urn:li:sponsoredCampaign:<id>. */
    urn: string;
    /** Its name. */
    name: string | null;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
  };
  /** The new ad. */
  creative: {
    /** Its urn:li:sponsoredCreative (a placeholder on a dry run). */
    id: string;
    /** The dark post it sponsors. */
    post?: string;
    /** ACTIVE: it serves whenever the campaign is active. */
    intended_status: string;
    /** How many cards it has. */
    cards: number;
    /** creative_name, when given. */
    name?: string;
  };
  /** The campaign's ads, not removed, with this one. */
  variations: number;
  /** How many LinkedIn recommends. */
  recommended_variations: number;
  /** The media of the ad. */
  media: Array<{
    /** The argument the media came from. */
    field: string;
    /** Its urn:li:image or urn:li:video (a placeholder on a dry run). */
    urn: string;
    /** Whether this call uploaded it. */
    uploaded: boolean;
  }>;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
  /** Advice on more variations, once created. */
  next_step?: string;
}

/** The answer of `associate_network_conversion`. */
export interface AssociateNetworkConversionResult {
  /** The LinkedIn ad account. */
  account_id: string;
  /** Whether nothing was sent (dry run). */
  dry_run: boolean;
  /** The campaign. */
  campaign: {
    /** The digits of the campaign. */
    id: string;
    /** urn:li:sponsoredCampaign:<id>. */
    urn: string;
    /** Its name. */
    name: string | null;
  };
  /** The conversion. */
  conversion: {
    /** The digits of the conversion. */
    id: string;
    /** urn:lla:llaPartnerConversion:<id>. */
    urn: string;
    /** Its name. */
    name: string | null;
  };
  /** Whether the pair was associated before this call. */
  already_associated: boolean;
  /** true once this call associated them. */
  associated?: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
}

/** The answer of `list_network_campaigns`. */
export interface ListNetworkCampaignsResult {
  /** The LinkedIn ad account. */
  account_id: string;
  /** The account currency. */
  currency: string;
  /** The groups of this page's campaigns, by name. */
  campaign_groups: Array<{
    /** The digits of urn:li:sponsoredCampaignGroup. */
    campaign_group_id: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** LinkedIn's objectiveType, when set. */
    objective: string | null;
    /** Total budget in the account currency; null when none. */
    total_budget: string | null;
  }>;
  /** The campaigns of this page. */
  campaigns: Array<{
    /** The digits of urn:li:sponsoredCampaign. */
    campaign_id: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its campaign group. */
    campaign_group_id: string | null;
    /** SPONSORED_UPDATES, TEXT_AD... */
    type: string | null;
    /** SINGLE_IMAGE, VIDEO, CAROUSEL, TEXT_AD... */
    format: string | null;
    /** LinkedIn's objectiveType, when set. */
    objective: string | null;
    /** Daily budget in the account currency; null when none. */
    daily_budget: string | null;
    /** Total budget in the account currency; null when none. */
    total_budget: string | null;
    /** The currency of its budgets. */
    currency: string;
    /** How many creatives (ads) it has, not removed. */
    creatives: number;
  }>;
  /** campaign_group_id when it is not in this account. */
  not_found: Array<string>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `list_network_creatives`. */
export interface ListNetworkCreativesResult {
  /** The LinkedIn ad account. */
  account_id: string;
  /** The creatives of this page, by id. */
  creatives: Array<{
    /** The digits of urn:li:sponsoredCreative. */
    creative_id: string;
    /** Its campaign. */
    campaign_id: string | null;
    /** Its name, when it has one. */
    name: string | null;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Whether LinkedIn serves it now. */
    is_serving: boolean | null;
    /** LinkedIn's review: PENDING, APPROVED, REJECTED... */
    review_status: string | null;
    /** The post it sponsors (urn:li:share or ugcPost). */
    content_reference: string | null;
    /** A text ad's headline. */
    headline: string | null;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `list_network_organizations`. */
export interface ListNetworkOrganizationsResult {
  /** The LinkedIn ad account whose connection was used. */
  account_id: string;
  /** The pages of this page of results, by id. */
  organizations: Array<{
    /** Digits: the organization_id the create tools take. */
    organization_id: string;
    /** urn:li:organization:<digits>. */
    urn: string;
    /** The page's name. */
    name: string | null;
    /** The name in its URL, linkedin.com/company/<it>. */
    vanity_name: string | null;
    /** The member's approved roles on it. */
    roles: Array<string>;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `get_network_campaign_performance`. */
export interface GetNetworkCampaignPerformanceResult {
  account_id: string;
  /** The currency of every amount. */
  currency: string;
  period: {
    start: string;
    end: string;
  };
  level: 'campaign' | 'ad_group' | 'ad';
  breakdown: 'none' | 'day' | 'device';
  /** At level campaign, by spend. */
  campaigns?: Array<{
    campaign_id: string;
    name: string;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  /** At level ad_group, by spend. */
  ad_groups?: Array<{
    ad_group_id: string;
    name: string;
    campaign_id: string;
    campaign_name: string | null;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  /** At level ad, by spend. */
  ads?: Array<{
    ad_id: string;
    name: string;
    campaign_id: string;
    campaign_name: string | null;
    ad_group_id: string | null;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  totals: {
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
  };
  /**
   * What the platform reported for objects not in the listing (a removed one, a row without an id); in totals. Null when none.
   */
  unattached: {
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
  } | null;
  /** Campaign ids asked for that the account does not have. */
  not_found: Array<string>;
}

/** The answer of `update_network_campaign`. */
export interface UpdateNetworkCampaignResult {
  /** The LinkedIn ad account. */
  account_id: string;
  /** The campaign. */
  campaign_id: string;
  /** Its name (the new one when renamed). */
  name: string;
  /** The account currency of the budgets. */
  currency: string;
  /** As it was. */
  before: {
    /** Its name. */
    name: string | null;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Daily budget in the account currency; null when none. */
    daily_budget: string | null;
  };
  /** As it is now (or would be, on a dry run). */
  after: {
    /** Its name. */
    name: string | null;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Daily budget in the account currency; null when none. */
    daily_budget: string | null;
  };
  /** The fields that differ; empty when nothing was sent. */
  changed: Array<string>;
  /** Whether nothing was sent (dry run). */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
  /** Why an activated campaign does not deliver yet. */
  warning?: string;
}

/** The answer of `list_social_photo_accounts`. */
export interface ListSocialPhotoAccountsResult {
  /** The Meta ad account (act_<digits>). */
  ad_account_id: string;
  /** The accounts ads can run as: authorized for ads and linked to a page. */
  photo_accounts: Array<{
    /** The Instagram account id (instagram_user_id). */
    id: string;
    /** Its handle, without @. */
    username: string;
    /** The Facebook page of the ad account it is linked to. */
    linked_page: {
      /** The Facebook page id. */
      id: string;
      /** The page's name. */
      name: string;
    } | null;
  }>;
  /** Accounts found but not usable yet, with what each lacks. */
  not_usable: Array<{
    /** The Instagram account id. */
    id: string;
    /** Its handle; null when Meta does not tell it. */
    username: string | null;
    /** What it lacks: a link to a page, or the authorization for ads. */
    missing: 'page_link' | 'ads_authorization';
  }>;
  /** The ad creative's field that takes the id. */
  creative_field: 'instagram_user_id';
}

/** The answer of `list_social_campaigns`. */
export interface ListSocialCampaignsResult {
  /** The Meta ad account (act_<digits>). */
  ad_account_id: string;
  /** The currency of every budget. */
  currency: string;
  campaigns: Array<{
    /** The campaign id. */
    id: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** What Meta runs, e.g. CAMPAIGN_PAUSED when its campaign is paused. */
    effective_status: string;
    /** Its objective (OUTCOME_TRAFFIC…). */
    objective: string | null;
    /** Its daily campaign budget; null when it has none. */
    daily_budget: string | null;
    /** Its lifetime campaign budget; null when none. */
    lifetime_budget: string | null;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `get_social_campaign_performance`. */
export interface GetSocialCampaignPerformanceResult {
  account_id: string;
  /** The currency of every amount. */
  currency: string;
  period: {
    start: string;
    end: string;
  };
  level: 'campaign' | 'ad_group' | 'ad';
  breakdown: 'none' | 'day' | 'device';
  /** At level campaign, by spend. */
  campaigns?: Array<{
    campaign_id: string;
    name: string;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  /** At level ad_group, by spend. */
  ad_groups?: Array<{
    ad_group_id: string;
    name: string;
    campaign_id: string;
    campaign_name: string | null;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  /** At level ad, by spend. */
  ads?: Array<{
    ad_id: string;
    name: string;
    campaign_id: string;
    campaign_name: string | null;
    ad_group_id: string | null;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  totals: {
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
  };
  /**
   * What the platform reported for objects not in the listing (a removed one, a row without an id); in totals. Null when none.
   */
  unattached: {
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
  } | null;
  /** Campaign ids asked for that the account does not have. */
  not_found: Array<string>;
}

/** The answer of `update_social_campaign`. */
export interface UpdateSocialCampaignResult {
  /** The Meta ad account (act_<digits>). */
  ad_account_id: string;
  /** The campaign changed. */
  campaign_id: string;
  /** Its name after the change. */
  name: string;
  /** The currency of the budgets. */
  currency: string;
  /** The campaign before the change. */
  before: {
    /** The campaign name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its daily campaign budget; null when it has none. */
    daily_budget: string | null;
    /** Its lifetime campaign budget; null when it has none. */
    lifetime_budget: string | null;
  };
  /** The campaign after it (as it would be, on a dry run). */
  after: {
    /** The campaign name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its daily campaign budget; null when it has none. */
    daily_budget: string | null;
    /** Its lifetime campaign budget; null when it has none. */
    lifetime_budget: string | null;
  };
  /** The fields that differ; empty when nothing was to change. */
  changed: Array<string>;
  /** Whether Meta only validated the change. */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
}

/** The answer of `list_social_ad_sets`. */
export interface ListSocialAdSetsResult {
  /** The Meta ad account (act_<digits>). */
  ad_account_id: string;
  /** The currency of every budget. */
  currency: string;
  ad_sets: Array<{
    /** The ad set id. */
    id: string;
    /** Its name. */
    name: string;
    /** Its campaign. */
    campaign_id: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** What Meta runs, e.g. CAMPAIGN_PAUSED when its campaign is paused. */
    effective_status: string;
    /** Its own daily budget; null when it has none. */
    daily_budget: string | null;
    /** Its own lifetime budget; null when it has none. */
    lifetime_budget: string | null;
    /** What Meta optimizes delivery for (LINK_CLICKS…). */
    optimization_goal: string | null;
    /** What Meta bills for (IMPRESSIONS…). */
    billing_event: string | null;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `list_social_ads`. */
export interface ListSocialAdsResult {
  /** The Meta ad account (act_<digits>). */
  ad_account_id: string;
  ads: Array<{
    /** The ad id. */
    id: string;
    /** Its name. */
    name: string;
    /** Its ad set. */
    ad_set_id: string;
    /** Its campaign. */
    campaign_id: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** What Meta runs, e.g. CAMPAIGN_PAUSED when its campaign is paused. */
    effective_status: string;
    /** The id of its creative (AdCreative). */
    creative_id: string | null;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `update_social_ad_set`. */
export interface UpdateSocialAdSetResult {
  /** The Meta ad account (act_<digits>). */
  ad_account_id: string;
  /** The ad set changed. */
  ad_set_id: string;
  /** Its campaign. */
  campaign_id: string;
  /** Its name after the change. */
  name: string;
  /** The currency of the budgets. */
  currency: string;
  /** The ad set before the change. */
  before: {
    /** The ad set name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its own daily budget; null when it has none. */
    daily_budget: string | null;
    /** Its own lifetime budget; null when it has none. */
    lifetime_budget: string | null;
  };
  /** The ad set after it (as it would be, on a dry run). */
  after: {
    /** The ad set name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its own daily budget; null when it has none. */
    daily_budget: string | null;
    /** Its own lifetime budget; null when it has none. */
    lifetime_budget: string | null;
  };
  /** The fields that differ; empty when nothing was to change. */
  changed: Array<string>;
  /** Whether Meta only validated the change. */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
}

/** The answer of `create_social_campaign`. */
export interface CreateSocialCampaignResult {
  /** The Meta ad account (act_...). */
  ad_account_id: string;
  /** The campaign. */
  campaign_id: string;
  /** Campaign name. */
  name: string;
  /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
  status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
  /** The platform's own status value. */
  platform_status: string;
  /** Campaign objective. */
  objective:
    | 'OUTCOME_TRAFFIC'
    | 'OUTCOME_LEADS'
    | 'OUTCOME_SALES'
    | 'OUTCOME_AWARENESS'
    | 'OUTCOME_ENGAGEMENT';
  /** The ad set's optimization goal. */
  optimization_goal: string;
  /** Daily budget, account currency. */
  daily_budget: string;
  /** Account currency. */
  currency: string;
  /** Ids made (placeholders in a dry run). */
  created: {
    /** The campaign. */
    campaign_id: string;
    /** Its ad set (targeting). */
    ad_set_id: string;
    /** The ad image in the account library. */
    image_hash: string;
    /** The ad creative. */
    creative_id: string;
    /** The ad. */
    ad_id: string;
  };
  /** True when nothing was created. */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** Dry run: the effect on spend. */
  impact?: {
    /** Account currency. */
    currency: string;
    /** Daily spend change. */
    projected_daily_delta: string | null;
    /** Spend change to month end. */
    projected_period_delta: string | null;
    /** Last day of the month. */
    period_end: string;
    /** Why it would wait for approval. */
    approval_needed?: string;
  };
}

/** The answer of `list_video_campaigns`. */
export interface ListVideoCampaignsResult {
  /** The TikTok advertiser. */
  advertiser_id: string;
  /** The currency of every budget. */
  currency: string;
  /** The statuses listed. */
  status: Array<'ACTIVE' | 'PAUSED' | 'REMOVED'>;
  campaigns: Array<{
    /** The campaign id. */
    campaign_id: string;
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** TikTok's delivery status (CAMPAIGN_STATUS_…). */
    secondary_status: string | null;
    /** Its objective (TRAFFIC…). */
    objective_type: string | null;
    /** Its daily budget; null when its budget is not a daily one. */
    daily_budget: string | null;
    /** Its lifetime budget; null when daily or without a limit. */
    budget: string | null;
    /** TikTok's budget type (BUDGET_MODE_DAY, BUDGET_MODE_TOTAL…). */
    budget_mode: string;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `get_video_campaign_performance`. */
export interface GetVideoCampaignPerformanceResult {
  account_id: string;
  /** The currency of every amount. */
  currency: string;
  period: {
    start: string;
    end: string;
  };
  level: 'campaign' | 'ad_group' | 'ad';
  breakdown: 'none' | 'day' | 'device';
  /** At level campaign, by spend. */
  campaigns?: Array<{
    campaign_id: string;
    name: string;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  /** At level ad_group, by spend. */
  ad_groups?: Array<{
    ad_group_id: string;
    name: string;
    campaign_id: string;
    campaign_name: string | null;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  /** At level ad, by spend. */
  ads?: Array<{
    ad_id: string;
    name: string;
    campaign_id: string;
    campaign_name: string | null;
    ad_group_id: string | null;
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED' | null;
    platform_status: string | null;
    /** Its own daily budget now; null when it holds none. */
    daily_budget: string | null;
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
    /** With breakdown day. */
    days?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      /** YYYY-MM-DD */
      date: string;
    }>;
    /** With breakdown device. */
    devices?: Array<{
      /** Impressions. */
      impressions: number;
      /** Clicks. */
      clicks: number;
      /** Spend, a decimal in the currency. */
      spend: string;
      /** Conversions (may be fractional). */
      conversions: number;
      /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
      ctr: number | null;
      /** Spend per click; null without clicks. */
      average_cpc: string | null;
      /** Spend per conversion; null without conversions. */
      cost_per_conversion: string | null;
      device: 'MOBILE' | 'DESKTOP' | 'TABLET' | 'CONNECTED_TV' | 'OTHER';
    }>;
  }>;
  totals: {
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
  };
  /**
   * What the platform reported for objects not in the listing (a removed one, a row without an id); in totals. Null when none.
   */
  unattached: {
    /** Impressions. */
    impressions: number;
    /** Clicks. */
    clicks: number;
    /** Spend, a decimal in the currency. */
    spend: string;
    /** Conversions (may be fractional). */
    conversions: number;
    /** Clicks per impression, a fraction (0.0345 is 3.45%); null without impressions. */
    ctr: number | null;
    /** Spend per click; null without clicks. */
    average_cpc: string | null;
    /** Spend per conversion; null without conversions. */
    cost_per_conversion: string | null;
  } | null;
  /** Campaign ids asked for that the account does not have. */
  not_found: Array<string>;
}

/** The answer of `update_video_campaign`. */
export interface UpdateVideoCampaignResult {
  /** The TikTok advertiser. */
  advertiser_id: string;
  /** The campaign. */
  campaign_id: string;
  /** Its name after the change. */
  name: string;
  /** The currency of the budgets. */
  currency: string;
  /** The campaign as it was. */
  before: {
    /** The campaign name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its daily budget; null when its budget is not a daily one. */
    daily_budget: string | null;
    /** Its lifetime budget; null when daily or without a limit. */
    budget: string | null;
    /** TikTok's budget type (BUDGET_MODE_DAY, BUDGET_MODE_TOTAL…). */
    budget_mode: string;
  };
  /** The campaign as it is (or would be, on a dry run). */
  after: {
    /** The campaign name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its daily budget; null when its budget is not a daily one. */
    daily_budget: string | null;
    /** Its lifetime budget; null when daily or without a limit. */
    budget: string | null;
    /** TikTok's budget type (BUDGET_MODE_DAY, BUDGET_MODE_TOTAL…). */
    budget_mode: string;
  };
  /** The fields that differ; empty when nothing was sent. */
  changed: Array<string>;
  /** Whether this was a dry run (nothing sent). */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
}

/** The answer of `list_video_ad_groups`. */
export interface ListVideoAdGroupsResult {
  /** The TikTok advertiser. */
  advertiser_id: string;
  /** The currency of every amount. */
  currency: string;
  /** The ad groups, in the order TikTok keeps them. */
  ad_groups: Array<{
    /** The ad group id. */
    adgroup_id: string;
    /** Its name. */
    name: string;
    /** Its campaign. */
    campaign_id: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** TikTok's delivery status (secondary_status). */
    secondary_status: string | null;
    /** TikTok's budget type: BUDGET_MODE_DAY, _TOTAL or _INFINITE. */
    budget_mode: string;
    /** Its own daily budget; null when its budget lives elsewhere. */
    daily_budget: string | null;
    /** Automatic or chosen placements. */
    placement_type: string | null;
    /** The placements chosen. */
    placements: Array<string>;
    /** What TikTok optimises delivery for. */
    optimization_goal: string | null;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `list_video_ads`. */
export interface ListVideoAdsResult {
  /** The TikTok advertiser. */
  advertiser_id: string;
  /** The ads, in the order TikTok keeps them. */
  ads: Array<{
    /** The ad id. */
    ad_id: string;
    /** Its name. */
    name: string;
    /** Its ad group. */
    adgroup_id: string;
    /** Its campaign. */
    campaign_id: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** TikTok's delivery status (secondary_status). */
    secondary_status: string | null;
    /** The video it shows; null for an ad without one. */
    video_id: string | null;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `list_video_identities`. */
export interface ListVideoIdentitiesResult {
  /** The TikTok advertiser. */
  advertiser_id: string;
  /** The identities of this page. */
  identities: Array<{
    /** The identity_id create_video_campaign takes. */
    identity_id: string;
    /** Its type, the identity_type create_video_campaign takes. */
    identity_type: string;
    /** The name shown as the author of its ads. */
    display_name: string | null;
    /** A TikTok account's handle; null for a custom identity. */
    username: string | null;
    /** TikTok's availability of a TikTok account (AVAILABLE...); null for a custom identity. */
    available_status: string | null;
  }>;
  /** Pass it as cursor for the next page; null at the end. */
  next_cursor: string | null;
}

/** The answer of `update_video_ad_group`. */
export interface UpdateVideoAdGroupResult {
  /** The TikTok advertiser. */
  advertiser_id: string;
  /** The ad group. */
  adgroup_id: string;
  /** Its name after the change. */
  name: string;
  /** The ad group as it was. */
  before: {
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its own daily budget; null when its budget lives elsewhere. */
    daily_budget: string | null;
    /** TikTok's budget type of the ad group. */
    budget_mode: string;
  };
  /** The ad group as it is (or would be, on a dry run). */
  after: {
    /** Its name. */
    name: string;
    /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
    status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
    /** The platform's own status value. */
    platform_status: string;
    /** Its own daily budget; null when its budget lives elsewhere. */
    daily_budget: string | null;
    /** TikTok's budget type of the ad group. */
    budget_mode: string;
  };
  /** The fields that differ; empty when nothing was sent. */
  changed: Array<string>;
  /** Whether this was a dry run (nothing sent). */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
}

/** The answer of `create_video_campaign`. */
export interface CreateVideoCampaignResult {
  /** The TikTok advertiser. */
  advertiser_id: string;
  /** The new campaign (a placeholder on a dry run). */
  campaign_id: string;
  /** Its name. */
  name: string;
  /** ACTIVE, PAUSED or REMOVED, the same on every platform. */
  status: 'ACTIVE' | 'PAUSED' | 'REMOVED';
  /** The platform's own status value. */
  platform_status: string;
  /** The ad group's daily budget, account currency. */
  daily_budget: string;
  /** The account currency. */
  currency: string;
  /** TikTok's objective_type. */
  objective: string;
  /** Every object made (placeholders on a dry run). */
  created: {
    /** The campaign. */
    campaign_id: string;
    /** Its ad group. */
    adgroup_id: string;
    /** The uploaded video. */
    video_id: string;
    /** The ad. */
    ad_id: string;
  };
  /** Whether this was a dry run (nothing sent). */
  dry_run: boolean;
  /** On a dry run: the requests that would be sent, in order. */
  preview?: Array<{
    /** Its place in the order. */
    step: number;
    /** What it does. */
    action: string;
    /** HTTP method. */
    method: string;
    /** Path and query under the API base. */
    url: string;
    /** Protocol headers it needs. */
    headers?: Record<string, unknown>;
    /** The body as it would be sent. */
    body?: unknown;
    /** Whether the platform checked it in this dry run (validate-only). */
    validated: boolean;
  }>;
  /** On a dry run: the projected effect on spend. */
  impact?: {
    /** The currency of the deltas. */
    currency: string;
    /** What it may spend a day after the change minus before; null when unknown. */
    projected_daily_delta: string | null;
    /** The daily delta over the days left in the month; null when unknown. */
    projected_period_delta: string | null;
    /** The last day of the month (YYYY-MM-DD). */
    period_end: string;
    /** Why applying it would wait for the owner's approval. */
    approval_needed?: string;
  };
  /** What to do next. */
  next_steps?: Array<string>;
}

/** The arguments of every tool, by tool name. */

export interface ToolArguments {
  get_usage_status: GetUsageStatusArguments;
  list_connected_accounts: ListConnectedAccountsArguments;
  get_connections_status: GetConnectionsStatusArguments;
  get_approval: GetApprovalArguments;
  get_performance_overview: GetPerformanceOverviewArguments;
  create_monitor: CreateMonitorArguments;
  list_monitors: ListMonitorsArguments;
  test_monitor: TestMonitorArguments;
  get_monitor_history: GetMonitorHistoryArguments;
  update_monitor: UpdateMonitorArguments;
  delete_monitor: DeleteMonitorArguments;
  list_search_campaigns: ListSearchCampaignsArguments;
  list_search_ads: ListSearchAdsArguments;
  list_search_ad_groups: ListSearchAdGroupsArguments;
  list_search_keywords: ListSearchKeywordsArguments;
  list_search_terms: ListSearchTermsArguments;
  get_search_campaign_performance: GetSearchCampaignPerformanceArguments;
  discover_existing_assets: DiscoverExistingAssetsArguments;
  update_ad_headlines: UpdateAdHeadlinesArguments;
  update_search_campaign: UpdateSearchCampaignArguments;
  update_search_ad_group: UpdateSearchAdGroupArguments;
  update_search_keywords: UpdateSearchKeywordsArguments;
  add_search_negative_keywords: AddSearchNegativeKeywordsArguments;
  validate_and_prepare_assets: ValidateAndPrepareAssetsArguments;
  create_search_campaign: CreateSearchCampaignArguments;
  create_network_image_campaign: CreateNetworkImageCampaignArguments;
  create_network_video_campaign: CreateNetworkVideoCampaignArguments;
  create_network_carousel_campaign: CreateNetworkCarouselCampaignArguments;
  create_network_text_campaign: CreateNetworkTextCampaignArguments;
  add_network_campaign_to_group: AddNetworkCampaignToGroupArguments;
  add_network_carousel_creative: AddNetworkCarouselCreativeArguments;
  associate_network_conversion: AssociateNetworkConversionArguments;
  list_network_campaigns: ListNetworkCampaignsArguments;
  list_network_creatives: ListNetworkCreativesArguments;
  list_network_organizations: ListNetworkOrganizationsArguments;
  get_network_campaign_performance: GetNetworkCampaignPerformanceArguments;
  update_network_campaign: UpdateNetworkCampaignArguments;
  list_social_photo_accounts: ListSocialPhotoAccountsArguments;
  list_social_campaigns: ListSocialCampaignsArguments;
  get_social_campaign_performance: GetSocialCampaignPerformanceArguments;
  update_social_campaign: UpdateSocialCampaignArguments;
  list_social_ad_sets: ListSocialAdSetsArguments;
  list_social_ads: ListSocialAdsArguments;
  update_social_ad_set: UpdateSocialAdSetArguments;
  create_social_campaign: CreateSocialCampaignArguments;
  list_video_campaigns: ListVideoCampaignsArguments;
  get_video_campaign_performance: GetVideoCampaignPerformanceArguments;
  update_video_campaign: UpdateVideoCampaignArguments;
  list_video_ad_groups: ListVideoAdGroupsArguments;
  list_video_ads: ListVideoAdsArguments;
  list_video_identities: ListVideoIdentitiesArguments;
  update_video_ad_group: UpdateVideoAdGroupArguments;
  create_video_campaign: CreateVideoCampaignArguments;
}

/** The machine-readable answer (`data.structured`) of every tool, by tool name. */

export interface ToolResults {
  get_usage_status: GetUsageStatusResult;
  list_connected_accounts: ListConnectedAccountsResult;
  get_connections_status: GetConnectionsStatusResult;
  get_approval: GetApprovalResult;
  get_performance_overview: GetPerformanceOverviewResult;
  create_monitor: CreateMonitorResult;
  list_monitors: ListMonitorsResult;
  test_monitor: TestMonitorResult;
  get_monitor_history: GetMonitorHistoryResult;
  update_monitor: UpdateMonitorResult;
  delete_monitor: DeleteMonitorResult;
  list_search_campaigns: ListSearchCampaignsResult;
  list_search_ads: ListSearchAdsResult;
  list_search_ad_groups: ListSearchAdGroupsResult;
  list_search_keywords: ListSearchKeywordsResult;
  list_search_terms: ListSearchTermsResult;
  get_search_campaign_performance: GetSearchCampaignPerformanceResult;
  discover_existing_assets: DiscoverExistingAssetsResult;
  update_ad_headlines: UpdateAdHeadlinesResult;
  update_search_campaign: UpdateSearchCampaignResult;
  update_search_ad_group: UpdateSearchAdGroupResult;
  update_search_keywords: UpdateSearchKeywordsResult;
  add_search_negative_keywords: AddSearchNegativeKeywordsResult;
  validate_and_prepare_assets: ValidateAndPrepareAssetsResult;
  create_search_campaign: CreateSearchCampaignResult;
  create_network_image_campaign: CreateNetworkImageCampaignResult;
  create_network_video_campaign: CreateNetworkVideoCampaignResult;
  create_network_carousel_campaign: CreateNetworkCarouselCampaignResult;
  create_network_text_campaign: CreateNetworkTextCampaignResult;
  add_network_campaign_to_group: AddNetworkCampaignToGroupResult;
  add_network_carousel_creative: AddNetworkCarouselCreativeResult;
  associate_network_conversion: AssociateNetworkConversionResult;
  list_network_campaigns: ListNetworkCampaignsResult;
  list_network_creatives: ListNetworkCreativesResult;
  list_network_organizations: ListNetworkOrganizationsResult;
  get_network_campaign_performance: GetNetworkCampaignPerformanceResult;
  update_network_campaign: UpdateNetworkCampaignResult;
  list_social_photo_accounts: ListSocialPhotoAccountsResult;
  list_social_campaigns: ListSocialCampaignsResult;
  get_social_campaign_performance: GetSocialCampaignPerformanceResult;
  update_social_campaign: UpdateSocialCampaignResult;
  list_social_ad_sets: ListSocialAdSetsResult;
  list_social_ads: ListSocialAdsResult;
  update_social_ad_set: UpdateSocialAdSetResult;
  create_social_campaign: CreateSocialCampaignResult;
  list_video_campaigns: ListVideoCampaignsResult;
  get_video_campaign_performance: GetVideoCampaignPerformanceResult;
  update_video_campaign: UpdateVideoCampaignResult;
  list_video_ad_groups: ListVideoAdGroupsResult;
  list_video_ads: ListVideoAdsResult;
  list_video_identities: ListVideoIdentitiesResult;
  update_video_ad_group: UpdateVideoAdGroupResult;
  create_video_campaign: CreateVideoCampaignResult;
}

export type ToolName = keyof ToolArguments;
