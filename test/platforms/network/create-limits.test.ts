import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyLimits } from '../../../src/key-limits.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';

type Json = Record<string, any>;

const imageCampaign = {
  campaign_name: 'Ceiling check',
  campaign_group_name: 'Ceiling group',
  organization_id: '2414183',
  landing_page_url: 'https://example.com/q4',
  locations: ['urn:li:geo:103644278'],
  introductory_text: 'Meet the plan built for small teams.',
  headline: 'Plans from $5 a month',
  image_urn: 'urn:li:image:C4E10AQFoyyAjHPMQuQ',
};

/**
 * The network create tools ask the calling key before anything reaches LinkedIn: the daily budget
 * against the key's ceiling, dry run included. They start no spend (the campaign is created PAUSED; the
 * group that goes ACTIVE holds only it), so a key with the write scope may create.
 */
describe.each(TEST_DIALECTS)('what a key may create on LinkedIn (%s)', (dialect) => {
  let service: TestService;
  let owner: Owner;
  let accountId: string;
  let store: SandboxStore;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    owner = await service.createOwner('max', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    accountId = account?.account_id ?? '';
    store = new SandboxStore(service.services.storage.db, 'network');
  });
  afterAll(() => service.stop());

  const keyWith = (limits: Partial<KeyLimits>) => service.createKeyFor(owner, limits);
  const used = async () =>
    (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used as number;
  const counts = async () => ({
    groups: await store.count('campaign_group', accountId),
    campaigns: await store.count('campaign', accountId),
    posts: await store.count('post', accountId),
  });
  const audited = (requestId: string) => service.auditRow(requestId);

  it('refuses a daily budget above the ceiling before LinkedIn, dry run too, and creates at the ceiling', async () => {
    const key = await keyWith({ scope: 'spend', ceilings: { USD: 20_000_000 } });
    const before = await counts();
    const quota = await used();
    for (const dryRun of [false, true]) {
      const refused = await service.call(
        'create_network_image_campaign',
        { ...imageCampaign, daily_budget: 25, dry_run: dryRun },
        { key },
      );
      expect([refused.status, refused.body.code], `dry_run ${dryRun}`).toEqual([403, 'insufficient_scope']);
      expect(refused.body.error).toContain(
        'up to 20.00 USD, and create_network_image_campaign would set 25.00 USD',
      );
      expect(refused.body.structured_content).toMatchObject({
        limit: 'ceiling',
        currency: 'USD',
        asked: '25.00',
        ceiling: '20.00',
      });
      expect(await audited(refused.body.request_id)).toMatchObject({
        status: 403,
        code: 'insufficient_scope',
        billable: 0,
      });
    }
    // add_network_campaign_to_group shares the create: the same ceiling holds there.
    const [group] = await store.list('campaign_group', accountId);
    const added = await service.call(
      'add_network_campaign_to_group',
      {
        campaign_name: 'Into the group',
        campaign_group_id: group?.id,
        organization_id: '2414183',
        daily_budget: 20.01,
        landing_page_url: 'https://example.com/q4',
        locations: ['urn:li:geo:103644278'],
        ad_type: 'text',
        text_headline: 'Plans from $5',
        text_description: 'Project tools built for small teams.',
      },
      { key },
    );
    expect([added.status, added.body.code]).toEqual([403, 'insufficient_scope']);
    expect(await counts()).toEqual(before);
    expect(await used()).toBe(quota);

    const at = await service.call(
      'create_network_image_campaign',
      { ...imageCampaign, daily_budget: 20 },
      { key },
    );
    expect(at.status, JSON.stringify(at.body)).toBe(200);
    expect(at.body.data.structured.campaign).toMatchObject({
      status: 'PAUSED',
      platform_status: 'PAUSED',
      daily_budget: '20.00',
      currency: 'USD',
    });
    expect(await counts()).toEqual({
      groups: before.groups + 1,
      campaigns: before.campaigns + 1,
      posts: before.posts + 1,
    });
    expect(await used()).toBe(quota + 1);
  });

  it('lets a write key create, since a create starts no spend: the campaign is PAUSED', async () => {
    const key = await keyWith({ scope: 'write' });
    const made = await service.call(
      'create_network_text_campaign',
      {
        campaign_name: 'Write key',
        campaign_group_name: 'Write key group',
        organization_id: '2414183',
        daily_budget: 30,
        landing_page_url: 'https://example.com/q4',
        locations: ['urn:li:geo:103644278'],
        headline: 'Plans from $5',
        description: 'Project tools built for small teams.',
      },
      { key },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const campaign = await store.get<Json>('campaign', made.body.data.structured.campaign.id);
    expect(campaign?.data.status).toBe('PAUSED');
    // The group ends ACTIVE, holding only the paused campaign: nothing can spend until it is activated,
    // which a write key cannot do.
    const group = await store.get<Json>('campaign_group', made.body.data.structured.campaign_group.id);
    expect(group?.data.status).toBe('ACTIVE');
    const activate = await service.call(
      'update_network_campaign',
      { campaign_id: made.body.data.structured.campaign.id, status: 'ACTIVE' },
      { key },
    );
    expect([activate.status, activate.body.code]).toEqual([403, 'insufficient_scope']);
  });

  it('refuses a create to a read key, and a key whose ceilings are in another currency', async () => {
    const read = await keyWith({ scope: 'read' });
    const byRead = await service.call(
      'create_network_image_campaign',
      { ...imageCampaign, daily_budget: 20 },
      { key: read },
    );
    expect([byRead.status, byRead.body.code]).toEqual([403, 'insufficient_scope']);
    const euro = await keyWith({ scope: 'spend', ceilings: { EUR: 100_000_000 } });
    const byEuro = await service.call(
      'create_network_image_campaign',
      { ...imageCampaign, daily_budget: 20 },
      { key: euro },
    );
    expect([byEuro.status, byEuro.body.code]).toEqual([403, 'insufficient_scope']);
    expect(byEuro.body.error).toContain("this account's budgets are in USD");
  });

  it('needs the spend scope to give a running campaign without live ads its first one', async () => {
    const spendKey = await keyWith({ scope: 'spend' });
    const writeKey = await keyWith({ scope: 'write' });
    const campaigns = await store.list<Json>('campaign', accountId);
    const carousel = campaigns.find((c) => c.data.name === 'Carousel: product tour');
    if (!carousel) throw new Error('no seeded carousel campaign');
    const activated = await service.call(
      'update_network_campaign',
      { campaign_id: carousel.id, status: 'ACTIVE' },
      { key: spendKey },
    );
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const card = (headline: string) => ({
      image_urn: 'urn:li:image:C4E10AQF1',
      headline,
      landing_page_url: 'https://example.com/tour',
    });
    const ad = {
      campaign_id: carousel.id,
      organization_id: '2414183',
      introductory_text: 'Take the tour.',
      landing_page_url: 'https://example.com/tour',
      cards: [card('Plan'), card('Ship')],
    };
    // While it has live ads, one more changes no spend: the write scope may add it.
    const added = await service.call('add_network_carousel_creative', ad, { key: writeKey });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    // With every ad archived, the next one would start it serving.
    for (const creative of await store.list<Json>('creative', accountId, carousel.id)) {
      await store.update(
        'creative',
        creative.id,
        { ...creative.data, intendedStatus: 'ARCHIVED' },
        service.services.clock.now(),
      );
    }
    const creatives = async () => (await store.list('creative', accountId, carousel.id)).length;
    const before = await creatives();
    const quota = await used();
    const refused = await service.call('add_network_carousel_creative', ad, { key: writeKey });
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    expect(refused.body.error).toContain(
      `start campaign ${carousel.id} delivering: it is ACTIVE with no serving ad`,
    );
    expect(await creatives()).toBe(before);
    expect(await used()).toBe(quota);
    const allowed = await service.call('add_network_carousel_creative', ad, { key: spendKey });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(await creatives()).toBe(before + 1);
  });
});
