import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeyLimits } from '../../../src/key-limits.ts';
import { revertChange } from '../../../src/owners/revert-change.ts';
import { asksOnlyToStop } from '../../../src/pipeline/stop-call.ts';
import { activityHistories } from '../../../src/sandbox/activity.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { findUserById } from '../../../src/storage/users.ts';
import { updateNetworkCampaign } from '../../../src/tools/network/update-network-campaign.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';

type Json = Record<string, any>;

/** Seeded campaigns (src/sandbox/network/seed.ts): how each runs today. */
const RUNNING = 'Single image: free trial'; // ACTIVE, 60.00 a day, group ACTIVE
const STOPPED = 'Carousel: product tour'; // PAUSED, 50.00 a day, group ACTIVE
const HELD = 'Spring promo: awareness'; // PAUSED, 30.00 a day, group PAUSED

/**
 * update_network_campaign on the LinkedIn sandbox, through REST and MCP: status and budget round trips
 * read back from the sandbox, reports that follow, dry run, the no-op, idempotent replay, the audit row,
 * what a key's scope and ceiling allow, and the refusals an agent can act on.
 */
describe.each(TEST_DIALECTS)('update_network_campaign on the LinkedIn sandbox (%s)', (dialect) => {
  const clock = new TestClock('2026-11-22T10:00:00.000Z');
  let service: TestService;
  let store: SandboxStore;

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    store = new SandboxStore(service.services.storage.db, 'network');
  });
  afterAll(() => service.stop());
  beforeEach(() => {
    // Each write stamps the sandbox object: a moving clock tells a write from none.
    clock.advanceSeconds(1);
  });

  /** An owner with a freshly seeded LinkedIn sandbox account, and its campaigns by name. */
  async function freshAccount() {
    const owner = await service.createOwner('max', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    const accountId = account?.account_id ?? '';
    const campaigns = await store.list<Json>('campaign', accountId);
    const id = (name: string) => campaigns.find((c) => c.data.name === name)?.id ?? '';
    clock.advanceSeconds(1);
    return { owner, accountId, id };
  }

  const keyWith = (owner: Owner, limits: Partial<KeyLimits>) => service.createKeyFor(owner, limits);

  /** Every answer is checked against the tool's output schema, an unlisted field failing it. */
  const output = updateNetworkCampaign.output?.strict();
  const update = async (key: string, args: Json, headers: Record<string, string> = {}) => {
    const answer = await service.call('update_network_campaign', args, { key, headers });
    if (answer.status === 200) expect(output?.parse(answer.body.data.structured)).toBeDefined();
    return answer;
  };
  const used = async (key: string) =>
    (await service.call('get_usage_status', {}, { key })).body.data.quota.used as number;
  const stored = async (id: string) => {
    const found = await store.get<Json>('campaign', id);
    if (!found) throw new Error(`no campaign ${id}`);
    return found;
  };
  const history = async (id: string) =>
    (await activityHistories(service.services.storage.db, 'network', [id])).get(id) ?? [];
  /** The instant of the last write: a change holds from it (the sandbox's days accrue through the day). */
  const instant = () => clock.now().toISOString();
  const spend = async (key: string, id: string, dateRange: string) => {
    const report = await service.call(
      'get_network_campaign_performance',
      { date_range: dateRange, campaign_ids: [id] },
      { key },
    );
    expect(report.status).toBe(200);
    return report.body.data.structured.campaigns[0];
  };
  const audited = (requestId: string) => service.auditRow(requestId);

  it('pauses a running campaign: read back from LinkedIn, audited, and its spend stops accruing', async () => {
    const { owner, accountId, id } = await freshAccount();
    const campaignId = id(RUNNING);
    const morning = await spend(owner.key, campaignId, 'TODAY');
    expect(morning.impressions).toBeGreaterThan(0);
    const quota = await used(owner.key);

    const paused = await update(owner.key, {
      campaign_id: `urn:li:sponsoredCampaign:${campaignId}`,
      status: 'PAUSED',
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data.structured).toMatchObject({
      account_id: accountId,
      campaign_id: campaignId,
      name: RUNNING,
      currency: 'USD',
      changed: ['status'],
      dry_run: false,
      before: { status: 'ACTIVE', platform_status: 'ACTIVE', daily_budget: '60.00', name: RUNNING },
      after: { status: 'PAUSED', platform_status: 'PAUSED', daily_budget: '60.00', name: RUNNING },
    });
    expect(paused.body.data.text).toContain(
      `Updated LinkedIn campaign ${campaignId}: "${RUNNING}", ACTIVE, 60.00 USD a day -> "${RUNNING}", PAUSED`,
    );
    expect((await stored(campaignId)).data).toMatchObject({
      status: 'PAUSED',
      dailyBudget: { amount: '60.00', currencyCode: 'USD' },
    });
    expect(await used(owner.key)).toBe(quota + 1);

    // The sandbox's reports follow: today keeps what it spent up to the pause and accrues nothing after,
    // the days before unchanged.
    expect((await history(campaignId)).at(-1)).toEqual({
      from: instant(),
      active: false,
      dailyBudgetMicros: 60_000_000,
    });
    clock.advanceSeconds(3 * 3600);
    expect(await spend(owner.key, campaignId, 'TODAY')).toMatchObject({
      impressions: morning.impressions,
      spend: morning.spend,
    });
    expect((await spend(owner.key, campaignId, 'YESTERDAY')).impressions).toBeGreaterThan(0);

    const row = await audited(paused.body.request_id);
    expect(row).toMatchObject({ status: 200, billable: 1, account_id: accountId });
    expect(JSON.parse(row.details ?? '{}')).toMatchObject({
      campaign_id: `urn:li:sponsoredCampaign:${campaignId}`,
      status: 'PAUSED',
      before: { status: 'ACTIVE', daily_budget: '60.00' },
      after: { status: 'PAUSED', daily_budget: '60.00' },
    });
  });

  it('activates and re-budgets a paused campaign with a spend key; spend follows within the new budget', async () => {
    const { owner, id } = await freshAccount();
    const campaignId = id(STOPPED);
    const spendKey = await keyWith(owner, { scope: 'spend' });
    expect(await spend(owner.key, campaignId, 'TODAY')).toMatchObject({ impressions: 0 });

    const active = await update(spendKey, { campaign_id: campaignId, status: 'ACTIVE', daily_budget: 12 });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    expect(active.body.data.structured).toMatchObject({
      changed: ['status', 'daily_budget'],
      before: { status: 'PAUSED', daily_budget: '50.00' },
      after: { status: 'ACTIVE', daily_budget: '12.00' },
    });
    expect(active.body.data.structured.warning).toBeUndefined();
    expect((await stored(campaignId)).data).toMatchObject({
      status: 'ACTIVE',
      dailyBudget: { amount: '12.00', currencyCode: 'USD' },
    });
    // Spending from the instant it is activated, an hour later within its new budget.
    expect(await spend(owner.key, campaignId, 'TODAY')).toMatchObject({ impressions: 0 });
    clock.advanceSeconds(3600);
    const running = await spend(owner.key, campaignId, 'TODAY');
    expect(running.impressions).toBeGreaterThan(0);
    expect(Number(running.spend)).toBeLessThanOrEqual(12);

    const raised = await update(spendKey, { campaign_id: campaignId, daily_budget: 80.5 });
    expect(raised.status).toBe(200);
    expect(raised.body.data.structured.after).toMatchObject({ status: 'ACTIVE', daily_budget: '80.50' });
    expect((await stored(campaignId)).data.dailyBudget).toEqual({ amount: '80.50', currencyCode: 'USD' });
    expect((await history(campaignId)).at(-1)).toEqual({
      from: instant(),
      active: true,
      dailyBudgetMicros: 80_500_000,
    });
  });

  it('renames through MCP, and answers a no-op through MCP without writing', async () => {
    const { owner, id } = await freshAccount();
    const campaignId = id(STOPPED);
    const mcp: Client = await connectOverHttp(service.url, owner.key);
    try {
      const renamed = await callTool(mcp, {
        name: 'update_network_campaign',
        arguments: { campaign_id: campaignId, name: 'Product tour, spring' },
      });
      expect(renamed.isError, JSON.stringify(renamed)).toBeFalsy();
      expect(updateNetworkCampaign.output?.strict().parse(renamed.structuredContent)).toMatchObject({
        name: 'Product tour, spring',
        changed: ['name'],
        before: { name: STOPPED, status: 'PAUSED' },
        after: { name: 'Product tour, spring', status: 'PAUSED' },
      });
      expect((await stored(campaignId)).data.name).toBe('Product tour, spring');

      clock.advanceSeconds(1);
      const stamp = (await stored(campaignId)).updatedAt;
      const same = await callTool(mcp, {
        name: 'update_network_campaign',
        arguments: { campaign_id: campaignId, status: 'PAUSED', name: 'Product tour, spring' },
      });
      expect(same.isError).toBeFalsy();
      expect(same.structuredContent).toMatchObject({ changed: [], dry_run: false });
      expect(JSON.stringify(same.content)).toContain('Nothing to change');
      expect((await stored(campaignId)).updatedAt).toBe(stamp);
    } finally {
      await mcp.close();
    }
  });

  it('answers a campaign already paused, at the same budget, with 200 and no write to LinkedIn', async () => {
    const { owner, id } = await freshAccount();
    const campaignId = id(STOPPED);
    const before = await stored(campaignId);
    const entries = (await history(campaignId)).length;
    const same = await update(owner.key, { campaign_id: campaignId, status: 'PAUSED', daily_budget: 50 });
    expect(same.status).toBe(200);
    expect(same.body.data.text).toContain('Nothing to change');
    expect(same.body.data.text).toContain('No request was sent to LinkedIn');
    expect(same.body.data.structured).toMatchObject({
      changed: [],
      before: { status: 'PAUSED', daily_budget: '50.00' },
      after: { status: 'PAUSED', daily_budget: '50.00' },
    });
    expect((await stored(campaignId)).updatedAt).toBe(before.updatedAt);
    expect((await history(campaignId)).length).toBe(entries);
  });

  it('shows the PARTIAL_UPDATE in a dry run, changing nothing, billed as the read it is', async () => {
    const { owner, accountId, id } = await freshAccount();
    const campaignId = id(RUNNING);
    const before = await stored(campaignId);
    const quota = await used(owner.key);
    const dry = await update(owner.key, {
      campaign_id: campaignId,
      status: 'PAUSED',
      daily_budget: 40,
      name: 'Free trial, lower',
      dry_run: true,
    });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.text).toMatch(/^Dry run: .*Nothing was sent: LinkedIn has no validate-only mode/);
    expect(dry.body.data.structured).toMatchObject({
      dry_run: true,
      changed: ['name', 'status', 'daily_budget'],
      before: { status: 'ACTIVE', daily_budget: '60.00' },
      after: { status: 'PAUSED', daily_budget: '40.00', name: 'Free trial, lower' },
      preview: [
        {
          step: 1,
          action: 'update the campaign',
          method: 'POST',
          url: `/adAccounts/${accountId}/adCampaigns/${campaignId}`,
          headers: { 'X-RestLi-Method': 'PARTIAL_UPDATE' },
          body: {
            patch: {
              $set: {
                status: 'PAUSED',
                dailyBudget: { amount: '40.00', currencyCode: 'USD' },
                name: 'Free trial, lower',
              },
            },
          },
          validated: false,
        },
      ],
    });
    const after = await stored(campaignId);
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(after.data).toEqual(before.data);
    expect(await used(owner.key)).toBe(quota + 1);
  });

  it('replays a repeated Idempotency-Key with the first answer, changing the campaign once', async () => {
    const { owner, id } = await freshAccount();
    const campaignId = id(RUNNING);
    const headers = { 'idempotency-key': randomUUID() };
    const quota = await used(owner.key);
    const first = await update(owner.key, { campaign_id: campaignId, daily_budget: 45 }, headers);
    expect(first.status).toBe(200);
    const stamp = (await stored(campaignId)).updatedAt;
    clock.advanceSeconds(1);
    const again = await update(owner.key, { campaign_id: campaignId, daily_budget: 45 }, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.data.structured.changed).toEqual(['daily_budget']);
    expect((await stored(campaignId)).updatedAt).toBe(stamp);
    expect(await used(owner.key)).toBe(quota + 1);
  });

  it("takes the status in LinkedIn's words too: a draft paused shows both vocabularies, and any pause is a stop", async () => {
    const { owner, id } = await freshAccount();
    const campaignId = id(STOPPED);
    const found = await stored(campaignId);
    await store.update('campaign', campaignId, { ...found.data, status: 'DRAFT' }, clock.now());
    const paused = await update(owner.key, { campaign_id: campaignId, status: 'paused' });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data.structured).toMatchObject({
      changed: ['status'],
      before: { status: 'PAUSED', platform_status: 'DRAFT' },
      after: { status: 'PAUSED', platform_status: 'PAUSED' },
    });
    expect((await stored(campaignId)).data.status).toBe('PAUSED');

    for (const status of ['PAUSED', 'paused', 'DRAFT']) {
      expect(asksOnlyToStop(updateNetworkCampaign, { campaign_id: campaignId, status }), status).toBe(true);
    }
    expect(asksOnlyToStop(updateNetworkCampaign, { campaign_id: campaignId, status: 'active' })).toBe(false);
    const removed = await update(owner.key, { campaign_id: campaignId, status: 'ARCHIVED' });
    expect([removed.status, removed.body.code]).toEqual([400, 'invalid_arguments']);
  });

  it('lets the owner revert a pause and a budget change from what the audit row shows, never over a later change', async () => {
    const { owner, id } = await freshAccount();
    const user = await findUserById(service.services.storage.db, owner.userId);
    if (!user) throw new Error('no owner');
    const campaignId = id(RUNNING);
    const paused = await update(owner.key, { campaign_id: campaignId, status: 'PAUSED', daily_budget: 40 });
    expect(paused.status).toBe(200);
    const change = await audited(paused.body.request_id);
    expect(JSON.parse(change.details ?? '{}')).toMatchObject({
      before: { name: RUNNING, status: 'ACTIVE', daily_budget: '60.00' },
      after: { name: RUNNING, status: 'PAUSED', daily_budget: '40.00' },
    });

    const reverted = await revertChange(service.services, user, change.id);
    expect(reverted.kind, reverted.message).toBe('reverted');
    expect((await stored(campaignId)).data).toMatchObject({
      status: 'ACTIVE',
      dailyBudget: { amount: '60.00', currencyCode: 'USD' },
    });

    const lowered = await audited(
      (await update(owner.key, { campaign_id: campaignId, daily_budget: 30 })).body.request_id,
    );
    await update(owner.key, { campaign_id: campaignId, daily_budget: 20 });
    const drifted = await revertChange(service.services, user, lowered.id);
    expect(drifted.kind).toBe('refused');
    expect(drifted.message).toContain('daily_budget was "30.00", is now "20.00"');
    expect((await stored(campaignId)).data.dailyBudget.amount).toBe('20.00');
  });

  it('lets a write key pause and lower, not activate or raise: 403, nothing changed, no quota', async () => {
    const { owner, id } = await freshAccount();
    const running = id(RUNNING);
    const stopped = id(STOPPED);
    const write = await keyWith(owner, { scope: 'write' });

    const lowered = await update(write, { campaign_id: running, daily_budget: 30 });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect((await stored(running)).data.dailyBudget.amount).toBe('30.00');
    expect((await update(write, { campaign_id: running, status: 'PAUSED' })).status).toBe(200);
    expect((await stored(running)).data.status).toBe('PAUSED');

    const quota = await used(owner.key);
    const before = await stored(stopped);
    for (const [args, what] of [
      [{ status: 'ACTIVE' }, `would activate campaign ${stopped}`],
      [{ daily_budget: 51 }, `would raise the daily budget of campaign ${stopped} to 51.00 USD`],
      [{ status: 'ACTIVE', dry_run: true }, `would activate campaign ${stopped}`],
    ] as const) {
      const refused = await update(write, { campaign_id: stopped, ...args });
      expect([refused.status, refused.body.code], JSON.stringify(args)).toEqual([403, 'insufficient_scope']);
      expect(refused.body.error).toContain(what);
      expect(refused.body.structured_content).toMatchObject({ limit: 'scope', needed: 'spend' });
      const row = await audited(refused.body.request_id);
      expect(row).toMatchObject({ status: 403, code: 'insufficient_scope', billable: 0 });
    }
    expect((await stored(stopped)).updatedAt).toBe(before.updatedAt);
    // A draft going ACTIVE starts spend as a paused campaign does.
    await store.update('campaign', stopped, { ...before.data, status: 'DRAFT' }, clock.now());
    const draft = await update(write, { campaign_id: stopped, status: 'ACTIVE' });
    expect([draft.status, draft.body.code]).toEqual([403, 'insufficient_scope']);
    expect(await used(owner.key)).toBe(quota);
  });

  it("holds a ceiling in the account's currency: above it refused before LinkedIn, at it allowed", async () => {
    const { owner, id } = await freshAccount();
    const campaignId = id(STOPPED);
    const key = await keyWith(owner, { scope: 'spend', ceilings: { USD: 55_000_000 } });
    const before = await stored(campaignId);
    const quota = await used(owner.key);
    const above = await update(key, { campaign_id: campaignId, daily_budget: 55.01 });
    expect([above.status, above.body.code]).toEqual([403, 'insufficient_scope']);
    expect(above.body.error).toContain('up to 55.00 USD, and update_network_campaign would set 55.01 USD');
    expect(above.body.structured_content).toMatchObject({
      limit: 'ceiling',
      asked: '55.01',
      ceiling: '55.00',
    });
    expect((await stored(campaignId)).updatedAt).toBe(before.updatedAt);
    expect(await used(owner.key)).toBe(quota);

    const at = await update(key, { campaign_id: campaignId, daily_budget: 55 });
    expect(at.status).toBe(200);
    expect((await stored(campaignId)).data.dailyBudget.amount).toBe('55.00');
    // A key whose ceilings are in another currency sets no USD budget, even a lower one.
    const euro = await keyWith(owner, { scope: 'spend', ceilings: { EUR: 100_000_000 } });
    const other = await update(euro, { campaign_id: campaignId, daily_budget: 20 });
    expect([other.status, other.body.code]).toEqual([403, 'insufficient_scope']);
    // Without a budget in the call, the ceiling has nothing to judge.
    expect((await update(key, { campaign_id: campaignId, name: 'Renamed under a ceiling' })).status).toBe(
      200,
    );
  });

  it('activates a campaign whose group is paused, saying LinkedIn holds it: no spend until the group runs', async () => {
    const { owner, id } = await freshAccount();
    const campaignId = id(HELD);
    const active = await update(await keyWith(owner, { scope: 'spend' }), {
      campaign_id: campaignId,
      status: 'ACTIVE',
    });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    expect((await stored(campaignId)).data.status).toBe('ACTIVE');
    expect(active.body.data.text).toContain('is PAUSED, so LinkedIn holds the campaign');
    expect(active.body.data.structured.warning).toContain('activate the group in Campaign Manager');
    expect((await history(campaignId)).at(-1)).toMatchObject({ from: instant(), active: false });
    expect(await spend(owner.key, campaignId, 'TODAY')).toMatchObject({ impressions: 0 });
  });

  it('names the account for an unknown id and refuses archived or canceled campaigns, using no quota', async () => {
    const { owner, accountId, id } = await freshAccount();
    const quota = await used(owner.key);
    const unknown = await update(owner.key, { campaign_id: '999999999', status: 'PAUSED' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'upstream_rejected']);
    expect(unknown.body.error).toContain(`no campaign 999999999 in ad account ${accountId}`);
    expect(unknown.body.error).toContain('list_network_campaigns');

    for (const status of ['ARCHIVED', 'CANCELED']) {
      const campaignId = id(STOPPED);
      const found = await stored(campaignId);
      await store.update('campaign', campaignId, { ...found.data, status }, clock.now());
      clock.advanceSeconds(1);
      const stamp = (await stored(campaignId)).updatedAt;
      const refused = await update(owner.key, { campaign_id: campaignId, status: 'ACTIVE' });
      expect([refused.status, refused.body.code]).toEqual([400, 'upstream_rejected']);
      expect(refused.body.error).toContain(`is ${status}, and this tool changes only`);
      expect((await stored(campaignId)).updatedAt).toBe(stamp);
    }
    expect(await used(owner.key)).toBe(quota);

    // A daily budget above the campaign's lifetime budget: LinkedIn refuses it, so the tool does first.
    const running = await stored(id(RUNNING));
    await store.update(
      'campaign',
      running.id,
      { ...running.data, totalBudget: { amount: '500.00', currencyCode: 'USD' } },
      clock.now(),
    );
    const overTotal = await update(owner.key, { campaign_id: running.id, daily_budget: 500.01 });
    expect([overTotal.status, overTotal.body.code]).toEqual([400, 'invalid_arguments']);
    expect(overTotal.body.error).toContain(
      "daily_budget: must not exceed the campaign's total budget of 500.00 USD",
    );
    // A fault provoked through the public API: LinkedIn's throttle, no quota used.
    const throttled = await update(owner.key, { campaign_id: 'sandbox_rate_limited', status: 'PAUSED' });
    expect([throttled.status, throttled.body.code]).toEqual([429, 'upstream_rate_limited']);
    expect(await used(owner.key)).toBe(quota);

    const nothing = await update(owner.key, { campaign_id: id(RUNNING) });
    expect([nothing.status, nothing.body.code]).toEqual([400, 'invalid_arguments']);
    expect(nothing.body.error).toContain('pass at least one of status, daily_budget or name');
  });
});
