import type { Kysely } from 'kysely';
import { minorToMicros } from '../../money.ts';
import type { Database } from '../../storage/schema.ts';
import { recordActivity } from '../activity.ts';
import { type SandboxStore, sandboxId } from '../store.ts';
import type { SandboxAd, SandboxAdSet } from './ad-set-records.ts';
import { type CampaignStatus, graphTime } from './campaign-records.ts';

/** The ids of the ad sets and ads the social tools' examples name, on the first account of a database. */
export const EXAMPLE_AD_SET_IDS = {
  prospectingLookalike: '120211000000000101',
  prospectingInterests: '120211000000000102',
  prospectingBroad: '120211000000000103',
  prospectingOutdoor: '120211000000000104',
  retargetingCart: '120211000000000105',
  retargetingViewers: '120211000000000106',
  leadFormsWebinar: '120211000000000107',
  brandVideoReach: '120211000000000108',
  seasonalSaleShoppers: '120211000000000109',
  engagementReels: '120211000000000110',
  engagementFeed: '120211000000000111',
  runawayAdvantage: '120211000000000112',
} as const;

/** The seed's name of a campaign (seed.ts EXAMPLE_CAMPAIGN_IDS). */
type CampaignKey = string;

interface AdSetSeed {
  id: keyof typeof EXAMPLE_AD_SET_IDS;
  campaign: CampaignKey;
  name: string;
  optimization_goal: string;
  billing_event: string;
  /** In the currency's minor unit, only under a campaign without a campaign budget. */
  budget?: { daily: number } | { lifetime: number; days: number };
  targeting: Record<string, unknown>;
  /** Paused this many days ago (it ran before). */
  pausedDaysAgo?: number;
  weight: number;
  /** Conversions per unit of delivery against its siblings': the worst converts at half the others' rate. */
  quality: number;
  ads: Array<{ name: string; status?: CampaignStatus; weight: number }>;
}

const US_ADULTS = { geo_locations: { countries: ['US'] }, age_min: 25, age_max: 54 };

