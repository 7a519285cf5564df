// Generated from the OpenAPI document by `npm run client:generate`. Do not edit.
import type {
  AddNetworkCampaignToGroupArguments,
  AddNetworkCarouselCreativeArguments,
  AssociateNetworkConversionArguments,
  CreateNetworkCarouselCampaignArguments,
  CreateNetworkImageCampaignArguments,
  CreateNetworkTextCampaignArguments,
  CreateNetworkVideoCampaignArguments,
  DiscoverExistingAssetsArguments,
  GetConnectionsStatusArguments,
  GetUsageStatusArguments,
  ListConnectedAccountsArguments,
  ListSocialPhotoAccountsArguments,
  ToolArguments,
  ToolName,
  UpdateAdHeadlinesArguments,
  UpdateVideoCampaignArguments,
  ValidateAndPrepareAssetsArguments,
} from './api-types.generated.ts';
import type { CallOptions, ToolCallResult } from './call-types.ts';

/** One typed method per tool of the service; each is a `callTool` of that tool. */
export abstract class ToolMethods {
  abstract callTool<Name extends ToolName>(
    tool: Name,
    args: ToolArguments[Name],
    options?: CallOptions,
  ): Promise<ToolCallResult>;

  /**
   * Shows how many tool calls the account owner has used this month, the monthly limit of their tier, and when the counter resets. Free: never uses quota. Call it before a batch of billable calls or after a 402 quota error. Not for account or connection questions (list_connected_accounts, get_connections_status).
   *
   * Read-only. Free: uses no quota.
   */
  getUsageStatus(args: GetUsageStatusArguments = {}, options?: CallOptions): Promise<ToolCallResult> {
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
  ): Promise<ToolCallResult> {
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
  ): Promise<ToolCallResult> {
    return this.callTool('get_connections_status', args, options);
  }

