// Generated from the OpenAPI document by `npm run client:generate`. Do not edit.
import type {
  AddNetworkCampaignToGroupArguments,
  AddNetworkCampaignToGroupResult,
  AddNetworkCarouselCreativeArguments,
  AddNetworkCarouselCreativeResult,
  AddSearchNegativeKeywordsArguments,
  AddSearchNegativeKeywordsResult,
  AssociateNetworkConversionArguments,
  AssociateNetworkConversionResult,
  CreateMonitorArguments,
  CreateMonitorResult,
  CreateNetworkCarouselCampaignArguments,
  CreateNetworkCarouselCampaignResult,
  CreateNetworkImageCampaignArguments,
  CreateNetworkImageCampaignResult,
  CreateNetworkTextCampaignArguments,
  CreateNetworkTextCampaignResult,
  CreateNetworkVideoCampaignArguments,
  CreateNetworkVideoCampaignResult,
  CreateSearchCampaignArguments,
  CreateSearchCampaignResult,
  CreateSocialCampaignArguments,
  CreateSocialCampaignResult,
  CreateVideoCampaignArguments,
  CreateVideoCampaignResult,
  DeleteMonitorArguments,
  DeleteMonitorResult,
  DiscoverExistingAssetsArguments,
  DiscoverExistingAssetsResult,
  GetApprovalArguments,
  GetApprovalResult,
  GetConnectionsStatusArguments,
  GetConnectionsStatusResult,
  GetMonitorHistoryArguments,
  GetMonitorHistoryResult,
  GetNetworkCampaignPerformanceArguments,
  GetNetworkCampaignPerformanceResult,
  GetPerformanceOverviewArguments,
  GetPerformanceOverviewResult,
  GetSearchCampaignPerformanceArguments,
  GetSearchCampaignPerformanceResult,
  GetSocialCampaignPerformanceArguments,
  GetSocialCampaignPerformanceResult,
  GetUsageStatusArguments,
  GetUsageStatusResult,
  GetVideoCampaignPerformanceArguments,
  GetVideoCampaignPerformanceResult,
  ListConnectedAccountsArguments,
  ListConnectedAccountsResult,
  ListMonitorsArguments,
  ListMonitorsResult,
  ListNetworkCampaignsArguments,
  ListNetworkCampaignsResult,
  ListNetworkCreativesArguments,
  ListNetworkCreativesResult,
  ListNetworkOrganizationsArguments,
  ListNetworkOrganizationsResult,
  ListSearchAdGroupsArguments,
  ListSearchAdGroupsResult,
  ListSearchAdsArguments,
  ListSearchAdsResult,
  ListSearchCampaignsArguments,
  ListSearchCampaignsResult,
  ListSearchKeywordsArguments,
  ListSearchKeywordsResult,
  ListSearchTermsArguments,
  ListSearchTermsResult,
  ListSocialAdSetsArguments,
  ListSocialAdSetsResult,
  ListSocialAdsArguments,
  ListSocialAdsResult,
  ListSocialCampaignsArguments,
  ListSocialCampaignsResult,
  ListSocialPhotoAccountsArguments,
  ListSocialPhotoAccountsResult,
  ListVideoAdGroupsArguments,
  ListVideoAdGroupsResult,
  ListVideoAdsArguments,
  ListVideoAdsResult,
  ListVideoCampaignsArguments,
  ListVideoCampaignsResult,
  ListVideoIdentitiesArguments,
  ListVideoIdentitiesResult,
  TestMonitorArguments,
  TestMonitorResult,
  ToolArguments,
  ToolName,
  ToolResults,
  UpdateAdHeadlinesArguments,
  UpdateAdHeadlinesResult,
  UpdateMonitorArguments,
  UpdateMonitorResult,
  UpdateNetworkCampaignArguments,
  UpdateNetworkCampaignResult,
  UpdateSearchAdGroupArguments,
  UpdateSearchAdGroupResult,
  UpdateSearchCampaignArguments,
  UpdateSearchCampaignResult,
  UpdateSearchKeywordsArguments,
  UpdateSearchKeywordsResult,
  UpdateSocialAdSetArguments,
  UpdateSocialAdSetResult,
  UpdateSocialCampaignArguments,
  UpdateSocialCampaignResult,
  UpdateVideoAdGroupArguments,
  UpdateVideoAdGroupResult,
  UpdateVideoCampaignArguments,
  UpdateVideoCampaignResult,
  ValidateAndPrepareAssetsArguments,
  ValidateAndPrepareAssetsResult,
} from './api-types.generated.ts';
import type { CallOptions, ToolCallResult } from './call-types.ts';

