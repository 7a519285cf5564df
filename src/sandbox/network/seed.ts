import type { SandboxAccount } from '../seed.ts';
import { type SandboxStore, sandboxId } from '../store.ts';

/**
 * The ids of the network tools' examples. The first sandbox network account of a database (the demo
 * account) gets them, so every example runs as written there; later accounts get fresh ids.
 */
export const EXAMPLE_IDS = { group: '6123456', campaign: '123456789', conversion: '987654' } as const;
export const EXAMPLE_ORGANIZATION = 'urn:li:organization:2414183';

async function freeId(store: SandboxStore, type: string, preferred: string, length: number): Promise<string> {
  return (await store.get(type, preferred)) ? sandboxId(length) : preferred;
}

/**
 * A new network sandbox account: the group "Always on" (objective WEBSITE_VISIT) holding a paused
 * carousel campaign with two carousel ads (their posts use the sample images), and two conversions.
 */
export async function seedNetworkAccount(store: SandboxStore, accountId: string, now: Date): Promise<void> {
  const account = await store.get<SandboxAccount>('account', accountId);
  const currency = account?.data.currency ?? 'USD';
  const accountUrn = `urn:li:sponsoredAccount:${accountId}`;
  const start = now.getTime();

  const group = await freeId(store, 'campaign_group', EXAMPLE_IDS.group, 9);
  await store.put(
    {
      type: 'campaign_group',
      id: group,
      accountId,
      data: {
        account: accountUrn,
        name: 'Always on',
        status: 'ACTIVE',
        runSchedule: { start },
        objectiveType: 'WEBSITE_VISIT',
      },
    },
    now,
  );

  const campaign = await freeId(store, 'campaign', EXAMPLE_IDS.campaign, 9);
  await store.put(
    {
      type: 'campaign',
      id: campaign,
      accountId,
      parentId: group,
      data: {
        campaignGroup: `urn:li:sponsoredCampaignGroup:${group}`,
        name: 'Carousel: product tour',
        type: 'SPONSORED_UPDATES',
        format: 'CAROUSEL',
        objectiveType: 'WEBSITE_VISIT',
        costType: 'CPM',
        optimizationTargetType: 'MAX_CLICK',
        status: 'PAUSED',
        dailyBudget: { amount: '50.00', currencyCode: currency },
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
    now,
  );

  const variations = [
    {
      name: 'Variation A',
      commentary: 'Take the product tour: plan, track, ship.',
      cards: ['C4E10AQF1', 'C4E10AQF2'],
    },
    { name: 'Variation B', commentary: 'Three plans, one tool.', cards: ['C4E10AQF2', 'C4E10AQF3'] },
  ];
  for (const variation of variations) {
    const post = sandboxId(19);
    await store.put(
      {
        type: 'post',
        id: post,
        accountId,
        data: {
          author: EXAMPLE_ORGANIZATION,
          commentary: variation.commentary,
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
          content: {
            carousel: {
              cards: variation.cards.map((image, index) => ({
                media: { id: `urn:li:image:${image}`, title: `Step ${index + 1}` },
                landingPage: 'https://example.com/tour',
              })),
            },
          },
          contentLandingPage: 'https://example.com/tour',
          contentCallToActionLabel: 'LEARN_MORE',
          lifecycleState: 'PUBLISHED',
          adContext: { dscAdAccount: accountUrn, dscStatus: 'ACTIVE', dscName: variation.name },
          kind: 'carousel',
        },
      },
      now,
    );
    await store.put(
      {
        type: 'creative',
        id: sandboxId(9),
        accountId,
        parentId: campaign,
        data: {
          name: variation.name,
          content: { reference: `urn:li:share:${post}` },
          intendedStatus: 'ACTIVE',
        },
      },
      now,
    );
  }

  const conversions = [
    { id: await freeId(store, 'conversion', EXAMPLE_IDS.conversion, 7), name: 'Demo request', type: 'LEAD' },
    { id: sandboxId(7), name: 'Newsletter sign-up', type: 'SIGN_UP' },
  ];
  for (const { id, ...data } of conversions) {
    await store.put(
      { type: 'conversion', id, accountId, data: { ...data, attributionType: 'LAST_TOUCH_BY_CAMPAIGN' } },
      now,
    );
  }
}
