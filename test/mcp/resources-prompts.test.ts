import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';
import { connectCurrentOverHttp, connectOverHttp } from './clients.ts';

/** What these tests ask of a client, which both SDK generations offer with the same names. */
interface FeatureClient {
  listResources(): Promise<{ resources: Array<{ uri: string; name: string; mimeType?: string }> }>;
  listResourceTemplates(): Promise<{ resourceTemplates: Array<{ uriTemplate: string; name: string }> }>;
  readResource(params: {
    uri: string;
  }): Promise<{ contents: Array<{ uri: string; mimeType?: string; text?: string }> }>;
  listPrompts(): Promise<{
    prompts: Array<{ name: string; arguments?: Array<{ name: string; required?: boolean }> }>;
  }>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<{
    messages: Array<{ role: string; content: { type: string; text?: string } }>;
  }>;
  complete(params: {
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
    argument: { name: string; value: string };
    context?: { arguments?: Record<string, string> };
  }): Promise<{ completion: { values: string[]; total?: number; hasMore?: boolean } }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{
    content: Array<{ type: string; uri?: string; text?: string; name?: string }>;
    isError?: boolean;
  }>;
  close(): Promise<void>;
}

const REPORT_TEMPLATE = 'adops://{platform}/{account_id}/campaigns/{campaign_id}/report{?date_range}';

