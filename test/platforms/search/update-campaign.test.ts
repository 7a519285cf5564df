import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyLimits } from '../../../src/key-limits.ts';
import { asksOnlyToStop } from '../../../src/pipeline/stop-call.ts';
import { createSandboxCampaign } from '../../../src/sandbox/search/campaigns.ts';
import type { StoredBudget, StoredCampaign } from '../../../src/sandbox/search/resources.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { issueSandboxToken } from '../../../src/sandbox/tokens.ts';
import { createRegistry } from '../../../src/tools/registry.ts';
import { callTool, connectOverHttp, textOf } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { googleAds, type SearchOwner, searchOwner, VERSION } from './support.ts';

const NOW = '2026-11-24T10:00:00.000Z';
const TODAY = '2026-11-24';
const TOOL = 'update_search_campaign';
const output = createRegistry().get(TOOL)?.output;
/** The answer as the tool's output schema reads it, strict at the top: the same back means all described. */
const described = (structured: unknown) => output?.strict().parse(structured);

describe.each(TEST_DIALECTS)('update_search_campaign on the Google Ads sandbox (%s)', (dialect) => {
  let service: TestService;
  let acme: SearchOwner;
  let store: SandboxStore;
  let spendKey: string;
  let mcp: Client;
  const clock = new TestClock(NOW);
  const seeded: Record<string, string> = {};

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    acme = await searchOwner(service);
    store = new SandboxStore(service.services.storage.db, 'search');
    for (const campaign of await store.list<StoredCampaign>('campaign', acme.customerId)) {
      seeded[campaign.data.name] = campaign.id;
    }
    spendKey = await keyWith({ scope: 'spend' });
    mcp = await connectOverHttp(service.url, spendKey);
  });
  afterAll(async () => {
    await mcp.close();
    await service.stop();
  });

  const keyWith = (limits: Partial<KeyLimits>) => service.createKeyFor(acme.owner, limits);
  /** A campaign with a budget of its own, made today. */
  const fresh = (status: 'ENABLED' | 'PAUSED', dailyBudgetMicros: number) =>
    createSandboxCampaign(
      service.services.storage.db,
      store,
      acme.customerId,
      { name: `Campaign ${randomUUID().slice(0, 8)}`, status, dailyBudgetMicros },
      clock.now(),
    );
  const update = (args: Record<string, unknown>, key = acme.owner.key, idempotencyKey = randomUUID()) =>
    service.call(TOOL, args, { key, headers: { 'idempotency-key': idempotencyKey } });
  const campaignOf = async (id: string) => (await store.get<StoredCampaign>('campaign', id))?.data;
  const budgetOf = async (id: string) => {
    const campaign = await campaignOf(id);
    return (await store.get<StoredBudget>('campaign_budget', campaign?.budgetId ?? ''))?.data.amountMicros;
  };
  const used = async () =>
    (await service.call('get_usage_status', {}, { key: acme.owner.key })).body.data.quota.used as number;
  /** The mutate requests that reached the sandbox (its request log), so far. */
  const mutates = () =>
    service.logLines.filter((line) => /campaigns::mutate|campaignBudgets::mutate/.test(line)).length;
  const audited = (requestId: string) => service.auditRow(requestId);
  const costToday = async (id: string) => {
    // A token of its own, that outlives the clock's moves.
    const grant = { userId: acme.owner.userId, accountIds: [acme.customerId] };
    const { db } = service.services.storage;
    const { token } = await issueSandboxToken(db, 'search', 'access', grant, clock.now(), null);
    const answer = await googleAds(service, `/${VERSION}/customers/${acme.customerId}/googleAds:search`, {
      token,
      body: {
        query: `SELECT campaign.id, metrics.cost_micros FROM campaign WHERE campaign.id = ${id} AND segments.date = '${TODAY}'`,
      },
    });
    return Number(answer.body.results?.[0]?.metrics?.costMicros ?? 0);
  };

  it('pauses a campaign with a write key: before and after, the audit row, and its spend stops accruing', async () => {
    const id = seeded['Competitors - Search'] ?? '';
    const morning = await costToday(id);
    expect(morning).toBeGreaterThan(0);
    const quota = await used();
    const { status, body } = await update({ campaign_id: id, status: 'PAUSED' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.structured).toEqual({
      customer_id: acme.customerId,
      campaign_id: id,
      name: 'Competitors - Search',
      budget_id: expect.stringMatching(/^\d+$/),
      budget_shared: false,
      before: { status: 'ACTIVE', platform_status: 'ENABLED', daily_budget: '30.00', currency: 'USD' },
      after: { status: 'PAUSED', platform_status: 'PAUSED', daily_budget: '30.00', currency: 'USD' },
      dry_run: false,
      changed: ['status'],
    });
    expect(described(body.data.structured)).toEqual(body.data.structured);
    expect(body.data.text).toBe(
      `Updated Google Ads campaign ${id} ("Competitors - Search") of customer ${acme.customerId}: ENABLED, ` +
        'daily budget 30.00 USD -> PAUSED, daily budget 30.00 USD. Reports show the change from today on.',
    );
    expect((await campaignOf(id))?.status).toBe('PAUSED');
    // The day keeps what it spent until the pause, and accrues nothing after it.
    clock.advanceSeconds(3600);
    expect(await costToday(id)).toBe(morning);
    expect(await used()).toBe(quota + 1);
    const row = await audited(body.request_id);
    expect(row).toMatchObject({ tool: TOOL, status: 200 });
    expect(JSON.parse(row?.details ?? '{}')).toMatchObject({
      campaign_id: id,
      status: 'PAUSED',
      // The audit keeps the fields the answer shows, and the object: a revert passes status and
      // daily_budget back as its arguments (platform_status follows status).
      objects: [{ kind: 'campaign', id }],
      before: { status: 'ACTIVE', platform_status: 'ENABLED', daily_budget: '30.00', currency: 'USD' },
      after: { status: 'PAUSED', platform_status: 'PAUSED', daily_budget: '30.00', currency: 'USD' },
    });

    // Read back through the read tool, as an agent would.
    const listed = await service.call(
      'list_search_campaigns',
      { status: ['PAUSED'] },
      { key: acme.owner.key },
    );
    expect(listed.body.data.structured.campaigns.map((c: any) => c.campaign_id)).toContain(id);
  });

  it('enables and raises a budget with a spend key; a write key pauses and lowers together', async () => {
    const id = await fresh('PAUSED', 20_000_000);
    // Google's own word is taken as the common one.
    const { status, body } = await update(
      { campaign_id: id, status: 'ENABLED', daily_budget: 45.5 },
      spendKey,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.structured).toMatchObject({
      before: { status: 'PAUSED', platform_status: 'PAUSED', daily_budget: '20.00', currency: 'USD' },
      after: { status: 'ACTIVE', platform_status: 'ENABLED', daily_budget: '45.50', currency: 'USD' },
      changed: ['status', 'daily_budget'],
    });
    expect((await campaignOf(id))?.status).toBe('ENABLED');
    expect(await budgetOf(id)).toBe('45500000');
    // Spending from the instant it is enabled: a few hours later, within its new budget.
    clock.advanceSeconds(3 * 3600);
    const spent = await costToday(id);
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(45_500_000);

    // Pausing and lowering together: a write key may.
    const lowered = await update({ campaign_id: id, status: 'paused', daily_budget: 10 });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(lowered.body.data.structured.after).toEqual({
      status: 'PAUSED',
      platform_status: 'PAUSED',
      daily_budget: '10.00',
      currency: 'USD',
    });
    expect(await budgetOf(id)).toBe('10000000');
    // Paused: the day keeps what it spent, and accrues nothing more.
    clock.advanceSeconds(3600);
    expect(await costToday(id)).toBe(spent);
  });

  it('refuses a write key to enable or raise (403, nothing sent, no quota) but lets it lower', async () => {
    const id = await fresh('PAUSED', 20_000_000);
    const quota = await used();
    const before = mutates();
    const enable = await update({ campaign_id: id, status: 'ENABLED' });
    expect([enable.status, enable.body.code]).toEqual([403, 'insufficient_scope']);
    expect(enable.body.error).toContain(`${TOOL} would enable campaign ${id}`);
    expect(enable.body.structured_content).toMatchObject({ limit: 'scope', needed: 'spend' });
    const raise = await update({ campaign_id: id, daily_budget: 20.01 });
    expect([raise.status, raise.body.code]).toEqual([403, 'insufficient_scope']);
    expect(raise.body.error).toContain(`raise the daily budget of campaign ${id} to 20.01 USD`);
    expect(mutates()).toBe(before);
    expect(await used()).toBe(quota);
    expect(await campaignOf(id)).toMatchObject({ status: 'PAUSED' });
    expect(await budgetOf(id)).toBe('20000000');
    expect(await audited(raise.body.request_id)).toMatchObject({ status: 403, code: 'insufficient_scope' });

    const lower = await update({ campaign_id: id, daily_budget: 19.99 });
    expect(lower.status).toBe(200);
    expect(await budgetOf(id)).toBe('19990000');
  });

  it("holds a key's ceiling in the account currency: at it yes, above it no", async () => {
    const id = await fresh('ENABLED', 20_000_000);
    const key = await keyWith({ scope: 'spend', ceilings: { USD: 60_000_000 } });
    const above = await update({ campaign_id: id, daily_budget: 60.01 }, key);
    expect([above.status, above.body.code]).toEqual([403, 'insufficient_scope']);
    expect(above.body.structured_content).toMatchObject({
      limit: 'ceiling',
      currency: 'USD',
      asked: '60.01',
      ceiling: '60.00',
    });
    expect(await budgetOf(id)).toBe('20000000');
    const at = await update({ campaign_id: id, daily_budget: 60 }, key);
    expect(at.status).toBe(200);
    expect(await budgetOf(id)).toBe('60000000');
  });

  it("runs a dry run as Google's validateOnly: the requests in the preview, nothing changed, billed as a read", async () => {
    const id = await fresh('PAUSED', 20_000_000);
    const quota = await used();
    const before = mutates();
    const { status, body } = await update(
      { campaign_id: id, status: 'ACTIVE', daily_budget: 25, dry_run: true },
      spendKey,
    );
    expect(described(body.data.structured)).toEqual(body.data.structured);
    // The pipeline's projection of the change is part of the answer the schema describes.
    expect(body.data.structured.impact).toMatchObject({ currency: 'USD', projected_daily_delta: '+25.00' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.text).toBe(
      `Dry run: Google Ads campaign ${id} ("${(await campaignOf(id))?.name}") of customer ${acme.customerId} ` +
        'would change from PAUSED, daily budget 20.00 USD to ENABLED, daily budget 25.00 USD, with 2 ' +
        'requests to Google Ads, listed in order in structured.preview. Google Ads validated them and ' +
        'changed nothing.',
    );
    const campaign = await campaignOf(id);
    const base = `/sandbox/search/${VERSION}/customers/${acme.customerId}`;
    // The budget goes first when enabling, so the campaign never runs on the old budget.
    expect(body.data.structured).toMatchObject({
      dry_run: true,
      changed: ['status', 'daily_budget'],
      after: { status: 'ACTIVE', platform_status: 'ENABLED', daily_budget: '25.00', currency: 'USD' },
      preview: [
        {
          step: 1,
          action: 'change the daily budget',
          method: 'POST',
          url: `${base}/campaignBudgets:mutate`,
          body: {
            operations: [
              {
                update: {
                  resourceName: `customers/${acme.customerId}/campaignBudgets/${campaign?.budgetId}`,
                  amountMicros: '25000000',
                },
                updateMask: 'amountMicros',
              },
            ],
          },
          validated: true,
        },
        {
          step: 2,
          action: 'enable the campaign',
          method: 'POST',
          url: `${base}/campaigns:mutate`,
          body: {
            operations: [
              {
                update: { resourceName: `customers/${acme.customerId}/campaigns/${id}`, status: 'ENABLED' },
                updateMask: 'status',
              },
            ],
          },
          validated: true,
        },
      ],
    });
    // Both went to Google with validateOnly, and changed nothing.
    expect(mutates()).toBe(before + 2);
    expect(await campaignOf(id)).toEqual(campaign);
    expect(await budgetOf(id)).toBe('20000000');
    // A dry run is a read: billed as one.
    expect(await used()).toBe(quota + 1);
    // A dry run asks the key as the change would.
    const refused = await update({ campaign_id: id, status: 'ENABLED', dry_run: true });
    expect(refused.status).toBe(403);
  });

  it('answers a change that would do nothing with 200, sending no mutate', async () => {
    const id = await fresh('PAUSED', 20_000_000);
    const before = mutates();
    const { status, body } = await update({ campaign_id: id, status: 'PAUSED', daily_budget: 20 });
    expect(status).toBe(200);
    expect(body.data.text).toBe(
      `Nothing to change: Google Ads campaign ${id} ("${(await campaignOf(id))?.name}") of customer ` +
        `${acme.customerId} is already PAUSED, daily budget 20.00 USD. No request was sent to Google Ads.`,
    );
    expect(body.data.structured).toMatchObject({
      changed: [],
      dry_run: false,
      before: { status: 'PAUSED', platform_status: 'PAUSED', daily_budget: '20.00' },
      after: { status: 'PAUSED', platform_status: 'PAUSED', daily_budget: '20.00' },
    });
    expect(body.data.structured).not.toHaveProperty('preview');
    expect(described(body.data.structured)).toEqual(body.data.structured);
    expect(mutates()).toBe(before);
  });

  it('refuses a shared budget with the campaigns sharing it, unless allow_shared_budget', async () => {
    const generic = seeded['Generic - Search'] ?? '';
    const longTail = seeded['Generic - Long tail'] ?? '';
    const before = mutates();
    const refused = await update({ campaign_id: generic, daily_budget: 70 });
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid_arguments']);
    expect(refused.body.error).toContain(`campaign ${generic} spends from the shared budget`);
    expect(refused.body.error).toContain(`${longTail} ("Generic - Long tail", PAUSED)`);
    expect(refused.body.error).toContain('allow_shared_budget: true');
    expect(refused.body.structured_content).toMatchObject({
      issues: [{ field: 'daily_budget' }],
      budget_id: expect.stringMatching(/^\d+$/),
      sharing_campaigns: [
        { campaign_id: longTail, name: 'Generic - Long tail', status: 'PAUSED', platform_status: 'PAUSED' },
      ],
    });
    expect(mutates()).toBe(before);
    expect(await budgetOf(generic)).toBe('80000000');
    // Pausing alone leaves the shared budget as it is: no refusal.
    expect((await update({ campaign_id: generic, status: 'PAUSED' })).status).toBe(200);

    const allowed = await update({ campaign_id: generic, daily_budget: 70, allow_shared_budget: true });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.data.text).toContain(
      `The budget is shared: the new amount also applies to ${longTail} ("Generic - Long tail").`,
    );
    expect(allowed.body.data.structured).toMatchObject({
      budget_shared: true,
      sharing_campaigns: [{ campaign_id: longTail, status: 'PAUSED', platform_status: 'PAUSED' }],
      after: { status: 'PAUSED', daily_budget: '70.00' },
    });
    expect(described(allowed.body.data.structured)).toEqual(allowed.body.data.structured);
    expect(await budgetOf(generic)).toBe('70000000');
    expect(await budgetOf(longTail)).toBe('70000000');
  });

  it('names the customer for an unknown campaign, and refuses a removed one', async () => {
    const quota = await used();
    const missing = await update({ campaign_id: '123456789', status: 'PAUSED' });
    expect([missing.status, missing.body.code]).toEqual([400, 'upstream_rejected']);
    expect(missing.body.error).toContain(`customer ${acme.customerId} has no campaign 123456789`);
    const removed = await update({ campaign_id: seeded['Holiday sale'], status: 'ENABLED' }, spendKey);
    expect([removed.status, removed.body.code]).toEqual([400, 'upstream_rejected']);
    expect(removed.body.error).toContain('("Holiday sale")');
    expect(removed.body.error).toContain('is removed');
    const precise = await update({ campaign_id: seeded['Brand - Search'], daily_budget: 12.345 });
    expect([precise.status, precise.body.code]).toEqual([400, 'invalid_arguments']);
    expect(precise.body.error).toContain('USD has 2 decimals, and 12.345 has more: pass 12.35 for example');
    const nothing = await update({ campaign_id: seeded['Brand - Search'] });
    expect(nothing.body.error).toContain('nothing to change: pass at least one of status or daily_budget');
    expect(await used()).toBe(quota);
  });

  it('pauses before a budget change; when Google then refuses the budget, the audit keeps the pause', async () => {
    // 2.5 million a day, so that 20 million is a raise below ten times (which would wait for approval).
    const id = await fresh('ENABLED', 2_500_000_000_000);
    // Above the sandbox's largest amount: Google's MONEY_AMOUNT_TOO_LARGE, after the pause went through.
    const refused = await update({ campaign_id: id, status: 'PAUSED', daily_budget: 20_000_000 }, spendKey);
    expect([refused.status, refused.body.code]).toEqual([400, 'upstream_rejected']);
    expect(refused.body.error).toContain('too large');
    expect(await campaignOf(id)).toMatchObject({ status: 'PAUSED' });
    expect(await budgetOf(id)).toBe('2500000000000');
    const row = await audited(refused.body.request_id);
    expect(JSON.parse(row?.details ?? '{}')).toMatchObject({
      before: { status: 'ACTIVE', daily_budget: '2500000.00' },
      after: { status: 'PAUSED', daily_budget: '2500000.00' },
    });
    // The same call again finds the pause made and sends the budget alone.
    const before = mutates();
    const lower = await update({ campaign_id: id, status: 'PAUSED', daily_budget: 5 });
    expect(lower.body.data.structured.changed).toEqual(['daily_budget']);
    expect(mutates()).toBe(before + 1);
  });

  it('replays the same Idempotency-Key with the same answer, changing once', async () => {
    const id = await fresh('ENABLED', 20_000_000);
    const key = randomUUID();
    const before = mutates();
    const first = await update({ campaign_id: id, daily_budget: 15 }, acme.owner.key, key);
    expect(first.status).toBe(200);
    const quota = await used();
    const second = await update({ campaign_id: id, daily_budget: 15 }, acme.owner.key, key);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(mutates()).toBe(before + 1);
    expect(await used()).toBe(quota);
  });

  it('counts a pause in any spelling the tool takes as a stop, never an enable', () => {
    const tool = createRegistry().get(TOOL);
    if (!tool) throw new Error(`no ${TOOL}`);
    const id = seeded['Brand - Search'];
    for (const status of ['PAUSED', 'paused', ' Paused ']) {
      expect([status, asksOnlyToStop(tool, { campaign_id: id, status })]).toEqual([status, true]);
    }
    for (const status of ['ACTIVE', 'ENABLED', 'enabled']) {
      expect([status, asksOnlyToStop(tool, { campaign_id: id, status })]).toEqual([status, false]);
    }
    expect(asksOnlyToStop(tool, { campaign_id: id, daily_budget: 5 })).toBe(true);
  });

  it('answers over MCP as over REST, and refuses there with the same code', async () => {
    const id = await fresh('PAUSED', 20_000_000);
    const result = await callTool(mcp, { name: TOOL, arguments: { campaign_id: id, status: 'ENABLED' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      campaign_id: id,
      before: { status: 'PAUSED' },
      after: { status: 'ACTIVE', platform_status: 'ENABLED' },
    });
    expect(textOf(result)).toContain('PAUSED, daily budget 20.00 USD -> ENABLED, daily budget 20.00 USD');
    expect((await campaignOf(id))?.status).toBe('ENABLED');

    const writer = await connectOverHttp(service.url, acme.owner.key);
    try {
      const again = await callTool(writer, { name: TOOL, arguments: { campaign_id: id, status: 'PAUSED' } });
      expect(again.isError).toBeFalsy();
      const refused = await callTool(writer, {
        name: TOOL,
        arguments: { campaign_id: id, status: 'ENABLED' },
      });
      expect(refused.isError).toBe(true);
      expect(refused._meta).toMatchObject({ 'adops/code': 'insufficient_scope', 'adops/status': 403 });
    } finally {
      await writer.close();
    }
    expect((await campaignOf(id))?.status).toBe('PAUSED');
  });
});
