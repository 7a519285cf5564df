import { createHash, createHmac } from 'node:crypto';
import bizSdk from 'facebook-nodejs-business-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsFor, SANDBOX_CLIENT } from '../../../src/platforms/endpoints.ts';
import { connectRedirectUri } from '../../../src/platforms/oauth-flow.ts';
import { socialConnect } from '../../../src/platforms/social/connect.ts';
import { SandboxStore, sandboxId } from '../../../src/sandbox/store.ts';
import { consent, serveConsoleHere } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';

const { FacebookAdsApi, Ad, AdAccount, AdSet, AdsInsights, Business, Campaign, User, IGUser, Page } = bizSdk;
const SDK_VERSION: string = FacebookAdsApi.VERSION;
const DAY_S = 86_400;

/**
 * The SDK's API object with its requests sent to the sandbox. `FacebookAdsApi.call()` takes a base URL
 * (`urlOverride`) that replaces https://graph.facebook.com, and every SDK object made with this API
 * (edges, cursors) calls through it: no global is patched, nothing else of the SDK changes.
 */
class SandboxGraphApi extends FacebookAdsApi {
  base: string;

  constructor(accessToken: string, base: string) {
    super(accessToken, 'en_US', false);
    this.base = base;
  }

  call(method: string, path: unknown, params?: object, files?: object, multipart?: boolean) {
    return super.call(method, path, params, files, multipart, this.base);
  }
}

/** What `hash_hmac('sha256', $access_token, $app_secret)` gives in Meta's "Securing requests" page. */
function proofOf(accessToken: string, secret = SANDBOX_CLIENT.clientSecret): string {
  return createHmac('sha256', secret).update(accessToken).digest('hex');
}

/** The SDK's error for a call that must fail: FacebookRequestError, with Meta's error body. */
async function refusal(call: Promise<unknown>): Promise<any> {
  const error: any = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (failure) => failure,
  );
  expect(error.name).toBe('FacebookRequestError');
  return error;
}

