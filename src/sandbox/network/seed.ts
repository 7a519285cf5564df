import { decimalToMicros, minorDigits } from '../../money.ts';
import { recordActivity } from '../activity.ts';
import { priceScale, RUNAWAY_DAILY_BUDGET } from '../daily-metrics.ts';
import type { SandboxAccount } from '../sandbox-account.ts';
import { type SandboxStore, sandboxId } from '../store.ts';
import { utcDay } from './campaign-activity.ts';
import type { Json } from './validate.ts';

/**
 * The ids of the network tools' examples. The first sandbox network account of a database (the demo
 * account) gets them, so every example runs as written there; later accounts get fresh ids.
 */
export const EXAMPLE_IDS = { group: '6123456', campaign: '123456789', conversion: '987654' } as const;
export const EXAMPLE_ORGANIZATION = 'urn:li:organization:2414183';

/**
 * The company pages of the sandbox, shared by every account, and the roles the member who connects an
 * account holds on them: the example page administered, a showcase page only sponsored (its pending
 * administrator request shows a role that is not yet approved).
 */
const ORGANIZATIONS = [
  {
    id: '2414183',
    localizedName: 'Acme Project Tools',
    vanityName: 'acme-project-tools',
    localizedWebsite: 'https://example.com',
    primaryOrganizationType: 'NONE',
    roles: [
      { role: 'ADMINISTRATOR', state: 'APPROVED' },
      { role: 'DIRECT_SPONSORED_CONTENT_POSTER', state: 'APPROVED' },
    ],
  },
  {
    id: '2414190',
    localizedName: 'Acme Project Tools for Teams',
    vanityName: 'acme-for-teams',
    localizedWebsite: 'https://example.com/teams',
    primaryOrganizationType: 'BRAND',
    roles: [
      { role: 'DIRECT_SPONSORED_CONTENT_POSTER', state: 'APPROVED' },
      { role: 'ADMINISTRATOR', state: 'REQUESTED' },
    ],
  },
] as const;

/** How many days of history a new account's campaigns have, so reports answer on the first call. */
export const SEED_HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

async function freeId(store: SandboxStore, type: string, preferred: string, length: number): Promise<string> {
  return (await store.get(type, preferred)) ? sandboxId(length) : preferred;
}

/**
 * A change in how a seeded campaign ran: from this many days ago, active or not, on this daily budget
 * (null: a lifetime budget alone, which caps no day).
 */
interface Episode {
  daysAgo: number;
  active: boolean;
  dailyBudget: string | null;
}

interface SeedCampaign {
  /** The demo id, for the campaign the examples name. */
  exampleId?: string;
  name: string;
  type: 'SPONSORED_UPDATES' | 'TEXT_AD';
  format: 'STANDARD_UPDATE' | 'SINGLE_VIDEO' | 'CAROUSEL' | 'TEXT';
  /** Its history, oldest first; the last episode is how it runs now. */
  history: Episode[];
  /** Its spend rises steeply today, whatever day today is (src/sandbox/daily-metrics.ts). */
  runaway?: true;
  /** A lifetime budget, in units of the account currency. */
  totalBudget?: number;
  ads: Array<{ name: string; post?: Json; textAd?: Json }>;
}

interface SeedGroup {
  exampleId?: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED';
  objective: string;
  campaigns: SeedCampaign[];
}

function carouselPost(commentary: string, images: string[]): Json {
  return {
    commentary,
    content: {
      carousel: {
        cards: images.map((image, index) => ({
          media: { id: `urn:li:image:${image}`, title: `Step ${index + 1}` },
          landingPage: 'https://example.com/tour',
        })),
      },
    },
    kind: 'carousel',
  };
}

/**
 * What a new account holds: four groups, seven campaigns of every format (active, paused after running,
 * one never run, and a runaway whose spend rises steeply today), their ads, and 90 days of history. The
 * demo's carousel campaign keeps its id.
 */
