import { digitsId } from '../arguments.ts';
import { performanceTool } from '../reads/performance-tool.ts';
import { readSearchPerformance } from './performance-reader.ts';

export const getSearchCampaignPerformance = performanceTool({
  name: 'get_search_campaign_performance',
  platform: 'search',
  reads:
    "It reads Google Ads reporting (GAQL FROM campaign with metrics by segments.date), in the account's time " +
    'zone; removed campaigns appear when they spent in the period or are asked for.',
  campaignId: digitsId().describe('A Google Ads campaign id (digits), as list_search_campaigns gives it.'),
  example: { date_range: 'LAST_7_DAYS', level: 'ad_group', breakdown: 'device' },
  read: readSearchPerformance,
  levels: { ad_group: 'ad group', ad: 'ad' },
  byDevice: true,
});