describe.each(TEST_DIALECTS)(
  'facebook-nodejs-business-sdk 24.0.1 against the social sandbox on %s',
  (dialect) => {
    let service: TestService;
    let base: string;

    beforeAll(async () => {
      service = await TestService.start(dialect);
      serveConsoleHere(service);
      base = `${service.url}/sandbox/social`;
    });
    afterAll(() => service.stop());

    const app = () => new SandboxGraphApi(`${SANDBOX_CLIENT.clientId}|${SANDBOX_CLIENT.clientSecret}`, base);

    /** A code from the consent page, for a new account (of a magic kind when `fault` is given). */
    async function codeFor(fault?: string): Promise<string> {
      const owner = await service.createOwner('free');
      const endpoints = endpointsFor(service.services, 'social', 'sandbox');
      const redirectUri = connectRedirectUri(service.services, 'social');
      const back = await consent(
        service,
        owner.userId,
        socialConnect.authorizeUrl(endpoints, 'st4te', redirectUri, []),
        'approve',
        'SDK account',
        fault ? { sandbox_fault: fault } : {},
      );
      return back.searchParams.get('code') ?? '';
    }

    /** Facebook Login's two exchanges, made with the SDK's own `call`: a code, then a long-lived token. */
    async function longLivedToken(fault?: string): Promise<string> {
      const code = await codeFor(fault);
      const redirectUri = connectRedirectUri(service.services, 'social');
      const short = await app().call('GET', ['oauth', 'access_token'], {
        client_id: SANDBOX_CLIENT.clientId,
        client_secret: SANDBOX_CLIENT.clientSecret,
        redirect_uri: redirectUri,
        code,
      });
      const long = await app().call('GET', ['oauth', 'access_token'], {
        grant_type: 'fb_exchange_token',
        client_id: SANDBOX_CLIENT.clientId,
        client_secret: SANDBOX_CLIENT.clientSecret,
        fb_exchange_token: short.access_token,
      });
      return long.access_token;
    }

    /** The token's API, its only ad account, and the proof every call of it carries. */
    async function connected(fault?: string) {
      const token = await longLivedToken(fault);
      const api = new SandboxGraphApi(token, base);
      const proof = { appsecret_proof: proofOf(token) };
      const accounts = await new User('me', {}, undefined, api).getAdAccounts(['id', 'account_id'], {
        ...proof,
      });
      const accountId: string = accounts[0]?.id;
      return { token, api, proof, accountId, account: new AdAccount(accountId, {}, undefined, api) };
    }

    it('exchanges the code for a short-lived token, then for a 60-day one, as Facebook Login does', async () => {
      const code = await codeFor();
      const redirectUri = connectRedirectUri(service.services, 'social');
      const exchange = {
        client_id: SANDBOX_CLIENT.clientId,
        client_secret: SANDBOX_CLIENT.clientSecret,
        redirect_uri: redirectUri,
        code,
      };
      const short = await app().call('GET', ['oauth', 'access_token'], { ...exchange });
      expect(short).toMatchObject({ access_token: expect.any(String), token_type: 'bearer' });
      expect(short.expires_in).toBeLessThanOrEqual(3600);
      const long = await app().call('GET', ['oauth', 'access_token'], {
        grant_type: 'fb_exchange_token',
        client_id: SANDBOX_CLIENT.clientId,
        client_secret: SANDBOX_CLIENT.clientSecret,
        fb_exchange_token: short.access_token,
      });
      expect(long.expires_in).toBe(60 * DAY_S);

      const reused = await refusal(app().call('GET', ['oauth', 'access_token'], { ...exchange }));
      expect(reused.status).toBe(400);
      expect(reused.response).toMatchObject({ code: 100, error_subcode: 36009, type: 'OAuthException' });
      const secret = await refusal(
        app().call('GET', ['oauth', 'access_token'], { ...exchange, client_secret: 'wrong' }),
      );
      expect(secret.response).toMatchObject({ code: 1, message: 'Error validating client secret.' });
    });

    it('lists the ad accounts of the token (me/adaccounts), every AdAccount field the SDK knows allowed', async () => {
      const token = await longLivedToken();
      const api = new SandboxGraphApi(token, base);
      const me = new User('me', {}, undefined, api);
      const accounts = await me.getAdAccounts(['account_id', 'name', 'currency'], {
        appsecret_proof: proofOf(token),
      });
      expect(accounts).toHaveLength(1);
      expect(accounts[0]._data).toEqual({
        id: expect.stringMatching(/^act_\d{15}$/),
        account_id: expect.stringMatching(/^\d{15}$/),
        name: 'SDK account',
        currency: 'USD',
      });
      const every = await me.getAdAccounts(Object.values(AdAccount.Fields), {
        appsecret_proof: proofOf(token),
      });
      expect(every[0]._data).toMatchObject({ account_status: 1, name: 'SDK account', currency: 'USD' });
    });

    it('lists a business and its own and its clients’ ad accounts (me/businesses), not under me/adaccounts', async () => {
      const token = await longLivedToken('business');
      const api = new SandboxGraphApi(token, base);
      const proof = { appsecret_proof: proofOf(token) };
      const me = new User('me', {}, undefined, api);
      expect(await me.getAdAccounts(['id'], { ...proof })).toHaveLength(0);
      const businesses = await me.getBusinesses(Object.values(Business.Fields), { ...proof });
      expect(businesses.map((b: any) => b._data)).toEqual([
        { id: expect.stringMatching(/^\d{15}$/), name: 'SDK account' },
      ]);
      const business = new Business(businesses[0]?.id, {}, undefined, api);
      const owned = await business.getOwnedAdAccounts(['account_id', 'name', 'currency'], { ...proof });
      expect(owned.map((a: any) => a._data.name)).toEqual([
        'SDK account: account 1',
        'SDK account: account 2',
      ]);
      const shared = await business.getClientAdAccounts(['account_id', 'name'], { ...proof });
      expect(shared.map((a: any) => a._data.name)).toEqual(['SDK account: client account 1']);
      // Another business's id is refused as Graph refuses an object the token cannot load.
      const other = await refusal(
        new Business('123456789012345', {}, undefined, api).getOwnedAdAccounts(['id'], { ...proof }),
      );
      expect(other.response).toMatchObject({ code: 100, error_subcode: 33 });
    });

    it('reads the edges the adapter reads, every IGUser and Page field the SDK knows allowed', async () => {
      const { account, proof } = await connected();
      const igFields = Object.values(IGUser.Fields) as string[];
      const authorized = await account.getInstagramAccounts(igFields, { ...proof });
      expect(authorized.map((a: any) => a.username)).toEqual(['acme.studio', 'acme.shop', 'acme.archive']);
      expect(authorized[0]._data).toMatchObject({
        id: expect.stringMatching(/^178414\d{11}$/),
        username: 'acme.studio',
        name: 'Acme Studio',
        profile_picture_url: expect.stringMatching(/^https:\/\//),
        followers_count: expect.any(Number),
        follows_count: expect.any(Number),
        media_count: expect.any(Number),
      });
      const linked = await account.getConnectedInstagramAccounts(['id', 'username'], { ...proof });
      expect(linked.map((a: any) => a.username)).toEqual(['acme.studio', 'acme.shop']);
      const pages = await account.getPromotePages(['id', 'name', 'connected_instagram_account'], {
        ...proof,
      });
      expect(pages.map((p: any) => [p.name, p.connected_instagram_account?.id ?? null])).toEqual([
        ['Acme Studio', authorized[0].id],
        ['Acme Shop', authorized[1].id],
        ['Acme Careers', null],
      ]);
      const everyPageField = await account.getPromotePages(Object.values(Page.Fields), { ...proof });
      expect(everyPageField).toHaveLength(3);
      const counted = await account.getInstagramAccounts(['id'], { ...proof, summary: 'total_count' });
      expect(counted.summary).toEqual({ total_count: 3 });
    });

    it("pages with the SDK's own cursor: next and previous keep the token and the proof", async () => {
      const { account, accountId, proof } = await connected();
      const store = new SandboxStore(service.services.storage.db, 'social');
      const start = service.services.clock.now().getTime() + 1000;
      for (let i = 0; i < 4; i++) {
        const data = { username: `brand.${i}`, name: `Brand ${i}`, authorized_for_ads: true };
        await store.put(
          { type: 'photo_account', id: `178414${sandboxId(11)}`, accountId, data },
          new Date(start + i),
        );
      }
      const cursor = await account.getInstagramAccounts(['username'], { ...proof, limit: 2 });
      const seen: string[] = cursor.map((a: any) => a.username);
      while (cursor.hasNext()) {
        await cursor.next();
        seen.push(...cursor.map((a: any) => a.username));
      }
      expect(seen).toEqual([
        'acme.studio',
        'acme.shop',
        'acme.archive',
        'brand.0',
        'brand.1',
        'brand.2',
        'brand.3',
      ]);
      expect(cursor.hasPrevious()).toBe(true);
      await cursor.previous();
      expect(cursor.map((a: any) => a.username)).toEqual(['brand.1', 'brand.2']);
    });

    it("parses the sandbox's refusals into FacebookRequestError with Meta's codes", async () => {
      const { api, account, token, proof } = await connected();
      const missing = await refusal(account.getInstagramAccounts(['id'], {}));
      expect(missing.status).toBe(400);
      expect(missing.message).toBe('API calls from the server require an appsecret_proof argument');
      expect(missing.response).toMatchObject({ code: 100, type: 'GraphMethodException' });
      expect(missing.response.fbtrace_id).toEqual(expect.any(String));

      const wrong = await refusal(
        account.getInstagramAccounts(['id'], { appsecret_proof: proofOf(token, 'nope') }),
      );
      expect(wrong.message).toBe('Invalid appsecret_proof provided in the API argument');
      expect(wrong.response).toMatchObject({ code: 100, type: 'GraphMethodException' });

      const field = await refusal(account.getInstagramAccounts(['id', 'followed_by_count'], { ...proof }));
      expect(field.response).toMatchObject({ code: 100, type: 'OAuthException' });
      expect(field.message).toBe(
        '(#100) Tried accessing nonexisting field (followed_by_count) on node type (IGUser)',
      );

      const parameter = await refusal(account.getInstagramAccounts(['id'], { ...proof, sort: 'name' }));
      expect(parameter.response).toMatchObject({ code: 100, error_user_title: 'Invalid parameter' });
      expect(parameter.response.error_user_msg).toMatch(/^sort is not a parameter of this endpoint/);

      const other = await connected();
      const foreign = await refusal(
        new AdAccount(other.accountId, {}, undefined, api).getInstagramAccounts(['id'], { ...proof }),
      );
      expect(foreign.status).toBe(403);
      expect(foreign.response).toMatchObject({ code: 200, type: 'OAuthException' });

      const forged = new SandboxGraphApi('forged-token', base);
      const unknown = await refusal(
        new AdAccount(other.accountId, {}, undefined, forged).getInstagramAccounts(['id'], {
          appsecret_proof: proofOf('forged-token'),
        }),
      );
      expect(unknown.response).toMatchObject({ code: 190, type: 'OAuthException' });

      const posted = await refusal(api.call('POST', [account.id, 'instagram_accounts'], { ...proof }));
      expect(posted.status).toBe(400);
      expect(posted.response).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
      expect(posted.message).toMatch(/^Unsupported post request\./);
    });

    it('lists campaigns with every Campaign field the SDK knows, filtered by status, paged by its cursor', async () => {
      const { account, proof } = await connected();
      const fields = Object.values(Campaign.Fields) as string[];
      const cursor = await account.getCampaigns(fields, {
        ...proof,
        effective_status: [Campaign.EffectiveStatus.active, Campaign.EffectiveStatus.paused],
        limit: 2,
      });
      const seen: any[] = [...cursor];
      while (cursor.hasNext()) {
        await cursor.next();
        seen.push(...cursor);
      }
      expect(seen.map((c) => c.name)).toEqual([
        'Always-on prospecting',
        'Retargeting: cart abandoners',
        'Brand video: awareness',
        'Runaway: advantage+ audience',
        'Lead forms: spring webinar',
        'Instagram engagement test',
      ]);
      expect(seen[0]).toBeInstanceOf(Campaign);
      expect(seen[0]._data).toMatchObject({
        id: expect.stringMatching(/^\d{18}$/),
        account_id: account.id.replace('act_', ''),
        status: Campaign.Status.active,
        effective_status: Campaign.EffectiveStatus.active,
        objective: Campaign.Objective.outcome_traffic,
        daily_budget: '20000',
        buying_type: 'AUCTION',
        created_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/),
      });
      const archived = await account.getCampaigns(['name'], {
        ...proof,
        effective_status: [Campaign.EffectiveStatus.archived],
      });
      expect(archived.map((c: any) => c.name)).toEqual(['Seasonal sale (ended)']);
      const wrong = await refusal(account.getCampaigns(['name'], { ...proof, effective_status: ['LIVE'] }));
      expect(wrong.response).toMatchObject({ code: 100, type: 'OAuthException' });
    });

    it("updates a campaign with Campaign.update: Meta's validate_only first, then the change, read back", async () => {
      const { api, account, proof } = await connected();
      const [first] = await account.getCampaigns(['id', 'name'], { ...proof });
      const campaign = new Campaign(first.id, {}, undefined, api);
      const checked = await campaign.update([], {
        ...proof,
        status: Campaign.Status.paused,
        daily_budget: 15_000,
        execution_options: [Campaign.ExecutionOptions.validate_only],
      });
      expect(checked).toEqual({ success: true });
      const fields = [Campaign.Fields.status, Campaign.Fields.effective_status, Campaign.Fields.daily_budget];
      const unchanged = await new Campaign(first.id, {}, undefined, api).get(fields, { ...proof });
      expect(unchanged._data).toMatchObject({ status: Campaign.Status.active, daily_budget: '20000' });

      const done = await new Campaign(first.id, {}, undefined, api).update([], {
        ...proof,
        status: Campaign.Status.paused,
        daily_budget: 15_000,
        name: 'Prospecting (paused by the SDK)',
      });
      expect(done).toEqual({ success: true });
      const read = await new Campaign(first.id, {}, undefined, api).get([...fields, Campaign.Fields.name], {
        ...proof,
      });
      expect(read._data).toEqual({
        id: first.id,
        status: Campaign.Status.paused,
        effective_status: Campaign.EffectiveStatus.paused,
        daily_budget: '15000',
        name: 'Prospecting (paused by the SDK)',
      });

      const low = await refusal(
        new Campaign(first.id, {}, undefined, api).update([], { ...proof, daily_budget: 10 }),
      );
      expect(low.status).toBe(400);
      expect(low.response).toMatchObject({
        code: 100,
        error_subcode: 1885272,
        type: 'OAuthException',
        error_user_title: 'Your Budget Is Too Low',
      });
      const status = await refusal(
        new Campaign(first.id, {}, undefined, api).update([], { ...proof, status: 'LIVE' }),
      );
      expect(status.message).toBe('(#100) Param status must be one of {ACTIVE, PAUSED, DELETED, ARCHIVED}');
    });

    it('lists ad sets and ads with every AdSet and Ad field the SDK knows, by account, campaign and ad set', async () => {
      const { api, account, proof } = await connected();
      const adSetFields = Object.values(AdSet.Fields) as string[];
      const cursor = await account.getAdSets(adSetFields, { ...proof, limit: 3 });
      const adSets: any[] = [...cursor];
      while (cursor.hasNext()) {
        await cursor.next();
        adSets.push(...cursor);
      }
      expect(adSets).toHaveLength(11);
      expect(adSets[0]).toBeInstanceOf(AdSet);
      const broad = adSets.find((a) => a.name === 'Broad: 18-65+');
      expect(broad._data).toMatchObject({
        account_id: account.id.replace('act_', ''),
        status: AdSet.Status.active,
        effective_status: AdSet.EffectiveStatus.active,
        optimization_goal: AdSet.OptimizationGoal.link_clicks,
        billing_event: AdSet.BillingEvent.impressions,
        targeting: { geo_locations: { countries: ['US', 'CA'] } },
      });
      expect(broad._data).not.toHaveProperty('daily_budget');
      const reels = adSets.find((a) => a.name === 'Reels: 18-34');
      expect(reels._data).toMatchObject({ daily_budget: '3000', effective_status: 'CAMPAIGN_PAUSED' });
      const campaign = new Campaign(broad.campaign_id, {}, undefined, api);
      const paused = await campaign.getAdSets(['name'], {
        ...proof,
        effective_status: [AdSet.EffectiveStatus.paused],
      });
      expect(paused.map((a: any) => a.name)).toEqual(['Interests: outdoor living']);

      const adFields = Object.values(Ad.Fields) as string[];
      const ads = await new AdSet(broad.id, {}, undefined, api).getAds(adFields, { ...proof });
      expect(ads[0]).toBeInstanceOf(Ad);
      expect(ads.map((a: any) => [a.name, a.effective_status])).toEqual([
        ['Single image: new arrivals', Ad.EffectiveStatus.active],
        ['Single image: old promo', Ad.EffectiveStatus.paused],
      ]);
      expect(ads[0]._data).toMatchObject({ adset_id: broad.id, campaign_id: broad.campaign_id });
      expect(ads[0]._data.creative).toEqual({ id: expect.stringMatching(/^\d+$/) });
      const expanded = await new Ad(ads[0].id, {}, undefined, api).get(['creative{id}', 'adset{name}'], {
        ...proof,
      });
      expect(expanded._data.adset).toEqual({ id: broad.id, name: 'Broad: 18-65+' });
      const ofCampaign = await campaign.getAds(['id'], { ...proof });
      expect(ofCampaign.length).toBeGreaterThan(ads.length);
      const ofAccount = await account.getAds(['id'], { ...proof, limit: 100 });
      expect(ofAccount.length).toBeGreaterThan(ofCampaign.length);
      const wrong = await refusal(account.getAdSets(['bid_floor'], { ...proof }));
      expect(wrong.message).toBe('(#100) Tried accessing nonexisting field (bid_floor) on node type (AdSet)');
    });

    it("updates an ad set with AdSet.update: validate_only first, then the change, read back; Meta's refusals", async () => {
      const { api, account, proof } = await connected();
      const adSets = await account.getAdSets(['id', 'name'], { ...proof, limit: 100 });
      const reels = adSets.find((a: any) => a.name === 'Reels: 18-34');
      const adSet = () => new AdSet(reels.id, {}, undefined, api);
      const checked = await adSet().update([], {
        ...proof,
        status: AdSet.Status.paused,
        daily_budget: 2_000,
        execution_options: [AdSet.ExecutionOptions.validate_only],
      });
      expect(checked).toEqual({ success: true });
      const fields = [AdSet.Fields.status, AdSet.Fields.daily_budget];
      expect((await adSet().get(fields, { ...proof }))._data).toMatchObject({
        status: 'ACTIVE',
        daily_budget: '3000',
      });
      const done = await adSet().update([], { ...proof, status: AdSet.Status.paused, daily_budget: 2_000 });
      expect(done).toEqual({ success: true });
      expect((await adSet().get(fields, { ...proof }))._data).toEqual({
        id: reels.id,
        status: 'PAUSED',
        daily_budget: '2000',
      });
      const broad = adSets.find((a: any) => a.name === 'Broad: 18-65+');
      const onCampaign = await refusal(
        new AdSet(broad.id, {}, undefined, api).update([], { ...proof, daily_budget: 5_000 }),
      );
      expect(onCampaign.response).toMatchObject({
        code: 100,
        error_subcode: 1885621,
        error_user_title: 'Budget Is Set on the Campaign',
      });
      const targeting = await refusal(adSet().update([], { ...proof, targeting: { age_min: 30 } }));
      expect(targeting.message).toBe(
        '(#100) The adops sandbox does not apply targeting on an ad set update yet',
      );
    });

    it("creates a PAUSED campaign, image, ad set, creative and ad with the SDK's create methods", async () => {
      const { account, accountId, proof } = await connected();
      const store = new SandboxStore(service.services.storage.db, 'social');
      const [page] = await store.list('page', accountId);
      const campaignFields = {
        ...proof,
        name: 'SDK create',
        objective: Campaign.Objective.outcome_traffic,
        status: Campaign.Status.paused,
        special_ad_categories: [],
        daily_budget: 2_500,
        bid_strategy: Campaign.BidStrategy.lowest_cost_without_cap,
      };
      const before = await store.count('campaign', accountId);
      const checked = await account.createCampaign([], {
        ...campaignFields,
        execution_options: [Campaign.ExecutionOptions.validate_only],
      });
      expect(checked._data).toMatchObject({ success: true });
      expect(await store.count('campaign', accountId)).toBe(before);
      const campaign = await account.createCampaign([], campaignFields);
      expect(campaign.id).toMatch(/^\d+$/);
      expect(await store.count('campaign', accountId)).toBe(before + 1);

      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      const image = await account.createAdImage([], { ...proof, bytes: png.toString('base64') });
      const hash = image._data.images.bytes.hash;
      expect(hash).toBe(createHash('md5').update(png).digest('hex'));
      const library = await account.getAdImages(['hash', 'status'], { ...proof, hashes: [hash] });
      expect(library.map((i: any) => i.hash)).toEqual([hash]);

      const adSet = await account.createAdSet([], {
        ...proof,
        name: 'SDK create - ad set',
        campaign_id: campaign.id,
        status: AdSet.Status.paused,
        billing_event: AdSet.BillingEvent.impressions,
        optimization_goal: AdSet.OptimizationGoal.link_clicks,
        targeting: { geo_locations: { countries: ['US'] }, age_min: 25, age_max: 54 },
      });
      const creative = await account.createAdCreative([], {
        ...proof,
        name: 'SDK create - creative',
        object_story_spec: {
          page_id: page?.id,
          link_data: { image_hash: hash, link: 'https://example.com/', message: 'Hello', name: 'Headline' },
        },
      });
      const ad = await account.createAd([], {
        ...proof,
        name: 'SDK create - ad',
        adset_id: adSet.id,
        creative: { creative_id: creative.id },
        status: Ad.Status.paused,
      });
      const read = await new Ad(ad.id, {}, undefined, account.getApi()).get(
        [Ad.Fields.status, Ad.Fields.effective_status, Ad.Fields.creative],
        { ...proof },
      );
      expect(read._data).toMatchObject({
        status: 'PAUSED',
        effective_status: 'PAUSED',
        creative: { id: creative.id },
      });
      const creatives = await account.getAdCreatives(['name', 'object_story_spec'], { ...proof, limit: 100 });
      expect(creatives.find((c: any) => c.id === creative.id)?.object_story_spec.link_data.image_hash).toBe(
        hash,
      );

      const noCategories = await refusal(
        account.createCampaign([], { ...campaignFields, special_ad_categories: undefined }),
      );
      expect(noCategories.message).toBe('(#100) The parameter special_ad_categories is required');
      const wrongGoal = await refusal(
        account.createAdSet([], {
          ...proof,
          name: 'Wrong goal',
          campaign_id: campaign.id,
          billing_event: AdSet.BillingEvent.impressions,
          optimization_goal: AdSet.OptimizationGoal.lead_generation,
          targeting: { geo_locations: { countries: ['US'] } },
        }),
      );
      expect(wrongGoal.response).toMatchObject({
        code: 100,
        error_user_title: 'Performance Goal Is Not Available',
      });
      const ownBudget = await refusal(
        account.createAdSet([], {
          ...proof,
          name: 'Own budget',
          campaign_id: campaign.id,
          daily_budget: 1_000,
          billing_event: AdSet.BillingEvent.impressions,
          optimization_goal: AdSet.OptimizationGoal.link_clicks,
          targeting: { geo_locations: { countries: ['US'] } },
        }),
      );
      expect(ownBudget.response).toMatchObject({ error_subcode: 1885621 });
    });

    it('reports insights with every AdsInsights field the SDK knows, by campaign and day, paged by its cursor', async () => {
      const { account, proof } = await connected();
      const [first] = await account.getCampaigns(['id', 'name'], { ...proof });
      const today = service.services.clock.now().getTime();
      const day = (ago: number) => new Date(today - ago * DAY_S * 1000).toISOString().slice(0, 10);
      const cursor = await account.getInsights(Object.values(AdsInsights.Fields) as string[], {
        ...proof,
        level: AdsInsights.Level.campaign,
        time_range: { since: day(7), until: day(1) },
        time_increment: 1,
        filtering: [{ field: 'campaign.id', operator: 'IN', value: [first.id] }],
        limit: 3,
      });
      const rows: any[] = [...cursor];
      while (cursor.hasNext()) {
        await cursor.next();
        rows.push(...cursor);
      }
      expect(rows).toHaveLength(7);
      expect(rows[0]).toBeInstanceOf(AdsInsights);
      expect(rows.map((r) => r._data.date_start)).toEqual([7, 6, 5, 4, 3, 2, 1].map(day));
      for (const row of rows) {
        expect(row._data).toMatchObject({
          campaign_id: first.id,
          campaign_name: first.name,
          account_currency: 'USD',
          impressions: expect.stringMatching(/^\d+$/),
          spend: expect.stringMatching(/^\d+(\.\d+)?$/),
          ctr: expect.stringMatching(/^\d+(\.\d+)?$/),
          date_stop: row._data.date_start,
        });
        expect(row._data.actions).toContainEqual({ action_type: 'link_click', value: expect.any(String) });
      }
      const preset = await account.getInsights(['spend'], {
        ...proof,
        date_preset: AdsInsights.DatePreset.last_7d,
      });
      expect(preset[0]._data).toMatchObject({ date_start: day(7), date_stop: day(1) });
      const wrong = await refusal(account.getInsights(['spend'], { ...proof, level: 'adgroup' }));
      expect(wrong.response).toMatchObject({ code: 100, type: 'OAuthException' });
      expect(wrong.message).toBe('(#100) Param level must be one of {ad, adset, campaign, account}');
    });

    it('reports insights by ad set and device platform, the device rows adding up to the ad set', async () => {
      const { account, proof } = await connected();
      const today = service.services.clock.now().getTime();
      const day = (ago: number) => new Date(today - ago * DAY_S * 1000).toISOString().slice(0, 10);
      const ask = { ...proof, level: 'adset', time_range: { since: day(7), until: day(1) }, limit: 100 };
      const fields = ['campaign_id', 'adset_id', 'adset_name', 'impressions', 'spend'];
      const whole: any[] = [...(await account.getInsights(fields, ask))];
      const split: any[] = [
        ...(await account.getInsights(fields, { ...ask, breakdowns: ['device_platform'] })),
      ];
      expect(whole.length).toBeGreaterThan(1);
      for (const row of whole) {
        expect(row._data).toMatchObject({ adset_id: expect.any(String), adset_name: expect.any(String) });
        const parts = split.filter((part) => part._data.adset_id === row._data.adset_id);
        expect(parts.map((part) => part._data.device_platform).sort()).toEqual([
          'desktop',
          'mobile_app',
          'mobile_web',
        ]);
        const impressions = parts.reduce((sum, part) => sum + Number(part._data.impressions), 0);
        expect(impressions).toBe(Number(row._data.impressions));
      }
      const mixed = await refusal(
        account.getInsights(['spend'], { ...proof, breakdowns: ['device_platform', 'age'] }),
      );
      expect(mixed.message).toBe(
        '(#100) Current combination of data breakdown columns (age, device_platform) is invalid',
      );
      const unknown = await refusal(account.getInsights(['spend'], { ...proof, breakdowns: ['device'] }));
      expect(unknown.message).toMatch(/^\(#100\) breakdowns\[0\] must be one of the following values: /);
    });

    it('serves an expired version auto-upgraded, and refuses a version that never was', async () => {
      const { token, accountId, proof } = await connected();
      const url = (version: string) =>
        `${base}/${version}/${accountId}/instagram_accounts?access_token=${token}&appsecret_proof=${proof.appsecret_proof}`;
      const viewer = new SandboxGraphApi(token, base).setShowHeader(true);
      const upgraded = await viewer.call('GET', url('v23.0'));
      expect(upgraded.data).toHaveLength(3);
      expect(upgraded.headers['x-ad-api-version-warning']).toMatch(/auto-upgraded to v\d+\.0/);
      const never = await refusal(viewer.call('GET', url('v99.0')));
      expect(never.response).toMatchObject({ code: 2500, type: 'OAuthException' });
      expect(never.message).toBe(`Unknown path components: /${accountId}/instagram_accounts`);
      const ancient = await refusal(viewer.call('GET', url('v16.0')));
      expect(ancient.response).toMatchObject({ code: 2635, type: 'OAuthException' });
      expect(SDK_VERSION).toBe('v24.0');
    });

    it('answers each magic account as documented: throttle, server error, expired token', async () => {
      const limited = await connected('rate_limited');
      expect(limited.accountId).toMatch(/^act_4000\d{8}0429$/);
      const throttled = await refusal(limited.account.getInstagramAccounts(['id'], { ...limited.proof }));
      expect(throttled.status).toBe(400);
      expect(throttled.response).toMatchObject({ code: 80004, error_subcode: 2446079 });
      const usage = JSON.parse(throttled.headers['x-business-use-case-usage']);
      expect(Object.values(usage).flat()).toEqual([
        expect.objectContaining({ type: 'ads_management', estimated_time_to_regain_access: 1 }),
      ]);

      const failing = await connected('server_error');
      expect(failing.accountId).toMatch(/^act_4000\d{8}0500$/);
      const failed = await refusal(
        failing.account.getConnectedInstagramAccounts(['id'], { ...failing.proof }),
      );
      expect(failed.status).toBe(500);
      expect(failed.response).toMatchObject({ code: 2, is_transient: true });

      const expiring = await connected('token_expired');
      expect(expiring.accountId).toMatch(/^act_4000\d{8}0190$/);
      const expired = await refusal(expiring.account.getPromotePages(['id'], { ...expiring.proof }));
      expect(expired.response).toMatchObject({ code: 190, error_subcode: 463 });
      expect(expired.message).toContain('Session has expired');
    });

    it('answers the slow magic account after 10 seconds, and normally', async () => {
      const slow = await connected('slow');
      expect(slow.accountId).toMatch(/^act_4000\d{8}0408$/);
      const started = Date.now();
      const answer = await slow.account.getInstagramAccounts(['username'], { ...slow.proof });
      expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
      expect(answer).toHaveLength(3);
    }, 30_000);
  },
);