const SEED: SeedGroup[] = [
  {
    exampleId: EXAMPLE_IDS.group,
    name: 'Always on',
    status: 'ACTIVE',
    objective: 'WEBSITE_VISIT',
    campaigns: [
      {
        exampleId: EXAMPLE_IDS.campaign,
        name: 'Carousel: product tour',
        type: 'SPONSORED_UPDATES',
        format: 'CAROUSEL',
        history: [
          { daysAgo: 90, active: true, dailyBudget: '50.00' },
          { daysAgo: 14, active: false, dailyBudget: '50.00' },
        ],
        ads: [
          {
            name: 'Variation A',
            post: carouselPost('Take the product tour: plan, track, ship.', ['C4E10AQF1', 'C4E10AQF2']),
          },
          { name: 'Variation B', post: carouselPost('Three plans, one tool.', ['C4E10AQF2', 'C4E10AQF3']) },
        ],
      },
      {
        name: 'Single image: free trial',
        type: 'SPONSORED_UPDATES',
        format: 'STANDARD_UPDATE',
        history: [
          { daysAgo: 90, active: true, dailyBudget: '40.00' },
          { daysAgo: 30, active: true, dailyBudget: '60.00' },
        ],
        ads: [
          {
            name: 'Free trial',
            post: {
              commentary: 'Try every plan free for 30 days.',
              content: { media: { id: 'urn:li:image:C4E10AQFoyyAjHPMQuQ', title: 'Start your free trial' } },
              kind: 'image',
            },
          },
        ],
      },
      {
        name: 'Text ads: desktop rail',
        type: 'TEXT_AD',
        format: 'TEXT',
        history: [{ daysAgo: 60, active: true, dailyBudget: '20.00' }],
        ads: [
          {
            name: 'Plans from $5',
            textAd: { headline: 'Plans from $5', description: 'Project tools built for small teams.' },
          },
        ],
      },
    ],
  },
  {
    name: 'Video views',
    status: 'ACTIVE',
    objective: 'VIDEO_VIEW',
    campaigns: [
      {
        name: 'Video: customer story',
        type: 'SPONSORED_UPDATES',
        format: 'SINGLE_VIDEO',
        history: [{ daysAgo: 90, active: true, dailyBudget: '35.00' }],
        ads: [
          {
            name: 'Customer story',
            post: {
              commentary: 'How a team of five ships every week.',
              content: { media: { id: 'urn:li:video:C5F10AQGKQg', title: 'Customer story' } },
              kind: 'video',
            },
          },
        ],
      },
      {
        name: 'Video: launch teaser',
        type: 'SPONSORED_UPDATES',
        format: 'SINGLE_VIDEO',
        history: [
          { daysAgo: 90, active: true, dailyBudget: '25.00' },
          { daysAgo: 45, active: false, dailyBudget: '25.00' },
        ],
        ads: [],
      },
    ],
  },
  {
    name: 'Spring promo',
    status: 'PAUSED',
    objective: 'BRAND_AWARENESS',
    campaigns: [
      {
        name: 'Spring promo: awareness',
        type: 'SPONSORED_UPDATES',
        format: 'STANDARD_UPDATE',
        history: [{ daysAgo: 0, active: false, dailyBudget: '30.00' }],
        ads: [],
      },
    ],
  },
  {
    name: 'Broad reach',
    status: 'ACTIVE',
    objective: 'WEBSITE_VISIT',
    campaigns: [
      {
        name: 'Runaway: audience expansion',
        type: 'SPONSORED_UPDATES',
        format: 'STANDARD_UPDATE',
        // A lifetime budget alone: nothing caps its day, and it leaves the account's largest daily budget
        // (which a new campaign's budget is weighed against, docs/approvals.md) to the others.
        history: [{ daysAgo: 90, active: true, dailyBudget: null }],
        totalBudget: RUNAWAY_DAILY_BUDGET * 30,
        runaway: true,
        ads: [
          {
            name: 'Everyone, everywhere',
            post: {
              commentary: 'Project tools for every team, everywhere.',
              content: { media: { id: 'urn:li:image:C4E10AQFoyyAjHPMQuQ', title: 'Plans for every team' } },
              kind: 'image',
            },
          },
        ],
      },
    ],
  },
];

const OBJECTIVE_BIDDING: Record<string, { costType: string; optimizationTargetType: string }> = {
  WEBSITE_VISIT: { costType: 'CPM', optimizationTargetType: 'MAX_CLICK' },
  VIDEO_VIEW: { costType: 'CPV', optimizationTargetType: 'MAX_VIDEO_VIEW' },
  BRAND_AWARENESS: { costType: 'CPM', optimizationTargetType: 'MAX_IMPRESSION' },
};

/**
 * A new network sandbox account: the groups and campaigns of SEED with their ads (posts on the sample
 * media), the member's roles on the company pages (ORGANIZATIONS), two conversions, and each campaign's
 * activity history over the last 90 days (src/sandbox/
 * activity.ts), from which adAnalytics reports. Objects are stamped a millisecond apart, in this order.
 */
