import { invalid, refuseUnknown } from './envelope.ts';
import { oneOf, textList } from './values.ts';

/** What campaign/status/update takes (TikTok's CampaignStatusUpdateBody). */
const STATUS_FIELDS = ['advertiser_id', 'campaign_ids', 'operation_status', 'postback_window_mode'];
const OPERATIONS = ['DELETE', 'DISABLE', 'ENABLE'] as const;
const POSTBACK_WINDOW_MODES = ['POSTBACK_WINDOW_MODE1', 'POSTBACK_WINDOW_MODE2', 'POSTBACK_WINDOW_MODE3'];

export interface StatusChange {
  campaignIds: string[];
  operation: (typeof OPERATIONS)[number];
}

/** The body of campaign/status/update, checked like TikTok checks it; throws TikTok's refusal. */
export function checkStatusBody(body: Record<string, unknown>): StatusChange {
  refuseUnknown(Object.keys(body), STATUS_FIELDS);
  if (body.campaign_ids === undefined) throw invalid('campaign_ids', 'Missing data for required field.');
  const campaignIds = textList('campaign_ids', body.campaign_ids, { min: 1, max: 20 });
  if (body.operation_status === undefined)
    throw invalid('operation_status', 'Missing data for required field.');
  const operation = oneOf('operation_status', body.operation_status, OPERATIONS);
  if (body.postback_window_mode !== undefined) {
    oneOf('postback_window_mode', body.postback_window_mode, POSTBACK_WINDOW_MODES);
    // The SKAN 4.0 postback window is chosen when an iOS 14 dedicated campaign is paused, and only then.
    if (operation !== 'DISABLE')
      throw invalid('postback_window_mode', 'Can only be set when operation_status is DISABLE.');
  }
  return { campaignIds: [...new Set(campaignIds)], operation };
}
