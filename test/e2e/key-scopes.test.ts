import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyLimits } from '../../src/key-limits.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { callTool, connectOverHttp } from '../mcp/clients.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { budgetTool } from '../support/fixture-tools.ts';
import { type Owner, TestService } from '../support/service.ts';

describe.each(TEST_DIALECTS)('what a key may do, on %s', (dialect) => {
  const budget = budgetTool('test_budget');
  let service: TestService;
  let owner: Owner;
  let usd: string;
  let eur: string;

  beforeAll(async () => {
    service = await TestService.start(dialect, { extraTools: [budget.tool] });
    owner = await service.createOwner('pro', ['social', 'network']);
    ({ usd, eur } = await service.addEuroSocialAccount(owner));
  });
  afterAll(() => service.stop());

  const keyWith = (limits: Partial<KeyLimits>) => service.createKeyFor(owner, limits);
  const used = async () =>
    (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used;
  const audited = (requestId: string) => service.auditRow(requestId);

  it('refuses a write to a read key with 403 before quota, and keeps the audit row', async () => {
    const key = await keyWith({ scope: 'read' });
    const before = await used();
    const acted = budget.acted();
    const refused = await service.call('test_budget', { daily_budget: 5, ad_account_id: usd }, { key });
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    expect(refused.body.error).toContain('This API key has the read scope');
    expect(refused.body.error).toContain(`${service.services.config.appUrl}/keys`);
    expect(refused.body.structured_content).toMatchObject({ limit: 'scope', scope: 'read', needed: 'write' });
    expect(budget.acted()).toBe(acted);
    expect(await used()).toBe(before);
    expect(await audited(refused.body.request_id)).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      billable: 0,
    });
    // Reads still work.
    expect((await service.call('list_connected_accounts', {}, { key })).status).toBe(200);
  });

  it('lets a write key lower and pause, not start or raise spend; a spend key may', async () => {
    const write = await keyWith({ scope: 'write' });
    expect(
      (await service.call('test_budget', { daily_budget: 5, ad_account_id: usd }, { key: write })).status,
    ).toBe(200);
    const refused = await service.call('test_budget', { activate: true, ad_account_id: usd }, { key: write });
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    expect(refused.body.error).toContain('would activate the campaign');
    expect(refused.body.structured_content).toMatchObject({ limit: 'scope', needed: 'spend' });
    const spend = await keyWith({ scope: 'spend' });
    expect(
      (await service.call('test_budget', { activate: true, ad_account_id: usd }, { key: spend })).status,
    ).toBe(200);
  });

  it('holds a ceiling in the account currency: at it yes, above it no, other currencies no', async () => {
    const key = await keyWith({ scope: 'spend', ceilings: { USD: 50_000_000 } });
    const at = await service.call('test_budget', { daily_budget: 50, ad_account_id: usd }, { key });
    expect(at.status).toBe(200);
    const above = await service.call('test_budget', { daily_budget: 50.01, ad_account_id: usd }, { key });
    expect([above.status, above.body.code]).toEqual([403, 'insufficient_scope']);
    expect(above.body.error).toContain('up to 50.00 USD, and test_budget would set 50.01 USD');
    expect(above.body.structured_content).toMatchObject({
      limit: 'ceiling',
      currency: 'USD',
      asked: '50.01',
      ceiling: '50.00',
    });
    const euro = await service.call('test_budget', { daily_budget: 1, ad_account_id: eur }, { key });
    expect([euro.status, euro.body.code]).toEqual([403, 'insufficient_scope']);
    expect(euro.body.error).toContain("this account's budgets are in EUR");
    // Without a budget, the ceiling has nothing to check.
    expect((await service.call('test_budget', { ad_account_id: eur }, { key })).status).toBe(200);
  });

  it('hides the accounts outside a key list: listings, the multi-account rule and a direct id', async () => {
    const key = await keyWith({ accounts: [{ platform: 'social', accountId: usd }] });
    const listed = await service.call('list_connected_accounts', {}, { key });
    expect(listed.body.data.structured.accounts.map((a: any) => a.account_id)).toEqual([usd]);
    // Two social accounts, but this key sees one: no account argument needed.
    const only = await service.call('test_budget', {}, { key });
    expect(only.body.data.structured.account_id).toBe(usd);
    const other = await service.call('test_budget', { ad_account_id: eur }, { key });
    expect([other.status, other.body.code]).toEqual([400, 'account_selection_required']);
    expect(other.body.error).not.toContain('Euro shop');
    const network = await service.call('get_connections_status', {}, { key });
    expect(network.body.data.structured.platforms.find((p: any) => p.platform === 'network')).toMatchObject({
      connected: false,
    });
  });

  it('tells a key nothing of a campaign in an account outside its list, not even that it exists', async () => {
    const campaigns = await new SandboxStore(service.services.storage.db, 'social').list<Record<string, any>>(
      'campaign',
      eur,
    );
    const euroCampaign = campaigns.find((c) => c.data.status === 'ACTIVE');
    if (!euroCampaign) throw new Error('no active campaign in the euro account');
    const args = { campaign_id: euroCampaign.id, ad_account_id: usd, status: 'PAUSED' };
    const limited = await keyWith({ accounts: [{ platform: 'social', accountId: usd }] });
    const refused = await service.call('update_social_campaign', args, { key: limited });
    expect([refused.status, refused.body.code]).toEqual([400, 'upstream_rejected']);
    expect(refused.body.error).toContain(
      `Meta has no campaign ${euroCampaign.id} among this caller's accounts`,
    );
    for (const told of [eur, eur.replace(/^act_/, ''), euroCampaign.data.name, 'Euro shop']) {
      expect(JSON.stringify(refused.body)).not.toContain(told);
    }
    // A key that may act on both accounts is told where the campaign is, so it can pass the right one.
    const everyAccount = await service.call('update_social_campaign', args, { key: owner.key });
    expect(everyAccount.body.error).toContain(`belongs to Meta ad account ${eur}`);
    expect(
      (
        await new SandboxStore(service.services.storage.db, 'social').get<Record<string, any>>(
          'campaign',
          euroCampaign.id,
        )
      )?.data.status,
    ).toBe('ACTIVE');
  });

  it('lists over MCP only the tools the key may call, and refuses a call with the same code', async () => {
    const names = async (key: string) => {
      const client = await connectOverHttp(service.url, key);
      try {
        return { tools: (await client.listTools()).tools.map((t) => t.name), client };
      } catch (error) {
        await client.close();
        throw error;
      }
    };
    const read = await names(await keyWith({ scope: 'read' }));
    const write = await names(await keyWith({ scope: 'write' }));
    try {
      expect(read.tools).toContain('get_performance_overview');
      expect(read.tools).not.toContain('test_budget');
      expect(read.tools).not.toContain('create_network_image_campaign');
      expect(write.tools).toContain('test_budget');
      expect(write.tools.length).toBeGreaterThan(read.tools.length);
      const refused = await callTool(read.client, { name: 'test_budget', arguments: { ad_account_id: usd } });
      expect(refused.isError).toBe(true);
      expect(refused._meta).toMatchObject({ 'adops/code': 'insufficient_scope', 'adops/status': 403 });
    } finally {
      await read.client.close();
      await write.client.close();
    }
  });
});
