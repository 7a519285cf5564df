import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitsOfRow } from '../../src/key-limits.ts';
import { addAccount } from '../../src/owners/add-account.ts';
import { resumeAgents, stopAgents } from '../../src/owners/agents.ts';
import { issueKey } from '../../src/owners/create-key.ts';
import { listOAuthGrants } from '../../src/storage/oauth-grants.ts';
import { findUserByEmail, findUserById } from '../../src/storage/users.ts';
import type { ConsoleClient } from '../console/support/console-client.ts';
import { callTool, connectOverHttp } from '../mcp/clients.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { budgetTool } from '../support/fixture-tools.ts';
import type { TestService } from '../support/service.ts';
import {
  authorize,
  newPkce,
  obtainTokens,
  publicClient,
  signedInOwner,
  startOAuthService,
} from './support/oauth-flow.ts';

/** The key-limit rules of test/e2e/key-scopes.test.ts, with an OAuth access token in place of the key. */
describe.each(TEST_DIALECTS)('an OAuth token obeys the limits of its grant like a key, on %s', (dialect) => {
  const budget = budgetTool('test_budget');
  let service: TestService;
  let owner: ConsoleClient;
  let userId: string;
  let shop: string;
  let brand: string;

  beforeAll(async () => {
    service = await startOAuthService(dialect, { extraTools: [budget.tool] });
    const signedIn = await signedInOwner(service.url);
    owner = signedIn.owner;
    const user = await findUserByEmail(service.services.storage.db, signedIn.email);
    if (!user) throw new Error('no owner');
    userId = user.id;
    shop = (await addAccount(service.services, user, { platform: 'social', name: 'Shop' })).account_id;
    brand = (await addAccount(service.services, user, { platform: 'social', name: 'Brand' })).account_id;
  });
  afterAll(() => service.stop());

  /** The owner's live grant to a client, as stored. */
  async function grantOf(clientId: string) {
    const grants = await listOAuthGrants(service.services.storage.db, userId);
    return grants.find((g) => g.client_id === clientId);
  }

  /**
   * The owner approves a new app (its own client, so its own grant: approving the same client again in
   * the same browser would reuse the earlier grant) and the app gets its access token.
   */
  async function grant(options: Parameters<typeof obtainTokens>[3]) {
    const client = await publicClient(service.url);
    const tokens = await obtainTokens(service.url, owner, client, options);
    latestToken = tokens.access_token;
    return { token: tokens.access_token, client };
  }
  /** The token of the app approved last: registrations from one address are rate-limited. */
  let latestToken = '';

  it('a read grant lists only read tools over MCP and is refused a write with 403 insufficient_scope', async () => {
    const { token } = await grant({ scope: 'read' });
    const acted = budget.acted();

    const refused = await service.call(
      'test_budget',
      { daily_budget: 5, ad_account_id: shop },
      { key: token },
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    expect(refused.body.structured_content).toMatchObject({ limit: 'scope', scope: 'read', needed: 'write' });
    expect(budget.acted()).toBe(acted);
    expect((await service.call('list_connected_accounts', {}, { key: token })).status).toBe(200);

    const mcp = await connectOverHttp(service.url, token);
    try {
      const tools = (await mcp.listTools()).tools.map((t) => t.name);
      expect(tools).toContain('get_performance_overview');
      expect(tools).not.toContain('test_budget');
      expect(tools).not.toContain('create_network_image_campaign');
      const call = await callTool(mcp, { name: 'test_budget', arguments: { ad_account_id: shop } });
      expect(call.isError).toBe(true);
      expect(call._meta).toMatchObject({ 'adops/code': 'insufficient_scope', 'adops/status': 403 });
    } finally {
      await mcp.close();
    }
    expect(budget.acted()).toBe(acted);
  });

  it('the owner may grant less than the app asked: asked write, granted read, refused a write', async () => {
    const { token } = await grant({ scope: 'write', consent: { scope: 'read' } });
    const refused = await service.call(
      'test_budget',
      { daily_budget: 5, ad_account_id: shop },
      { key: token },
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    expect(refused.body.structured_content).toMatchObject({ limit: 'scope', scope: 'read', needed: 'write' });
    expect((await service.call('list_connected_accounts', {}, { key: token })).status).toBe(200);
  });

  it('a write grant for one account with a 50 USD ceiling: other account refused, above refused, within accepted', async () => {
    const { token } = await grant({
      scope: 'write',
      consent: { scope: 'write', accounts: [`social:${shop}`], maxDailyBudget: '50 USD' },
    });
    const listed = await service.call('list_connected_accounts', {}, { key: token });
    expect(listed.body.data.structured.accounts.map((a: any) => a.account_id)).toEqual([shop]);

    const acted = budget.acted();
    const other = await service.call(
      'test_budget',
      { daily_budget: 5, ad_account_id: brand },
      { key: token },
    );
    expect([other.status, other.body.code]).toEqual([400, 'account_selection_required']);
    expect(other.body.error).not.toContain('Brand');

    const above = await service.call(
      'test_budget',
      { daily_budget: 50.01, ad_account_id: shop },
      { key: token },
    );
    expect([above.status, above.body.code]).toEqual([403, 'insufficient_scope']);
    expect(above.body.structured_content).toMatchObject({
      limit: 'ceiling',
      currency: 'USD',
      asked: '50.01',
      ceiling: '50.00',
    });
    const activate = await service.call(
      'test_budget',
      { activate: true, ad_account_id: shop },
      { key: token },
    );
    expect([activate.status, activate.body.code]).toEqual([403, 'insufficient_scope']);
    expect(activate.body.structured_content).toMatchObject({ limit: 'scope', needed: 'spend' });
    expect(budget.acted()).toBe(acted);

    const within = await service.call(
      'test_budget',
      { daily_budget: 50, ad_account_id: shop },
      { key: token },
    );
    expect(within.status).toBe(200);
    // One account in the grant: no account argument needed.
    const implied = await service.call('test_budget', { daily_budget: 10 }, { key: token });
    expect(implied.body.data.structured.account_id).toBe(shop);
    expect(budget.acted()).toBe(acted + 2);
  });

  it('the consent page offers the spend guardrails and stores them on the grant, shown among Connected apps', async () => {
    const client = await publicClient(service.url);
    const authorized = await authorize(owner, client, {
      scope: 'spend',
      pkce: newPkce(),
      consent: { scope: 'spend', maxRaisePercent: '30', approval: 'spend' },
    });
    expect(authorized.code).not.toBeNull();
    expect(authorized.consentPage).toContain('Largest raise without approval (%)');
    expect(authorized.consentPage).toContain('Every spend change needs my approval');
    const grant = await grantOf(client.clientId);
    expect(grant && limitsOfRow(grant)).toEqual({
      ...DEFAULT_LIMITS,
      scope: 'spend',
      maxRaisePercent: 30,
      approval: 'spend',
    });
    expect((await owner.get('/keys')).text).toContain(
      'spend; every account; no budget ceiling; raises over 30% need approval; every spend change needs approval',
    );
  });

  it('the consent page refuses a largest raise or an approval it cannot read, granting nothing', async () => {
    for (const consent of [{ maxRaisePercent: '0' }, { maxRaisePercent: '5000' }, { approval: 'always' }]) {
      const client = await publicClient(service.url);
      await expect(authorize(owner, client, { pkce: newPkce(), consent })).rejects.toThrow(
        /the flow stopped at \/oauth\/consent\/[^:]+: 400 /,
      );
      expect(await grantOf(client.clientId)).toBeUndefined();
    }
  });

  it('audits the call with the client, not a key, and counts it in the owner quota', async () => {
    const { token, client } = await grant({ scope: 'write' });
    const before = (await service.call('get_usage_status', {}, { key: token })).body.data.quota.used;
    const call = await service.call('test_budget', { daily_budget: 5, ad_account_id: shop }, { key: token });
    expect(call.status).toBe(200);
    const row = await service.auditRow(call.body.request_id);
    expect(row).toMatchObject({
      user_id: userId,
      api_key_id: null,
      oauth_client_id: client.clientId,
      tool: 'test_budget',
      status: 200,
    });
    const after = (await service.call('get_usage_status', {}, { key: token })).body.data.quota;
    expect(after.used).toBe(before + 1);
    // The quota is the owner's: another grant of the same owner sees the same count.
    const other = await grant({ scope: 'read' });
    const seen = (await service.call('get_usage_status', {}, { key: other.token })).body.data.quota;
    expect(seen.used).toBe(after.used);
  });

  it("shares the owner's idempotency scope: a key of the owner replays the token's write", async () => {
    const { token } = await grant({ scope: 'write' });
    const user = await findUserById(service.services.storage.db, userId);
    if (!user) throw new Error('no owner');
    const key = (
      await issueKey(service.services.storage.db, user, 'agent', 'never', service.services.clock.now())
    ).key;
    const acted = budget.acted();
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const args = { daily_budget: 7, ad_account_id: shop };
    const first = await service.call('test_budget', args, { key: token, headers });
    const again = await service.call('test_budget', args, { key, headers });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.request_id).toBe(first.body.request_id);
    expect(budget.acted()).toBe(acted + 1);
  });
  it("stopping all agents refuses the app's token with agents_stopped, and resuming restores it", async () => {
    const token = latestToken;
    expect((await service.call('list_connected_accounts', {}, { key: token })).status).toBe(200);
    const user = await findUserById(service.services.storage.db, userId);
    if (!user) throw new Error('no owner');
    await stopAgents(service.services, user, { pauseChanged: false });
    try {
      const refused = await service.call('list_connected_accounts', {}, { key: token });
      expect([refused.status, refused.body.code]).toEqual([403, 'agents_stopped']);
      const acted = budget.acted();
      const write = await service.call(
        'test_budget',
        { daily_budget: 5, ad_account_id: shop },
        { key: token },
      );
      expect([write.status, write.body.code]).toEqual([403, 'agents_stopped']);
      expect(budget.acted()).toBe(acted);
    } finally {
      expect(await resumeAgents(service.services, user)).toBe(true);
    }
    expect((await service.call('list_connected_accounts', {}, { key: token })).status).toBe(200);
  });
});
