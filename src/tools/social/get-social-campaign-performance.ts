import { digitsId } from '../arguments.ts';
import { performanceTool } from '../reads/performance-tool.ts';
import { readSocialPerformance } from './performance-reader.ts';

export const getSocialCampaignPerformance = performanceTool({
  name: 'get_social_campaign_performance',
  platform: 'social',
  reads:
    "It reads Meta's Insights API by campaign (act_{id}/insights, level=campaign, each ad set's attribution " +
    'setting, as Ads Manager shows it); conversions are the Meta pixel purchases, leads and registrations ' +
    "and the leads of Meta's lead forms. Spend is in the ad account's currency, days in its time zone.",
  campaignId: digitsId().describe('A Meta campaign id (digits), as list_social_campaigns gives it.'),
  example: {
    ad_account_id: 'act_310000000000001',
    date_range: 'LAST_30_DAYS',
    campaign_ids: ['120210000000000101', '120210000000000102'],
  },
  read: readSocialPerformance,
  levels: { ad_group: 'ad set', ad: 'ad' },
  byDevice: true,
});
