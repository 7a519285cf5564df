import { digitsId } from '../arguments.ts';
import { performanceTool } from '../reads/performance-tool.ts';
import { readVideoPerformance } from './performance-reader.ts';

export const getVideoCampaignPerformance = performanceTool({
  name: 'get_video_campaign_performance',
  platform: 'video',
  reads:
    "It reads TikTok's BASIC campaign report (spend, impressions, clicks, conversion), deleted campaigns " +
    'included, in the advertiser time zone; TikTok reports at most 30 days by day at once, so longer daily ' +
    'breakdowns take one report per 30 days.',
  campaignId: digitsId().describe('A TikTok campaign id (digits), as list_video_campaigns shows it.'),
  example: {
    date_range: 'LAST_7_DAYS',
    campaign_ids: ['1800000000000002', '1800000000000003'],
    breakdown: 'day',
  },
  read: readVideoPerformance,
  levels: { ad_group: 'ad group', ad: 'ad' },
  byDevice: false,
});
