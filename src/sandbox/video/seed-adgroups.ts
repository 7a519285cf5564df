import type { Kysely } from 'kysely';
import { unitsToMicros } from '../../money.ts';
import type { Database } from '../../storage/schema.ts';
import { recordActivity } from '../activity.ts';
import { type SandboxStore, sandboxId } from '../store.ts';
import type { StoredAd } from './ad.ts';
import type { StoredAdGroup } from './adgroup.ts';
import { adGroupActivity } from './campaign-activity.ts';

/** The ad group ids the video tools' examples name (the demo advertiser's); later advertisers get fresh ids. */
export const EXAMPLE_AD_GROUP_IDS = {
  prospectingBroad: '1810000000000001',
  prospectingInterests: '1810000000000002',
  prospectingLookalike: '1810000000000003',
  prospectingOld: '1810000000000010',
} as const;

interface SeedAd {
  name: string;
  video: string;
  weight: number;
  enabled?: false;
}

export interface SeedAdGroup {
  id: string;
  name: string;
  /** A daily budget of its own; its campaign's budget bounds it otherwise. */
  dailyBudget?: number;
  enabled: boolean;
  /** Days before today it was disabled, when it ran before. */
  disabledDaysAgo?: number;
  delivery: number;
  conversions: number;
  goal: 'CLICK' | 'CONVERT' | 'REACH' | 'VIDEO_VIEW' | 'INSTALL';
  ads: SeedAd[];
}

const CLICK = { goal: 'CLICK' } as const;

/**
 * Each seeded campaign's ad groups, by the campaign's example id: "Always on"'s hold their own daily
 * budgets (TikTok's ad groups do when the campaign does not optimise its budget across them), the
 * others run on their campaign's.
 */
export const SEED_AD_GROUPS: Record<string, SeedAdGroup[]> = {
  '1800000000000001': [
    {
      id: '1810000000000020',
      name: 'Spring launch: all',
      enabled: true,
      delivery: 1,
      conversions: 1,
      ...CLICK,
      ads: [{ name: 'Spring teaser 15s', video: 'v10033g50000spring0001', weight: 1 }],
    },
  ],
  '1800000000000002': [
    {
      id: EXAMPLE_AD_GROUP_IDS.prospectingBroad,
      name: 'Prospecting: broad',
      dailyBudget: 120,
      enabled: true,
      delivery: 5,
      conversions: 3,
      ...CLICK,
      ads: [
        { name: 'Broad: unboxing 20s', video: 'v10033g50000broad00001', weight: 3 },
        { name: 'Broad: testimonial 15s', video: 'v10033g50000broad00002', weight: 2 },
      ],
    },
    {
      id: EXAMPLE_AD_GROUP_IDS.prospectingInterests,
      name: 'Prospecting: interests',
      dailyBudget: 80,
      enabled: true,
      delivery: 3,
      conversions: 4,
      ...CLICK,
      ads: [{ name: 'Interests: how-to 30s', video: 'v10033g50000intrst0001', weight: 1 }],
    },
    {
      id: EXAMPLE_AD_GROUP_IDS.prospectingLookalike,
      name: 'Prospecting: lookalike 1%',
      dailyBudget: 50,
      enabled: true,
      delivery: 2,
      conversions: 1,
      ...CLICK,
      ads: [
        { name: 'Lookalike: creator duet 15s', video: 'v10033g50000lookal0001', weight: 1 },
        { name: 'Lookalike: old cut', video: 'v10033g50000lookal0002', weight: 0, enabled: false },
      ],
    },
    {
      id: EXAMPLE_AD_GROUP_IDS.prospectingOld,
      name: 'Prospecting: old creatives',
      dailyBudget: 30,
      enabled: false,
      disabledDaysAgo: 10,
      delivery: 1,
      conversions: 1,
      ...CLICK,
      ads: [{ name: 'Old creatives: montage 20s', video: 'v10033g50000oldcre0001', weight: 1 }],
    },
  ],
  '1800000000000003': [
    {
      id: '1810000000000004',
      name: 'Site visitors 30 days',
      enabled: true,
      delivery: 3,
      conversions: 4,
      goal: 'CONVERT',
      ads: [{ name: 'Come back: offer 10s', video: 'v10033g50000retarg0001', weight: 1 }],
    },
    {
      id: '1810000000000005',
      name: 'Cart abandoners',
      enabled: true,
      delivery: 2,
      conversions: 3,
      goal: 'CONVERT',
      ads: [{ name: 'Your cart: reminder 10s', video: 'v10033g50000retarg0002', weight: 1 }],
    },
  ],
  '1800000000000004': [
    {
      id: '1810000000000006',
      name: 'App installs: Android',
      enabled: true,
      delivery: 1,
      conversions: 1,
      goal: 'INSTALL',
      ads: [{ name: 'App walkthrough 20s', video: 'v10033g50000appins0001', weight: 1 }],
    },
  ],
  '1800000000000005': [
    {
      id: '1810000000000007',
      name: 'Teaser: For You feed',
      enabled: true,
      delivery: 1,
      conversions: 1,
      goal: 'VIDEO_VIEW',
      ads: [{ name: 'Holiday teaser 9s', video: 'v10033g50000holida0001', weight: 1 }],
    },
  ],
  '1800000000000006': [
    {
      id: '1810000000000008',
      name: 'Winter sale: draft',
      // Ready to go: the campaign, paused, holds it back.
      enabled: true,
      delivery: 1,
      conversions: 1,
      ...CLICK,
      ads: [{ name: 'Winter sale 15s', video: 'v10033g50000winter0001', weight: 1 }],
    },
  ],
  '1800000000000007': [
    {
      id: '1810000000000009',
      name: 'Spark ads: creators',
      enabled: true,
      delivery: 1,
      conversions: 1,
      ...CLICK,
      ads: [{ name: 'Spark: creator post', video: 'v10033g50000sparka0001', weight: 1 }],
    },
  ],
};

