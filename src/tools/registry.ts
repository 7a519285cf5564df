import { getConnectionsStatus } from './account/get-connections-status.ts';
import { getPerformanceOverview } from './account/get-performance-overview.ts';
import { getUsageStatus } from './account/get-usage-status.ts';
import { listConnectedAccounts } from './account/list-connected-accounts.ts';
import { getApproval } from './approvals/get-approval.ts';
import { createMonitor } from './monitors/create-monitor.ts';
import { deleteMonitor } from './monitors/delete-monitor.ts';
import { getMonitorHistory } from './monitors/get-monitor-history.ts';
import { listMonitors } from './monitors/list-monitors.ts';
import { testMonitor } from './monitors/test-monitor.ts';
import { updateMonitor } from './monitors/update-monitor.ts';
import { addNetworkCampaignToGroup } from './network/add-network-campaign-to-group.ts';
import { addNetworkCarouselCreative } from './network/add-network-carousel-creative.ts';
import { associateNetworkConversion } from './network/associate-network-conversion.ts';
import { createNetworkCarouselCampaign } from './network/create-network-carousel-campaign.ts';
import { createNetworkImageCampaign } from './network/create-network-image-campaign.ts';
import { createNetworkTextCampaign } from './network/create-network-text-campaign.ts';
import { createNetworkVideoCampaign } from './network/create-network-video-campaign.ts';
import { getNetworkCampaignPerformance } from './network/get-network-campaign-performance.ts';
import { listNetworkCampaigns } from './network/list-network-campaigns.ts';
import { listNetworkCreatives } from './network/list-network-creatives.ts';
import { listNetworkOrganizations } from './network/list-network-organizations.ts';
import { updateNetworkCampaign } from './network/update-network-campaign.ts';
import { addSearchNegativeKeywords } from './search/add-search-negative-keywords.ts';
import { createSearchCampaign } from './search/create-search-campaign.ts';
import { discoverExistingAssets } from './search/discover-existing-assets.ts';
import { getSearchCampaignPerformance } from './search/get-search-campaign-performance.ts';
import { listSearchAdGroups } from './search/list-search-ad-groups.ts';
import { listSearchAds } from './search/list-search-ads.ts';
import { listSearchCampaigns } from './search/list-search-campaigns.ts';
import { listSearchKeywords } from './search/list-search-keywords.ts';
import { listSearchTerms } from './search/list-search-terms.ts';
import { updateAdHeadlines } from './search/update-ad-headlines.ts';
import { updateSearchAdGroup } from './search/update-search-ad-group.ts';
import { updateSearchCampaign } from './search/update-search-campaign.ts';
import { updateSearchKeywords } from './search/update-search-keywords.ts';
import { validateAndPrepareAssets } from './search/validate-and-prepare-assets.ts';
import { createSocialCampaign } from './social/create-social-campaign.ts';
import { getSocialCampaignPerformance } from './social/get-social-campaign-performance.ts';
import { listSocialAdSets } from './social/list-social-ad-sets.ts';
import { listSocialAds } from './social/list-social-ads.ts';
import { listSocialCampaigns } from './social/list-social-campaigns.ts';
import { listSocialPhotoAccounts } from './social/list-social-photo-accounts.ts';
import { updateSocialAdSet } from './social/update-social-ad-set.ts';
import { updateSocialCampaign } from './social/update-social-campaign.ts';
import type { Tool } from './tool.ts';
import { createVideoCampaign } from './video/create-video-campaign.ts';
import { getVideoCampaignPerformance } from './video/get-video-campaign-performance.ts';
import { listVideoAdGroups } from './video/list-video-ad-groups.ts';
import { listVideoAds } from './video/list-video-ads.ts';
import { listVideoCampaigns } from './video/list-video-campaigns.ts';
import { listVideoIdentities } from './video/list-video-identities.ts';
import { updateVideoAdGroup } from './video/update-video-ad-group.ts';
import { updateVideoCampaign } from './video/update-video-campaign.ts';

/** Every tool the service serves, by name; REST, MCP, the OpenAPI document and the CLI read this one list. */
export const ALL_TOOLS: readonly Tool[] = [
  // Diagnostics: free, never use quota.
  getUsageStatus,
  listConnectedAccounts,
  getConnectionsStatus,
  getApproval,
  // Across every platform.
  getPerformanceOverview,
  // Monitors: rules checked on an account while nobody watches (delete last: the examples run in order).
  createMonitor,
  listMonitors,
  testMonitor,
  getMonitorHistory,
  updateMonitor,
  deleteMonitor,
  // search (Google Ads)
  listSearchCampaigns,
  listSearchAds,
  listSearchAdGroups,
  listSearchKeywords,
  listSearchTerms,
  getSearchCampaignPerformance,
  discoverExistingAssets,
  updateAdHeadlines,
  updateSearchCampaign,
  updateSearchAdGroup,
  updateSearchKeywords,
  addSearchNegativeKeywords,
  validateAndPrepareAssets,
  createSearchCampaign,
  // network (LinkedIn)
  createNetworkImageCampaign,
  createNetworkVideoCampaign,
  createNetworkCarouselCampaign,
  createNetworkTextCampaign,
  addNetworkCampaignToGroup,
  addNetworkCarouselCreative,
  associateNetworkConversion,
  listNetworkCampaigns,
  listNetworkCreatives,
  listNetworkOrganizations,
  getNetworkCampaignPerformance,
  updateNetworkCampaign,
  // social (Meta)
  listSocialPhotoAccounts,
  listSocialCampaigns,
  getSocialCampaignPerformance,
  updateSocialCampaign,
  // After the campaign update: "stop all agents" pauses campaigns with the platform's first stop tool.
  listSocialAdSets,
  listSocialAds,
  updateSocialAdSet,
  createSocialCampaign,
  // video (TikTok)
  listVideoCampaigns,
  getVideoCampaignPerformance,
  updateVideoCampaign,
  listVideoAdGroups,
  listVideoAds,
  listVideoIdentities,
  updateVideoAdGroup,
  createVideoCampaign,
];

export type ToolRegistry = ReadonlyMap<string, Tool>;

export function createRegistry(tools: readonly Tool[] = ALL_TOOLS): ToolRegistry {
  return new Map(tools.map((tool) => [tool.name, tool]));
}
