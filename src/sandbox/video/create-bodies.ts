import type { StoredAd } from './ad.ts';
import type { StoredAdGroup } from './adgroup.ts';
import type { StoredCampaign } from './campaign.ts';
import { campaignName } from './campaign-update.ts';
import { invalid, refuseUnknown } from './envelope.ts';
import { IDENTITY_TYPES } from './identities.ts';
import { MIN_AD_GROUP_BUDGET, MIN_CAMPAIGN_BUDGET, NO_BUDGET_LIMIT } from './tiktok-rules.ts';
import { amount, oneOf, text, textList, utcTime } from './values.ts';

// The bodies of campaign/create/, adgroup/create/ and ad/create/ (TikTok's CampaignCreateBody,
// AdgroupCreateBody, AdCreateBody), checked in TikTok's order; each throws TikTok's refusal.

/** The objectives the sandbox creates, with the optimization goal and billing event each takes. */
export const GOALS_BY_OBJECTIVE: Record<string, { goals: string[]; billing: Record<string, string> }> = {
  TRAFFIC: { goals: ['CLICK'], billing: { CLICK: 'CPC' } },
  REACH: { goals: ['REACH'], billing: { REACH: 'CPM' } },
  VIDEO_VIEWS: { goals: ['VIDEO_VIEW', 'ENGAGED_VIEW'], billing: { VIDEO_VIEW: 'CPV', ENGAGED_VIEW: 'CPV' } },
};

const CAMPAIGN_CREATE_FIELDS = [
  'advertiser_id',
  'campaign_name',
  'objective_type',
  'budget_mode',
  'budget',
  'operation_status',
  'budget_optimize_on',
  'campaign_type',
  'special_industries',
  'po_number',
  'request_id',
] as const;

const BUDGET_MODES = ['BUDGET_MODE_INFINITE', 'BUDGET_MODE_DAY', 'BUDGET_MODE_TOTAL'] as const;
const OPERATION_STATUSES = ['ENABLE', 'DISABLE'] as const;

function required(body: Record<string, unknown>, field: string): unknown {
  if (body[field] === undefined || body[field] === null)
    throw invalid(field, 'Missing data for required field.');
  return body[field];
}

export function campaignFromBody(body: Record<string, unknown>): StoredCampaign {
  refuseUnknown(Object.keys(body), CAMPAIGN_CREATE_FIELDS);
  const name = campaignName(required(body, 'campaign_name'));
  const objective = text('objective_type', required(body, 'objective_type'));
  if (!GOALS_BY_OBJECTIVE[objective])
    throw invalid(
      'objective_type',
      `The TikTok sandbox creates campaigns with the objectives ${Object.keys(GOALS_BY_OBJECTIVE).join(', ')}.`,
    );
  const mode = oneOf('budget_mode', required(body, 'budget_mode'), BUDGET_MODES);
  let budget = 0;
  if (mode !== NO_BUDGET_LIMIT) {
    budget = amount('budget', required(body, 'budget'));
    if (budget < MIN_CAMPAIGN_BUDGET)
      throw invalid('', `Budget must be greater than or equal to ${MIN_CAMPAIGN_BUDGET.toFixed(2)}.`);
  }
  if (body.budget_optimize_on === true && mode === NO_BUDGET_LIMIT)
    throw invalid('budget_optimize_on', 'Campaign budget optimization needs a daily or lifetime budget.');
  const status =
    body.operation_status === undefined
      ? 'ENABLE'
      : oneOf('operation_status', body.operation_status, OPERATION_STATUSES);
  return {
    campaign_name: name,
    objective_type: objective,
    budget_mode: mode,
    budget,
    operation_status: status,
  };
}

const ADGROUP_CREATE_FIELDS = [
  'advertiser_id',
  'campaign_id',
  'adgroup_name',
  'promotion_type',
  'placement_type',
  'placements',
  'location_ids',
  'budget_mode',
  'budget',
  'schedule_type',
  'schedule_start_time',
  'schedule_end_time',
  'optimization_goal',
  'billing_event',
  'bid_type',
  'pacing',
  'operation_status',
  'request_id',
] as const;

