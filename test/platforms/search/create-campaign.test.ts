import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyLimits } from '../../../src/key-limits.ts';
import type {
  StoredAd,
  StoredAdGroup,
  StoredBudget,
  StoredCampaign,
  StoredKeyword,
} from '../../../src/sandbox/search/resources.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { createSearchCampaign } from '../../../src/tools/search/create-search-campaign.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { googleAds, type SearchOwner, searchOwner, VERSION } from './support.ts';

const TOOL = 'create_search_campaign';

describe.each(TEST_DIALECTS)('create_search_campaign on the Google Ads sandbox (%s)', (dialect) => {
  let service: TestService;
  let acme: SearchOwner;
  let store: SandboxStore;
  let writeKey: string;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    acme = await searchOwner(service);
    store = new SandboxStore(service.services.storage.db, 'search');
    writeKey = await keyWith({ scope: 'write' });
  });
  afterAll(async () => {
    await service.stop();
  });

  const keyWith = (limits: Partial<KeyLimits>) => service.createKeyFor(acme.owner, limits);
  const args = (name = `Trail ${randomUUID().slice(0, 8)}`) => ({
    campaign_name: name,
    daily_budget: 20,
    ad_group_name: 'Trail shoes',
    keywords: [
      { text: 'trail running shoes', match_type: 'PHRASE' },
      { text: 'waterproof trail shoes', match_type: 'EXACT' },
      { text: 'trail shoes', match_type: 'BROAD' },
    ],
    final_url: 'https://example.com/trail',
    headlines: ['Trail Running Shoes', 'Free Returns', 'Grip On Any Terrain'],
    descriptions: ['Light, waterproof trail shoes.', 'Order today, free delivery over $50.'],
    cpc_bid: 1.25,
  });
  const create = (body: Record<string, unknown>, key = writeKey, idempotencyKey = randomUUID()) =>
    service.call(TOOL, body, { key, headers: { 'idempotency-key': idempotencyKey } });
  const count = async (type: string) => (await store.list(type, acme.customerId)).length;
  const counts = async () => ({
    budgets: await count('campaign_budget'),
    campaigns: await count('campaign'),
    groups: await count('ad_group'),
    criteria: await count('ad_group_criterion'),
    ads: await count('ad'),
  });

  it('creates a PAUSED campaign with its budget, ad group, keywords and ad, which every list tool shows', async () => {
    const body = args();
    const made = await create(body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const answer = made.body.data.structured;
    expect(createSearchCampaign.output?.parse(answer)).toBeTruthy();
    expect(answer).toMatchObject({
      customer_id: acme.customerId,
      name: body.campaign_name,
      status: 'PAUSED',
      platform_status: 'PAUSED',
      daily_budget: '20.00',
      dry_run: false,
    });
    expect(answer.created.keyword_ids).toHaveLength(3);

    const campaign = await store.get<StoredCampaign>('campaign', answer.campaign_id);
    expect(campaign?.data).toMatchObject({
      name: body.campaign_name,
      status: 'PAUSED',
      advertisingChannelType: 'SEARCH',
    });
    const budget = await store.get<StoredBudget>('campaign_budget', answer.created.budget_id);
    expect(budget?.data).toMatchObject({ amountMicros: '20000000', explicitlyShared: false });
    expect(campaign?.data.budgetId).toBe(answer.created.budget_id);
    const group = await store.get<StoredAdGroup>('ad_group', answer.created.ad_group_id);
    expect(group).toMatchObject({
      parentId: answer.campaign_id,
      data: { name: 'Trail shoes', cpcBidMicros: '1250000' },
    });
    const keywords = await store.list<StoredKeyword>('ad_group_criterion', acme.customerId, group?.id);
    expect(
      keywords.map((k) => [k.data.keyword.text, k.data.keyword.matchType, k.data.negative]).sort(),
    ).toEqual([
      ['trail running shoes', 'PHRASE', false],
      ['trail shoes', 'BROAD', false],
      ['waterproof trail shoes', 'EXACT', false],
    ]);
    const ad = await store.get<StoredAd>('ad', answer.created.ad_id);
    expect(ad?.data.ad.finalUrls).toEqual(['https://example.com/trail']);
    expect(ad?.data.ad.responsiveSearchAd?.headlines?.map((h) => h.text)).toEqual(body.headlines);

    const campaigns = await service.call('list_search_campaigns', { status: ['PAUSED'] }, { key: writeKey });
    const listed = campaigns.body.data.structured.campaigns.find(
      (c: any) => c.campaign_id === answer.campaign_id,
    );
    expect(listed, JSON.stringify(campaigns.body.data.structured)).toMatchObject({
      name: body.campaign_name,
    });
    const groups = await service.call(
      'list_search_ad_groups',
      { campaign_ids: [answer.campaign_id] },
      { key: writeKey },
    );
    expect(JSON.stringify(groups.body.data.structured)).toContain(answer.created.ad_group_id);
    const listedKeywords = await service.call(
      'list_search_keywords',
      { ad_group_ids: [answer.created.ad_group_id] },
      { key: writeKey },
    );
    expect(listedKeywords.status, JSON.stringify(listedKeywords.body)).toBe(200);
    expect(JSON.stringify(listedKeywords.body.data.structured)).toContain('waterproof trail shoes');
    const ads = await service.call('list_search_ads', { campaign_id: answer.campaign_id }, { key: writeKey });
    expect(ads.status, JSON.stringify(ads.body)).toBe(200);
    expect(JSON.stringify(ads.body.data.structured)).toContain(answer.created.ad_id);

    // A PAUSED campaign spends nothing in the sandbox's reports.
    const report = await googleAds(service, `/${VERSION}/customers/${acme.customerId}/googleAds:search`, {
      token: acme.token,
      body: {
        query: `SELECT campaign.id, metrics.cost_micros FROM campaign WHERE campaign.id = ${answer.campaign_id}`,
      },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(Number(report.body.results?.[0]?.metrics?.costMicros ?? 0)).toBe(0);

    const audit = await service.auditRow(made.body.request_id);
    expect(JSON.stringify(audit)).toContain(answer.campaign_id);
  });

  it('replays the same answer for the same Idempotency-Key and makes nothing more', async () => {
    const key = randomUUID();
    const body = args();
    const first = await create(body, writeKey, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await counts();
    const again = await create(body, writeKey, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.structured).toEqual(first.body.data.structured);
    expect(await counts()).toEqual(before);
  });

  it('dry run: Google validates the whole create (googleAds:mutate, validateOnly) and nothing is made', async () => {
    const before = await counts();
    const dry = await create({ ...args(), dry_run: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const answer = dry.body.data.structured;
    expect(createSearchCampaign.output?.parse(answer)).toBeTruthy();
    expect(answer.dry_run).toBe(true);
    expect(answer.preview.map((p: any) => p.url.split('/').at(-1))).toEqual([
      'campaignBudgets:mutate',
      'campaigns:mutate',
      'adGroups:mutate',
      'adGroupCriteria:mutate',
      'adGroupAds:mutate',
    ]);
    expect(answer.preview[1].body.operations[0].create).toMatchObject({
      status: 'PAUSED',
      advertisingChannelType: 'SEARCH',
      manualCpc: {},
    });
    expect(await counts()).toEqual(before);
    expect(service.logLines.some((line) => line.includes('googleAds::mutate'))).toBe(true);

    // A name Google refuses is refused in the dry run too, with Google's reason.
    const taken = (await store.list<StoredCampaign>('campaign', acme.customerId))[0]?.data.name ?? '';
    const clash = await create({ ...args(taken), dry_run: true });
    expect(clash.status).toBe(400);
    expect(clash.body.error).toContain(`already has the name "${taken}"`);
    expect(await counts()).toEqual(before);
  });

  it('refuses a read key and a daily budget above the key ceiling, before anything reaches Google', async () => {
    const before = await counts();
    const read = await keyWith({ scope: 'read' });
    const byRead = await create(args(), read);
    expect([byRead.status, byRead.body.code]).toEqual([403, 'insufficient_scope']);
    const capped = await keyWith({ scope: 'spend', ceilings: { USD: 10_000_000 } });
    const overCeiling = await create(args(), capped);
    expect(overCeiling.status, JSON.stringify(overCeiling.body)).toBe(403);
    expect(JSON.stringify(overCeiling.body)).toMatch(/ceiling|10(\.00)? USD/i);
    expect(await counts()).toEqual(before);
  });

  it('answers a clear 400 for bad arguments', async () => {
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...args(), headlines: ['One', 'Two'] }, 'headlines'],
      [{ ...args(), headlines: ['Way too long for a headline of thirty', 'Two', 'Three'] }, 'headlines'],
      [{ ...args(), descriptions: ['Only one'] }, 'descriptions'],
      [{ ...args(), keywords: [] }, 'keywords'],
      [
        {
          ...args(),
          keywords: [
            { text: 'a', match_type: 'EXACT' },
            { text: 'A', match_type: 'EXACT' },
          ],
        },
        'repeats',
      ],
      [{ ...args(), keywords: [{ text: 'shoes', match_type: 'FUZZY' }] }, 'match_type'],
      [{ ...args(), final_url: 'http://example.com' }, 'final_url'],
      [{ ...args(), daily_budget: 20.555 }, 'daily_budget'],
      [{ ...args(), cpc_bid: 0 }, 'cpc_bid'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    // Google's own refusal (a keyword with characters it refuses) comes back as a 400 naming it.
    const google = await create({ ...args(), keywords: [{ text: 'shoes!!', match_type: 'EXACT' }] });
    expect(google.status).toBe(400);
    expect(google.body.error).toContain('"shoes!!" has characters a keyword cannot have');
    expect(await counts()).toEqual(before);
  });

  it('over MCP: the structured answer matches the output schema', async () => {
    const mcp: Client = await connectOverHttp(service.url, writeKey);
    try {
      const result: any = await callTool(mcp, { name: TOOL, arguments: args() });
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      expect(createSearchCampaign.output?.parse(result.structuredContent).status).toBe('PAUSED');
    } finally {
      await mcp.close();
    }
  });

  it('the sandbox takes the creates through googleAds:mutate with temporary names, atomically', async () => {
    const { token } = acme;
    const customer = `customers/${acme.customerId}`;
    const operations = [
      {
        campaignBudgetOperation: {
          create: {
            resourceName: `${customer}/campaignBudgets/-1`,
            name: `B ${randomUUID()}`,
            amountMicros: '5000000',
            explicitlyShared: false,
          },
        },
      },
      {
        campaignOperation: {
          create: {
            resourceName: `${customer}/campaigns/-2`,
            name: `C ${randomUUID()}`,
            status: 'PAUSED',
            advertisingChannelType: 'SEARCH',
            campaignBudget: `${customer}/campaignBudgets/-1`,
            manualCpc: {},
            containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
          },
        },
      },
      { adGroupOperation: { create: { name: 'G', campaign: `${customer}/campaigns/-3` } } },
    ];
    const before = await counts();
    const refused = await googleAds(service, `/${VERSION}/${customer}/googleAds:mutate`, {
      token,
      body: { mutateOperations: operations },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('campaigns/-3');
    expect(await counts()).toEqual(before);
    operations[2] = { adGroupOperation: { create: { name: 'G', campaign: `${customer}/campaigns/-2` } } };
    const made = await googleAds(service, `/${VERSION}/${customer}/googleAds:mutate`, {
      token,
      body: { mutateOperations: operations },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(Object.keys(made.body.mutateOperationResponses[2])).toEqual(['adGroupResult']);
    expect((await counts()).groups).toBe(before.groups + 1);
  });
});