export async function seedNetworkAccount(store: SandboxStore, accountId: string, now: Date): Promise<void> {
  const account = await store.get<SandboxAccount>('account', accountId);
  const currency = account?.data.currency ?? 'USD';
  const accountUrn = `urn:li:sponsoredAccount:${accountId}`;
  const start = now.getTime() - SEED_HISTORY_DAYS * DAY_MS;
  let tick = now.getTime();
  const stamp = () => new Date(tick++);

  for (const seedGroup of SEED) {
    const group = seedGroup.exampleId
      ? await freeId(store, 'campaign_group', seedGroup.exampleId, 9)
      : sandboxId(9);
    await store.put(
      {
        type: 'campaign_group',
        id: group,
        accountId,
        data: {
          account: accountUrn,
          name: seedGroup.name,
          status: seedGroup.status,
          runSchedule: { start },
          objectiveType: seedGroup.objective,
        },
      },
      stamp(),
    );
    for (const seed of seedGroup.campaigns) {
      const campaign = seed.exampleId ? await freeId(store, 'campaign', seed.exampleId, 9) : sandboxId(9);
      const current = seed.history.at(-1);
      const dailyBudget = current ? current.dailyBudget : '10.00';
      await store.put(
        {
          type: 'campaign',
          id: campaign,
          accountId,
          parentId: group,
          data: {
            campaignGroup: `urn:li:sponsoredCampaignGroup:${group}`,
            name: seed.name,
            type: seed.type,
            format: seed.format,
            objectiveType: seedGroup.objective,
            ...OBJECTIVE_BIDDING[seedGroup.objective],
            status: current?.active ? 'ACTIVE' : 'PAUSED',
            ...(dailyBudget !== null && { dailyBudget: { amount: dailyBudget, currencyCode: currency } }),
            ...(seed.totalBudget !== undefined && {
              totalBudget: {
                amount: (seed.totalBudget * priceScale(currency)).toFixed(minorDigits(currency)),
                currencyCode: currency,
              },
            }),
            unitCost: { amount: '0', currencyCode: currency },
            locale: { country: 'US', language: 'en' },
            runSchedule: { start },
            targetingCriteria: {
              include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] },
            },
            associatedEntity: EXAMPLE_ORGANIZATION,
            offsiteDeliveryEnabled: false,
          },
        },
        stamp(),
      );
      for (const episode of seed.history) {
        await recordActivity(
          store.db,
          'network',
          campaign,
          utcDay(new Date(now.getTime() - episode.daysAgo * DAY_MS)),
          {
            active: episode.active,
            dailyBudgetMicros: episode.dailyBudget === null ? null : decimalToMicros(episode.dailyBudget),
            ...(seed.runaway && { runaway: true }),
          },
        );
      }
      for (const ad of seed.ads) await seedAd(store, { accountId, accountUrn, campaign, ad, stamp });
    }
  }

  for (const { id, roles, ...page } of ORGANIZATIONS) {
    if (!(await store.get('organization', id)))
      await store.put({ type: 'organization', id, accountId, data: page }, stamp());
    for (const { role, state } of roles) {
      await store.put(
        {
          type: 'organization_acl',
          id: sandboxId(12),
          accountId,
          parentId: id,
          data: { roleAssignee: `urn:li:person:sbx${accountId}`, role, state },
        },
        stamp(),
      );
    }
  }

  const conversions = [
    { id: await freeId(store, 'conversion', EXAMPLE_IDS.conversion, 7), name: 'Demo request', type: 'LEAD' },
    { id: sandboxId(7), name: 'Newsletter sign-up', type: 'SIGN_UP' },
  ];
  for (const { id, ...data } of conversions) {
    await store.put(
      { type: 'conversion', id, accountId, data: { ...data, attributionType: 'LAST_TOUCH_BY_CAMPAIGN' } },
      stamp(),
    );
  }
}

/** One ad of a seeded campaign: the dark post and its creative, or a text ad's creative alone. */
async function seedAd(
  store: SandboxStore,
  fields: {
    accountId: string;
    accountUrn: string;
    campaign: string;
    ad: SeedCampaign['ads'][number];
    stamp: () => Date;
  },
): Promise<void> {
  const { accountId, accountUrn, ad, stamp } = fields;
  let content: Json;
  if (ad.post) {
    const post = sandboxId(19);
    await store.put(
      {
        type: 'post',
        id: post,
        accountId,
        data: {
          author: EXAMPLE_ORGANIZATION,
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
          contentLandingPage: 'https://example.com/tour',
          contentCallToActionLabel: 'LEARN_MORE',
          lifecycleState: 'PUBLISHED',
          adContext: { dscAdAccount: accountUrn, dscStatus: 'ACTIVE', dscName: ad.name },
          ...ad.post,
        },
      },
      stamp(),
    );
    content = { reference: `urn:li:share:${post}` };
  } else {
    content = { textAd: { ...ad.textAd, landingPage: 'https://example.com/plans' } };
  }
  await store.put(
    {
      type: 'creative',
      id: sandboxId(9),
      accountId,
      parentId: fields.campaign,
      // Seeded ads have been through LinkedIn's review; a new one waits for it.
      data: { name: ad.name, content, intendedStatus: 'ACTIVE', review: { status: 'APPROVED' } },
    },
    stamp(),
  );
}
