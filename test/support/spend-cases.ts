import type { Platform } from '../../src/platform-families.ts';
import type { StoredObject } from '../../src/sandbox/store.ts';
import type { MoneyMeaning } from '../../src/tools/changes/change.ts';

type Json = Record<string, any>;

/** What the spend-safety suite runs on a money field of a tool (test/e2e/spend-safety.test.ts). */
export type Scenario = 'write_key' | 'raise_percent' | 'tenfold' | 'drift' | 'revert' | 'also_pause';

/**
 * How the suite finds an object of a tool on a fresh owner's sandbox accounts and reads it back: the
 * sandbox objects that may be its target, the arguments that name one, and where the tool's answer
 * shows the field. Everything else (the raise, the keys, what must happen) is the suite's, the same for
 * every tool and field.
 */
export interface SpendCase {
  tool: string;
  /** The argument, and the meaning it has on the object the case picks. */
  field: string;
  meaning: Exclude<MoneyMeaning, 'none'>;
  platform: Platform;
  /** The sandbox objects that may be the target. */
  type: string;
  /** The arguments naming a candidate; undefined when it cannot be one. */
  address(object: StoredObject<Json>): Json | undefined;
  /** The object's fields in the tool's answer (`structured.before` of a dry run, by default). */
  state?(structured: Json): Json;
  /** Whether the candidate, as its answer shows it, fits the case (its answer's top fields beside). */
  fits?(state: Json, structured: Json): boolean;
  /** The answer's field that shows the amount (the argument's name by default). */
  shown?: string;
  /** The value that activates (ACTIVE unless the argument takes the platform's word). */
  on?: string;
  /** Scenarios that do not apply to this field, each with why. */
  skip?: Partial<Record<Scenario, string>>;
}

const campaignId = (object: StoredObject<Json>) => ({ campaign_id: object.id });
const tiktokDaily = (state: Json) => state.daily_budget !== null;

export const SPEND_CASES: readonly SpendCase[] = [
  {
    tool: 'update_video_campaign',
    field: 'status',
    meaning: 'delivery',
    platform: 'video',
    type: 'campaign',
    address: campaignId,
  },
  {
    tool: 'update_video_campaign',
    field: 'operation_status',
    meaning: 'delivery',
    platform: 'video',
    type: 'campaign',
    address: campaignId,
    on: 'ENABLE',
  },
  {
    tool: 'update_video_campaign',
    field: 'daily_budget',
    meaning: 'daily_budget',
    platform: 'video',
    type: 'campaign',
    address: campaignId,
    fits: tiktokDaily,
  },
  {
    tool: 'update_video_campaign',
    field: 'budget',
    meaning: 'daily_budget',
    platform: 'video',
    type: 'campaign',
    address: campaignId,
    fits: tiktokDaily,
    shown: 'daily_budget',
  },
  {
    tool: 'update_video_campaign',
    field: 'budget',
    meaning: 'lifetime_budget',
    platform: 'video',
    type: 'campaign',
    address: campaignId,
    fits: (state) => state.budget !== null,
  },
  {
    tool: 'update_video_ad_group',
    field: 'status',
    meaning: 'delivery',
    platform: 'video',
    type: 'adgroup',
    address: (object) => ({ adgroup_id: object.id }),
  },
  {
    tool: 'update_video_ad_group',
    field: 'daily_budget',
    meaning: 'daily_budget',
    platform: 'video',
    type: 'adgroup',
    address: (object) => ({ adgroup_id: object.id }),
  },
  {
    tool: 'update_search_campaign',
    field: 'status',
    meaning: 'delivery',
    platform: 'search',
    type: 'campaign',
    address: campaignId,
  },
  {
    tool: 'update_search_campaign',
    field: 'daily_budget',
    meaning: 'daily_budget',
    platform: 'search',
    type: 'campaign',
    address: campaignId,
    fits: (state, structured) => state.daily_budget !== null && structured.budget_shared === false,
  },
  {
    tool: 'update_search_ad_group',
    field: 'status',
    meaning: 'delivery',
    platform: 'search',
    type: 'ad_group',
    address: (object) => ({ ad_group_id: object.id }),
  },
  {
    tool: 'update_search_ad_group',
    field: 'cpc_bid',
    meaning: 'bid',
    platform: 'search',
    type: 'ad_group',
    address: (object) => ({ ad_group_id: object.id }),
  },
  {
    tool: 'update_search_keywords',
    field: 'status',
    meaning: 'delivery',
    platform: 'search',
    type: 'ad_group_criterion',
    address: (object) =>
      object.data.negative
        ? undefined
        : { ad_group_id: object.parentId, keyword_ids: [object.data.criterionId] },
    state: (structured) => structured.keywords[0].before,
  },
  {
    tool: 'update_social_campaign',
    field: 'status',
    meaning: 'delivery',
    platform: 'social',
    type: 'campaign',
    address: campaignId,
  },
  {
    tool: 'update_social_campaign',
    field: 'daily_budget',
    meaning: 'daily_budget',
    platform: 'social',
    type: 'campaign',
    address: campaignId,
  },
  {
    tool: 'update_social_ad_set',
    field: 'status',
    meaning: 'delivery',
    platform: 'social',
    type: 'adset',
    address: (object) => ({ ad_set_id: object.id }),
  },
  {
    tool: 'update_social_ad_set',
    field: 'daily_budget',
    meaning: 'daily_budget',
    platform: 'social',
    type: 'adset',
    address: (object) => ({ ad_set_id: object.id }),
  },
  {
    tool: 'update_network_campaign',
    field: 'status',
    meaning: 'delivery',
    platform: 'network',
    type: 'campaign',
    address: campaignId,
  },
  {
    tool: 'update_network_campaign',
    field: 'daily_budget',
    meaning: 'daily_budget',
    platform: 'network',
    type: 'campaign',
    address: campaignId,
  },
];
