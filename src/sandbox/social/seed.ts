import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import { RUNAWAY_DAILY_BUDGET } from '../daily-metrics.ts';
import type { SandboxAccount } from '../sandbox-account.ts';
import { type SandboxStore, sandboxId } from '../store.ts';
import { type SeededCampaign, seedAdSets } from './ad-set-seed.ts';
import {
  type CampaignStatus,
  graphTime,
  recordCampaignActivity,
  type SandboxCampaign,
} from './campaign-records.ts';

/**
 * The ids of the social tools' examples: the first sandbox social account of a database (the demo's
 * "Demo Social Brand") gets them, so every example runs as written there; later accounts get fresh ids.
 */
export const EXAMPLE_CAMPAIGN_IDS = {
  prospecting: '120210000000000101',
  retargeting: '120210000000000102',
  leadForms: '120210000000000103',
  brandVideo: '120210000000000104',
  seasonalSale: '120210000000000105',
  engagementTest: '120210000000000106',
  runaway: '120210000000000107',
} as const;

/** The page the create example runs as ("Acme Studio"), on the first account of a database. */
export const EXAMPLE_PAGE_ID = '104000000000001';

/** How far back a new account's history goes. */
export const HISTORY_DAYS = 90;

interface CampaignSeed {
  id: keyof typeof EXAMPLE_CAMPAIGN_IDS;
  name: string;
  objective: string;
  /** In the currency's minor unit; a lifetime budget runs over `days` from the campaign's creation. */
  budget: { daily: number } | { lifetime: number; days: number } | null;
  /** Status (and daily budget) changes, oldest first, the first being the creation. */
  changes: Array<{ daysAgo: number; status: CampaignStatus; daily?: number }>;
  /** Its spend rises steeply today, whatever day today is (src/sandbox/daily-metrics.ts). */
  runaway?: true;
}

/**
 * Active and paused campaigns with a history: one re-budgeted, one paused for a week, one on a lifetime
 * budget, one paused 20 days ago, one archived after running, one created paused that never ran, and a
 * runaway whose spend rises steeply today.
 */
const CAMPAIGNS: CampaignSeed[] = [
  {
    id: 'prospecting',
    name: 'Always-on prospecting',
    objective: 'OUTCOME_TRAFFIC',
    budget: { daily: 20_000 },
    changes: [
      { daysAgo: HISTORY_DAYS, status: 'ACTIVE', daily: 15_000 },
      { daysAgo: 30, status: 'ACTIVE', daily: 20_000 },
    ],
  },
  {
    id: 'retargeting',
    name: 'Retargeting: cart abandoners',
    objective: 'OUTCOME_SALES',
    budget: { daily: 8_000 },
    changes: [
      { daysAgo: HISTORY_DAYS, status: 'ACTIVE' },
      { daysAgo: 45, status: 'PAUSED' },
      { daysAgo: 38, status: 'ACTIVE' },
    ],
  },
  {
    id: 'leadForms',
    name: 'Lead forms: spring webinar',
    objective: 'OUTCOME_LEADS',
    budget: { lifetime: 1_200_000, days: 120 },
    changes: [{ daysAgo: 60, status: 'ACTIVE' }],
  },
  {
    id: 'brandVideo',
    name: 'Brand video: awareness',
    objective: 'OUTCOME_AWARENESS',
    budget: { daily: 6_000 },
    changes: [
      { daysAgo: HISTORY_DAYS, status: 'ACTIVE' },
      { daysAgo: 20, status: 'PAUSED' },
    ],
  },
  {
    id: 'seasonalSale',
    name: 'Seasonal sale (ended)',
    objective: 'OUTCOME_SALES',
    budget: { daily: 10_000 },
    changes: [
      { daysAgo: HISTORY_DAYS, status: 'ACTIVE' },
      { daysAgo: 60, status: 'ARCHIVED' },
    ],
  },
  {
    id: 'engagementTest',
    name: 'Instagram engagement test',
    objective: 'OUTCOME_ENGAGEMENT',
    budget: null,
    changes: [{ daysAgo: 10, status: 'PAUSED' }],
  },
  {
    id: 'runaway',
    name: 'Runaway: advantage+ audience',
    objective: 'OUTCOME_TRAFFIC',
    // Raised by mistake, in the currency's minor unit: far above what it ever spent, so it does not
    // stop today's surge (in hundreds of a currency without minor units, as the sandbox prices those).
    budget: { daily: RUNAWAY_DAILY_BUDGET * 100 },
    changes: [{ daysAgo: HISTORY_DAYS, status: 'ACTIVE' }],
    runaway: true,
  },
];

const DAY_MS = 86_400_000;