/** The ad group as stored: its own daily budget, or the campaign's bounding it. */
export function storedAdGroup(campaignId: string, seed: SeedAdGroup): StoredAdGroup {
  return {
    campaign_id: campaignId,
    adgroup_name: seed.name,
    budget_mode: seed.dailyBudget === undefined ? 'BUDGET_MODE_INFINITE' : 'BUDGET_MODE_DAY',
    budget: seed.dailyBudget ?? 0,
    operation_status: seed.enabled ? 'ENABLE' : 'DISABLE',
    placement_type: 'PLACEMENT_TYPE_NORMAL',
    placements: ['PLACEMENT_TIKTOK'],
    optimization_goal: seed.goal,
    billing_event: seed.goal === 'CLICK' ? 'CPC' : seed.goal === 'REACH' ? 'CPM' : 'OCPM',
    bid_type: 'BID_TYPE_NO_BID',
    delivery_weight: seed.delivery,
    conversion_weight: seed.conversions,
  };
}

/**
 * A seeded campaign's ad groups and ads, created with it, and each ad group's activity: running since
 * the campaign's creation (when it ever ran), disabled since `disabledDaysAgo`. Answers the ad groups as
 * stored, for the campaign's own activity.
 */
export async function seedAdGroups(
  store: SandboxStore,
  db: Kysely<Database>,
  accountId: string,
  campaignId: string,
  seeds: SeedAdGroup[],
  created: Date,
  dayBefore: (days: number) => string,
): Promise<StoredAdGroup[]> {
  const stored: StoredAdGroup[] = [];
  let tick = 0;
  for (const seed of seeds) {
    const id = (await store.get('adgroup', seed.id)) ? `181${sandboxId(13)}` : seed.id;
    const data = storedAdGroup(campaignId, seed);
    await store.put(
      { type: 'adgroup', id, accountId, parentId: campaignId, data },
      new Date(created.getTime() + tick++),
    );
    const createdDay = created.toISOString().slice(0, 10);
    if (seed.disabledDaysAgo !== undefined) {
      await recordActivity(db, 'video', id, createdDay, {
        active: true,
        dailyBudgetMicros: seed.dailyBudget === undefined ? null : unitsToMicros(seed.dailyBudget),
      });
      await recordActivity(db, 'video', id, dayBefore(seed.disabledDaysAgo), adGroupActivity(data));
    } else {
      await recordActivity(db, 'video', id, createdDay, adGroupActivity(data));
    }
    for (const [index, ad] of seed.ads.entries()) {
      const adId = `182${id.slice(3)}${String(index)}`.slice(0, 19);
      const freeId = (await store.get('ad', adId)) ? `182${sandboxId(14)}` : adId;
      const adData: StoredAd = {
        campaign_id: campaignId,
        adgroup_id: id,
        ad_name: ad.name,
        ad_text: `${ad.name}: see more`,
        call_to_action: 'LEARN_MORE',
        video_id: ad.video,
        landing_page_url: 'https://www.example.com/',
        operation_status: ad.enabled === false ? 'DISABLE' : 'ENABLE',
        delivery_weight: ad.weight,
      };
      await store.put(
        { type: 'ad', id: freeId, accountId, parentId: id, data: adData },
        new Date(created.getTime() + tick++),
      );
    }
    stored.push(data);
  }
  return stored;
}