  /**
   * Lists the assets that already exist in a Google Ads account, grouped by type: images (with size), sitelinks, callouts and structured snippets, each with its id and text. Read-only and safe to call at any time. Use it before creating assets or campaigns, to reuse what exists instead of uploading duplicates. Not for checking new images (validate_and_prepare_assets) nor for other platforms. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  discoverExistingAssets(
    args: DiscoverExistingAssetsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult> {
    return this.callTool('discover_existing_assets', args, options);
  }

  /**
   * Replaces all headlines of a responsive search ad (Google Ads) with 3 to 15 new ones of at most 30 characters. Use it to refresh or A/B test ad copy. Not for creating ads. Billable: one call of quota. Pass dry_run to check the change without making it.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateAdHeadlines(args: UpdateAdHeadlinesArguments, options?: CallOptions): Promise<ToolCallResult> {
    return this.callTool('update_ad_headlines', args, options);
  }

  /**
   * Downloads images from https URLs and checks each against the Google Ads Performance Max rules (format decided by the bytes: JPEG, PNG or GIF; at most 5,120 KB; aspect ratio within 1% and minimum size per group: landscape 1.91:1 from 600x314, square 1:1 from 300x300, portrait 4:5 from 480x600, square logo 1:1 from 128x128, landscape logo 4:1 from 512x128). The images that pass are stored in an asset bundle whose asset_bundle_id other tools take (for example create_network_image_campaign). Every image gets a verdict with the reason in plain words; one bad image does not fail the call. Use it before creating campaigns from image URLs. Accepts URLs only, never base64 data or file paths. Long-running: stages download, validate, commit; 5 to 15 seconds for 5 to 10 images. Billable: one quota unit; a dry_run uses none and stores nothing.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  validateAndPrepareAssets(
    args: ValidateAndPrepareAssetsArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult> {
    return this.callTool('validate_and_prepare_assets', args, options);
  }

  /**
   * Creates a single-image sponsored content campaign on LinkedIn: the campaign group (or reuses one), the campaign, a sponsored post and its creative. Use it once the image is ready (an image URN, or an asset_bundle_id from validate_and_prepare_assets) and the user has agreed budget, audience and copy. Not for video, carousel or text ads (their own create tools), nor for another campaign in an existing group with other targeting (add_network_campaign_to_group). Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createNetworkImageCampaign(
    args: CreateNetworkImageCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult> {
    return this.callTool('create_network_image_campaign', args, options);
  }

  /**
   * Creates a video sponsored content campaign on LinkedIn: the campaign group (or reuses one), the campaign, a sponsored post with the video and its creative. Use it when the user has an MP4 (a video URN, or an https URL that is downloaded and checked) and has agreed budget, audience and copy. Not for image, carousel or text ads (their own create tools). Downloading and uploading a video can take a minute. Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createNetworkVideoCampaign(
    args: CreateNetworkVideoCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult> {
    return this.callTool('create_network_video_campaign', args, options);
  }

  /**
   * Creates a carousel sponsored content campaign on LinkedIn (2 to 10 swipeable cards, each with an image, headline and landing page): the campaign group (or reuses one), the campaign, the carousel post and its creative. Use it when the user has agreed budget, audience, copy and the card images. To add another carousel variation to an existing campaign use add_network_carousel_creative instead. Card images given by URL are downloaded and uploaded, which takes 5 to 15 seconds. Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createNetworkCarouselCampaign(
    args: CreateNetworkCarouselCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult> {
    return this.callTool('create_network_carousel_campaign', args, options);
  }

  /**
   * Creates a text ad campaign on LinkedIn: small ads in the desktop right rail with a short headline, a description and an optional 100 x 100 image. Creates the campaign group (or reuses one), the campaign and the creative. Use it for cheap, simple desktop reach; for feed ads use the image, video or carousel create tools. Text ads have no call-to-action button. Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  createNetworkTextCampaign(
    args: CreateNetworkTextCampaignArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult> {
    return this.callTool('create_network_text_campaign', args, options);
  }

  /**
   * Creates a new LinkedIn campaign with its first creative inside an existing campaign group, for example to reach another audience (other locations or targeting) under the same group budget and schedule. Choose ad_type (image, video, carousel, text) and pass only that type's creative fields. Not for a new group (use a create_network_*_campaign tool with campaign_group_name) and not for another ad in an existing campaign (add_network_carousel_creative). Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  addNetworkCampaignToGroup(
    args: AddNetworkCampaignToGroupArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult> {
    return this.callTool('add_network_campaign_to_group', args, options);
  }

  /**
   * Adds another carousel ad variation (2 to 10 cards) to an existing LinkedIn carousel campaign, for A/B testing; LinkedIn recommends 4 or more variations per campaign and the result says how many the campaign has. Not for creating a campaign (create_network_carousel_campaign and the other create tools) nor for another audience (add_network_campaign_to_group). The campaign must be a carousel campaign of the account. Takes 5 to 15 seconds (card images given by URL are downloaded and uploaded). The new ad serves whenever the campaign is active. Billable: one quota unit; pass dry_run to check first.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  addNetworkCarouselCreative(
    args: AddNetworkCarouselCreativeArguments,
    options?: CallOptions,
  ): Promise<ToolCallResult> {
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
  ): Promise<ToolCallResult> {
    return this.callTool('associate_network_conversion', args, options);
  }

  /**
   * Lists the Instagram (photo network) accounts authorized for ads on a Meta ad account and linked to its Facebook pages: id, username and linked page. Pass a returned id as photo_account_id to the Meta campaign tools to run ads on Instagram placements. Use it before creating a Meta campaign with Instagram placements, when the user asks which Instagram accounts they can advertise with, or when linking an Instagram account fails. An empty list is not an error: the answer explains how to authorize an account in the business manager. Read-only. Billable: one quota unit.
   *
   * Read-only. Billable: one quota unit (dry runs and replays use none).
   */
  listSocialPhotoAccounts(
    args: ListSocialPhotoAccountsArguments = {},
    options?: CallOptions,
  ): Promise<ToolCallResult> {
    return this.callTool('list_social_photo_accounts', args, options);
  }

  /**
   * Changes the name, the budget or the budget mode (daily or lifetime total) of an existing TikTok campaign; the result shows the fields before and after. Use it to rename a campaign or raise or lower its spend. It never changes the campaign status and does not create campaigns. Budgets are in the account currency, at least 50. Switching budget_mode needs a budget too. Billable: one quota unit; pass dry_run to check the change first.
   *
   * Changes things at the platform. Billable: one quota unit (dry runs and replays use none).
   */
  updateVideoCampaign(args: UpdateVideoCampaignArguments, options?: CallOptions): Promise<ToolCallResult> {
    return this.callTool('update_video_campaign', args, options);
  }
}