const AD_SETS: AdSetSeed[] = [
  {
    id: 'prospectingLookalike',
    campaign: 'prospecting',
    name: 'Lookalike 1%: purchasers',
    optimization_goal: 'LINK_CLICKS',
    billing_event: 'IMPRESSIONS',
    targeting: { ...US_ADULTS, custom_audiences: [{ id: '23851000000000001', name: 'LAL 1% purchasers' }] },
    weight: 5,
    quality: 1.25,
    ads: [
      { name: 'Carousel: bestsellers', weight: 3 },
      { name: 'Single image: free shipping', weight: 2 },
    ],
  },
  {
    id: 'prospectingInterests',
    campaign: 'prospecting',
    name: 'Interests: home & design',
    optimization_goal: 'LINK_CLICKS',
    billing_event: 'IMPRESSIONS',
    targeting: {
      ...US_ADULTS,
      flexible_spec: [{ interests: [{ id: '6003384248805', name: 'Interior design' }] }],
    },
    weight: 3,
    quality: 1,
    ads: [{ name: 'Video: studio tour', weight: 1 }],
  },
  {
    id: 'prospectingBroad',
    campaign: 'prospecting',
    name: 'Broad: 18-65+',
    optimization_goal: 'LINK_CLICKS',
    billing_event: 'IMPRESSIONS',
    targeting: { geo_locations: { countries: ['US', 'CA'] }, age_min: 18, age_max: 65 },
    weight: 3,
    quality: 0.4,
    ads: [
      { name: 'Single image: new arrivals', weight: 2 },
      { name: 'Single image: old promo', status: 'PAUSED', weight: 1 },
    ],
  },
  {
    id: 'prospectingOutdoor',
    campaign: 'prospecting',
    name: 'Interests: outdoor living',
    optimization_goal: 'LINK_CLICKS',
    billing_event: 'IMPRESSIONS',
    targeting: { ...US_ADULTS, flexible_spec: [{ interests: [{ id: '6003020834693', name: 'Gardening' }] }] },
    pausedDaysAgo: 15,
    weight: 2,
    quality: 0.9,
    ads: [{ name: 'Carousel: patio set', weight: 1 }],
  },
  {
    id: 'retargetingCart',
    campaign: 'retargeting',
    name: 'Cart abandoners: 7 days',
    optimization_goal: 'OFFSITE_CONVERSIONS',
    billing_event: 'IMPRESSIONS',
    targeting: { geo_locations: { countries: ['US'] }, custom_audiences: [{ id: '23851000000000002' }] },
    weight: 3,
    quality: 1.3,
    ads: [{ name: 'Dynamic: cart items', weight: 1 }],
  },
  {
    id: 'retargetingViewers',
    campaign: 'retargeting',
    name: 'Product viewers: 30 days',
    optimization_goal: 'OFFSITE_CONVERSIONS',
    billing_event: 'IMPRESSIONS',
    targeting: { geo_locations: { countries: ['US'] }, custom_audiences: [{ id: '23851000000000003' }] },
    weight: 2,
    quality: 0.7,
    ads: [{ name: 'Dynamic: viewed products', weight: 1 }],
  },
  {
    id: 'leadFormsWebinar',
    campaign: 'leadForms',
    name: 'Webinar sign-ups: marketers',
    optimization_goal: 'LEAD_GENERATION',
    billing_event: 'IMPRESSIONS',
    targeting: {
      ...US_ADULTS,
      flexible_spec: [{ work_positions: [{ id: '108084865880050', name: 'Marketer' }] }],
    },
    weight: 1,
    quality: 1,
    ads: [{ name: 'Lead form: spring webinar', weight: 1 }],
  },
  {
    id: 'brandVideoReach',
    campaign: 'brandVideo',
    name: 'Reach: 18-44',
    optimization_goal: 'REACH',
    billing_event: 'IMPRESSIONS',
    targeting: { geo_locations: { countries: ['US'] }, age_min: 18, age_max: 44 },
    weight: 1,
    quality: 1,
    ads: [{ name: 'Video: brand film 15s', weight: 1 }],
  },
  {
    id: 'seasonalSaleShoppers',
    campaign: 'seasonalSale',
    name: 'Seasonal shoppers',
    optimization_goal: 'OFFSITE_CONVERSIONS',
    billing_event: 'IMPRESSIONS',
    targeting: US_ADULTS,
    weight: 1,
    quality: 1,
    ads: [{ name: 'Collection: sale picks', weight: 1 }],
  },
  {
    id: 'engagementReels',
    campaign: 'engagementTest',
    name: 'Reels: 18-34',
    optimization_goal: 'POST_ENGAGEMENT',
    billing_event: 'IMPRESSIONS',
    budget: { daily: 3_000 },
    targeting: {
      geo_locations: { countries: ['US'] },
      age_min: 18,
      age_max: 34,
      publisher_platforms: ['instagram'],
    },
    weight: 1,
    quality: 1,
    ads: [{ name: 'Reel: behind the scenes', weight: 1 }],
  },
  {
    id: 'engagementFeed',
    campaign: 'engagementTest',
    name: 'Feed: follower lookalike',
    optimization_goal: 'POST_ENGAGEMENT',
    billing_event: 'IMPRESSIONS',
    budget: { lifetime: 50_000, days: 30 },
    targeting: { ...US_ADULTS, publisher_platforms: ['instagram'] },
    weight: 1,
    quality: 1,
    ads: [{ name: 'Photo: studio desk', weight: 1 }],
  },
  {
    id: 'runawayAdvantage',
    campaign: 'runaway',
    name: 'Advantage+ audience',
    optimization_goal: 'LINK_CLICKS',
    billing_event: 'IMPRESSIONS',
    targeting: { geo_locations: { countries: ['US'] }, targeting_automation: { advantage_audience: 1 } },
    weight: 1,
    quality: 1,
    ads: [{ name: 'Single image: summer', weight: 1 }],
  },
];

