import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyLimits } from '../../src/key-limits.ts';
import { resumeAgents, stopAgents } from '../../src/owners/agents.ts';
import type { Platform } from '../../src/platform-families.ts';
import { endpointsFor } from '../../src/platforms/endpoints.ts';
import { networkHeaders } from '../../src/platforms/network/protocol.ts';
import { SandboxStore } from '../../src/sandbox/store.ts';
import { listAdAccounts } from '../../src/storage/accounts.ts';
import type { AdAccount } from '../../src/storage/schema.ts';
import { findUserById } from '../../src/storage/users.ts';
import { createNetworkTextCampaign } from '../../src/tools/network/create-network-text-campaign.ts';
import { callTool, connectOverHttp } from '../mcp/clients.ts';
import { googleAds, VERSION } from '../platforms/search/support.ts';
import { graph, proofOf } from '../platforms/social/support.ts';
import { sandboxCall } from '../platforms/video/read-support.ts';
import { TEST_DIALECTS } from '../support/dialects.ts';
import { type Owner, TestService } from '../support/service.ts';

type Json = Record<string, any>;

/**
 * The money controls as an outside attack tried them: a key that may not start spend, or whose ceiling
 * caps daily budgets, must not get a campaign delivering by another road. The conditions are set up the
 * way an owner or the platform would (through the sandboxes' own APIs); every refusal is a 403
 * `insufficient_scope` that uses no quota and leaves the platform as it was.
 */