const PLACEMENTS = ['PLACEMENT_TIKTOK', 'PLACEMENT_PANGLE', 'PLACEMENT_GLOBAL_APP_BUNDLE'] as const;

/** The ad group a body makes under its campaign (checked by the caller: it exists and is not deleted). */
export function adGroupFromBody(
  body: Record<string, unknown>,
  campaign: StoredCampaign,
  now: Date,
): StoredAdGroup {
  refuseUnknown(Object.keys(body), ADGROUP_CREATE_FIELDS);
  const name = text('adgroup_name', required(body, 'adgroup_name'));
  if (name.length < 1 || name.length > 512)
    throw invalid('adgroup_name', 'Length must be between 1 and 512.');
  if (body.promotion_type !== undefined) oneOf('promotion_type', body.promotion_type, ['WEBSITE']);
  const placementType = oneOf('placement_type', required(body, 'placement_type'), [
    'PLACEMENT_TYPE_AUTOMATIC',
    'PLACEMENT_TYPE_NORMAL',
  ]);
  const placements =
    placementType === 'PLACEMENT_TYPE_NORMAL'
      ? textList('placements', required(body, 'placements'), { min: 1, max: 3 }, PLACEMENTS)
      : [...PLACEMENTS];
  textList('location_ids', required(body, 'location_ids'), { min: 1, max: 3000 });
  const mode = oneOf('budget_mode', required(body, 'budget_mode'), BUDGET_MODES);
  let budget = 0;
  if (mode === NO_BUDGET_LIMIT) {
    if (campaign.budget_mode === NO_BUDGET_LIMIT)
      throw invalid(
        'budget_mode',
        'The campaign has no budget limit: the ad group needs a daily or lifetime budget.',
      );
  } else {
    budget = amount('budget', required(body, 'budget'));
    if (mode === 'BUDGET_MODE_DAY' && budget < MIN_AD_GROUP_BUDGET)
      throw invalid('', `Daily budget must be greater than or equal to ${MIN_AD_GROUP_BUDGET.toFixed(2)}.`);
  }
  const schedule = oneOf('schedule_type', required(body, 'schedule_type'), [
    'SCHEDULE_FROM_NOW',
    'SCHEDULE_START_END',
  ]);
  const start = utcTime('schedule_start_time', required(body, 'schedule_start_time'));
  if (start.getTime() < now.getTime() - 24 * 3600_000)
    throw invalid('schedule_start_time', 'The start time cannot be earlier than the current time.');
  if (schedule === 'SCHEDULE_START_END' || mode === 'BUDGET_MODE_TOTAL') {
    const end = utcTime('schedule_end_time', required(body, 'schedule_end_time'));
    if (end <= start) throw invalid('schedule_end_time', 'The end time must be later than the start time.');
  }
  const objective = campaign.objective_type ?? 'TRAFFIC';
  const rules = GOALS_BY_OBJECTIVE[objective];
  const goal = text('optimization_goal', required(body, 'optimization_goal'));
  if (!rules?.goals.includes(goal))
    throw invalid(
      'optimization_goal',
      `Must be one of ${rules?.goals.join(', ') ?? ''} for the objective ${objective}.`,
    );
  const billing = text('billing_event', required(body, 'billing_event'));
  if (rules.billing[goal] !== billing)
    throw invalid('billing_event', `Must be ${rules.billing[goal]} for the optimization goal ${goal}.`);
  const bidType =
    body.bid_type === undefined ? 'BID_TYPE_NO_BID' : oneOf('bid_type', body.bid_type, ['BID_TYPE_NO_BID']);
  oneOf('pacing', required(body, 'pacing'), ['PACING_MODE_SMOOTH', 'PACING_MODE_FAST']);
  const status =
    body.operation_status === undefined
      ? 'ENABLE'
      : oneOf('operation_status', body.operation_status, OPERATION_STATUSES);
  return {
    campaign_id: text('campaign_id', body.campaign_id),
    adgroup_name: name,
    budget_mode: mode,
    budget,
    operation_status: status,
    placement_type: placementType,
    placements,
    optimization_goal: goal,
    billing_event: billing,
    bid_type: bidType,
    delivery_weight: 1,
    conversion_weight: 1,
  };
}

