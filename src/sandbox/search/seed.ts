import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import { type Activity, recordActivity } from '../activity.ts';
import { priceScale, RUNAWAY_DAILY_BUDGET } from '../daily-metrics.ts';
import type { SandboxAccount } from '../sandbox-account.ts';
import { type SandboxStore, sandboxId } from '../store.ts';
import { freeId } from './campaigns.ts';
import { addDays } from './dates.ts';
import {
  customerToday,
  type KeywordInfo,
  type StoredAd,
  type StoredAdGroup,
  type StoredAsset,
  type StoredBudget,
  type StoredCampaign,
  type StoredCampaignCriterion,
  type StoredKeyword,
  type StoredSearchTerm,
} from './resources.ts';

/**
 * The ids the search tools' examples name. The first sandbox search account of a database (the demo
 * account) gets them, so every example runs as written there; later accounts get fresh ids.
 */
export const EXAMPLE_IDS = {
  campaign: '20123456789',
  adGroup: '1234567',
  ad: '7654321',
  keyword: '301234567',
} as const;

const ASSETS: StoredAsset[] = [
  {
    type: 'IMAGE',
    name: 'Hero banner',
    imageAsset: {
      fileSize: '182000',
      mimeType: 'IMAGE_JPEG',
      fullSize: { url: 'https://example.com/hero-1200x628.jpg', widthPixels: '1200', heightPixels: '628' },
    },
  },
  {
    type: 'IMAGE',
    name: 'Square logo',
    imageAsset: {
      fileSize: '96000',
      mimeType: 'IMAGE_PNG',
      fullSize: { url: 'https://example.com/logo-1200.png', widthPixels: '1200', heightPixels: '1200' },
    },
  },
  {
    type: 'SITELINK',
    finalUrls: ['https://example.com/pricing'],
    sitelinkAsset: {
      linkText: 'Pricing',
      description1: 'Plans for every team',
      description2: 'Billed monthly',
    },
  },
  { type: 'SITELINK', finalUrls: ['https://shop.example.com/'], sitelinkAsset: { linkText: 'Shop' } },
  {
    type: 'SITELINK',
    finalUrls: ['https://partner.example.org/deal'],
    sitelinkAsset: { linkText: 'Partner offer' },
  },
  { type: 'CALLOUT', calloutAsset: { calloutText: 'Free shipping' } },
  { type: 'CALLOUT', calloutAsset: { calloutText: '24/7 support' } },
  {
    type: 'STRUCTURED_SNIPPET',
    structuredSnippetAsset: { header: 'Services', values: ['Planning', 'Tracking', 'Reports'] },
  },
  { type: 'TEXT', textAsset: { text: 'Project tools for teams' } },
];

type Ad = StoredAd['ad'];

const rsa = (finalUrl: string, headlines: Array<[string, string?]>, descriptions: string[]): Ad => ({
  type: 'RESPONSIVE_SEARCH_AD',
  finalUrls: [finalUrl],
  responsiveSearchAd: {
    headlines: headlines.map(([text, pinnedField]) => (pinnedField ? { text, pinnedField } : { text })),
    descriptions: descriptions.map((text) => ({ text })),
  },
});

/** A keyword, its status when not enabled, and the search terms it matched: `false` for one that never converts. */
type SeedKeyword = [
  text: string,
  matchType: KeywordInfo['matchType'],
  terms: Array<[term: string, converts?: false]>,
  status?: 'PAUSED',
  preferredId?: string,
];

interface SeedAdGroup {
  name: string;
  preferredId?: string;
  /** Its default max CPC in units of a two-decimal currency, when it has one. */
  cpcBid?: number;
  ads: Array<{ status: string; ad: Ad; preferredId?: string }>;
  keywords?: SeedKeyword[];
  negatives?: KeywordInfo[];
}

interface SeedCampaign {
  name: string;
  preferredId: string;
  status: StoredCampaign['status'];
  channel: string;
  /** Its budget: by name, so that campaigns may share one. */
  budget: string;
  /** How it ran: from so many days before today, whether it was active. */
  history: Array<[daysAgo: number, active: boolean]>;
  /** Its spend rises steeply today, whatever day today is (src/sandbox/daily-metrics.ts). */
  runaway?: true;
  adGroups: SeedAdGroup[];
  negatives?: KeywordInfo[];
}

