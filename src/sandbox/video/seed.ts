import type { Kysely } from 'kysely';
import { unitsToMicros } from '../../money.ts';
import type { Database } from '../../storage/schema.ts';
import { recordActivity } from '../activity.ts';
import { priceScale, RUNAWAY_DAILY_BUDGET } from '../daily-metrics.ts';
import type { SandboxAccount } from '../sandbox-account.ts';
import { type SandboxStore, sandboxId } from '../store.ts';
import type { StoredCampaign } from './campaign.ts';
import { campaignActivity } from './campaign-activity.ts';
import { SEED_AD_GROUPS, seedAdGroups } from './seed-adgroups.ts';

/**
 * The ids the video tools' examples name. The first sandbox TikTok advertiser of a database (the demo
 * account) gets them, so every example runs as written there; later advertisers get fresh ids.
 */
export const EXAMPLE_CAMPAIGN_IDS = {
  springLaunch: '1800000000000001',
  alwaysOn: '1800000000000002',
  retargeting: '1800000000000003',
  appInstalls: '1800000000000004',
  holidayTeaser: '1800000000000005',
  winterSale: '1800000000000006',
  runaway: '1800000000000007',
} as const;

/** How many days of history a new advertiser's campaigns have. */
const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

interface SeedCampaign {
  id: string;
  data: StoredCampaign;
  /** Days before today the campaign was created. */
  createdDaysAgo: number;
  /** How it ran before its current state: [days before today, running, daily budget]. */
  past: Array<[number, boolean, number | null]>;
  /** Its spend rises steeply today, whatever day today is (src/sandbox/daily-metrics.ts). */
  runaway?: true;
}

const SEED: SeedCampaign[] = [
  {
    id: EXAMPLE_CAMPAIGN_IDS.springLaunch,
    data: {
      campaign_name: 'Spring launch',
      objective_type: 'TRAFFIC',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 100,
      operation_status: 'DISABLE',
    },
    createdDaysAgo: HISTORY_DAYS,
    // Ran until three weeks ago.
    past: [[HISTORY_DAYS, true, 100]],
  },
  {
    id: EXAMPLE_CAMPAIGN_IDS.alwaysOn,
    data: {
      campaign_name: 'Always on: prospecting',
      objective_type: 'TRAFFIC',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 250,
      operation_status: 'ENABLE',
    },
    createdDaysAgo: HISTORY_DAYS,
    past: [],
  },
  {
    id: EXAMPLE_CAMPAIGN_IDS.retargeting,
    data: {
      campaign_name: 'Retargeting: site visitors',
      objective_type: 'WEB_CONVERSIONS',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 80,
      operation_status: 'ENABLE',
    },
    createdDaysAgo: HISTORY_DAYS,
    // Re-budgeted from 60 a month and a half ago.
    past: [[HISTORY_DAYS, true, 60]],
  },
  {
    id: EXAMPLE_CAMPAIGN_IDS.appInstalls,
    data: {
      campaign_name: 'App installs test',
      objective_type: 'APP_PROMOTION',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 50,
      operation_status: 'DISABLE',
    },
    createdDaysAgo: HISTORY_DAYS,
    past: [[HISTORY_DAYS, true, 50]],
  },
  {
    id: EXAMPLE_CAMPAIGN_IDS.holidayTeaser,
    data: {
      campaign_name: 'Holiday teaser',
      objective_type: 'VIDEO_VIEWS',
      budget_mode: 'BUDGET_MODE_TOTAL',
      budget: 3000,
      operation_status: 'ENABLE',
    },
    createdDaysAgo: 30,
    past: [],
  },
  {
    id: EXAMPLE_CAMPAIGN_IDS.winterSale,
    data: {
      campaign_name: 'Winter sale (draft)',
      objective_type: 'TRAFFIC',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 120,
      operation_status: 'DISABLE',
    },
    // Created paused today: it has never run, so it reports nothing.
    createdDaysAgo: 0,
    past: [],
  },
  {
    id: EXAMPLE_CAMPAIGN_IDS.runaway,
    data: {
      campaign_name: 'Runaway: spark ads',
      objective_type: 'TRAFFIC',
      budget_mode: 'BUDGET_MODE_DAY',
      // Raised by mistake: far above what it ever spent, so it does not stop today's surge (scaled to
      // the advertiser's currency when seeded).
      budget: RUNAWAY_DAILY_BUDGET,
      operation_status: 'ENABLE',
    },
    createdDaysAgo: HISTORY_DAYS,
    past: [],
    runaway: true,
  },
];

/** When each campaign's current state began, in days before today. */
const CURRENT_SINCE: Record<string, number> = {
  [EXAMPLE_CAMPAIGN_IDS.springLaunch]: 21,
  [EXAMPLE_CAMPAIGN_IDS.retargeting]: 45,
  [EXAMPLE_CAMPAIGN_IDS.appInstalls]: 60,
};

/**
 * A new TikTok sandbox advertiser: seven campaigns, running and paused, on daily and lifetime budgets,
 * with their ad groups (on the campaign's budget or their own daily one) and ads, and 90 days of activity (paused, re-budgeted, started late, never run, and a runaway whose spend rises
 * steeply today), so reports answer from the start. "Spring launch" comes first, as older accounts had it
 * alone.
 */
export async function seedVideoAccount(
  store: SandboxStore,
  db: Kysely<Database>,
  accountId: string,
  now: Date,
): Promise<void> {
  const today = Date.parse(now.toISOString().slice(0, 10));
  const dayBefore = (days: number) => new Date(today - days * DAY_MS).toISOString().slice(0, 10);
  const currency = (await store.get<SandboxAccount>('account', accountId))?.data.currency ?? 'USD';
  let tick = 0;
  for (const seed of SEED) {
    const campaign = seed.runaway
      ? { ...seed, data: { ...seed.data, budget: seed.data.budget * priceScale(currency) } }
      : seed;
    const id = (await store.get('campaign', campaign.id)) ? `18${sandboxId(17)}` : campaign.id;
    // A millisecond apart, so campaign/get lists them in this order.
    const created =
      campaign.createdDaysAgo === 0
        ? now
        : new Date(now.getTime() - campaign.createdDaysAgo * DAY_MS + tick++);
    await store.put({ type: 'campaign', id, accountId, data: campaign.data }, created);
    const adGroups = await seedAdGroups(
      store,
      db,
      accountId,
      id,
      SEED_AD_GROUPS[campaign.id] ?? [],
      created,
      dayBefore,
    );
    for (const [daysAgo, active, budget] of campaign.past) {
      await recordActivity(db, 'video', id, dayBefore(daysAgo), {
        active,
        dailyBudgetMicros: budget === null ? null : unitsToMicros(budget),
      });
    }
    const since = CURRENT_SINCE[campaign.id] ?? campaign.createdDaysAgo;
    await recordActivity(db, 'video', id, dayBefore(since), {
      ...campaignActivity(campaign.data, adGroups),
      ...(campaign.runaway && { runaway: true }),
    });
  }
}
