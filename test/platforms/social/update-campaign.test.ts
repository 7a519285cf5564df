import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyLimits } from '../../../src/key-limits.ts';
import { addAccount } from '../../../src/owners/add-account.ts';
import { activityHistories } from '../../../src/sandbox/activity.ts';
import { dailyMetrics } from '../../../src/sandbox/daily-metrics.ts';
import type { SandboxCampaign } from '../../../src/sandbox/social/campaign-records.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { findUserByEmail } from '../../../src/storage/users.ts';
import { listSocialCampaigns } from '../../../src/tools/social/list-social-campaigns.ts';
import { updateSocialCampaign } from '../../../src/tools/social/update-social-campaign.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { outputOf } from '../../support/output-schema.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { accessTokenOf, graph } from './support.ts';

const TOOL = 'update_social_campaign';
const DAY_MS = 86_400_000;

describe.each(TEST_DIALECTS)('update_social_campaign on the Meta sandbox (%s)', (dialect) => {
  let service: TestService;
  let owner: Owner;
  let usd: string;
  let jpy: string;
  let token: string;
  let store: SandboxStore;
  // Noon: a day's spend accrues through the day, and the tests move within it.
  const clock = new TestClock('2026-11-22T12:00:00.000Z');

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    owner = await service.createOwner('pro', ['social']);
    const { db } = service.services.storage;
    const user = await findUserByEmail(db, owner.email);
    if (!user) throw new Error('no owner');
    await addAccount(service.services, user, { platform: 'social', currency: 'JPY', name: 'Tokyo shop' });
    const accounts = await listAdAccounts(db, owner.userId, 'social');
    usd = accounts.find((a) => a.currency === 'USD')?.account_id ?? '';
    jpy = accounts.find((a) => a.currency === 'JPY')?.account_id ?? '';
    token = await accessTokenOf(service, owner);
    store = new SandboxStore(db, 'social');
  });
  afterAll(() => service.stop());

  /** The seeded campaign of that name in the account. */
  async function campaignId(account: string, name: string): Promise<string> {
    const campaigns = await store.list<SandboxCampaign>('campaign', account);
    const found = campaigns.find((c) => c.data.name === name);
    if (!found) throw new Error(`no campaign "${name}"`);
    return found.id;
  }
  const stored = async (id: string) => (await store.get<SandboxCampaign>('campaign', id))?.data;
  const update = (args: Record<string, unknown>, key = owner.key, headers: Record<string, string> = {}) =>
    service.call(TOOL, { ad_account_id: usd, ...args }, { key, headers });
  const used = async () =>
    (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used as number;
  const audited = (requestId: string) => service.auditRow(requestId);
  const keyWith = (limits: Partial<KeyLimits>) => service.createKeyFor(owner, limits);
  /** What the sandbox's reports say the campaign spent on the day, in micros. */
  async function spentOn(id: string, date: string, currency = 'USD'): Promise<number> {
    const histories = await activityHistories(service.services.storage.db, 'social', [id]);
    return dailyMetrics('social', id, date, histories.get(id) ?? [], currency, service.services.clock.now())
      .spendMicros;
  }
  const day = (ago: number) =>
    new Date(service.services.clock.now().getTime() - ago * DAY_MS).toISOString().slice(0, 10);

  it('pauses, then lowers the daily budget: each read back from the sandbox, its spend following', async () => {
    const id = await campaignId(usd, 'Always-on prospecting');
    const morning = await spentOn(id, day(0));
    expect(morning).toBeGreaterThan(0);
    // Any casing of the common word is taken.
    const paused = await update({ campaign_id: id, status: 'paused' });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(outputOf(updateSocialCampaign, paused.body.data.structured)).toEqual({
      ad_account_id: usd,
      campaign_id: id,
      name: 'Always-on prospecting',
      currency: 'USD',
      before: {
        name: 'Always-on prospecting',
        status: 'ACTIVE',
        platform_status: 'ACTIVE',
        daily_budget: '200.00',
        lifetime_budget: null,
      },
      after: {
        name: 'Always-on prospecting',
        status: 'PAUSED',
        platform_status: 'PAUSED',
        daily_budget: '200.00',
        lifetime_budget: null,
      },
      changed: ['status'],
      dry_run: false,
    });
    expect(paused.body.data.text).toMatch(
      new RegExp(
        `^Updated Meta campaign ${id} in Meta ad account ${usd} \\(.*\\): "Always-on prospecting", ` +
          'ACTIVE, daily budget 200.00 USD -> "Always-on prospecting", PAUSED, daily budget 200.00 USD. ' +
          'A paused campaign stops delivering and spending now.$',
      ),
    );
    expect(paused.body.data.quota.used).toBeGreaterThan(0);
    expect(await stored(id)).toMatchObject({ status: 'PAUSED', daily_budget: '20000' });
    const node = await graph(service, `/v25.0/${id}?fields=status,effective_status,daily_budget`, token);
    expect(node.body).toEqual({ id, status: 'PAUSED', effective_status: 'PAUSED', daily_budget: '20000' });
    // Paused: today keeps what it spent until then and accrues nothing after; yesterday as before.
    clock.advanceSeconds(3600);
    expect(await spentOn(id, day(0))).toBe(morning);
    expect(await spentOn(id, day(1))).toBeGreaterThan(0);

    const lowered = await update({ campaign_id: id, daily_budget: 12.5 });
    expect(lowered.status).toBe(200);
    expect(lowered.body.data.structured.before.daily_budget).toBe('200.00');
    expect(lowered.body.data.structured.after.daily_budget).toBe('12.50');
    expect(await stored(id)).toMatchObject({ status: 'PAUSED', daily_budget: '1250' });
    const listed = await service.call('list_social_campaigns', { ad_account_id: usd }, { key: owner.key });
    const campaigns = outputOf(listSocialCampaigns, listed.body.data.structured).campaigns;
    expect(campaigns.find((c: any) => c.id === id)).toMatchObject({
      status: 'PAUSED',
      daily_budget: '12.50',
    });
  });

  it('caps the spend of an active campaign at its new daily budget from the change on', async () => {
    const id = await campaignId(usd, 'Retargeting: cart abandoners');
    const before = await spentOn(id, day(0));
    expect(before).toBeGreaterThan(1_000_000);
    const { status } = await update({ campaign_id: id, daily_budget: 1 });
    expect(status).toBe(200);
    const histories = await activityHistories(service.services.storage.db, 'social', [id]);
    expect(histories.get(id)?.at(-1)).toEqual({
      from: clock.now().toISOString(),
      active: true,
      dailyBudgetMicros: 1_000_000,
    });
    // Today had spent more than 1.00 already: it keeps that and accrues nothing more; yesterday as it was.
    clock.advanceSeconds(3600);
    expect(await spentOn(id, day(0))).toBe(before);
    expect(await spentOn(id, day(1))).toBeGreaterThan(1_000_000);
  });

  it("has Meta validate a dry run (validate_only) and changes nothing; Meta's refusal comes back", async () => {
    const id = await campaignId(usd, 'Instagram engagement test');
    const quota = await used();
    const rename = await update({ campaign_id: id, name: 'Engagement v2', dry_run: true });
    expect(rename.status).toBe(200);
    expect(rename.body.data.text).toMatch(
      new RegExp(
        `^Dry run: Meta campaign ${id} in Meta ad account ${usd} \\(.*\\) would change from ` +
          '"Instagram engagement test", PAUSED, no daily campaign budget to "Engagement v2", PAUSED, no daily ' +
          'campaign budget, with 1 request to Meta, listed in order in structured.preview. Meta validated it ' +
          'and changed nothing.$',
      ),
    );
    expect(outputOf(updateSocialCampaign, rename.body.data.structured)).toMatchObject({
      dry_run: true,
      changed: ['name'],
    });
    // The request a real call would send; Meta validated it (the same body with validate_only).
    expect(rename.body.data.structured.preview).toEqual([
      {
        step: 1,
        action: 'rename the campaign',
        method: 'POST',
        url: `/sandbox/social/v27.0/${id}`,
        body: { name: 'Engagement v2' },
        validated: true,
      },
    ]);
    expect(rename.body.data.structured.after.name).toBe('Engagement v2');
    expect((await stored(id))?.name).toBe('Instagram engagement test');
    // A dry run is a read: billed as one.
    expect(await used()).toBe(quota + 1);
    const audit = await audited(rename.body.request_id);
    expect(audit.dry_run).toBe(1);
    expect(JSON.parse(audit.details ?? '{}')).not.toHaveProperty('after');

    // Meta's own check: a budget under its minimum is refused on a dry run as on the real call.
    const video = await campaignId(usd, 'Brand video: awareness');
    const low = await update({ campaign_id: video, daily_budget: 0.5, dry_run: true });
    expect([low.status, low.body.code]).toEqual([400, 'upstream_rejected']);
    expect(low.body.error).toContain('The minimum daily budget for this campaign is 1.00 USD');
    expect((await stored(video))?.daily_budget).toBe('6000');
  });

  it('answers a change that would do nothing without a write request', async () => {
    const id = await campaignId(usd, 'Brand video: awareness');
    const before = await stored(id);
    const { status, body } = await update({ campaign_id: id, status: 'PAUSED', daily_budget: 60 });
    expect(status).toBe(200);
    expect(body.data.text).toMatch(
      new RegExp(
        `^Nothing to change: Meta campaign ${id} in Meta ad account ${usd} \\(.*\\) is already ` +
          '"Brand video: awareness", PAUSED, daily budget 60.00 USD. No request was sent to Meta.$',
      ),
    );
    expect(outputOf(updateSocialCampaign, body.data.structured).changed).toEqual([]);
    expect(body.data.structured.after).toEqual(body.data.structured.before);
    expect(await stored(id)).toEqual(before);
    // One platform request: the read. No write reached Meta.
    const audit = await audited(body.request_id);
    expect(JSON.parse(audit.upstream_request_ids ?? '[]')).toHaveLength(1);
  });

  it('replays a repeated Idempotency-Key without running again, and audits before and after', async () => {
    const id = await campaignId(usd, 'Instagram engagement test');
    const headers = { 'idempotency-key': randomUUID() };
    const first = await update({ campaign_id: id, name: 'Engagement, round 2' }, owner.key, headers);
    expect(first.status).toBe(200);
    const afterFirst = await stored(id);
    const quota = await used();
    const second = await update({ campaign_id: id, name: 'Engagement, round 2' }, owner.key, headers);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await used()).toBe(quota);
    expect((await stored(id))?.updated_time).toBe(afterFirst?.updated_time);

    const audit = await audited(first.body.request_id);
    expect(JSON.parse(audit.details ?? '{}')).toEqual({
      campaign_id: id,
      name: 'Engagement, round 2',
      object: `campaign ${id}`,
      objects: [{ kind: 'campaign', id, campaignId: id }],
      before: {
        name: 'Instagram engagement test',
        status: 'PAUSED',
        platform_status: 'PAUSED',
        daily_budget: null,
        lifetime_budget: null,
      },
      after: {
        name: 'Engagement, round 2',
        status: 'PAUSED',
        platform_status: 'PAUSED',
        daily_budget: null,
        lifetime_budget: null,
      },
    });
    // The read and the write, each with Meta's trace id.
    expect(JSON.parse(audit.upstream_request_ids ?? '[]')).toHaveLength(2);
  });

  it('lets a write key pause and lower, not activate or raise; a spend key may', async () => {
    const write = await keyWith({ scope: 'write' });
    const id = await campaignId(usd, 'Brand video: awareness');
    const quota = await used();
    const activate = await update({ campaign_id: id, status: 'ACTIVE' }, write);
    expect([activate.status, activate.body.code]).toEqual([403, 'insufficient_scope']);
    expect(activate.body.error).toContain(`would activate campaign ${id}`);
    expect(activate.body.structured_content).toMatchObject({ limit: 'scope', needed: 'spend' });
    const raise = await update({ campaign_id: id, daily_budget: 61 }, write);
    expect([raise.status, raise.body.code]).toEqual([403, 'insufficient_scope']);
    expect(raise.body.error).toContain('raise the daily budget of campaign');
    // Refused on a dry run too, before Meta is asked.
    const dry = await update({ campaign_id: id, status: 'ACTIVE', dry_run: true }, write);
    expect(dry.status).toBe(403);
    expect(await stored(id)).toMatchObject({ status: 'PAUSED', daily_budget: '6000' });
    expect(await used()).toBe(quota);
    expect(await audited(activate.body.request_id)).toMatchObject({ status: 403, billable: 0 });

    expect((await update({ campaign_id: id, daily_budget: 55 }, write)).status).toBe(200);
    const spend = await keyWith({ scope: 'spend' });
    const activated = await update({ campaign_id: id, status: 'ACTIVE', daily_budget: 70 }, spend);
    expect(activated.status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'ACTIVE', daily_budget: '7000' });
  });

  it('holds a ceiling in the account currency (JPY): at it yes, above it no', async () => {
    const key = await keyWith({ scope: 'spend', ceilings: { JPY: 5_000_000_000 } });
    const id = await campaignId(jpy, 'Always-on prospecting');
    const call = (args: Record<string, unknown>) =>
      service.call(TOOL, { ad_account_id: jpy, campaign_id: id, ...args }, { key });
    const above = await call({ daily_budget: 5001 });
    expect([above.status, above.body.code]).toEqual([403, 'insufficient_scope']);
    expect(above.body.error).toContain('up to 5000 JPY, and update_social_campaign would set 5001 JPY');
    expect(above.body.structured_content).toMatchObject({ limit: 'ceiling', currency: 'JPY', asked: '5001' });
    expect((await stored(id))?.daily_budget).toBe('20000');
    const at = await call({ daily_budget: 5000 });
    expect(at.status).toBe(200);
    // JPY has no minor unit: Meta's daily_budget is in whole yen.
    expect((await stored(id))?.daily_budget).toBe('5000');
    expect(at.body.data.structured).toMatchObject({
      currency: 'JPY',
      before: { daily_budget: '20000' },
      after: { daily_budget: '5000' },
    });
    const fraction = await call({ daily_budget: 4000.5 });
    expect([fraction.status, fraction.body.code]).toEqual([400, 'invalid_arguments']);
    expect(fraction.body.error).toContain('JPY has no decimals');
    // A key whose ceiling is in another currency sets no JPY budget.
    const dollars = await keyWith({ scope: 'spend', ceilings: { USD: 100_000_000 } });
    const other = await service.call(
      TOOL,
      { ad_account_id: jpy, campaign_id: id, daily_budget: 10 },
      { key: dollars },
    );
    expect(other.body.structured_content).toMatchObject({ limit: 'ceiling', currency: 'JPY', ceiling: null });
  });

  it('refuses a daily budget where the campaign has none, saying where its budget lives', async () => {
    const lifetime = await campaignId(usd, 'Lead forms: spring webinar');
    const onLifetime = await update({ campaign_id: lifetime, daily_budget: 40 });
    expect([onLifetime.status, onLifetime.body.code]).toEqual([400, 'invalid_arguments']);
    expect(onLifetime.body.error).toContain('has a lifetime budget (12000.00 USD for its whole run)');
    expect(onLifetime.body.structured_content.issues[0].field).toBe('daily_budget');
    const adSets = await campaignId(usd, 'Engagement, round 2');
    const onAdSets = await update({ campaign_id: adSets, daily_budget: 40 });
    expect(onAdSets.body.code).toBe('invalid_arguments');
    expect(onAdSets.body.error).toContain('its budgets are set on each of its ad sets');
    expect((await stored(adSets))?.daily_budget).toBeUndefined();
  });

  it('names the ad account for an unknown id, and refuses archived and foreign campaigns', async () => {
    const unknown = await update({ campaign_id: '120299999999999999', status: 'PAUSED' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'upstream_rejected']);
    expect(unknown.body.error).toContain(`none in Meta ad account ${usd}`);
    const archived = await update({ campaign_id: await campaignId(usd, 'Seasonal sale (ended)'), name: 'x' });
    expect([archived.status, archived.body.code]).toEqual([400, 'upstream_rejected']);
    expect(archived.body.error).toContain('is archived');
    const yen = await campaignId(jpy, 'Brand video: awareness');
    const wrongAccount = await update({ campaign_id: yen, status: 'PAUSED' });
    expect(wrongAccount.body.error).toContain(`belongs to Meta ad account ${jpy}`);
    const stranger = await service.createOwner('pro', ['social']);
    const [theirs] = await listAdAccounts(service.services.storage.db, stranger.userId, 'social');
    const foreign = await campaignId(theirs?.account_id ?? '', 'Always-on prospecting');
    const refused = await update({ campaign_id: foreign, status: 'PAUSED' });
    expect(refused.body.code).toBe('upstream_rejected');
    expect((await stored(foreign))?.status).toBe('ACTIVE');
  });

  it("stops the campaign's spend in the performance report from the moment it is paused", async () => {
    const other = await service.createOwner('pro', ['social']);
    const [account] = await listAdAccounts(service.services.storage.db, other.userId, 'social');
    const adAccount = account?.account_id ?? '';
    const id = await campaignId(adAccount, 'Always-on prospecting');
    const report = async (date_range: string) =>
      (
        await service.call(
          'get_social_campaign_performance',
          { ad_account_id: adAccount, date_range, campaign_ids: [id] },
          { key: other.key },
        )
      ).body.data.structured.campaigns.find((c: any) => c.campaign_id === id)?.spend ?? '0.00';
    const today = await report('TODAY');
    expect(Number(today)).toBeGreaterThan(0);
    const yesterday = await report('YESTERDAY');
    const paused = await service.call(
      TOOL,
      { ad_account_id: adAccount, campaign_id: id, status: 'PAUSED' },
      { key: other.key },
    );
    expect(paused.status).toBe(200);
    clock.advanceSeconds(3600);
    expect(await report('TODAY')).toBe(today);
    expect(await report('YESTERDAY')).toBe(yesterday);
  });

  it('works over MCP: the change read back, a scope refusal as an error result', async () => {
    const id = await campaignId(jpy, 'Retargeting: cart abandoners');
    const client = await connectOverHttp(service.url, owner.key);
    const write = await connectOverHttp(service.url, await keyWith({ scope: 'write' }));
    try {
      const result = await callTool(client, {
        name: TOOL,
        arguments: { ad_account_id: jpy, campaign_id: id, status: 'PAUSED', daily_budget: 3000 },
      });
      expect(result.isError).toBeFalsy();
      expect(outputOf(updateSocialCampaign, result.structuredContent)).toMatchObject({
        before: { status: 'ACTIVE', daily_budget: '8000' },
        after: { status: 'PAUSED', daily_budget: '3000' },
        changed: ['status', 'daily_budget'],
      });
      expect(await stored(id)).toMatchObject({ status: 'PAUSED', daily_budget: '3000' });
      const refused = await callTool(write, {
        name: TOOL,
        arguments: { ad_account_id: jpy, campaign_id: id, status: 'ACTIVE' },
      });
      expect(refused.isError).toBe(true);
      expect(refused._meta).toMatchObject({ 'adops/code': 'insufficient_scope', 'adops/status': 403 });
      expect((await stored(id))?.status).toBe('PAUSED');
    } finally {
      await client.close();
      await write.close();
    }
  });
});