const BUDGETS: Record<string, { amount: number; shared: boolean; preferredId: string }> = {
  'Brand budget': { amount: 50, shared: false, preferredId: '9123456701' },
  'Competitors budget': { amount: 30, shared: false, preferredId: '9123456702' },
  'Shared: non-brand': { amount: 80, shared: true, preferredId: '9123456703' },
  'Performance Max budget': { amount: 120, shared: false, preferredId: '9123456704' },
  'Holiday sale budget': { amount: 40, shared: false, preferredId: '9123456705' },
  // Raised by mistake: far above what the campaign ever spent, so it does not stop today's surge.
  'Broad match budget': { amount: RUNAWAY_DAILY_BUDGET, shared: false, preferredId: '9123456706' },
};

/**
 * 90 days of history: enabled and paused campaigns, one paused three weeks ago, one removed long ago, and
 * a runaway whose spend rises steeply today.
 */
const CAMPAIGNS: SeedCampaign[] = [
  {
    name: 'Brand - Search',
    preferredId: EXAMPLE_IDS.campaign,
    status: 'ENABLED',
    channel: 'SEARCH',
    budget: 'Brand budget',
    history: [[90, true]],
    negatives: [{ text: 'jobs', matchType: 'BROAD' }],
    adGroups: [
      {
        name: 'Brand terms',
        preferredId: EXAMPLE_IDS.adGroup,
        cpcBid: 1.2,
        keywords: [
          [
            'acme projects',
            'EXACT',
            [['acme projects'], ['acme projects login', false]],
            undefined,
            EXAMPLE_IDS.keyword,
          ],
          ['acme', 'PHRASE', [['acme pricing'], ['acme careers', false], ['acme app download', false]]],
          ['acme project tool', 'BROAD', [['acme project tool'], ['acme tool rental', false]], 'PAUSED'],
        ],
        ads: [
          {
            status: 'ENABLED',
            preferredId: EXAMPLE_IDS.ad,
            ad: rsa(
              'https://example.com/',
              [['Project tools for teams', 'HEADLINE_1'], ['Plans from $5 a month'], ['Try it free']],
              ['Plan, track and ship together.', 'Set up in minutes.'],
            ),
          },
          {
            status: 'ENABLED',
            ad: {
              type: 'EXPANDED_TEXT_AD',
              finalUrls: ['https://example.com/'],
              expandedTextAd: {
                headlinePart1: 'Legacy text ad',
                headlinePart2: 'Still running',
                description: 'Created before responsive search ads.',
              },
            },
          },
        ],
      },
    ],
  },
  {
    name: 'Competitors - Search',
    preferredId: '20123456790',
    status: 'ENABLED',
    channel: 'SEARCH',
    budget: 'Competitors budget',
    history: [[90, true]],
    adGroups: [
      {
        name: 'Competitor terms',
        keywords: [
          [
            'trello alternative',
            'PHRASE',
            [['trello alternative free'], ['trello alternative open source', false]],
          ],
          ['asana vs', 'BROAD', [['asana vs monday'], ['asana login', false]]],
        ],
        ads: [
          {
            status: 'ENABLED',
            ad: rsa(
              'https://example.com/compare',
              [['Switch in one click'], ['Import your projects'], ['Compare plans']],
              ['Bring your boards and keep your history.', 'Free for 30 days.'],
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'Generic - Search',
    preferredId: '20123456791',
    status: 'ENABLED',
    channel: 'SEARCH',
    budget: 'Shared: non-brand',
    history: [[60, true]],
    adGroups: [
      {
        name: 'Project management software',
        cpcBid: 2,
        keywords: [
          [
            'project management software',
            'BROAD',
            [
              ['project management software'],
              ['free project management software download', false],
              ['project management certification', false],
              ['project manager salary', false],
            ],
          ],
          ['pm tool', 'PHRASE', [['best pm tool'], ['pm tool free', false]], 'PAUSED'],
        ],
        negatives: [{ text: 'free', matchType: 'BROAD' }],
        ads: [
          {
            status: 'ENABLED',
            ad: rsa(
              'https://example.com/features',
              [['Project management software'], ['Boards, timelines, reports'], ['Start free today']],
              ['Everything your team plans, in one place.', 'No credit card needed.'],
            ),
          },
          {
            status: 'PAUSED',
            ad: rsa(
              'https://example.com/features',
              [['Plan projects faster', 'HEADLINE_1'], ['Made for busy teams'], ['See plans and pricing']],
              ['Timelines your whole team reads.', 'Try it for 30 days.'],
            ),
          },
        ],
      },
      {
        name: 'Team planning tools',
        keywords: [
          ['team planning tool', 'PHRASE', [['team planning tool online'], ['team building games', false]]],
        ],
        ads: [
          {
            status: 'ENABLED',
            ad: rsa(
              'https://example.com/planning',
              [['Team planning made simple'], ['Shared calendars and boards'], ['Free for small teams']],
              ['Plan sprints, launches and more.', 'Set up in minutes.'],
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'Generic - Long tail',
    preferredId: '20123456792',
    status: 'PAUSED',
    channel: 'SEARCH',
    budget: 'Shared: non-brand',
    history: [
      [90, true],
      [21, false],
    ],
    adGroups: [
      {
        name: 'Long tail',
        keywords: [
          ['gantt chart template', 'EXACT', [['gantt chart template'], ['gantt chart excel', false]]],
        ],
        ads: [
          {
            status: 'ENABLED',
            ad: rsa(
              'https://example.com/templates',
              [['Project plan templates'], ['Gantt chart for small teams'], ['Kanban board for agencies']],
              ['Start from a template that fits.', 'Free templates, no sign-up.'],
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'Performance Max - Catalog',
    preferredId: '20123456793',
    status: 'ENABLED',
    channel: 'PERFORMANCE_MAX',
    budget: 'Performance Max budget',
    history: [[45, true]],
    adGroups: [],
  },
  {
    name: 'Holiday sale',
    preferredId: '20123456794',
    status: 'REMOVED',
    channel: 'SEARCH',
    budget: 'Holiday sale budget',
    history: [
      [90, true],
      [62, false],
    ],
    adGroups: [
      {
        name: 'Holiday offers',
        keywords: [['holiday sale', 'BROAD', [['holiday sale software'], ['holiday sale flights', false]]]],
        ads: [
          {
            status: 'REMOVED',
            ad: rsa(
              'https://example.com/holiday',
              [['Holiday sale: 40% off'], ['Plans for every team'], ['Offer ends soon']],
              ['Our biggest sale of the year.', 'Lock in the price for a year.'],
            ),
          },
        ],
      },
    ],
  },
  {
    name: 'Runaway: broad match',
    preferredId: '20123456795',
    status: 'ENABLED',
    channel: 'SEARCH',
    budget: 'Broad match budget',
    history: [[90, true]],
    runaway: true,
    // No ad groups, like Performance Max: the ads' tools and examples count the others'.
    adGroups: [],
  },
];

/**
 * A new sandbox Google Ads customer: seven campaigns (enabled, paused, removed; search and Performance Max;
 * two sharing a budget; a runaway) with 90 days of activity so that reports answer from the first call, their ad
 * groups (two with a default max CPC), their keywords with the search terms each matched (some never
 * converting), a campaign and an ad group negative, and ads (responsive search ads, one with a pinned headline, a paused one, and a legacy expanded
 * text ad, which cannot take new headlines), and image, sitelink, callout, snippet and text assets, all
 * stored as the API's own JSON resources. Objects are made a millisecond apart, in this order.
 */
export async function seedSearchAccount(
  store: SandboxStore,
  db: Kysely<Database>,
  accountId: string,
  now: Date,
): Promise<void> {
  let tick = now.getTime();
  const put = <Data>(type: string, id: string, data: Data, parentId?: string) =>
    store.put({ type, id, accountId, data, ...(parentId && { parentId }) }, new Date(tick++));
  const account = await store.get<SandboxAccount>('account', accountId);
  // A currency without minor units (JPY, KRW) budgets in hundreds, as the sandbox prices its clicks.
  const scale = priceScale(account?.data.currency ?? 'USD');
  const today = customerToday(now);

  const budgetIds = new Map<string, string>();
  for (const [name, budget] of Object.entries(BUDGETS)) {
    const id = await freeId(store, 'campaign_budget', budget.preferredId, 10);
    const data: StoredBudget = {
      name,
      amountMicros: String(budget.amount * scale * 1_000_000),
      explicitlyShared: budget.shared,
      status: 'ENABLED',
    };
    await put('campaign_budget', id, data);
    budgetIds.set(name, id);
  }

  for (const campaign of CAMPAIGNS) {
    const id = await freeId(store, 'campaign', campaign.preferredId, 11);
    const data: StoredCampaign = {
      name: campaign.name,
      status: campaign.status,
      advertisingChannelType: campaign.channel,
      budgetId: budgetIds.get(campaign.budget) ?? '',
    };
    await put('campaign', id, data);
    for (const keyword of campaign.negatives ?? []) {
      const criterionId = sandboxId(9);
      const negative: StoredCampaignCriterion = { criterionId, negative: true, keyword };
      await put('campaign_criterion', `${id}~${criterionId}`, negative, id);
    }
    for (const [daysAgo, activity] of activityOf(campaign, scale)) {
      await recordActivity(db, 'search', id, addDays(today, -daysAgo), activity);
    }
    for (const group of campaign.adGroups) {
      const groupId = group.preferredId
        ? await freeId(store, 'ad_group', group.preferredId, 11)
        : sandboxId(11);
      const groupData: StoredAdGroup = {
        name: group.name,
        status: 'ENABLED',
        ...(group.cpcBid !== undefined && { cpcBidMicros: String(group.cpcBid * scale * 1_000_000) }),
      };
      await put('ad_group', groupId, groupData, id);
      await seedKeywords(store, put, groupId, group);
      for (const ad of group.ads) {
        const adId = ad.preferredId ? await freeId(store, 'ad', ad.preferredId, 12) : sandboxId(12);
        const adData: StoredAd = { status: ad.status, ad: ad.ad };
        await put('ad', adId, adData, groupId);
      }
    }
  }
  for (const data of ASSETS) await put('asset', sandboxId(11), data);
}

type Put = <Data>(type: string, id: string, data: Data, parentId?: string) => Promise<unknown>;

/** An ad group's keywords (stored under `{ad_group_id}~{criterion_id}`), its negatives and its search terms. */
async function seedKeywords(store: SandboxStore, put: Put, groupId: string, group: SeedAdGroup) {
  for (const [text, matchType, terms, status, preferredId] of group.keywords ?? []) {
    const criterionId = preferredId
      ? (await store.get('ad_group_criterion', `${groupId}~${preferredId}`))
        ? sandboxId(9)
        : preferredId
      : sandboxId(9);
    const keywordId = `${groupId}~${criterionId}`;
    const keyword: StoredKeyword = {
      criterionId,
      status: status ?? 'ENABLED',
      negative: false,
      keyword: { text, matchType },
    };
    await put('ad_group_criterion', keywordId, keyword, groupId);
    for (const [searchTerm, converts] of terms) {
      const term: StoredSearchTerm = { searchTerm, keywordId, converts: converts !== false };
      await put('search_term', sandboxId(11), term, groupId);
    }
  }
  for (const info of group.negatives ?? []) {
    const criterionId = sandboxId(9);
    const negative: StoredKeyword = { criterionId, status: 'ENABLED', negative: true, keyword: info };
    await put('ad_group_criterion', `${groupId}~${criterionId}`, negative, groupId);
  }
}

type SeedActivity = Activity & { runaway?: boolean };

/** Whether the campaign ran `daysAgo` days before today; undefined before it existed. */
function activeAt(campaign: SeedCampaign, daysAgo: number): boolean | undefined {
  return [...campaign.history].reverse().find(([from]) => from >= daysAgo)?.[1];
}

/**
 * The campaign's activity entries, by days before today: whenever it or a campaign sharing its budget
 * starts or stops, since a shared budget is split evenly between the campaigns running on it, so that
 * together they never spend more than it.
 */
function activityOf(campaign: SeedCampaign, scale: number): Array<[number, SeedActivity]> {
  const amount = (BUDGETS[campaign.budget]?.amount ?? 0) * scale * 1_000_000;
  const sharing = CAMPAIGNS.filter((other) => other.budget === campaign.budget);
  const changes = [...new Set(sharing.flatMap((other) => other.history.map(([daysAgo]) => daysAgo)))].sort(
    (a, b) => b - a,
  );
  return changes.flatMap((daysAgo): Array<[number, SeedActivity]> => {
    const active = activeAt(campaign, daysAgo);
    if (active === undefined) return [];
    const running = sharing.filter((other) => activeAt(other, daysAgo) === true).length;
    const dailyBudgetMicros = Math.floor(amount / Math.max(1, running));
    return [[daysAgo, { active, dailyBudgetMicros, ...(campaign.runaway && { runaway: true }) }]];
  });
}