const AD_CREATE_FIELDS = ['advertiser_id', 'adgroup_id', 'creatives', 'request_id'] as const;
const CREATIVE_FIELDS = [
  'ad_name',
  'ad_format',
  'ad_text',
  'call_to_action',
  'landing_page_url',
  'video_id',
  'image_ids',
  'display_name',
  'identity_type',
  'identity_id',
  'operation_status',
] as const;

/** The calls to action the sandbox takes (TikTok's standard ones for a website). */
export const CALLS_TO_ACTION = [
  'LEARN_MORE',
  'SHOP_NOW',
  'SIGN_UP',
  'CONTACT_US',
  'APPLY_NOW',
  'BOOK_NOW',
  'ORDER_NOW',
  'DOWNLOAD',
  'GET_QUOTE',
  'SUBSCRIBE',
  'WATCH_NOW',
] as const;

/** A creative of an ad/create/ body, before its video and identity are looked up. */
export type CreativeBody = Omit<
  StoredAd,
  'campaign_id' | 'adgroup_id' | 'delivery_weight' | 'display_name'
> & {
  identity_type: string;
  identity_id: string;
};

export function creativesFromBody(body: Record<string, unknown>): {
  adGroupId: string;
  creatives: CreativeBody[];
} {
  refuseUnknown(Object.keys(body), AD_CREATE_FIELDS);
  const adGroupId = text('adgroup_id', required(body, 'adgroup_id'));
  const list = required(body, 'creatives');
  if (!Array.isArray(list)) throw invalid('creatives', 'Not a valid list.');
  if (list.length < 1 || list.length > 20) throw invalid('creatives', 'Length must be between 1 and 20.');
  const creatives = list.map((item, index) => {
    const at = `creatives.${index}.`;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw invalid(`creatives.${index}`, 'Invalid input type.');
    const creative = item as Record<string, unknown>;
    refuseUnknown(Object.keys(creative), CREATIVE_FIELDS, at);
    const field = (name: string) => {
      if (creative[name] === undefined || creative[name] === null)
        throw invalid(`${at}${name}`, 'Missing data for required field.');
      return creative[name];
    };
    oneOf(`${at}ad_format`, field('ad_format'), ['SINGLE_VIDEO']);
    const adName = text(`${at}ad_name`, field('ad_name'));
    if (adName.length < 1 || adName.length > 512)
      throw invalid(`${at}ad_name`, 'Length must be between 1 and 512.');
    const adText = text(`${at}ad_text`, field('ad_text'));
    if (adText.length < 1 || adText.length > 100)
      throw invalid(`${at}ad_text`, 'Length must be between 1 and 100.');
    // v1.3 ads that are not Spark Ads post as an identity (identity/get); display_name is not the author.
    const identityType = oneOf(`${at}identity_type`, field('identity_type'), IDENTITY_TYPES);
    const identityId = text(`${at}identity_id`, field('identity_id'));
    const landing = text(`${at}landing_page_url`, field('landing_page_url'));
    if (!/^https?:\/\/\S+$/.test(landing)) throw invalid(`${at}landing_page_url`, 'Not a valid URL.');
    return {
      ad_name: adName,
      ad_text: adText,
      identity_type: identityType,
      identity_id: identityId,
      call_to_action: oneOf(`${at}call_to_action`, field('call_to_action'), CALLS_TO_ACTION),
      landing_page_url: landing,
      video_id: text(`${at}video_id`, field('video_id')),
      operation_status:
        creative.operation_status === undefined
          ? 'ENABLE'
          : oneOf(`${at}operation_status`, creative.operation_status, OPERATION_STATUSES),
    };
  });
  return { adGroupId, creatives };
}