/** A day's date (UTC, as sandbox accounts report) `days` before `now`, at 09:00. */
function daysBefore(now: Date, days: number): Date {
  return new Date(Date.parse(`${now.toISOString().slice(0, 10)}T09:00:00Z`) - days * DAY_MS);
}

async function freeCampaignId(store: SandboxStore, preferred: string): Promise<string> {
  return (await store.get('campaign', preferred)) ? `1202${sandboxId(14)}` : preferred;
}

/** The seeded campaigns of a new account, each with its status history from `HISTORY_DAYS` ago. */
async function seedCampaigns(
  db: Kysely<Database>,
  store: SandboxStore,
  accountId: string,
  currency: string,
  now: Date,
): Promise<SeededCampaign[]> {
  const seeded: SeededCampaign[] = [];
  for (const [index, seed] of CAMPAIGNS.entries()) {
    const id = await freeCampaignId(store, EXAMPLE_CAMPAIGN_IDS[seed.id]);
    const [creation] = seed.changes;
    if (!creation) continue;
    // A millisecond apart, so campaigns made the same day list in this order, whatever their ids.
    const created = new Date(daysBefore(now, creation.daysAgo).getTime() + index);
    const budget = seed.budget;
    let campaign: SandboxCampaign = {
      name: seed.name,
      status: creation.status,
      objective: seed.objective,
      buying_type: 'AUCTION',
      special_ad_categories: [],
      start_time: graphTime(created),
      created_time: graphTime(created),
      updated_time: graphTime(created),
      ...(budget && { bid_strategy: 'LOWEST_COST_WITHOUT_CAP' }),
      ...(budget && 'daily' in budget && { daily_budget: String(creation.daily ?? budget.daily) }),
      ...(budget &&
        'lifetime' in budget && {
          lifetime_budget: String(budget.lifetime),
          stop_time: graphTime(new Date(created.getTime() + budget.days * DAY_MS)),
        }),
    };
    for (const change of seed.changes) {
      const at = daysBefore(now, change.daysAgo);
      campaign = {
        ...campaign,
        status: change.status,
        updated_time: graphTime(at),
        ...(change.daily !== undefined && { daily_budget: String(change.daily) }),
      };
      await recordCampaignActivity(db, id, campaign, currency, at.toISOString().slice(0, 10), seed.runaway);
    }
    await store.put({ type: 'campaign', id, accountId, data: campaign }, created);
    seeded.push({ key: seed.id, id, created });
  }
  return seeded;
}

/**
 * A new social sandbox account: two Instagram accounts authorized for ads and linked to the ad account's
 * pages (usable), one authorized but linked to no page, a page without an Instagram account, and the
 * campaigns above with 90 days of history, their ad sets and ads (ad-set-seed.ts). Meta's ids are digits.
 */
export async function seedSocialAccount(
  db: Kysely<Database>,
  store: SandboxStore,
  accountId: string,
  now: Date,
): Promise<void> {
  const photo = [
    { username: 'acme.studio', name: 'Acme Studio', page: 'Acme Studio', followers: 12_840, media: 318 },
    { username: 'acme.shop', name: 'Acme Shop', page: 'Acme Shop', followers: 4_215, media: 127 },
    { username: 'acme.archive', name: 'Acme Archive', page: null, followers: 906, media: 54 },
  ];
  // A millisecond apart, so the edges list them in this order, as Meta lists by creation.
  let tick = now.getTime();
  for (const { page, followers, media, ...account } of photo) {
    const id = `178414${sandboxId(11)}`;
    const data = {
      ...account,
      authorized_for_ads: true,
      biography: `${account.name}: examples for the adops sandbox.`,
      // A reserved domain (RFC 2606): it looks like Meta's CDN links and never resolves.
      profile_picture_url: `https://scontent.sandbox.invalid/v/t51.2885-19/${id}.jpg`,
      followers_count: followers,
      follows_count: 180,
      media_count: media,
    };
    await store.put({ type: 'photo_account', id, accountId, data }, new Date(tick++));
    if (page) {
      const data = { name: page, category: 'Product/service', connected_instagram_account: id };
      const preferred = page === 'Acme Studio' ? EXAMPLE_PAGE_ID : undefined;
      const pageId = preferred && !(await store.get('page', preferred)) ? preferred : sandboxId(15);
      await store.put({ type: 'page', id: pageId, accountId, data }, new Date(tick++));
    }
  }
  const careers = { name: 'Acme Careers', category: 'Company', connected_instagram_account: null };
  await store.put({ type: 'page', id: sandboxId(15), accountId, data: careers }, new Date(tick++));
  const account = await store.get<SandboxAccount>('account', accountId);
  const currency = account?.data.currency ?? 'USD';
  const campaigns = await seedCampaigns(db, store, accountId, currency, now);
  await seedAdSets(db, store, accountId, currency, campaigns, now);
}