// Resources, prompts and completions serve both protocol eras: the v1 SDK client on 2025-11-25 and the v2
// client on 2026-07-28 read the same resources, get the same prompts and completions.
describe.each(
  TEST_DIALECTS.flatMap(
    (dialect) =>
      [
        [dialect, '2025-11-25', connectOverHttp],
        [dialect, '2026-07-28', connectCurrentOverHttp],
      ] as const,
  ),
)('MCP resources, prompts and completions (%s, %s)', (dialect, _protocol, connect) => {
  let service: TestService;
  const clients: FeatureClient[] = [];
  beforeAll(async () => {
    service = await TestService.start(dialect);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await service?.stop();
  });

  async function client(key: string): Promise<FeatureClient> {
    const connected = (await connect(service.url, key)) as unknown as FeatureClient;
    clients.push(connected);
    return connected;
  }
  const used = async (owner: Owner) =>
    (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used as number;
  async function googleOwner() {
    const owner = await service.createOwner('pro', ['search']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'search');
    return { owner, customerId: account?.account_id ?? '' };
  }

  it('lists the accounts resource and the report template, and reads the accounts free', async () => {
    const { owner, customerId } = await googleOwner();
    const mcp = await client(owner.key);
    expect((await mcp.listResources()).resources).toEqual([
      expect.objectContaining({
        uri: 'adops://accounts',
        name: 'connected_accounts',
        mimeType: 'application/json',
      }),
      expect.objectContaining({ uri: 'ui://adops/results.html', mimeType: 'text/html;profile=mcp-app' }),
    ]);
    expect((await mcp.listResourceTemplates()).resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: REPORT_TEMPLATE, name: 'campaign_report' }),
    ]);
    const before = await used(owner);
    const read = await mcp.readResource({ uri: 'adops://accounts' });
    const listed = (await service.call('list_connected_accounts', {}, { key: owner.key })).body.data
      .structured;
    expect(read.contents).toHaveLength(1);
    expect(JSON.parse(read.contents[0]?.text ?? '')).toEqual(listed);
    expect(listed.accounts).toEqual([
      expect.objectContaining({ account_id: customerId, argument: 'customer_id' }),
    ]);
    expect(await used(owner)).toBe(before);
  });

  it('links a campaign list to each campaign report, which reads as the performance tool (billable)', async () => {
    const { owner, customerId } = await googleOwner();
    const mcp = await client(owner.key);
    const listing = await mcp.callTool({ name: 'list_search_campaigns', arguments: {} });
    expect(listing.isError).toBeFalsy();
    const links = listing.content.filter((block) => block.type === 'resource_link');
    expect(links.length).toBeGreaterThan(0);
    const [link] = links;
    expect(link?.uri).toMatch(new RegExp(`^adops://search/${customerId}/campaigns/\\d+/report$`));
    const campaignId = link?.uri?.split('/')[5] ?? '';

    const before = await used(owner);
    const report = await mcp.readResource({ uri: `${link?.uri}?date_range=LAST_30_DAYS` });
    expect(await used(owner)).toBe(before + 1);
    expect(report.contents.map((content) => content.mimeType)).toEqual(['text/markdown', 'application/json']);
    const direct = await service.call(
      'get_search_campaign_performance',
      { campaign_ids: [campaignId], date_range: 'LAST_30_DAYS' },
      { key: owner.key },
    );
    expect(report.contents[0]?.text).toBe(direct.body.data.text);
    expect(JSON.parse(report.contents[1]?.text ?? '')).toEqual(direct.body.data.structured);
  });

  it("refuses a resource that is not there or not the caller's, saying what is served", async () => {
    const { owner } = await googleOwner();
    const other = await googleOwner();
    const mcp = await client(owner.key);
    await expect(mcp.readResource({ uri: 'adops://nothing' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('adops serves adops://accounts and campaign reports'),
    });
    await expect(
      mcp.readResource({ uri: `adops://search/${other.customerId}/campaigns/1/report` }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('offers the everyday jobs as prompts, naming the tools and arguments to call', async () => {
    const { owner, customerId } = await googleOwner();
    const mcp = await client(owner.key);
    const { prompts } = await mcp.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual([
      'weekly_review',
      'wasted_search_terms',
      'pause_worst_ad_group',
    ]);
    const review = await mcp.getPrompt({
      name: 'weekly_review',
      arguments: { platform: 'search', account_id: customerId },
    });
    expect(review.messages).toHaveLength(1);
    expect(review.messages[0]?.role).toBe('user');
    expect(review.messages[0]?.content.text).toContain(
      'get_search_campaign_performance with date_range LAST_7_DAYS',
    );
    expect(review.messages[0]?.content.text).toContain(`customer_id="${customerId}"`);
    const terms = await mcp.getPrompt({ name: 'wasted_search_terms' });
    expect(terms.messages[0]?.content.text).toContain('list_search_terms with without_conversions true');
    const pause = await mcp.getPrompt({
      name: 'pause_worst_ad_group',
      arguments: { platform: 'social', campaign_id: '120200000000000001' },
    });
    expect(pause.messages[0]?.content.text).toContain('update_social_ad_set');

    await expect(
      mcp.getPrompt({ name: 'pause_worst_ad_group', arguments: { platform: 'search' } }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('needs campaign_id'),
    });
    await expect(
      mcp.getPrompt({ name: 'pause_worst_ad_group', arguments: { platform: 'network', campaign_id: '1' } }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('search, social or video') });
    await expect(mcp.getPrompt({ name: 'nope' })).rejects.toMatchObject({ code: -32602 });
  });

  it("completes platforms, the caller's accounts and the campaigns its changes touched", async () => {
    const { owner, customerId } = await googleOwner();
    const mcp = await client(owner.key);
    const prompt = { type: 'ref/prompt', name: 'weekly_review' } as const;
    expect(
      (await mcp.complete({ ref: prompt, argument: { name: 'platform', value: 's' } })).completion.values,
    ).toEqual(['search', 'social']);
    const accounts = await mcp.complete({
      ref: prompt,
      argument: { name: 'account_id', value: customerId.slice(0, 3) },
      context: { arguments: { platform: 'search' } },
    });
    expect(accounts.completion.values).toEqual([customerId]);
    // Another owner's accounts are never offered.
    const other = await googleOwner();
    const none = await mcp.complete({
      ref: prompt,
      argument: { name: 'account_id', value: other.customerId },
    });
    expect(none.completion.values).toEqual([]);

    const template = { type: 'ref/resource', uri: REPORT_TEMPLATE } as const;
    const before = await mcp.complete({ ref: template, argument: { name: 'campaign_id', value: '' } });
    expect(before.completion.values).toEqual([]);
    const listing = await service.call('list_search_campaigns', {}, { key: owner.key });
    const campaign = listing.body.data.structured.campaigns.find(
      (row: { status: string; daily_budget: string | null; budget_shared: boolean }) =>
        row.status === 'ACTIVE' && row.daily_budget && !row.budget_shared,
    );
    const lowered = await service.call(
      'update_search_campaign',
      { campaign_id: campaign.campaign_id, daily_budget: 1 },
      { key: owner.key },
    );
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    const after = await mcp.complete({
      ref: template,
      argument: { name: 'campaign_id', value: '' },
      context: { arguments: { platform: 'search', account_id: customerId } },
    });
    expect(after.completion.values).toEqual([campaign.campaign_id]);
  });
});
