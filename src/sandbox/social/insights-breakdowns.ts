import type { GraphErrorBody } from './graph.ts';
import { type DayFacts, splitFacts } from './insights-split.ts';

/** Every breakdown of the insights edge, as facebook-nodejs-business-sdk 24.0.1 lists them (AdsInsights.Breakdowns). */
const BREAKDOWNS: ReadonlySet<string> = new Set([
  'ad_extension_domain',
  'ad_extension_url',
  'ad_format_asset',
  'age',
  'app_id',
  'body_asset',
  'breakdown_ad_objective',
  'breakdown_reporting_ad_id',
  'call_to_action_asset',
  'coarse_conversion_value',
  'comscore_market',
  'conversion_destination',
  'country',
  'creative_automation_asset_id',
  'creative_relaxation_asset_type',
  'crm_advertiser_l12_territory_ids',
  'crm_advertiser_subvertical_id',
  'crm_advertiser_vertical_id',
  'crm_ult_advertiser_id',
  'description_asset',
  'device_platform',
  'dma',
  'fidelity_type',
  'flexible_format_asset_type',
  'frequency_value',
  'gen_ai_asset_type',
  'gender',
  'hourly_stats_aggregated_by_advertiser_time_zone',
  'hourly_stats_aggregated_by_audience_time_zone',
  'hsid',
  'image_asset',
  'impression_device',
  'impression_view_time_advertiser_hour_v2',
  'is_auto_advance',
  'is_conversion_id_modeled',
  'is_rendered_as_delayed_skip_ad',
  'landing_destination',
  'link_url_asset',
  'marketing_messages_btn_name',
  'mdsa_landing_destination',
  'media_asset_url',
  'media_creator',
  'media_destination_url',
  'media_format',
  'media_origin_url',
  'media_text_content',
  'media_type',
  'mmm',
  'place_page_id',
  'platform_position',
  'postback_sequence_index',
  'product_brand_breakdown',
  'product_category_breakdown',
  'product_custom_label_0_breakdown',
  'product_custom_label_1_breakdown',
  'product_custom_label_2_breakdown',
  'product_custom_label_3_breakdown',
  'product_custom_label_4_breakdown',
  'product_group_content_id_breakdown',
  'product_group_id',
  'product_id',
  'product_set_id_breakdown',
  'publisher_platform',
  'redownload',
  'region',
  'rta_ugc_topic',
  'rule_set_id',
  'rule_set_name',
  'signal_source_bucket',
  'skan_campaign_id',
  'skan_conversion_id',
  'skan_version',
  'sot_attribution_model_type',
  'sot_attribution_window',
  'sot_channel',
  'sot_event_type',
  'sot_source',
  'standard_event_content_type',
  'title_asset',
  'user_persona_id',
  'user_persona_name',
  'video_asset',
]);

/**
 * The breakdowns Meta combines with `device_platform` (its placement breakdowns, the insights breakdowns
 * reference's combinations); any other pairing is refused as an invalid combination.
 */
const WITH_DEVICE_PLATFORM = ['publisher_platform', 'platform_position', 'impression_device'];

export type Breakdown = 'device_platform';

/** Meta's device platforms, each row's share of delivery by device: its app, mobile browsers, desktops. */
export const DEVICE_PLATFORMS = ['mobile_app', 'mobile_web', 'desktop'] as const;
const BASE_WEIGHTS = [56, 14, 30];
/** Desktop visitors convert more often than mobile browsers: the devices' costs per conversion differ. */
const QUALITIES = [1, 0.7, 1.4];

function invalid(message: string): { refusal: GraphErrorBody } {
  return { refusal: { message: `(#100) ${message}`, type: 'OAuthException', code: 100 } };
}

/**
 * The `breakdowns` parameter as Meta reads it (a comma-separated list or a JSON array of
 * AdsInsights.Breakdowns), or its refusal: an unknown breakdown names the valid ones, `device_platform`
 * beside a breakdown Meta does not combine it with is an invalid combination. The sandbox computes
 * `device_platform` alone; any other breakdown is refused as not served, never ignored.
 */
export function readBreakdowns(
  text: string | undefined,
  notServed: (parameter: string, why: string) => { refusal: GraphErrorBody },
): Breakdown[] | { refusal: GraphErrorBody } {
  if (text === undefined || text === '') return [];
  let names: unknown;
  try {
    names = text.trim().startsWith('[') ? JSON.parse(text) : text.split(',');
  } catch {
    return invalid('Param breakdowns must be an array of breakdowns');
  }
  if (!Array.isArray(names)) return invalid('Param breakdowns must be an array of breakdowns');
  const list = names.map((name) => String(name).trim());
  for (const [index, name] of list.entries()) {
    if (!BREAKDOWNS.has(name)) {
      return invalid(
        `breakdowns[${index}] must be one of the following values: ${[...BREAKDOWNS].join(', ')}`,
      );
    }
  }
  if (list.includes('device_platform')) {
    const others = list.filter((name) => name !== 'device_platform');
    if (others.some((name) => !WITH_DEVICE_PLATFORM.includes(name))) {
      return invalid(
        `Current combination of data breakdown columns (${[...list].sort().join(', ')}) is invalid`,
      );
    }
    if (others.length === 0) return ['device_platform'];
  }
  return notServed(
    `breakdowns=${list.join(',')}`,
    'The sandbox breaks insights down by device_platform alone.',
  );
}

/** A small stable number from an id: each object's devices share its delivery in their own proportions. */
function tilt(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 9973;
  return (hash % 11) - 5;
}

/**
 * A row's figures shared among Meta's device platforms by the object's own weights, in integers (spend in
 * the currency's minor unit) that add up exactly to the row: device rows always sum to the row's own.
 */
export function deviceParts(
  facts: DayFacts,
  objectId: string,
  currency: string,
): Array<{ device: (typeof DEVICE_PLATFORMS)[number]; facts: DayFacts }> {
  const lean = tilt(objectId);
  const weights = BASE_WEIGHTS.map((weight, index) => weight + (index === 0 ? lean : -lean / 2));
  const parts = splitFacts(facts, weights, QUALITIES, currency);
  return DEVICE_PLATFORMS.map((device, index) => ({ device, facts: parts[index] ?? facts }));
}
