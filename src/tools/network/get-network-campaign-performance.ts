import { idOf } from '../../platforms/network/urns.ts';
import { digitsOrUrn } from '../arguments.ts';
import { performanceTool } from '../reads/performance-tool.ts';
import { readNetworkPerformance } from './performance-reader.ts';

export const getNetworkCampaignPerformance = performanceTool({
  name: 'get_network_campaign_performance',
  platform: 'network',
  reads:
    "It reads LinkedIn's ad analytics by campaign (conversions are external website conversions); " +
    'campaign ids as list_network_campaigns gives them.',
  campaignId: digitsOrUrn('sponsoredCampaign')
    .transform(idOf)
    .describe('A LinkedIn campaign: digits or urn:li:sponsoredCampaign:<digits>.'),
  example: { date_range: 'LAST_7_DAYS', campaign_ids: ['123456789'], breakdown: 'none' },
  read: readNetworkPerformance,
  levels: { ad: 'creative' },
  byDevice: false,
});
