import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';

type Json = Record<string, any>;

const campaign = {
  campaign_name: 'Q4 launch',
  organization_id: '2414183',
  daily_budget: 25,
  landing_page_url: 'https://example.com/q4',
  locations: ['urn:li:geo:103644278'],
};
const cards = [
  {
    image_urn: 'urn:li:image:C4E10AQF1',
    headline: 'Starter',
    landing_page_url: 'https://example.com/starter',
  },
  {
    image_urn: 'urn:li:image:C4E10AQF2',
    headline: 'Team',
    landing_page_url: 'https://example.com/team',
    description: 'For teams of five or more',
  },
];
const imageAd = {
  introductory_text: 'Meet the plan built for small teams.',
  headline: 'Plans from $5 a month',
  image_urn: 'urn:li:image:C4E10AQFoyyAjHPMQuQ',
};

describe.each(TEST_DIALECTS)('the network tools on the LinkedIn sandbox (%s)', (dialect) => {
  let service: TestService;
  let owner: Owner;
  let accountId: string;
  let store: SandboxStore;

  beforeAll(async () => {
    service = await TestService.start(dialect, { env: { ADOPS_UPSTREAM_TIMEOUT_MS: '3000' } });
    owner = await service.createOwner('max', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    accountId = account?.account_id ?? '';
    store = new SandboxStore(service.services.storage.db, 'network');
  });
  afterAll(() => service.stop());

  /**
   * Every answer that succeeds is the one its tool's output schema describes: parsed strictly (an
   * unlisted field fails) and unchanged by the parse (so none is dropped deeper down either).
   */
  const call = async (tool: string, args: Json, headers: Record<string, string> = {}, key = owner.key) => {
    const answer = await service.call(tool, args, { key, headers });
    if (answer.status === 200 && tool !== 'get_usage_status') {
      const output = service.services.tools.get(tool)?.output;
      expect(output, tool).toBeDefined();
      expect(output?.strict().parse(answer.body.data.structured), tool).toEqual(answer.body.data.structured);
    }
    return answer;
  };
  const used = async (key = owner.key) =>
    (await service.call('get_usage_status', {}, { key })).body.data.quota.used as number;
  const campaigns = async () => store.list<Json>('campaign', accountId);
  const groups = async () => store.list<Json>('campaign_group', accountId);

  it('creates a carousel campaign, adds a variation to it, then associates a seeded conversion', async () => {
    const created = await call('create_network_carousel_campaign', {
      ...campaign,
      campaign_group_name: 'Q4 2026',
      introductory_text: 'Pick the plan (monthly or yearly) that fits your team.',
      cards,
    });
    expect(created.status).toBe(200);
    const result = created.body.data.structured;
    expect(result).toMatchObject({
      account_id: accountId,
      campaign_group: { name: 'Q4 2026', created: true },
      dry_run: false,
      campaign: {
        name: 'Q4 launch',
        status: 'PAUSED',
        platform_status: 'PAUSED',
        format: 'CAROUSEL',
        objective: 'WEBSITE_VISIT',
        daily_budget: '25.00',
        currency: 'USD',
      },
      creative: { kind: 'carousel', id: expect.stringMatching(/^urn:li:sponsoredCreative:\d+$/) },
    });
    expect(result.next_steps.join(' ')).toContain('add_network_carousel_creative');
    expect(created.body.data.text).toContain('PAUSED');
    const campaignId = result.campaign.id as string;
    const stored = await store.get<Json>('campaign', campaignId);
    expect(stored?.data).toMatchObject({ status: 'PAUSED', format: 'CAROUSEL', name: 'Q4 launch' });
    expect(stored?.parentId).toBe(result.campaign_group.id);
    const post = await store.get<Json>('post', (result.creative.post as string).split(':').pop() ?? '');
    expect(post?.data).toMatchObject({
      author: 'urn:li:organization:2414183',
      commentary: 'Pick the plan \\(monthly or yearly\\) that fits your team.',
      adContext: { dscAdAccount: `urn:li:sponsoredAccount:${accountId}` },
      content: {
        carousel: {
          cards: [
            {
              media: { id: 'urn:li:image:C4E10AQF1', title: 'Starter' },
              landingPage: 'https://example.com/starter',
            },
            {
              media: { id: 'urn:li:image:C4E10AQF2', title: 'Team', altText: 'For teams of five or more' },
              landingPage: 'https://example.com/team',
            },
          ],
        },
      },
    });

    const added = await call('add_network_carousel_creative', {
      campaign_id: `urn:li:sponsoredCampaign:${campaignId}`,
      organization_id: 'urn:li:organization:2414183',
      introductory_text: 'Swipe through the plans.',
      landing_page_url: 'https://example.com/plans',
      creative_name: 'Variation B',
      cards,
    });
    expect(added.status).toBe(200);
    expect(added.body.data.structured).toMatchObject({
      dry_run: false,
      campaign: { id: campaignId, status: 'PAUSED', platform_status: 'PAUSED' },
      variations: 2,
      recommended_variations: 4,
    });
    expect(added.body.data.text).toContain('now has 2 variations');
    expect(added.body.data.text).toContain('add 2 more');
    expect(await store.count('creative', accountId, campaignId)).toBe(2);

    const [conversion] = await store.list('conversion', accountId);
    const associated = await call('associate_network_conversion', {
      campaign_id: campaignId,
      conversion_id: conversion?.id,
    });
    expect(associated.status).toBe(200);
    expect(associated.body.data.structured).toMatchObject({
      dry_run: false,
      already_associated: false,
      associated: true,
    });
    const again = await call('associate_network_conversion', {
      campaign_id: campaignId,
      conversion_id: conversion?.id,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.structured.already_associated).toBe(true);
    expect(again.body.data.text).toContain('already associated');
    expect(await store.count('campaign_conversion', accountId, campaignId)).toBe(1);
  });

  it('sends LinkedIn what it expects: PAUSED, string budgets, the locale and the targeting', async () => {
    const { status, body } = await call('create_network_image_campaign', {
      ...campaign,
      campaign_name: 'Wire check',
      campaign_group_name: 'Wire group',
      daily_budget: 12.5,
      total_budget: 400,
      currency: 'usd',
      locale_country: 'DE',
      locale_language: 'de',
      start_date: '2099-01-01',
      end_date: '2099-01-31',
      seniorities: ['urn:li:seniority:6'],
      industries: ['urn:li:industry:4'],
      objective: 'BRAND_AWARENESS',
      call_to_action: 'SIGN_UP',
      ...imageAd,
    });
    expect(status).toBe(200);
    const stored = await store.get<Json>('campaign', body.data.structured.campaign.id);
    expect(stored?.data).toMatchObject({
      status: 'PAUSED',
      type: 'SPONSORED_UPDATES',
      format: 'STANDARD_UPDATE',
      objectiveType: 'BRAND_AWARENESS',
      costType: 'CPM',
      dailyBudget: { amount: '12.50', currencyCode: 'USD' },
      totalBudget: { amount: '400.00', currencyCode: 'USD' },
      locale: { country: 'DE', language: 'de' },
      runSchedule: { start: Date.parse('2099-01-01T00:00:00Z'), end: Date.parse('2099-02-01T00:00:00Z') },
      associatedEntity: 'urn:li:organization:2414183',
      targetingCriteria: {
        include: {
          and: [
            { or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } },
            { or: { 'urn:li:adTargetingFacet:industries': ['urn:li:industry:4'] } },
            { or: { 'urn:li:adTargetingFacet:seniorities': ['urn:li:seniority:6'] } },
          ],
        },
      },
    });
    const group = await store.get<Json>('campaign_group', body.data.structured.campaign_group.id);
    expect(group?.data).toMatchObject({
      name: 'Wire group',
      objectiveType: 'BRAND_AWARENESS',
      status: 'ACTIVE',
    });
    const post = await store.get<Json>(
      'post',
      (body.data.structured.creative.post as string).split(':').pop() ?? '',
    );
    expect(post?.data).toMatchObject({
      content: { media: { id: imageAd.image_urn, title: imageAd.headline } },
      contentCallToActionLabel: 'SIGN_UP',
      contentLandingPage: 'https://example.com/q4',
      distribution: { feedDistribution: 'NONE' },
      lifecycleState: 'PUBLISHED',
    });
  });

  it('creates video and text campaigns, and campaigns of every ad type in an existing group', async () => {
    const video = await call('create_network_video_campaign', {
      ...campaign,
      campaign_group_name: 'Video group',
      introductory_text: 'Watch the tour.',
      headline: 'Product tour',
      video_urn: 'urn:li:video:C5F10AQGKQg',
    });
    expect(video.status).toBe(200);
    expect(video.body.data.structured.campaign).toMatchObject({
      format: 'SINGLE_VIDEO',
      objective: 'VIDEO_VIEW',
    });

    const text = await call('create_network_text_campaign', {
      ...campaign,
      campaign_group_name: 'Text group',
      headline: 'Plans from $5',
      description: 'Project tools built for small teams.',
    });
    expect(text.status).toBe(200);
    const textCampaign = await store.get<Json>('campaign', text.body.data.structured.campaign.id);
    expect(textCampaign?.data).toMatchObject({ type: 'TEXT_AD', format: 'TEXT', status: 'PAUSED' });
    const [textCreative] = await store.list<Json>(
      'creative',
      accountId,
      text.body.data.structured.campaign.id,
    );
    expect(textCreative?.data.content).toEqual({
      textAd: {
        headline: 'Plans from $5',
        description: 'Project tools built for small teams.',
        landingPage: 'https://example.com/q4',
      },
    });

    const groupId = text.body.data.structured.campaign_group.id as string;
    const ads: Json[] = [
      { ad_type: 'image', ...imageAd },
      {
        ad_type: 'video',
        introductory_text: 'Watch.',
        headline: 'Tour',
        video_urn: 'urn:li:video:C5F10AQGKQg',
      },
      { ad_type: 'carousel', introductory_text: 'Swipe.', cards },
      { ad_type: 'text', text_headline: 'Plans from $5', text_description: 'Built for teams.' },
    ];
    for (const ad of ads) {
      const { status, body } = await call('add_network_campaign_to_group', {
        ...campaign,
        campaign_name: `EMEA ${ad.ad_type}`,
        campaign_group_id: `urn:li:sponsoredCampaignGroup:${groupId}`,
        locations: ['urn:li:geo:91000000'],
        ...ad,
      });
      expect(status, JSON.stringify(body)).toBe(200);
      // The objective is inherited from the group.
      expect(body.data.structured).toMatchObject({
        campaign_group: { id: groupId, created: false, name: 'Text group' },
        campaign: { objective: 'WEBSITE_VISIT', status: 'PAUSED' },
      });
    }
    const inGroup = (await campaigns()).filter((c) => c.parentId === groupId);
    expect(inGroup.map((c) => c.data.name).sort()).toEqual([
      'EMEA carousel',
      'EMEA image',
      'EMEA text',
      'EMEA video',
      'Q4 launch',
    ]);

    // A group's objective binds its campaigns: an image ad cannot join a VIDEO_VIEW group.
    const mismatch = await call('add_network_campaign_to_group', {
      ...campaign,
      campaign_group_id: video.body.data.structured.campaign_group.id,
      ad_type: 'image',
      ...imageAd,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toContain("VIDEO_VIEW (the group's) does not fit an image ad");
  });

  it('takes back the group and campaign when a later step fails, and a retry replays that answer', async () => {
    const before = { campaigns: (await campaigns()).length, groups: (await groups()).length };
    const quota = await used();
    const headers = { 'idempotency-key': randomUUID() };
    const args = {
      ...campaign,
      campaign_name: 'Doomed',
      campaign_group_name: 'Doomed group',
      organization_id: 'sandbox_server_error',
      ...imageAd,
    };
    const first = await call('create_network_image_campaign', args, headers);
    expect(first.status).toBe(500);
    expect(first.body.code).toBe('upstream_error');
    expect(first.body.error).toMatch(/^Internal error: UpstreamServerError\./);
    expect(first.body.error).toContain('create the sponsored image post');
    expect(first.body.error).toMatch(
      /Cleaned up: campaign \d+ \("Doomed"\) and campaign group \d+ \("Doomed group"\)/,
    );
    expect(first.body.structured_content).toMatchObject({
      failed_step: 'create the sponsored image post',
      created: [
        { type: 'campaign group', name: 'Doomed group' },
        { type: 'campaign', name: 'Doomed' },
      ],
      cleaned_up: [{ type: 'campaign' }, { type: 'campaign group' }],
      still_existing: [],
      outcome_unknown: true,
    });
    expect((await campaigns()).some((c) => c.data.name === 'Doomed')).toBe(false);
    expect((await groups()).some((g) => g.data.name === 'Doomed group')).toBe(false);
    expect({ campaigns: (await campaigns()).length, groups: (await groups()).length }).toEqual(before);

    const retry = await call('create_network_image_campaign', args, headers);
    expect(retry.status).toBe(500);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await campaigns()).length).toBe(before.campaigns);
    expect(await used()).toBe(quota);
  });

  it('answers a throttle in a later step with 429 after cleaning up, and lets a retry run', async () => {
    const before = (await campaigns()).length;
    const headers = { 'idempotency-key': randomUUID() };
    const args = {
      ...campaign,
      campaign_name: 'Throttled',
      campaign_group_name: 'Throttled group',
      organization_id: 'sandbox_rate_limited',
      ...imageAd,
    };
    const first = await call('create_network_image_campaign', args, headers);
    expect(first.status).toBe(429);
    expect(first.body.code).toBe('upstream_rate_limited');
    expect(first.headers.get('retry-after')).toBeTruthy();
    expect(first.body.error).toContain('Cleaned up');
    expect((await campaigns()).length).toBe(before);
    // Nothing is left, so the outcome is not recorded: the same key runs again.
    const second = await call('create_network_image_campaign', args, headers);
    expect(second.status).toBe(429);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers a throttled read with 429 and uses no quota', async () => {
    const quota = await used();
    const { status, body, headers } = await call('associate_network_conversion', {
      campaign_id: 'sandbox_rate_limited',
      conversion_id: '1234567',
    });
    expect(status).toBe(429);
    expect(body.code).toBe('upstream_rate_limited');
    expect(headers.get('retry-after')).toBeTruthy();
    expect(await used()).toBe(quota);
  });

  it('shows every request of a dry run in order, creating nothing, billed as a read', async () => {
    const before = { campaigns: (await campaigns()).length, groups: (await groups()).length };
    const quota = await used();
    const { status, body } = await call('create_network_carousel_campaign', {
      ...campaign,
      campaign_group_name: 'Dry group',
      introductory_text: 'Swipe.',
      cards,
      dry_run: true,
    });
    expect(status).toBe(200);
    // A dry run is billed as the read it is.
    expect(body.data.quota.used).toBe(quota + 1);
    expect(body.data.text).toContain('Dry run');
    const preview = body.data.structured.preview as Json[];
    expect(preview.map((p) => `${p.method} ${p.url}`)).toEqual([
      `POST /adAccounts/${accountId}/adCampaignGroups`,
      `POST /adAccounts/${accountId}/adCampaigns`,
      'POST /posts',
      `POST /adAccounts/${accountId}/creatives`,
      `POST /adAccounts/${accountId}/adCampaignGroups/{the id of the campaign group from step 1}`,
    ]);
    // The group waits PAUSED until its campaign and ad exist, then the last step activates it.
    expect(preview[0]?.body).toMatchObject({ name: 'Dry group', status: 'PAUSED' });
    expect(preview[4]).toMatchObject({
      action: 'activate the campaign group',
      body: { patch: { $set: { status: 'ACTIVE' } } },
    });
    expect(preview[1]?.body).toMatchObject({
      status: 'PAUSED',
      campaignGroup: 'urn:li:sponsoredCampaignGroup:{the id of the campaign group from step 1}',
      dailyBudget: { amount: '25.00', currencyCode: 'USD' },
    });
    expect(preview[3]?.body).toMatchObject({ content: { reference: '{the id of the post from step 3}' } });
    expect({ campaigns: (await campaigns()).length, groups: (await groups()).length }).toEqual(before);
    expect(await used()).toBe(quota + 1);

    const [seeded] = await campaigns();
    const associate = await call('associate_network_conversion', {
      campaign_id: seeded?.id,
      conversion_id: (await store.list('conversion', accountId))[1]?.id,
      dry_run: true,
    });
    expect(associate.status).toBe(200);
    expect(associate.body.data.structured.preview).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: expect.stringMatching(/^\/campaignConversions\/\(campaign:/),
      }),
    ]);
    expect(await store.count('campaign_conversion', accountId)).toBe(1);
  });

  it('explains rejections in words a marketer understands, without using quota', async () => {
    const quota = await used();
    const missing = await call('add_network_carousel_creative', {
      campaign_id: '999999999',
      organization_id: '2414183',
      introductory_text: 'x',
      landing_page_url: 'https://example.com',
      cards,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('upstream_rejected');
    expect(missing.body.error).toContain(`Campaign 999999999 does not exist in ad account ${accountId}`);

    const image = (await campaigns()).find((c) => c.data.format === 'STANDARD_UPDATE');
    const notCarousel = await call('add_network_carousel_creative', {
      campaign_id: image?.id,
      organization_id: '2414183',
      introductory_text: 'x',
      landing_page_url: 'https://example.com',
      cards,
    });
    expect(notCarousel.status).toBe(400);
    expect(notCarousel.body.error).toContain('STANDARD_UPDATE');
    expect(notCarousel.body.error).toContain('create_network_carousel_campaign');

    const currency = await call('create_network_image_campaign', {
      ...campaign,
      campaign_group_name: 'Euro',
      currency: 'EUR',
      ...imageAd,
    });
    expect(currency.status).toBe(400);
    expect(currency.body.error).toContain("currency: must be the ad account's currency, USD (got EUR)");

    const unknownImage = await call('create_network_image_campaign', {
      ...campaign,
      campaign_group_name: 'No image',
      ...imageAd,
      image_urn: 'urn:li:image:D4E10AQmissing',
    });
    expect(unknownImage.status).toBe(400);
    expect(unknownImage.body.error).toContain('image_urn');
    expect(unknownImage.body.error).toContain('does not exist');

    const unknownGroup = await call('add_network_campaign_to_group', {
      ...campaign,
      campaign_group_id: '111111111',
      ad_type: 'image',
      ...imageAd,
    });
    expect(unknownGroup.status).toBe(400);
    expect(unknownGroup.body.error).toContain('Campaign group 111111111 does not exist');

    const conversion = await call('associate_network_conversion', {
      campaign_id: image?.id,
      conversion_id: '7654321',
    });
    expect(conversion.status).toBe(400);
    expect(conversion.body.error).toContain('Conversion 7654321 does not exist');

    const titles = await call('create_network_text_campaign', {
      ...campaign,
      campaign_group_name: 'Titles',
      headline: 'h',
      description: 'd',
      job_titles: ['urn:li:title:100'],
      seniorities: ['urn:li:seniority:4'],
    });
    expect(titles.status).toBe(400);
    expect(titles.body.error).toContain('job_titles: cannot be combined with seniorities');
    expect(await used()).toBe(quota);
  });

  it('marks the connection expired when LinkedIn keeps refusing the token', async () => {
    const other = await service.createOwner('pro', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, other.userId, 'network');
    const [seeded] = await store.list('campaign', account?.account_id ?? '');
    const { status, body } = await call(
      'associate_network_conversion',
      { campaign_id: seeded?.id, conversion_id: 'sandbox_token_expired' },
      {},
      other.key,
    );
    expect(status).toBe(400);
    expect(body.code).toBe('connection_expired');
    expect(body.error).toContain('/connections');
    const health = await service.call('get_connections_status', {}, { key: other.key });
    expect(JSON.stringify(health.body.data)).toContain('expired');
  });

  it('keeps what it created across a restart of the service', async () => {
    const created = await call('create_network_carousel_campaign', {
      ...campaign,
      campaign_name: 'Durable',
      campaign_group_name: 'Durable group',
      introductory_text: 'Swipe.',
      cards,
    });
    expect(created.status).toBe(200);
    const campaignId = created.body.data.structured.campaign.id;
    const second = await TestService.start(dialect, { database: service.database });
    try {
      const added = await second.call(
        'add_network_carousel_creative',
        {
          campaign_id: campaignId,
          organization_id: '2414183',
          introductory_text: 'Second look.',
          landing_page_url: 'https://example.com',
          cards,
        },
        { key: owner.key },
      );
      expect(added.status).toBe(200);
      expect(added.body.data.structured.variations).toBe(2);
      expect(added.body.data.structured.campaign.name).toBe('Durable');
    } finally {
      await second.stop();
    }
  });
});