describe.each(TEST_DIALECTS)(
  'what starts a campaign delivering, and what a ceiling bounds (%s)',
  (dialect) => {
    let service: TestService;

    beforeAll(async () => {
      service = await TestService.start(dialect);
    });
    afterAll(() => service.stop());

    async function ownerOf(platform: Platform): Promise<{ owner: Owner; account: AdAccount }> {
      const owner = await service.createOwner('max', [platform]);
      const [account] = await listAdAccounts(service.services.storage.db, owner.userId, platform);
      if (!account) throw new Error(`no ${platform} account`);
      return { owner, account };
    }
    /** A seeded campaign of the account, by name (only a database's first account gets the examples' ids). */
    async function campaignNamed(platform: Platform, account: AdAccount, name: string): Promise<string> {
      const store = new SandboxStore(service.services.storage.db, platform);
      const campaigns = await store.list<Json>('campaign', account.account_id);
      const found = campaigns.find((c) => (c.data.name ?? c.data.campaign_name) === name);
      if (!found) throw new Error(`no ${platform} campaign "${name}"`);
      return found.id;
    }
    const used = async (owner: Owner) =>
      (await service.call('get_usage_status', {}, { key: owner.key })).body.data.quota.used as number;

    /** A refusal as the issue demands it: 403 insufficient_scope, recorded, nothing billed. */
    async function expectRefused(answer: { status: number; body: Json }, limit: 'scope' | 'ceiling') {
      expect([answer.status, answer.body.code], JSON.stringify(answer.body)).toEqual([
        403,
        'insufficient_scope',
      ]);
      expect(answer.body.structured_content.limit).toBe(limit);
      expect(await service.auditRow(answer.body.request_id)).toMatchObject({ status: 403, billable: 0 });
    }

    describe('LinkedIn: a carousel ad for a running campaign whose ads are all paused', () => {
      let owner: Owner;
      let account: AdAccount;
      let campaignId: string;
      let store: SandboxStore;

      /** A call to the LinkedIn sandbox as Campaign Manager makes it for the owner: a PARTIAL_UPDATE. */
      async function partialUpdate(path: string, set: Json): Promise<void> {
        const endpoints = endpointsFor(service.services, 'network', 'sandbox');
        const response = await fetch(`${endpoints.apiUrl}/adAccounts/${account.account_id}${path}`, {
          method: 'POST',
          headers: {
            ...networkHeaders(await service.accessToken(account), endpoints),
            'content-type': 'application/json',
            'x-restli-method': 'PARTIAL_UPDATE',
          },
          body: JSON.stringify({ patch: { $set: set } }),
        });
        expect(response.status, await response.clone().text()).toBe(204);
      }
      const creatives = () => store.list<Json>('creative', account.account_id, campaignId);
      const ad = () => ({
        campaign_id: campaignId,
        organization_id: '2414183',
        introductory_text: 'Take the tour.',
        landing_page_url: 'https://example.com/tour',
        cards: ['Plan', 'Ship'].map((headline) => ({
          image_urn: 'urn:li:image:C4E10AQF1',
          headline,
          landing_page_url: 'https://example.com/tour',
        })),
      });

      beforeAll(async () => {
        ({ owner, account } = await ownerOf('network'));
        store = new SandboxStore(service.services.storage.db, 'network');
        const campaigns = await store.list<Json>('campaign', account.account_id);
        campaignId = campaigns.find((c) => c.data.name === 'Carousel: product tour')?.id ?? '';
        // The owner runs the campaign and pauses each of its ads in Campaign Manager.
        await partialUpdate(`/adCampaigns/${campaignId}`, { status: 'ACTIVE' });
        for (const creative of await creatives()) {
          await partialUpdate(`/creatives/${encodeURIComponent(`urn:li:sponsoredCreative:${creative.id}`)}`, {
            intendedStatus: 'PAUSED',
          });
        }
        expect((await creatives()).map((c) => c.data.intendedStatus)).toEqual(['PAUSED', 'PAUSED']);
      });

      it('refuses a write key: the ad would start delivery, so it needs the spend scope', async () => {
        const key = await service.createKeyFor(owner, { scope: 'write' });
        const quota = await used(owner);
        for (const dryRun of [false, true]) {
          const refused = await service.call(
            'add_network_carousel_creative',
            { ...ad(), dry_run: dryRun },
            { key },
          );
          await expectRefused(refused, 'scope');
          expect(refused.body.error).toContain(
            `would start campaign ${campaignId} delivering: it is ACTIVE with no serving ad (none of its 2 ads is ACTIVE)`,
          );
          expect(refused.body.structured_content).toMatchObject({ scope: 'write', needed: 'spend' });
        }
        // Over MCP too: the same refusal, as an error result.
        const mcp = await connectOverHttp(service.url, key);
        try {
          const result = await callTool(mcp, { name: 'add_network_carousel_creative', arguments: ad() });
          expect(result.isError).toBe(true);
          expect(result._meta?.['adops/code']).toBe('insufficient_scope');
        } finally {
          await mcp.close();
        }
        expect(await creatives()).toHaveLength(2);
        expect(await used(owner)).toBe(quota);
      });

      it("waits for the owner when the key's every spend change needs approval, and makes nothing", async () => {
        const key = await service.createKeyFor(owner, { scope: 'spend', approval: 'spend' });
        const asked = await service.call('add_network_carousel_creative', ad(), { key });
        expect(asked.status, JSON.stringify(asked.body)).toBe(202);
        expect(asked.body.data.structured.approval.change).toMatchObject({
          object: `campaign ${campaignId}`,
          before: { status: 'ACTIVE', serving_ads: 0 },
          after: { serving_ads: 1 },
        });
        expect(await creatives()).toHaveLength(2);
      });

      it('holds a spend key to its ceiling: the campaign would deliver on its 50.00 USD a day', async () => {
        const key = await service.createKeyFor(owner, { scope: 'spend', ceilings: { USD: 40_000_000 } });
        const quota = await used(owner);
        const refused = await service.call('add_network_carousel_creative', ad(), { key });
        await expectRefused(refused, 'ceiling');
        expect(refused.body.error).toContain(
          'the campaign would then deliver on its daily budget of 50.00 USD',
        );
        expect(refused.body.structured_content).toMatchObject({
          currency: 'USD',
          asked: '50.00',
          ceiling: '40.00',
          starts_delivery: true,
        });
        expect(await creatives()).toHaveLength(2);
        expect(await used(owner)).toBe(quota);

        const within = await service.createKeyFor(owner, { scope: 'spend', ceilings: { USD: 50_000_000 } });
        const added = await service.call('add_network_carousel_creative', ad(), { key: within });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        expect(await creatives()).toHaveLength(3);
        expect(await used(owner)).toBe(quota + 1);
      });

      it('lets a write key add a variation once an ad serves: that changes no spend', async () => {
        const key = await service.createKeyFor(owner, { scope: 'write' });
        const added = await service.call('add_network_carousel_creative', ad(), { key });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        expect(await creatives()).toHaveLength(4);
      });

      it('"stop all agents" pauses the campaign whose delivery an agent started with an ad', async () => {
        const user = await findUserById(service.services.storage.db, owner.userId);
        if (!user) throw new Error('no owner');
        const stopped = await stopAgents(service.services, user, { pauseChanged: true });
        await resumeAgents(service.services, user);
        expect(stopped.paused.map((p) => [p.kind, p.objectId, p.status])).toEqual([
          ['campaign', campaignId, 200],
        ]);
        expect((await store.get<Json>('campaign', campaignId))?.data.status).toBe('PAUSED');
      });
    });

    describe('a ceiling judges the budget a campaign is started on, not only the one a call sets', () => {
      it('TikTok: enabling a 100 USD-a-day campaign is above a 50 USD ceiling; lowering it in the same call is not', async () => {
        const { owner, account } = await ownerOf('video');
        const key = await service.createKeyFor(owner, { scope: 'spend', ceilings: { USD: 50_000_000 } });
        const store = new SandboxStore(service.services.storage.db, 'video');
        const status = async (id: string) => (await store.get<Json>('campaign', id))?.data;
        const springLaunch = await campaignNamed('video', account, 'Spring launch');
        const quota = await used(owner);
        for (const dryRun of [false, true]) {
          const refused = await service.call(
            'update_video_campaign',
            { campaign_id: springLaunch, operation_status: 'ENABLE', dry_run: dryRun },
            { key },
          );
          await expectRefused(refused, 'ceiling');
          expect(refused.body.error).toContain(
            'may set daily budgets up to 50.00 USD, and update_video_campaign would enable campaign ' +
              `${springLaunch}, and the campaign would then deliver on its daily budget of 100.00 USD`,
          );
          expect(refused.body.structured_content).toMatchObject({ asked: '100.00', ceiling: '50.00' });
        }
        expect(await status(springLaunch)).toMatchObject({ operation_status: 'DISABLE', budget: 100 });
        expect(await used(owner)).toBe(quota);

        const lowered = await service.call(
          'update_video_campaign',
          { campaign_id: springLaunch, operation_status: 'ENABLE', budget: 50 },
          { key },
        );
        expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
        expect(await status(springLaunch)).toMatchObject({ operation_status: 'ENABLE', budget: 50 });

        // A campaign on a lifetime budget, paused by the owner in TikTok Ads Manager: no daily ceiling bounds it.
        const holidayTeaser = await campaignNamed('video', account, 'Holiday teaser');
        await sandboxCall(service, account, '/campaign/status/update/', {
          campaign_ids: [holidayTeaser],
          operation_status: 'DISABLE',
        });
        const lifetime = await service.call(
          'update_video_campaign',
          { campaign_id: holidayTeaser, operation_status: 'ENABLE' },
          { key },
        );
        await expectRefused(lifetime, 'ceiling');
        expect(lifetime.body.error).toContain('deliver on a lifetime budget of 3000.00 USD');
        expect(lifetime.body.structured_content).toMatchObject({
          budget_type: 'lifetime',
          starts_delivery: true,
        });
        expect(await status(holidayTeaser)).toMatchObject({ operation_status: 'DISABLE' });
      });

      it('Meta: re-activating a campaign on a 12,000 USD lifetime budget, or one budgeted on its ad sets, is refused', async () => {
        const { owner, account } = await ownerOf('social');
        const token = await service.accessToken(account);
        const leadForms = await campaignNamed('social', account, 'Lead forms: spring webinar');
        // The owner pauses it in Ads Manager.
        const paused = await fetch(
          `${service.url}/sandbox/social/v25.0/${leadForms}?appsecret_proof=${proofOf(token)}`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/x-www-form-urlencoded',
            },
            body: 'status=PAUSED',
          },
        );
        expect(paused.status).toBe(200);
        const statusOf = async (id: string) =>
          (await graph(service, `/v25.0/${id}?fields=status,lifetime_budget`, token)).body;
        expect(await statusOf(leadForms)).toMatchObject({ status: 'PAUSED', lifetime_budget: '1200000' });

        const key = await service.createKeyFor(owner, { scope: 'spend', ceilings: { USD: 50_000_000 } });
        const quota = await used(owner);
        const refused = await service.call(
          'update_social_campaign',
          { campaign_id: leadForms, status: 'ACTIVE' },
          { key },
        );
        await expectRefused(refused, 'ceiling');
        expect(refused.body.error).toContain(
          `would activate campaign ${leadForms}, and the campaign would then deliver on a lifetime budget of 12000.00 USD`,
        );
        expect(refused.body.structured_content).toMatchObject({ asked: '12000.00', budget_type: 'lifetime' });
        expect(await statusOf(leadForms)).toMatchObject({ status: 'PAUSED' });

        const onAdSets = await campaignNamed('social', account, 'Instagram engagement test');
        const adSets = await service.call(
          'update_social_campaign',
          { campaign_id: onAdSets, status: 'ACTIVE' },
          { key },
        );
        await expectRefused(adSets, 'ceiling');
        expect(adSets.body.error).toContain('by the budgets of its ad sets');
        expect(adSets.body.structured_content).toMatchObject({ asked: null, budget_type: 'none' });
        expect(await statusOf(onAdSets)).toMatchObject({ status: 'PAUSED' });
        expect(await used(owner)).toBe(quota);

        // Without a ceiling, the spend scope may.
        const unbounded = await service.createKeyFor(owner, { scope: 'spend' });
        const activated = await service.call(
          'update_social_campaign',
          { campaign_id: leadForms, status: 'ACTIVE' },
          { key: unbounded },
        );
        expect(activated.status, JSON.stringify(activated.body)).toBe(200);
      });

      it('Google Ads: enabling a paused campaign on an 80.00 USD shared budget is above a 50 USD ceiling', async () => {
        const { owner, account } = await ownerOf('search');
        const key = await service.createKeyFor(owner, { scope: 'spend', ceilings: { USD: 50_000_000 } });
        const longTail = await campaignNamed('search', account, 'Generic - Long tail');
        const refused = await service.call(
          'update_search_campaign',
          { campaign_id: longTail, status: 'ENABLED' },
          { key },
        );
        await expectRefused(refused, 'ceiling');
        expect(refused.body.error).toContain('deliver on its daily budget of 80.00 USD');
        const read = await googleAds(
          service,
          `/${VERSION}/customers/${account.account_id}/googleAds:search`,
          {
            token: await service.accessToken(account),
            body: { query: `SELECT campaign.status FROM campaign WHERE campaign.id = ${longTail}` },
          },
        );
        expect(read.body.results?.[0]?.campaign?.status, JSON.stringify(read.body)).toBe('PAUSED');
      });

      it('LinkedIn: activating a 50 USD-a-day campaign is above a 40 USD ceiling; a create sets no total budget', async () => {
        const { owner, account } = await ownerOf('network');
        const store = new SandboxStore(service.services.storage.db, 'network');
        const campaigns = await store.list<Json>('campaign', account.account_id);
        const carousel = campaigns.find((c) => c.data.name === 'Carousel: product tour');
        const key = await service.createKeyFor(owner, { scope: 'spend', ceilings: { USD: 40_000_000 } });
        const quota = await used(owner);
        const refused = await service.call(
          'update_network_campaign',
          { campaign_id: carousel?.id, status: 'ACTIVE' },
          { key },
        );
        await expectRefused(refused, 'ceiling');
        expect(refused.body.error).toContain('deliver on its daily budget of 50.00 USD');
        expect((await store.get<Json>('campaign', carousel?.id ?? ''))?.data.status).toBe('PAUSED');

        const count = campaigns.length;
        const totalBudget = await service.call(
          'create_network_text_campaign',
          { ...createNetworkTextCampaign.example, daily_budget: 40, total_budget: 100_000_000 },
          { key },
        );
        await expectRefused(totalBudget, 'ceiling');
        expect(totalBudget.body.error).toContain('a lifetime budget of 100000000.00 USD');
        expect(totalBudget.body.structured_content).toMatchObject({ budget_type: 'lifetime' });
        expect(await store.count('campaign', account.account_id)).toBe(count);
        expect(await used(owner)).toBe(quota);
      });
    });

    it('keeps the scope rule for limits a key does not have: a write key may not enable, whatever the budget', async () => {
      const { owner, account } = await ownerOf('video');
      const key = await service.createKeyFor(owner, { scope: 'write' } satisfies Partial<KeyLimits>);
      const campaignId = await campaignNamed('video', account, 'App installs test');
      const refused = await service.call(
        'update_video_campaign',
        { campaign_id: campaignId, operation_status: 'ENABLE' },
        { key },
      );
      await expectRefused(refused, 'scope');
    });
  },
);