/** One typed method per tool of the service; each is a `callTool` of that tool. */
export abstract class ToolMethods {
  abstract callTool<Name extends ToolName>(
    tool: Name,
    args: ToolArguments[Name],
    options?: CallOptions,
  ): Promise<ToolCallResult<ToolResults[Name]>>;

  /**
   * Shows how many tool calls the account owner has used this month, the monthly limit of their tier, and when the counter resets. Free: never uses quota. Call it before a batch of billable calls or after a 402 quota error. Not for account or connection questions (list_connected_accounts, get_connections_status).
   *
   * Read-only. Free: uses no quota.
   */
  getUsageStatus(
    args: GetUsageStatusArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<GetUsageStatusResult>> {
    return this.callTool('get_usage_status', args, options);
  }

  /**
   * Lists the ad accounts the owner has connected, per platform (search = Google Ads, network = LinkedIn, social = Meta, video = TikTok), with the argument name to pass each id as. Use it when a tool answers that several accounts are connected, or before acting on an account. Not for connection health or expired tokens (get_connections_status). Free: never uses quota.
   *
   * Read-only. Free: uses no quota.
   */
  listConnectedAccounts(
    args: ListConnectedAccountsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListConnectedAccountsResult>> {
    return this.callTool('list_connected_accounts', args, options);
  }

  /**
   * Tells, per ad platform, whether it is connected, whether the connection is healthy (active, expired, revoked), when its token expires and how many accounts it holds, with the link to connect or reconnect. Use it when a call fails with a connection error. Not for choosing an account id (list_connected_accounts). Free: never uses quota.
   *
   * Read-only. Free: uses no quota.
   */
  getConnectionsStatus(
    args: GetConnectionsStatusArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<GetConnectionsStatusResult>> {
    return this.callTool('get_connections_status', args, options);
  }

  /**
   * Tells what became of a change that waited for the owner's approval (a call answered HTTP 202 with structured.approval): pending, applied (with the applied result), rejected, expired, drifted (the campaign changed before the owner approved, so nothing was written) or failed. Free: never uses quota. Call it to follow up on an approval instead of repeating the change.
   *
   * Read-only. Free: uses no quota.
   */
  getApproval(args: GetApprovalArguments, options?: CallOptions): Promise<ToolCallResult<GetApprovalResult>> {
    return this.callTool('get_approval', args, options);
  }

  /**
   * Reports every connected ad account of the owner, on all four platforms, for a period: one row per account with impressions, clicks, spend, conversions, CTR, average CPC and cost per conversion. Totals are per currency (amounts in different currencies are never added); the accounts that could not be read (an expired connection, a throttle) are listed with the reason. Read-only. Use it for a portfolio briefing, then the platform performance tools for the campaigns of one account. Billable: one quota unit for the whole call.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  getPerformanceOverview(
    args: GetPerformanceOverviewArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<GetPerformanceOverviewResult>> {
    return this.callTool('get_performance_overview', args, options);
  }

  /**
   * Sets up a monitor: a rule checked on one ad account every check_every_minutes, on its campaigns' metrics over a window, which notifies the owner or pauses or lowers the budget of each campaign it matches (once per campaign and window period). It never raises spend. test_monitor first shows what it would match now. dry_run checks everything a real call checks (the rule, the account, the cap of 250 monitors an account) and answers the monitor it would create, storing nothing and using no quota. Billable: one quota unit; its checks are free.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createMonitor(
    args: CreateMonitorArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<CreateMonitorResult>> {
    return this.callTool('create_monitor', args, options);
  }

  /**
   * Lists the owner's monitors (optionally of one platform or account) with their rule, whether enabled, the last check and the last firing. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listMonitors(
    args: ListMonitorsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListMonitorsResult>> {
    return this.callTool('list_monitors', args, options);
  }

  /**
   * Evaluates a monitor (monitor_id) or a draft (the create_monitor arguments) now, on current data: which campaigns would fire, with each condition's value and what it was compared with. Acts on nothing. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  testMonitor(
    args: TestMonitorArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<TestMonitorResult>> {
    return this.callTool('test_monitor', args, options);
  }

  /**
   * A monitor's latest checks (each campaign's values and whether it matched) and firings (what was done, and its result), newest first. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  getMonitorHistory(
    args: GetMonitorHistoryArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<GetMonitorHistoryResult>> {
    return this.callTool('get_monitor_history', args, options);
  }

  /**
   * Changes a monitor: any rule field given replaces the stored one; enabled false suspends its checks, true resumes them. dry_run checks the change as a real call does (the monitor, the rule it makes) and answers the monitor as it would be, changing nothing and using no quota. Billable: one quota unit.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateMonitor(
    args: UpdateMonitorArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<UpdateMonitorResult>> {
    return this.callTool('update_monitor', args, options);
  }

  /**
   * Removes a monitor with its check history; the changes it made stay in the change history. To stop it for a while instead, update_monitor with enabled false. dry_run checks that the caller may delete it and answers what would be deleted and removes nothing. Billable: one quota unit.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  deleteMonitor(
    args: DeleteMonitorArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<DeleteMonitorResult>> {
    return this.callTool('delete_monitor', args, options);
  }

  /**
   * Lists the campaigns of a Google Ads account: id, name, status, channel type (SEARCH, PERFORMANCE_MAX, ...), daily budget in the account currency, and the budget id with whether other campaigns share that budget. Read-only. Use it to find the campaign ids that get_search_campaign_performance and list_search_ads take, or to review budgets before changing them. Each shows status (ACTIVE, PAUSED or REMOVED) and Google's own platform_status. Active and paused campaigns unless status says otherwise; pages of `limit` with next_cursor. Billable: one quota unit per call.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listSearchCampaigns(
    args: ListSearchCampaignsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListSearchCampaignsResult>> {
    return this.callTool('list_search_campaigns', args, options);
  }

  /**
   * Lists the ads of a Google Ads account by ad group: ad group and campaign ids and names, each ad's id, status and type, and the headlines of responsive search ads with their pins. Read-only. Use it to find the ad_group_id and ad_id that update_ad_headlines takes, or to review ad copy. Filter by campaign_id or ad_group_id; active and paused ads unless status says otherwise (each with Google's platform_status); pages of `limit` ads with next_cursor. Billable: one quota unit per call.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listSearchAds(
    args: ListSearchAdsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListSearchAdsResult>> {
    return this.callTool('list_search_ads', args, options);
  }

  /**
   * Lists the ad groups of a Google Ads account (or of some campaigns): id, name, campaign, status, type and default max CPC. Read-only. Each shows status (ACTIVE, PAUSED or REMOVED) and Google's own platform_status; active and paused ad groups unless status says otherwise. Use it to find the ad_group_id that the keyword and ad group tools take. Pages of `limit` with next_cursor. Billable: one quota unit per call.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listSearchAdGroups(
    args: ListSearchAdGroupsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListSearchAdGroupsResult>> {
    return this.callTool('list_search_ad_groups', args, options);
  }

  /**
   * Lists the keywords of a Google Ads account with text, match type, ad group, campaign, status and impressions, clicks, spend and conversions over a period (default LAST_7_DAYS). Read-only. Each shows status (ACTIVE, PAUSED or REMOVED) and Google's own platform_status. Use it to find keywords that waste money before pausing them with update_search_keywords. Filter by campaign_ids or ad_group_ids; pages of `limit` with next_cursor. Billable: one quota unit per call.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listSearchKeywords(
    args: ListSearchKeywordsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListSearchKeywordsResult>> {
    return this.callTool('list_search_keywords', args, options);
  }

  /**
   * The search terms report of a Google Ads account: what people searched, the keyword it matched, whether it is added or excluded, and metrics over a period, costliest first. Read-only. without_conversions keeps the terms that cost money and never converted: candidates for add_search_negative_keywords. Pages of `limit` with next_cursor. Billable: one quota unit per call.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listSearchTerms(
    args: ListSearchTermsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListSearchTermsResult>> {
    return this.callTool('list_search_terms', args, options);
  }

  /**
   * Reports how the campaigns of a Google Ads (search) account performed over a period: impressions, clicks, spend, conversions, CTR, average CPC and cost per conversion, per campaign (and per day with breakdown "day"), with totals, sorted by spend, in the account currency. Read-only. Use it for daily briefings, to compare campaigns, and to find spend without conversions before acting. It reads Google Ads reporting (GAQL FROM campaign with metrics by segments.date), in the account's time zone; removed campaigns appear when they spent in the period or are asked for. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  getSearchCampaignPerformance(
    args: GetSearchCampaignPerformanceArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<GetSearchCampaignPerformanceResult>> {
    return this.callTool('get_search_campaign_performance', args, options);
  }

  /**
   * Lists the assets that already exist in a Google Ads account, grouped by type: images (with size), sitelinks, callouts and structured snippets, each with its id and text. Read-only and safe to call at any time. Use it before creating assets or campaigns, to reuse what exists instead of uploading duplicates. Not for checking new images (validate_and_prepare_assets) nor for other platforms. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  discoverExistingAssets(
    args: DiscoverExistingAssetsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<DiscoverExistingAssetsResult>> {
    return this.callTool('discover_existing_assets', args, options);
  }

  /**
   * Replaces all headlines of a responsive search ad (Google Ads) with 3 to 15 new ones of at most 30 characters. Use it to refresh or A/B test ad copy. Not for creating ads. Billable: one call of quota. Pass dry_run to check the change without making it.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateAdHeadlines(
    args: UpdateAdHeadlinesArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<UpdateAdHeadlinesResult>> {
    return this.callTool('update_ad_headlines', args, options);
  }

  /**
   * Pauses or enables a Google Ads campaign and/or sets its daily budget (in the account currency); the result shows status (ACTIVE or PAUSED, with Google's platform_status) and budget before and after. Use it to stop a campaign that wastes money or to move budget to one that works. A campaign whose budget is shared with other campaigns is refused unless allow_shared_budget is true, since the new amount applies to all of them. Removed campaigns cannot be changed. Enabling a paused campaign or raising a budget needs a key with the spend scope. Billable: one quota unit; pass dry_run to have Google validate the change without making it. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateSearchCampaign(
    args: UpdateSearchCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<UpdateSearchCampaignResult>> {
    return this.callTool('update_search_campaign', args, options);
  }

  /**
   * Pauses or enables one Google Ads ad group and/or sets its default max CPC (account currency); the answer shows status and bid before and after, and `changed` names what differs. Pass status, cpc_bid or both. Enabling or raising the bid needs a key with the spend scope. Pass dry_run to have Google validate the change without making it. Billable: one quota unit. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateSearchAdGroup(
    args: UpdateSearchAdGroupArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<UpdateSearchAdGroupResult>> {
    return this.callTool('update_search_ad_group', args, options);
  }

  /**
   * Pauses or enables up to 100 keywords of one Google Ads ad group at once, all or none; the answer shows each keyword's status before and after. Use it on the keywords list_search_keywords shows wasting money. Enabling needs a key with the spend scope. Pass dry_run to have Google validate the change without making it. Billable: one quota unit. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateSearchKeywords(
    args: UpdateSearchKeywordsArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<UpdateSearchKeywordsResult>> {
    return this.callTool('update_search_keywords', args, options);
  }

  /**
   * Adds negative keywords to a Google Ads campaign or ad group (exactly one of campaign_id and ad_group_id), so matching searches stop showing its ads; ones already there, or repeated in the call, are skipped and reported. Use it on list_search_terms without_conversions. Never raises spend. Pass dry_run to have Google validate without changing. Billable: one quota unit.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  addSearchNegativeKeywords(
    args: AddSearchNegativeKeywordsArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<AddSearchNegativeKeywordsResult>> {
    return this.callTool('add_search_negative_keywords', args, options);
  }

  /**
   * Downloads images from https URLs and checks each against the Google Ads Performance Max rules. The images that pass are stored in an asset bundle whose asset_bundle_id other tools take (for example create_network_image_campaign). The rules: format decided by the bytes (JPEG, PNG or GIF); at most 5,120 KB; aspect ratio within 1% and minimum size per group: landscape 1.91:1 from 600x314, square 1:1 from 300x300, portrait 4:5 from 480x600, square logo 1:1 from 128x128, landscape logo 4:1 from 512x128. Every image gets a verdict with the reason in plain words; one bad image does not fail the call. Use it before creating campaigns from image URLs. Accepts URLs only, never base64 data or file paths. Long-running: stages download, validate, commit; 5 to 15 seconds for 5 to 10 images. Billable: one quota unit; a dry_run uses none and stores nothing.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  validateAndPrepareAssets(
    args: ValidateAndPrepareAssetsArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<ValidateAndPrepareAssetsResult>> {
    return this.callTool('validate_and_prepare_assets', args, options);
  }

  /**
   * Creates a Google Ads Search campaign with its own daily budget (not shared), manual CPC bidding on Google Search and search partners, one ad group with its keywords and one responsive search ad. It is created PAUSED and spends nothing until update_search_campaign enables it (which needs the spend scope). Google checks everything first (validateOnly), then the budget, campaign, ad group, keywords and ad are made in that order; if a step fails, what was made is removed and named. Pass dry_run to have Google validate it all and see the requests. Billable: one quota unit. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createSearchCampaign(
    args: CreateSearchCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<CreateSearchCampaignResult>> {
    return this.callTool('create_search_campaign', args, options);
  }

  /**
   * Creates a single-image sponsored content campaign on LinkedIn: the campaign group (or reuses one), the campaign, a sponsored post and its creative. Use it once the image is ready (an image URN, or an asset_bundle_id from validate_and_prepare_assets) and the user has agreed budget, audience and copy. Not for video, carousel or text ads (their own create tools), nor for another campaign in an existing group with other targeting (add_network_campaign_to_group). Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createNetworkImageCampaign(
    args: CreateNetworkImageCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<CreateNetworkImageCampaignResult>> {
    return this.callTool('create_network_image_campaign', args, options);
  }

  /**
   * Creates a video sponsored content campaign on LinkedIn: the campaign group (or reuses one), the campaign, a sponsored post with the video and its creative. Use it when the user has an MP4 (a video URN, or an https URL that is downloaded and checked) and has agreed budget, audience and copy. Not for image, carousel or text ads (their own create tools). Downloading and uploading a video can take a minute. Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createNetworkVideoCampaign(
    args: CreateNetworkVideoCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<CreateNetworkVideoCampaignResult>> {
    return this.callTool('create_network_video_campaign', args, options);
  }

  /**
   * Creates a carousel sponsored content campaign on LinkedIn (2 to 10 swipeable cards, each with an image, headline and landing page): the campaign group (or reuses one), the campaign, the carousel post and its creative. Use it when the user has agreed budget, audience, copy and the card images. To add another carousel variation to an existing campaign use add_network_carousel_creative instead. Card images given by URL are downloaded and uploaded, which takes 5 to 15 seconds. Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createNetworkCarouselCampaign(
    args: CreateNetworkCarouselCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<CreateNetworkCarouselCampaignResult>> {
    return this.callTool('create_network_carousel_campaign', args, options);
  }

  /**
   * Creates a text ad campaign on LinkedIn: small ads in the desktop right rail with a short headline, a description and an optional 100 x 100 image. Creates the campaign group (or reuses one), the campaign and the creative. Use it for cheap, simple desktop reach; for feed ads use the image, video or carousel create tools. Text ads have no call-to-action button. Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createNetworkTextCampaign(
    args: CreateNetworkTextCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<CreateNetworkTextCampaignResult>> {
    return this.callTool('create_network_text_campaign', args, options);
  }

  /**
   * Creates a new LinkedIn campaign with its first creative inside an existing campaign group, for example to reach another audience (other locations or targeting) under the same group budget and schedule. Choose ad_type (image, video, carousel, text) and pass only that type's creative fields. Not for a new group (use a create_network_*_campaign tool with campaign_group_name) and not for another ad in an existing campaign (add_network_carousel_creative). Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  addNetworkCampaignToGroup(
    args: AddNetworkCampaignToGroupArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<AddNetworkCampaignToGroupResult>> {
    return this.callTool('add_network_campaign_to_group', args, options);
  }

  /**
   * Adds another carousel ad variation (2 to 10 cards) to an existing LinkedIn carousel campaign, for A/B testing; LinkedIn recommends 4 or more variations per campaign and the result says how many the campaign has. Not for creating a campaign (create_network_carousel_campaign and the other create tools) nor for another audience (add_network_campaign_to_group). The campaign must be a carousel campaign of the account. Takes 5 to 15 seconds (card images given by URL are downloaded and uploaded). The new ad serves whenever the campaign is active; the first serving ad of an active campaign (none yet, or all paused) starts its delivery, which needs a key with the spend scope. Billable: one quota unit; pass dry_run to check first. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  addNetworkCarouselCreative(
    args: AddNetworkCarouselCreativeArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<AddNetworkCarouselCreativeResult>> {
    return this.callTool('add_network_carousel_creative', args, options);
  }

  /**
   * Attaches an existing LinkedIn conversion to a campaign so the campaign reports and optimises for it. Both must already exist in the account; this tool creates neither. Associating a pair that is already associated succeeds and says so, so it is safe to repeat. Takes 2 to 3 seconds. Billable: one quota unit; pass dry_run to check first.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  associateNetworkConversion(
    args: AssociateNetworkConversionArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<AssociateNetworkConversionResult>> {
    return this.callTool('associate_network_conversion', args, options);
  }

  /**
   * Lists the campaigns of a LinkedIn ad account with their campaign groups: ids, names, status, type, format, objective, daily budget in the account currency and how many creatives (ads) each campaign has. Use it to find the ids the other network tools take: campaign_group_id for add_network_campaign_to_group, campaign_id for add_network_carousel_creative, associate_network_conversion, get_network_campaign_performance and update_network_campaign. Filter by campaign_group_id and status (default ACTIVE and PAUSED); large accounts page with limit and next_cursor. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listNetworkCampaigns(
    args: ListNetworkCampaignsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListNetworkCampaignsResult>> {
    return this.callTool('list_network_campaigns', args, options);
  }

  /**
   * Lists the creatives (ads) of a LinkedIn ad account, or of some campaigns: ids, campaign, name, status, whether each serves and its review, and the post it sponsors. Filter by status (default ACTIVE and PAUSED); pages with limit and next_cursor. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listNetworkCreatives(
    args: ListNetworkCreativesArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListNetworkCreativesResult>> {
    return this.callTool('list_network_creatives', args, options);
  }

  /**
   * Lists the LinkedIn company pages the connected member may advertise as (an approved administrator or sponsored content poster role): the organization_id the create_network_* tools and add_network_carousel_creative take, the name and the roles. Pages with limit and next_cursor. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listNetworkOrganizations(
    args: ListNetworkOrganizationsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListNetworkOrganizationsResult>> {
    return this.callTool('list_network_organizations', args, options);
  }

  /**
   * Reports how the campaigns of a LinkedIn Ads (network) account performed over a period: impressions, clicks, spend, conversions, CTR, average CPC and cost per conversion, per campaign (and per day with breakdown "day"), with totals, sorted by spend, in the account currency. Read-only. Use it for daily briefings, to compare campaigns, and to find spend without conversions before acting. It reads LinkedIn's ad analytics by campaign (conversions are external website conversions); campaign ids as list_network_campaigns gives them. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  getNetworkCampaignPerformance(
    args: GetNetworkCampaignPerformanceArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<GetNetworkCampaignPerformanceResult>> {
    return this.callTool('get_network_campaign_performance', args, options);
  }

  /**
   * Pauses or activates a LinkedIn campaign, changes its daily budget, or renames it; the answer shows the fields before and after. Use it to stop a campaign that wastes money or move budget to one that works. A change that would do nothing (already paused, same budget) says so and sends nothing to LinkedIn. Activating a campaign or raising its daily budget needs an API key with the spend scope; archived, canceled or deleted campaigns are refused. It does not change campaign groups, targeting or ads. Budgets are in the account currency, at least 10. Billable: one quota unit; pass dry_run to see the request first (LinkedIn has no validate-only mode). A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateNetworkCampaign(
    args: UpdateNetworkCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<UpdateNetworkCampaignResult>> {
    return this.callTool('update_network_campaign', args, options);
  }

  /**
   * Lists the Instagram (photo network) accounts authorized for ads on a Meta ad account and linked to its Facebook pages: id, username and linked page. A returned id is the Instagram identity of an ad (instagram_user_id in Meta's ad creative); adops does not create Meta ads, so it is used in Ads Manager or the Marketing API. Use it before creating a Meta campaign with Instagram placements, when the user asks which Instagram accounts they can advertise with, or when linking an Instagram account fails. An empty list is not an error: the answer explains how to authorize an account in the business manager. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listSocialPhotoAccounts(
    args: ListSocialPhotoAccountsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListSocialPhotoAccountsResult>> {
    return this.callTool('list_social_photo_accounts', args, options);
  }

  /**
   * Lists the campaigns of a Meta ad account: id, name, status (ACTIVE, PAUSED or REMOVED, as set; platform_status is Meta's own word), effective status (what Meta actually runs, e.g. PAUSED because the account is), objective, and the daily or lifetime budget in the account currency (null when the budgets are set on the campaign's ad sets). Use it to find campaign ids for get_social_campaign_performance and the campaign tools, or to see what runs. Without status: every campaign set ACTIVE or PAUSED. Meta never lists deleted campaigns. Pages with limit and next_cursor. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listSocialCampaigns(
    args: ListSocialCampaignsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListSocialCampaignsResult>> {
    return this.callTool('list_social_campaigns', args, options);
  }

  /**
   * Reports how the campaigns of a Meta Ads (social) account performed over a period: impressions, clicks, spend, conversions, CTR, average CPC and cost per conversion, per campaign (and per day with breakdown "day"), with totals, sorted by spend, in the account currency. Read-only. Use it for daily briefings, to compare campaigns, and to find spend without conversions before acting. It reads Meta's Insights API by campaign (act_{id}/insights, level=campaign, each ad set's attribution setting, as Ads Manager shows it); conversions are the Meta pixel purchases, leads and registrations and the leads of Meta's lead forms. Spend is in the ad account's currency, days in its time zone. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  getSocialCampaignPerformance(
    args: GetSocialCampaignPerformanceArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<GetSocialCampaignPerformanceResult>> {
    return this.callTool('get_social_campaign_performance', args, options);
  }

  /**
   * Changes a Meta campaign's status (ACTIVE or PAUSED), its daily budget, its name, or several at once; the answer shows the campaign before and after. Use it to pause a campaign that wastes money, move budget to one that works, or switch one back on. The daily budget is in the account currency and applies to campaigns with a campaign budget: one on a lifetime budget, or with budgets on its ad sets, is refused with where its budget lives. Archived and deleted campaigns cannot be changed. A change that would do nothing is answered as such without writing. Activating or raising a budget needs a key with the spend scope. Billable: one quota unit; pass dry_run to have Meta validate the change first. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateSocialCampaign(
    args: UpdateSocialCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<UpdateSocialCampaignResult>> {
    return this.callTool('update_social_campaign', args, options);
  }

  /**
   * Lists the ad sets of a Meta ad account, or of some campaigns: status, budget (null when the campaign holds it), optimization goal and billing event. Use it to find ad set ids for update_social_ad_set, or to see what runs below a campaign. Pages with limit and next_cursor. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listSocialAdSets(
    args: ListSocialAdSetsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListSocialAdSetsResult>> {
    return this.callTool('list_social_ad_sets', args, options);
  }

  /**
   * Lists the ads of a Meta ad account, or of some campaigns or ad sets: status, effective status (e.g. ADSET_PAUSED), ad set, campaign and creative id. Use it to see which ads run below a campaign or ad set. Pages with limit and next_cursor. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listSocialAds(
    args: ListSocialAdsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListSocialAdsResult>> {
    return this.callTool('list_social_ads', args, options);
  }

  /**
   * Changes a Meta ad set's status (ACTIVE or PAUSED), own daily budget or name; answers before and after. Use it to pause a wasteful ad set or move budget between ad sets. Activating or raising needs the spend scope; beyond the key's guardrails it answers 202 with structured.approval (get_approval). Billable: one quota unit; dry_run has Meta validate it.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateSocialAdSet(
    args: UpdateSocialAdSetArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<UpdateSocialAdSetResult>> {
    return this.callTool('update_social_ad_set', args, options);
  }

  /**
   * Creates, in order, a PAUSED campaign (the daily budget is on the campaign, Advantage campaign budget, so update_social_campaign can change it), uploads the image to the ad account (skipped with image_hash), an ad set with the targeting (countries, ages, genders; it optimizes for link clicks, reach for OUTCOME_AWARENESS, post engagement for OUTCOME_ENGAGEMENT), a link-ad creative run as the Facebook page (and the Instagram account, if given), and an ad. page_id must be a page the ad account can promote; instagram_user_id one of list_social_photo_accounts. The ad set and ad are made ACTIVE under the PAUSED campaign, which alone holds them: nothing spends until the campaign is activated, and activating it starts delivery. A failure part way names what exists; calling again with the same Idempotency-Key finishes the campaign. dry_run has Meta validate the campaign (its validate-only mode) and shows every request. Billable: one quota unit. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createSocialCampaign(
    args: CreateSocialCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<CreateSocialCampaignResult>> {
    return this.callTool('create_social_campaign', args, options);
  }

  /**
   * Lists a TikTok advertiser's campaigns with their ids, names, status (ACTIVE, PAUSED or REMOVED; platform_status is TikTok's own word), objective, budget type and budget in the account currency (daily_budget for a daily one), in the order TikTok keeps them. Read-only. Use it to find the campaign_id that update_video_campaign and get_video_campaign_performance take. Pages: pass the answer's next_cursor for more. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listVideoCampaigns(
    args: ListVideoCampaignsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListVideoCampaignsResult>> {
    return this.callTool('list_video_campaigns', args, options);
  }

  /**
   * Reports how the campaigns of a TikTok Ads (video) account performed over a period: impressions, clicks, spend, conversions, CTR, average CPC and cost per conversion, per campaign (and per day with breakdown "day"), with totals, sorted by spend, in the account currency. Read-only. Use it for daily briefings, to compare campaigns, and to find spend without conversions before acting. It reads TikTok's BASIC campaign report (spend, impressions, clicks, conversion), deleted campaigns included, in the advertiser time zone; TikTok reports at most 30 days by day at once, so longer daily breakdowns take one report per 30 days. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  getVideoCampaignPerformance(
    args: GetVideoCampaignPerformanceArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<GetVideoCampaignPerformanceResult>> {
    return this.callTool('get_video_campaign_performance', args, options);
  }

  /**
   * Enables or disables (pauses) an existing TikTok campaign, renames it or changes its budget amount; the result shows the fields before and after. Disabling stops its delivery; enabling starts it again. The budget applies in the campaign's own budget type (daily or lifetime total), which TikTok fixes when the campaign is created: this tool cannot switch it, and a campaign without a budget limit cannot be given one. It does not create or delete campaigns. Enabling and raising a budget start or raise spend: they need an API key with the spend scope, and a budget must be within the key's ceiling. Budgets are in the account currency, at least 50. Names have up to 512 characters (each Chinese or Japanese character counts as two) and no emoji. A change that would change nothing (already disabled, same budget) is answered without writing to TikTok. Billable: one quota unit; pass dry_run to see the requests first. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateVideoCampaign(
    args: UpdateVideoCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<UpdateVideoCampaignResult>> {
    return this.callTool('update_video_campaign', args, options);
  }

  /**
   * Lists a TikTok advertiser's ad groups (optionally of some campaigns): ids, names, status, daily budget when the ad group holds one, placement and optimization goal. Read-only; use it to find the adgroup_id update_video_ad_group takes. Pages with next_cursor. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listVideoAdGroups(
    args: ListVideoAdGroupsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListVideoAdGroupsResult>> {
    return this.callTool('list_video_ad_groups', args, options);
  }

  /**
   * Lists a TikTok advertiser's ads (optionally of some campaigns or ad groups): ids, names, status, ad group, campaign and video id. Read-only. Pages with next_cursor. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listVideoAds(
    args: ListVideoAdsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListVideoAdsResult>> {
    return this.callTool('list_video_ads', args, options);
  }

  /**
   * Lists the identities a TikTok advertiser may post as (TikTok identity/get): custom identities made for ads (CUSTOMIZED_USER) and TikTok accounts authorized to it (AUTH_CODE, TT_USER, BC_AUTH_TT), with the identity_id and identity_type create_video_campaign takes and the name shown as the author. Pages with limit and next_cursor. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listVideoIdentities(
    args: ListVideoIdentitiesArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult<ListVideoIdentitiesResult>> {
    return this.callTool('list_video_identities', args, options);
  }

  /**
   * Pauses or enables a TikTok ad group, renames it or changes its own daily budget; answers before and after. Enabling and raising need the spend scope. A change of nothing sends nothing. Billable: one quota unit; dry_run shows the requests. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateVideoAdGroup(
    args: UpdateVideoAdGroupArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<UpdateVideoAdGroupResult>> {
    return this.callTool('update_video_ad_group', args, options);
  }

  /**
   * Creates a TikTok campaign, disabled (PAUSED), with one ad group and one single-video ad, enabled under it so that enabling the campaign starts delivery: the campaign (no budget limit of its own), the ad group (automatic placements, the locations, running from now, the daily budget), the video downloaded from an https URL and uploaded to the advertiser's library, and the ad, posting as the identity given (list_video_identities lists those the advertiser may post as; it is checked before anything is made). Use it when the user has an MP4 and has agreed budget, locations and copy. The daily budget is on the ad group, as TikTok needs when the campaign does not optimise its budget: at least 20 in the account currency; change it later with update_video_ad_group. TikTok has no validate-only mode: dry_run lists the requests instead. Creates a real campaign that can spend money once enabled (update_video_campaign, status ACTIVE). Billable: one quota unit. A change beyond the key's spend guardrails, or a budget ten times its current value, is not made: the answer (HTTP 202) holds structured.approval for the owner to decide; follow up with get_approval.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createVideoCampaign(
    args: CreateVideoCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult<CreateVideoCampaignResult>> {
    return this.callTool('create_video_campaign', args, options);
  }
}
