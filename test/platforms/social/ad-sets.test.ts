import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyLimits } from '../../../src/key-limits.ts';
import { addAccount } from '../../../src/owners/add-account.ts';
import type { SandboxAd, SandboxAdSet } from '../../../src/sandbox/social/ad-set-records.ts';
import type { SandboxCampaign } from '../../../src/sandbox/social/campaign-records.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { findUserByEmail } from '../../../src/storage/users.ts';
import { listSocialAdSets } from '../../../src/tools/social/list-social-ad-sets.ts';
import { listSocialAds } from '../../../src/tools/social/list-social-ads.ts';
import { updateSocialAdSet } from '../../../src/tools/social/update-social-ad-set.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TestClock } from '../../support/clock.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { accessTokenOf, graph } from './support.ts';

describe.each(TEST_DIALECTS)('Meta ad sets and ads on the social sandbox (%s)', (dialect) => {
  let service: TestService;
  let owner: Owner;
  let usd: string;
  let jpy: string;
  let token: string;
  let store: SandboxStore;
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

  async function campaignId(account: string, name: string): Promise<string> {
    const found = (await store.list<SandboxCampaign>('campaign', account)).find((c) => c.data.name === name);
    if (!found) throw new Error(`no campaign "${name}"`);
    return found.id;
  }
  async function adSetId(account: string, name: string): Promise<string> {
    const found = (await store.list<SandboxAdSet>('adset', account)).find((a) => a.data.name === name);
    if (!found) throw new Error(`no ad set "${name}"`);
    return found.id;
  }
  const storedAdSet = async (id: string) => (await store.get<SandboxAdSet>('adset', id))?.data;
  const call = (tool: string, args: Record<string, unknown>, key = owner.key, headers = {}) =>
    service.call(tool, { ad_account_id: usd, ...args }, { key, headers });
  const used = async () =>
    (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used as number;
  const keyWith = (limits: Partial<KeyLimits>) => service.createKeyFor(owner, limits);

  describe('list_social_ad_sets', () => {
    it('lists every ad set neither archived nor deleted, with where its budget lives, in pages', async () => {
      const first = await call('list_social_ad_sets', { limit: 4 });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const page = listSocialAdSets.output?.parse(first.body.data.structured) as any;
      expect(page.ad_sets).toHaveLength(4);
      expect(page.next_cursor).toEqual(expect.any(String));
      const seen = [...page.ad_sets];
      let cursor = page.next_cursor;
      while (cursor) {
        const next = await call('list_social_ad_sets', { limit: 4, cursor });
        expect(next.status).toBe(200);
        seen.push(...next.body.data.structured.ad_sets);
        cursor = next.body.data.structured.next_cursor;
      }
      // The archived campaign's ad set is left out; every other seeded ad set once.
      const names = seen.map((a) => a.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).not.toContain('Seasonal shoppers');
      expect(names).toHaveLength(11);
      const broad = seen.find((a) => a.name === 'Broad: 18-65+');
      expect(broad).toMatchObject({
        campaign_id: await campaignId(usd, 'Always-on prospecting'),
        status: 'ACTIVE',
        platform_status: 'ACTIVE',
        effective_status: 'ACTIVE',
        daily_budget: null,
        lifetime_budget: null,
        optimization_goal: 'LINK_CLICKS',
        billing_event: 'IMPRESSIONS',
      });
      expect(seen.find((a) => a.name === 'Reels: 18-34')).toMatchObject({
        status: 'ACTIVE',
        effective_status: 'CAMPAIGN_PAUSED',
        daily_budget: '30.00',
      });
      expect(seen.find((a) => a.name === 'Feed: follower lookalike')).toMatchObject({
        daily_budget: null,
        lifetime_budget: '500.00',
      });
      expect(first.body.data.text).toContain('campaign budget');
    });

    it("filters by campaign and status, and refuses another account's campaign and a stale cursor", async () => {
      const prospecting = await campaignId(usd, 'Always-on prospecting');
      const paused = await call('list_social_ad_sets', { campaign_ids: [prospecting], status: ['PAUSED'] });
      expect(paused.body.data.structured.ad_sets.map((a: any) => a.name)).toEqual([
        'Interests: outdoor living',
      ]);
      const both = await call('list_social_ad_sets', {
        campaign_ids: [prospecting, await campaignId(usd, 'Retargeting: cart abandoners')],
        limit: 5,
      });
      expect(both.body.data.structured.ad_sets).toHaveLength(5);
      const rest = await call('list_social_ad_sets', {
        campaign_ids: [prospecting, await campaignId(usd, 'Retargeting: cart abandoners')],
        limit: 5,
        cursor: both.body.data.structured.next_cursor,
      });
      expect(rest.body.data.structured.ad_sets.map((a: any) => a.name)).toEqual(['Product viewers: 30 days']);
      expect(rest.body.data.structured.next_cursor).toBeNull();
      const removed = await call('list_social_ad_sets', { status: ['REMOVED'] });
      expect(removed.body.data.structured.ad_sets.map((a: any) => a.effective_status)).toEqual(['ARCHIVED']);

      const foreign = await call('list_social_ad_sets', {
        campaign_ids: [await campaignId(jpy, 'Always-on prospecting')],
      });
      expect([foreign.status, foreign.body.code]).toEqual([400, 'upstream_rejected']);
      expect(foreign.body.error).toContain(`in Meta ad account ${usd}`);
      const unknown = await call('list_social_ad_sets', { campaign_ids: ['120299999999999999'] });
      expect(unknown.body.code).toBe('upstream_rejected');
      const stale = await call('list_social_ad_sets', {
        status: ['PAUSED'],
        cursor: both.body.data.structured.next_cursor,
      });
      expect([stale.status, stale.body.code]).toEqual([400, 'invalid_arguments']);
      const bad = await call('list_social_ad_sets', { status: ['RUNNING'] });
      expect([bad.status, bad.body.code]).toEqual([400, 'invalid_arguments']);
      expect(bad.body.error).toContain('status');
    });
  });

  describe('list_social_ads', () => {
    it('lists the ads of ad sets with their creative, an ad of a paused ad set as ADSET_PAUSED', async () => {
      const broad = await adSetId(jpy, 'Broad: 18-65+');
      const outdoor = await adSetId(jpy, 'Interests: outdoor living');
      const listed = await call('list_social_ads', { ad_account_id: jpy, ad_set_ids: [broad, outdoor] });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const page = listSocialAds.output?.parse(listed.body.data.structured) as any;
      expect(page.ads.map((a: any) => [a.name, a.status, a.platform_status])).toEqual([
        ['Single image: new arrivals', 'ACTIVE', 'ACTIVE'],
        ['Single image: old promo', 'PAUSED', 'PAUSED'],
        ['Carousel: patio set', 'ACTIVE', 'ACTIVE'],
      ]);
      expect(page.ads[2]).toMatchObject({ ad_set_id: outdoor, effective_status: 'ADSET_PAUSED' });
      const ads = await store.list<SandboxAd>('ad', jpy, broad);
      expect(page.ads[0].creative_id).toBe(ads[0]?.data.creative_id);
      const active = await call('list_social_ads', {
        ad_account_id: jpy,
        ad_set_ids: [broad],
        status: ['ACTIVE'],
      });
      expect(active.body.data.structured.ads).toHaveLength(1);
      const byCampaign = await call('list_social_ads', {
        ad_account_id: jpy,
        campaign_ids: [await campaignId(jpy, 'Always-on prospecting')],
        limit: 2,
      });
      expect(byCampaign.body.data.structured.ads).toHaveLength(2);
      expect(byCampaign.body.data.structured.next_cursor).toEqual(expect.any(String));
      const all = await call('list_social_ads', { ad_account_id: jpy, limit: 500 });
      expect(all.body.data.structured.ads.length).toBeGreaterThan(10);
      expect(all.body.data.structured.next_cursor).toBeNull();
    });

    it('refuses campaign_ids with ad_set_ids, and an ad set of another account', async () => {
      const both = await call('list_social_ads', { campaign_ids: ['1'], ad_set_ids: ['2'] });
      expect([both.status, both.body.code]).toEqual([400, 'invalid_arguments']);
      expect(both.body.error).toContain('cannot be given with campaign_ids');
      const foreign = await call('list_social_ads', { ad_set_ids: [await adSetId(jpy, 'Reels: 18-34')] });
      expect([foreign.status, foreign.body.code]).toEqual([400, 'upstream_rejected']);
      expect(foreign.body.error).toContain('no ad set');
    });
  });

  describe('update_social_ad_set', () => {
    it('pauses an ad set: read back PAUSED, its ads ADSET_PAUSED, audited before and after', async () => {
      const id = await adSetId(usd, 'Broad: 18-65+');
      const paused = await call('update_social_ad_set', { ad_set_id: id, status: 'paused' });
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      const answer = updateSocialAdSet.output?.parse(paused.body.data.structured);
      expect(answer).toEqual({
        ad_account_id: usd,
        ad_set_id: id,
        campaign_id: await campaignId(usd, 'Always-on prospecting'),
        name: 'Broad: 18-65+',
        currency: 'USD',
        before: {
          name: 'Broad: 18-65+',
          status: 'ACTIVE',
          platform_status: 'ACTIVE',
          daily_budget: null,
          lifetime_budget: null,
        },
        after: {
          name: 'Broad: 18-65+',
          status: 'PAUSED',
          platform_status: 'PAUSED',
          daily_budget: null,
          lifetime_budget: null,
        },
        changed: ['status'],
        dry_run: false,
      });
      const node = await graph(service, `/v25.0/${id}?fields=status,effective_status`, token);
      expect(node.body).toEqual({ id, status: 'PAUSED', effective_status: 'PAUSED' });
      const ads = await graph(service, `/v25.0/${id}/ads?fields=effective_status`, token);
      // The ad paused on its own reads PAUSED, the other its ad set's pause.
      expect(ads.body.data.map((a: any) => a.effective_status)).toEqual(['ADSET_PAUSED', 'PAUSED']);
      const audit = await service.auditRow(paused.body.request_id);
      // The ad set itself is the object changed (its own budget is what is judged), under its campaign.
      expect(JSON.parse(audit.details ?? '{}')).toMatchObject({
        ad_set_id: id,
        status: 'PAUSED',
        object: `ad set ${id}`,
        objects: [{ kind: 'ad_set', id, campaignId: await campaignId(usd, 'Always-on prospecting') }],
        before: { status: 'ACTIVE' },
        after: { status: 'PAUSED' },
      });
    });

    it('has Meta validate a dry run and changes nothing; replays an Idempotency-Key with one write', async () => {
      const id = await adSetId(usd, 'Reels: 18-34');
      const quotaBefore = await used();
      const dry = await call('update_social_ad_set', { ad_set_id: id, daily_budget: 20, dry_run: true });
      expect(dry.status, JSON.stringify(dry.body)).toBe(200);
      // The request a real call would send; Meta validated it (the same body with validate_only).
      expect(dry.body.data.structured).toMatchObject({
        dry_run: true,
        after: { daily_budget: '20.00' },
        preview: [
          {
            step: 1,
            action: "set the ad set's daily budget to 20.00 USD",
            method: 'POST',
            url: `/sandbox/social/v27.0/${id}`,
            body: { daily_budget: 2000 },
            validated: true,
          },
        ],
      });
      expect(dry.body.data.structured.preview).toHaveLength(1);
      expect(dry.body.data.text).toMatch(
        new RegExp(
          `^Dry run: Meta ad set ${id} in Meta ad account ${usd} \\(.*\\) would change from "Reels: 18-34", ` +
            'ACTIVE, daily budget 30.00 USD to "Reels: 18-34", ACTIVE, daily budget 20.00 USD, with 1 request ' +
            'to Meta, listed in order in structured.preview. Meta validated it and changed nothing.$',
        ),
      );
      expect((await storedAdSet(id))?.daily_budget).toBe('3000');
      // A dry run is a read: billed as one.
      expect(await used()).toBe(quotaBefore + 1);
      const low = await call('update_social_ad_set', { ad_set_id: id, daily_budget: 0.5, dry_run: true });
      expect([low.status, low.body.code]).toEqual([400, 'upstream_rejected']);
      expect(low.body.error).toContain('The minimum daily budget for this ad set is 1.00 USD');

      const headers = { 'idempotency-key': randomUUID() };
      const first = await call(
        'update_social_ad_set',
        { ad_set_id: id, daily_budget: 25 },
        owner.key,
        headers,
      );
      expect(first.status).toBe(200);
      const afterFirst = await storedAdSet(id);
      expect(afterFirst?.daily_budget).toBe('2500');
      const quota = await used();
      clock.advanceSeconds(60);
      const second = await call(
        'update_social_ad_set',
        { ad_set_id: id, daily_budget: 25 },
        owner.key,
        headers,
      );
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.body).toEqual(first.body);
      expect(await used()).toBe(quota);
      expect((await storedAdSet(id))?.updated_time).toBe(afterFirst?.updated_time);
      const audit = await service.auditRow(first.body.request_id);
      expect(JSON.parse(audit.details ?? '{}')).toMatchObject({
        before: { daily_budget: '30.00' },
        after: { daily_budget: '25.00' },
      });
      expect(JSON.parse(audit.upstream_request_ids ?? '[]')).toHaveLength(2);
    });

    it('refuses a daily budget where the budget lives elsewhere, saying where', async () => {
      const cbo = await adSetId(usd, 'Lookalike 1%: purchasers');
      const onCampaign = await call('update_social_ad_set', { ad_set_id: cbo, daily_budget: 40 });
      expect([onCampaign.status, onCampaign.body.code]).toEqual([400, 'invalid_arguments']);
      expect(onCampaign.body.error).toContain('holds a daily budget of 200.00 USD');
      expect(onCampaign.body.error).toContain('update_social_campaign');
      const lifetime = await adSetId(usd, 'Feed: follower lookalike');
      const onLifetime = await call('update_social_ad_set', { ad_set_id: lifetime, daily_budget: 40 });
      expect(onLifetime.body.code).toBe('invalid_arguments');
      expect(onLifetime.body.error).toContain('has a lifetime budget (500.00 USD for its whole run)');
      const archived = await call('update_social_ad_set', {
        ad_set_id: await adSetId(usd, 'Seasonal shoppers'),
        name: 'x',
      });
      expect([archived.status, archived.body.code]).toEqual([400, 'upstream_rejected']);
      expect(archived.body.error).toContain('is archived with its campaign');
      const nothing = await call('update_social_ad_set', { ad_set_id: cbo });
      expect([nothing.status, nothing.body.code]).toEqual([400, 'invalid_arguments']);
      expect(nothing.body.error).toContain('pass at least one of status, daily_budget, name');
      const foreign = await call('update_social_ad_set', {
        ad_set_id: await adSetId(jpy, 'Reels: 18-34'),
        status: 'PAUSED',
      });
      expect(foreign.body.error).toContain(`belongs to Meta ad account ${jpy}`);
      const same = await call('update_social_ad_set', { ad_set_id: cbo, status: 'ACTIVE' });
      expect(same.body.data.structured.changed).toEqual([]);
      expect(same.body.data.text).toMatch(
        new RegExp(
          `^Nothing to change: Meta ad set ${cbo} in Meta ad account ${usd} \\(.*\\) is already ` +
            '"Lookalike 1%: purchasers", ACTIVE, no daily budget of its own. No request was sent to Meta.$',
        ),
      );
    });

    it('refuses a read key; a write key pauses and lowers but does not activate or raise; spend may', async () => {
      const id = await adSetId(jpy, 'Reels: 18-34');
      const update = (args: Record<string, unknown>, key: string) =>
        service.call('update_social_ad_set', { ad_account_id: jpy, ad_set_id: id, ...args }, { key });
      const read = await update({ status: 'PAUSED' }, await keyWith({ scope: 'read' }));
      expect(read.status).toBe(403);
      const write = await keyWith({ scope: 'write' });
      expect((await update({ status: 'PAUSED' }, write)).status).toBe(200);
      const activate = await update({ status: 'ACTIVE' }, write);
      expect([activate.status, activate.body.code]).toEqual([403, 'insufficient_scope']);
      expect(activate.body.error).toContain(`activate ad set ${id}`);
      const raise = await update({ daily_budget: 3100 }, write);
      expect(raise.body.code).toBe('insufficient_scope');
      expect((await update({ daily_budget: 2000 }, write)).status).toBe(200);
      expect(await storedAdSet(id)).toMatchObject({ status: 'PAUSED', daily_budget: '2000' });
      const spend = await keyWith({ scope: 'spend' });
      const activated = await update({ status: 'ACTIVE', daily_budget: 3500 }, spend);
      expect(activated.status, JSON.stringify(activated.body)).toBe(200);
      expect(activated.body.data.text).toContain('does not run (PAUSED)');
      expect(await storedAdSet(id)).toMatchObject({ status: 'ACTIVE', daily_budget: '3500' });
    });

    it('works over MCP: the change read back, a scope refusal as an error result', async () => {
      const id = await adSetId(jpy, 'Cart abandoners: 7 days');
      const client = await connectOverHttp(service.url, owner.key);
      const write = await connectOverHttp(service.url, await keyWith({ scope: 'write' }));
      try {
        const listed = await callTool(client, {
          name: 'list_social_ad_sets',
          arguments: {
            ad_account_id: jpy,
            campaign_ids: [await campaignId(jpy, 'Retargeting: cart abandoners')],
          },
        });
        expect(listed.isError).toBeFalsy();
        expect(listSocialAdSets.output?.parse(listed.structuredContent)).toMatchObject({ currency: 'JPY' });
        const ads = await callTool(client, {
          name: 'list_social_ads',
          arguments: { ad_account_id: jpy, ad_set_ids: [id] },
        });
        expect(listSocialAds.output?.parse(ads.structuredContent)).toMatchObject({
          ads: [{ ad_set_id: id }],
        });
        const result = await callTool(client, {
          name: 'update_social_ad_set',
          arguments: { ad_account_id: jpy, ad_set_id: id, status: 'PAUSED' },
        });
        expect(result.isError).toBeFalsy();
        expect(updateSocialAdSet.output?.parse(result.structuredContent)).toMatchObject({
          after: { status: 'PAUSED' },
          changed: ['status'],
        });
        expect((await storedAdSet(id))?.status).toBe('PAUSED');
        const refused = await callTool(write, {
          name: 'update_social_ad_set',
          arguments: { ad_account_id: jpy, ad_set_id: id, status: 'ACTIVE' },
        });
        expect(refused.isError).toBe(true);
        expect(refused._meta).toMatchObject({ 'adops/code': 'insufficient_scope', 'adops/status': 403 });
        expect((await storedAdSet(id))?.status).toBe('PAUSED');
      } finally {
        await client.close();
        await write.close();
      }
    });
  });
});