const DAY_MS = 86_400_000;

/** A campaign the seed made: its id, when it was made, and what its ad sets need of it. */
export interface SeededCampaign {
  key: CampaignKey;
  id: string;
  created: Date;
}

async function freeId(store: SandboxStore, type: string, preferred: string, prefix: string): Promise<string> {
  return (await store.get(type, preferred)) ? `${prefix}${sandboxId(12)}` : preferred;
}

/**
 * The ad sets and ads of the seeded campaigns: several under the always-on campaign with different costs
 * per conversion (one paused two weeks ago), ad sets with their own daily or lifetime budget under the
 * campaign without a campaign budget, one under every other campaign; each ad set runs from its
 * campaign's creation, as its activity says.
 */
export async function seedAdSets(
  db: Kysely<Database>,
  store: SandboxStore,
  accountId: string,
  currency: string,
  campaigns: SeededCampaign[],
  now: Date,
): Promise<void> {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  let adIndex = 0;
  for (const [index, seed] of AD_SETS.entries()) {
    const campaign = campaigns.find((c) => c.key === seed.campaign);
    if (!campaign) continue;
    const id = await freeId(store, 'adset', EXAMPLE_AD_SET_IDS[seed.id], '120211');
    const created = new Date(campaign.created.getTime() + 1000 + index);
    const budget = seed.budget;
    const paused =
      seed.pausedDaysAgo === undefined ? undefined : new Date(today - seed.pausedDaysAgo * DAY_MS);
    const adSet: SandboxAdSet = {
      name: seed.name,
      campaign_id: campaign.id,
      status: paused ? 'PAUSED' : 'ACTIVE',
      optimization_goal: seed.optimization_goal,
      billing_event: seed.billing_event,
      targeting: seed.targeting,
      start_time: graphTime(created),
      created_time: graphTime(created),
      updated_time: graphTime(paused ?? created),
      delivery_weight: seed.weight,
      conversion_quality: seed.quality,
      ...(budget && { bid_strategy: 'LOWEST_COST_WITHOUT_CAP' }),
      ...(budget && 'daily' in budget && { daily_budget: String(budget.daily) }),
      ...(budget &&
        'lifetime' in budget && {
          lifetime_budget: String(budget.lifetime),
          end_time: graphTime(new Date(created.getTime() + budget.days * DAY_MS)),
        }),
    };
    await store.put({ type: 'adset', id, accountId, parentId: campaign.id, data: adSet }, created);
    const daily =
      adSet.daily_budget === undefined ? null : minorToMicros(Number(adSet.daily_budget), currency);
    const from = created.toISOString().slice(0, 10);
    await recordActivity(db, 'social', id, from, { active: true, dailyBudgetMicros: daily });
    if (paused) {
      const day = paused.toISOString().slice(0, 10);
      await recordActivity(db, 'social', id, day, { active: false, dailyBudgetMicros: daily });
    }
    for (const ad of seed.ads) {
      const number = String(++adIndex).padStart(2, '0');
      const preferred = `1202120000000001${number}`;
      const adId = await freeId(store, 'ad', preferred, '120212');
      const example = adId === preferred;
      const data: SandboxAd = {
        name: ad.name,
        adset_id: id,
        campaign_id: campaign.id,
        status: ad.status ?? 'ACTIVE',
        creative_id: example ? `1202130000000001${number}` : `120213${sandboxId(12)}`,
        created_time: graphTime(created),
        updated_time: graphTime(created),
        delivery_weight: ad.weight,
      };
      await store.put(
        { type: 'ad', id: adId, accountId, parentId: id, data },
        new Date(created.getTime() + adIndex),
      );
    }
  }
}
