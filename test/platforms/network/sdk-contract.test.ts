import { createRequire } from 'node:module';
import type { AxiosError, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import type { AuthClient as AuthClientType, RestliClient as RestliClientType } from 'linkedin-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsFor, SANDBOX_CLIENT } from '../../../src/platforms/endpoints.ts';
import { NetworkRequests } from '../../../src/platforms/network/client.ts';
import { connectRedirectUri } from '../../../src/platforms/oauth-flow.ts';
import { activityHistories } from '../../../src/sandbox/activity.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { consent, serveConsoleHere } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';

/**
 * The contract of the LinkedIn sandbox, proven through LinkedIn's official client (`linkedin-api-client`
 * 0.3.0, its RestliClient and AuthClient) pointed at it: every call the network adapter makes (ad
 * analytics included), the client's own paging, batch methods and query tunnelling, LinkedIn's error
 * bodies as the client hands them over, and the magic fault values. When the client and the sandbox disagree, the sandbox is wrong.
 */

// The client and the axios it sends with, loaded as the client loads them, so the interceptors below
// sit on the very instances it uses.
const sdkRequire = createRequire(createRequire(import.meta.url).resolve('linkedin-api-client'));
const { RestliClient, AuthClient } = sdkRequire('linkedin-api-client') as {
  RestliClient: typeof RestliClientType;
  AuthClient: typeof AuthClientType;
};
const sdkAxios = sdkRequire('axios') as AxiosInstance;

const LINKEDIN_REST = 'https://api.linkedin.com/rest';
const LINKEDIN_OAUTH = 'https://www.linkedin.com/oauth/v2';

type Json = Record<string, any>;

/** The LinkedIn error an axios failure carries: status and LinkedIn's body. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: Json }> {
  try {
    await promise;
  } catch (error) {
    const failure = error as AxiosError<Json>;
    expect(failure.isAxiosError, String(error)).toBe(true);
    return { status: failure.response?.status ?? 0, body: failure.response?.data ?? {} };
  }
  throw new Error('the call succeeded; a refusal was expected');
}

describe.each(TEST_DIALECTS)("LinkedIn's official client against the sandbox (%s)", (dialect) => {
  let service: TestService;
  let client: RestliClientType;
  let auth: AuthClientType;
  let accessToken: string;
  let refreshToken: string;
  let accountId: string;
  let version: string;
  let oauthInterceptor: number;
  const sent: InternalAxiosRequestConfig[] = [];

  /** What every call shares: the token from the sandbox's OAuth, the configured LinkedIn-Version. */
  const as = () => ({ accessToken, versionString: version });
  const account = () => ({ pathKeys: { account: accountId } });

  beforeAll(async () => {
    service = await TestService.start(dialect);
    serveConsoleHere(service);
    const sandbox = `${service.url}/sandbox/network`;
    version = service.services.config.platforms.settings.network.apiVersion;
    client = new RestliClient();
    client.axiosInstance.interceptors.request.use((config) => {
      config.url = config.url?.replace(LINKEDIN_REST, `${sandbox}/rest`);
      sent.push(config);
      return config;
    });
    // The AuthClient posts with axios itself, to LinkedIn's OAuth host.
    oauthInterceptor = sdkAxios.interceptors.request.use((config) => {
      config.url = config.url?.replace(`${LINKEDIN_OAUTH}/accessToken`, `${sandbox}/oauth/token`);
      return config;
    });

    const owner = await service.createOwner('pro');
    auth = new AuthClient({
      clientId: SANDBOX_CLIENT.clientId,
      clientSecret: SANDBOX_CLIENT.clientSecret,
      redirectUrl: connectRedirectUri(service.services, 'network'),
    });
    // The client's authorization URL, on the sandbox's consent page instead of LinkedIn's.
    const linkedInUrl = new URL(
      auth.generateMemberAuthorizationUrl(['r_ads', 'rw_ads', 'r_ads_reporting'], 'sdk-state'),
    );
    const consentPage = endpointsFor(service.services, 'network', 'sandbox').authorizeUrl;
    const back = await consent(
      service,
      owner.userId,
      `${consentPage}${linkedInUrl.search}`,
      'approve',
      'SDK',
    );
    expect(back.searchParams.get('state')).toBe('sdk-state');
    const grant = await auth.exchangeAuthCodeForAccessToken(back.searchParams.get('code') ?? '');
    expect(grant.access_token).toMatch(/^sbx_network_access_/);
    accessToken = grant.access_token;
    refreshToken = grant.refresh_token ?? '';
    const accounts = await client.finder({ resourcePath: '/adAccounts', finderName: 'search', ...as() });
    accountId = String(accounts.data.elements[0]?.id);
  });

  afterAll(async () => {
    sdkAxios.interceptors.request.eject(oauthInterceptor);
    await service.stop();
  });

  it("refreshes the token through the client's AuthClient", async () => {
    const refreshed = await auth.exchangeRefreshTokenForAccessToken(refreshToken);
    expect(refreshed.access_token).toMatch(/^sbx_network_access_/);
    expect(refreshed.refresh_token).toBe(refreshToken);
  });

  it('creates, reads, partially updates (as the client spells it) and deletes a campaign group', async () => {
    const made = await client.create({
      resourcePath: '/adAccounts/{account}/adCampaignGroups',
      ...account(),
      entity: {
        account: `urn:li:sponsoredAccount:${accountId}`,
        name: 'SDK group',
        status: 'DRAFT',
        runSchedule: { start: Date.now() },
      },
      ...as(),
    });
    expect(made.status).toBe(201);
    const groupId = String(made.createdEntityId);
    expect(groupId).toMatch(/^\d+$/);

    // The client sends X-RestLi-Method: partial_update, in lower case.
    const updated = await client.partialUpdate({
      resourcePath: '/adAccounts/{account}/adCampaignGroups/{id}',
      pathKeys: { account: accountId, id: groupId },
      patchSetObject: { name: 'SDK group, renamed' },
      ...as(),
    });
    expect(sent.at(-1)?.headers['X-RestLi-Method']).toBe('partial_update');
    expect(updated.status).toBe(204);

    const read = await client.get({
      resourcePath: '/adAccounts/{account}/adCampaignGroups/{id}',
      pathKeys: { account: accountId, id: groupId },
      queryParams: { fields: 'id,name,status' },
      ...as(),
    });
    expect(read.data).toEqual({ id: Number(groupId), name: 'SDK group, renamed', status: 'DRAFT' });

    // The client's DELETE says Content-Type: application/json and has no body.
    const deleted = await client.delete({
      resourcePath: '/adAccounts/{account}/adCampaignGroups/{id}',
      pathKeys: { account: accountId, id: groupId },
      ...as(),
    });
    expect(deleted.status).toBe(204);
    const gone = await refusal(
      client.get({
        resourcePath: '/adAccounts/{account}/adCampaignGroups/{id}',
        pathKeys: { account: accountId, id: groupId },
        ...as(),
      }),
    );
    expect(gone).toMatchObject({ status: 404, body: { status: 404, serviceErrorCode: 0 } });
  });

  /** A campaign group with `names.length` campaigns of those names, made through the client. */
  async function groupWithCampaigns(groupName: string, names: string[]) {
    const group = await client.create({
      resourcePath: '/adAccounts/{account}/adCampaignGroups',
      ...account(),
      entity: {
        account: `urn:li:sponsoredAccount:${accountId}`,
        name: groupName,
        status: 'PAUSED',
        runSchedule: { start: Date.now() },
        objectiveType: 'WEBSITE_VISIT',
      },
      ...as(),
    });
    const groupUrn = `urn:li:sponsoredCampaignGroup:${group.createdEntityId}`;
    const campaignIds: string[] = [];
    for (const name of names) {
      const made = await client.create({
        resourcePath: '/adAccounts/{account}/adCampaigns',
        ...account(),
        entity: {
          account: `urn:li:sponsoredAccount:${accountId}`,
          campaignGroup: groupUrn,
          name,
          type: 'SPONSORED_UPDATES',
          format: 'STANDARD_UPDATE',
          objectiveType: 'WEBSITE_VISIT',
          costType: 'CPM',
          optimizationTargetType: 'MAX_CLICK',
          unitCost: { amount: '0', currencyCode: 'USD' },
          dailyBudget: { amount: '20.00', currencyCode: 'USD' },
          locale: { country: 'US', language: 'en' },
          runSchedule: { start: Date.now() },
          status: 'PAUSED',
          targetingCriteria: {
            include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] },
          },
          associatedEntity: 'urn:li:organization:2414183',
          offsiteDeliveryEnabled: false,
          politicalIntent: 'NOT_POLITICAL',
        },
        ...as(),
      });
      campaignIds.push(String(made.createdEntityId));
    }
    return { groupId: String(group.createdEntityId), groupUrn, campaignIds };
  }

  it("finds campaigns by their criteria and pages them with the client's pageSize and pageToken", async () => {
    const name = "50% off (EU), it's on";
    const { groupUrn, campaignIds } = await groupWithCampaigns(name, ['A', 'B', 'C', 'D', 'E']);
    const byName = await client.finder({
      resourcePath: '/adAccounts/{account}/adCampaignGroups',
      ...account(),
      finderName: 'search',
      queryParams: { search: { name: { values: [name] } } },
      ...as(),
    });
    expect(byName.data.elements.map((g: Json) => g.name)).toEqual([name]);

    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const found = await client.finder({
        resourcePath: '/adAccounts/{account}/adCampaigns',
        ...account(),
        finderName: 'search',
        queryParams: {
          search: { campaignGroup: { values: [groupUrn] }, status: { values: ['PAUSED'] } },
          pageSize: 2,
          ...(pageToken && { pageToken }),
          fields: 'id,campaignGroup',
        },
        ...as(),
      });
      pages++;
      for (const campaign of found.data.elements) {
        expect(Object.keys(campaign).sort()).toEqual(['campaignGroup', 'id']);
        expect(campaign.campaignGroup).toBe(groupUrn);
        seen.push(String(campaign.id));
      }
      pageToken = (found.data as Json).metadata?.nextPageToken;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual([...campaignIds].sort());
  });

  it('reads and updates several campaigns at once with BATCH_GET and BATCH_PARTIAL_UPDATE', async () => {
    const { campaignIds } = await groupWithCampaigns('Batch group', ['One', 'Two']);
    const [first = '', second = ''] = campaignIds;
    const batch = await client.batchGet({
      resourcePath: '/adAccounts/{account}/adCampaigns',
      ...account(),
      ids: [first, second, '999999999'],
      queryParams: { fields: 'id,name' },
      ...as(),
    });
    expect(batch.data.results).toEqual({
      [first]: { id: Number(first), name: 'One' },
      [second]: { id: Number(second), name: 'Two' },
    });
    expect(batch.data.errors['999999999']).toMatchObject({ status: 404 });

    const updated = await client.batchPartialUpdate({
      resourcePath: '/adAccounts/{account}/adCampaigns',
      ...account(),
      ids: [first, second],
      patchSetObjects: [{ name: 'One, renamed' }, { dailyBudget: { amount: '1.00', currencyCode: 'USD' } }],
      ...as(),
    });
    expect(updated.data.results).toEqual({ [first]: { status: 204 } });
    expect(updated.data.errors[second]).toMatchObject({ status: 400 });
    const after = await client.batchGet({
      resourcePath: '/adAccounts/{account}/adCampaigns',
      ...account(),
      ids: [first, second],
      ...as(),
    });
    expect(after.data.results[first]?.name).toBe('One, renamed');
    expect(after.data.results[second]?.dailyBudget).toEqual({ amount: '20.00', currencyCode: 'USD' });
  });

  it("takes update_network_campaign's PARTIAL_UPDATE as the client sends it, and its reports follow", async () => {
    const { groupId, campaignIds } = await groupWithCampaigns('Update group', ['To update']);
    const campaignId = campaignIds[0] ?? '';
    const set = {
      status: 'ACTIVE',
      dailyBudget: { amount: '35.00', currencyCode: 'USD' },
      name: 'Updated through the client',
    };
    const updated = await client.partialUpdate({
      resourcePath: '/adAccounts/{account}/adCampaigns/{id}',
      pathKeys: { account: accountId, id: campaignId },
      patchSetObject: set,
      ...as(),
    });
    expect(updated.status).toBe(204);
    // The adapter sends the very request LinkedIn's client builds: path, method and body.
    const adapter = new NetworkRequests(LINKEDIN_REST, accountId).updateCampaign(campaignId, set);
    const request = sent.at(-1);
    expect(request?.method?.toUpperCase()).toBe(adapter.method);
    expect(request?.url?.split('/rest')[1]).toBe(adapter.url.split('/rest')[1]);
    expect(JSON.parse(String(request?.data))).toEqual(adapter.body);

    const read = await client.get({
      resourcePath: '/adAccounts/{account}/adCampaigns/{id}',
      pathKeys: { account: accountId, id: campaignId },
      queryParams: { fields: 'id,name,status,dailyBudget' },
      ...as(),
    });
    expect(read.data).toEqual({ id: Number(campaignId), ...set });
    // Its group is PAUSED, so LinkedIn holds the campaign: the sandbox notes it as not serving.
    const activity = async () =>
      (await activityHistories(service.services.storage.db, 'network', [campaignId])).get(campaignId)?.at(-1);
    expect(await activity()).toMatchObject({ active: false, dailyBudgetMicros: 35_000_000 });

    const tooLow = await refusal(
      client.partialUpdate({
        resourcePath: '/adAccounts/{account}/adCampaigns/{id}',
        pathKeys: { account: accountId, id: campaignId },
        patchSetObject: { dailyBudget: { amount: '1.00', currencyCode: 'USD' } },
        ...as(),
      }),
    );
    expect(tooLow).toMatchObject({ status: 400, body: { status: 400 } });
    // The group goes ACTIVE: its active campaign serves from today.
    await client.partialUpdate({
      resourcePath: '/adAccounts/{account}/adCampaignGroups/{id}',
      pathKeys: { account: accountId, id: groupId },
      patchSetObject: { status: 'ACTIVE' },
      ...as(),
    });
    expect(await activity()).toMatchObject({ active: true, dailyBudgetMicros: 35_000_000 });
    // Paused again, so the campaign does not count among the running ones below.
    await client.partialUpdate({
      resourcePath: '/adAccounts/{account}/adCampaigns/{id}',
      pathKeys: { account: accountId, id: campaignId },
      patchSetObject: { status: 'PAUSED' },
      ...as(),
    });
    expect(await activity()).toMatchObject({ active: false, dailyBudgetMicros: 35_000_000 });
  });

  it('uploads an image, posts it, makes a creative, and finds creatives by campaign, page by page', async () => {
    const { campaignIds } = await groupWithCampaigns('Creative group', ['Image campaign']);
    const campaignUrn = `urn:li:sponsoredCampaign:${campaignIds[0]}`;
    const upload = await client.action({
      resourcePath: '/images',
      actionName: 'initializeUpload',
      data: { initializeUploadRequest: { owner: 'urn:li:organization:2414183' } },
      ...as(),
    });
    const { uploadUrl, image } = upload.data.value as { uploadUrl: string; image: string };
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/octet-stream' },
      body: png,
    });
    expect(put.status).toBe(201);
    const media = await client.get({ resourcePath: '/images/{id}', pathKeys: { id: image }, ...as() });
    expect(media.data).toMatchObject({ id: image, status: 'AVAILABLE' });

    const post = await client.create({
      resourcePath: '/posts',
      entity: {
        author: 'urn:li:organization:2414183',
        commentary: 'Made through the official client',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
        content: { media: { id: image, title: 'One pixel' } },
        contentLandingPage: 'https://example.com',
        contentCallToActionLabel: 'LEARN_MORE',
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
        adContext: { dscAdAccount: `urn:li:sponsoredAccount:${accountId}`, dscStatus: 'ACTIVE' },
      },
      ...as(),
    });
    const postUrn = String(post.createdEntityId);
    expect(postUrn).toMatch(/^urn:li:share:\d+$/);
    const readPost = await client.get({ resourcePath: '/posts/{id}', pathKeys: { id: postUrn }, ...as() });
    expect(readPost.data).toMatchObject({ id: postUrn, commentary: 'Made through the official client' });
    expect(readPost.data).not.toHaveProperty('kind');
    const posts = await client.batchGet({ resourcePath: '/posts', ids: [postUrn], ...as() });
    expect(Object.values(posts.data.results)[0]).not.toHaveProperty('kind');

    const creativeUrns: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await client.create({
        resourcePath: '/adAccounts/{account}/creatives',
        ...account(),
        entity: {
          campaign: campaignUrn,
          content: { reference: postUrn },
          intendedStatus: 'ACTIVE',
          name: `Ad ${i}`,
        },
        ...as(),
      });
      creativeUrns.push(String(made.createdEntityId));
    }
    expect(creativeUrns[0]).toMatch(/^urn:li:sponsoredCreative:\d+$/);

    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const found = await client.finder({
        resourcePath: '/adAccounts/{account}/creatives',
        ...account(),
        finderName: 'criteria',
        queryParams: { campaigns: [campaignUrn], pageSize: 2, ...(pageToken && { pageToken }) },
        ...as(),
      });
      seen.push(...found.data.elements.map((c: Json) => c.id));
      pageToken = (found.data as Json).metadata?.nextPageToken;
    } while (pageToken);
    expect(seen.sort()).toEqual([...creativeUrns].sort());

    // The URN is a path key the client encodes; PARTIAL_UPDATE, then the batch form, then removal.
    await client.partialUpdate({
      resourcePath: '/adAccounts/{account}/creatives/{id}',
      pathKeys: { account: accountId, id: creativeUrns[0] },
      patchSetObject: { intendedStatus: 'PAUSED' },
      ...as(),
    });
    const paused = await client.batchPartialUpdate({
      resourcePath: '/adAccounts/{account}/creatives',
      ...account(),
      ids: [creativeUrns[1] ?? '', creativeUrns[2] ?? ''],
      patchSetObjects: [{ intendedStatus: 'PAUSED' }, { intendedStatus: 'PENDING_DELETION' }],
      ...as(),
    });
    expect(Object.values(paused.data.results)).toEqual([{ status: 204 }, { status: 204 }]);
    const left = await client.finder({
      resourcePath: '/adAccounts/{account}/creatives',
      ...account(),
      finderName: 'criteria',
      queryParams: { campaigns: [campaignUrn], intendedStatuses: ['PAUSED'] },
      ...as(),
    });
    expect(left.data.elements.map((c: Json) => c.id).sort()).toEqual(
      [creativeUrns[0], creativeUrns[1]].sort(),
    );
  });

  it('tunnels a finder whose URL is too long, as the client does past 4 KB', async () => {
    const { campaignIds } = await groupWithCampaigns('Tunnel group', ['Wanted']);
    const campaigns = [
      ...Array.from({ length: 200 }, (_, i) => `urn:li:sponsoredCampaign:${900_000_000 + i}`),
      `urn:li:sponsoredCampaign:${campaignIds[0]}`,
    ];
    const found = await client.finder({
      resourcePath: '/adAccounts/{account}/adCampaigns',
      ...account(),
      finderName: 'search',
      queryParams: { search: { id: { values: campaigns } } },
      ...as(),
    });
    const request = sent.at(-1);
    expect(request?.method?.toUpperCase()).toBe('POST');
    expect(request?.headers['X-HTTP-Method-Override']).toBe('GET');
    expect(found.data.elements.map((c: Json) => String(c.id))).toEqual([campaignIds[0]]);
  });

  it('reads %25 inside List() as the value it encodes, not as a server error', async () => {
    const creatives = await client.finder({
      resourcePath: '/adAccounts/{account}/creatives',
      ...account(),
      finderName: 'criteria',
      queryParams: { campaigns: ['urn:li:sponsoredCampaign:100%'] },
      ...as(),
    });
    expect(creatives.status).toBe(200);
    expect(creatives.data.elements).toEqual([]);
    const pairs = await client.finder({
      resourcePath: '/campaignConversions',
      finderName: 'campaigns',
      queryParams: { campaigns: ['urn:li:sponsoredCampaign:100%'] },
      ...as(),
    });
    expect(pairs.status).toBe(200);
  });

  it('associates a conversion with an upsert keyed by the pair, and finds it', async () => {
    const { campaignIds } = await groupWithCampaigns('Conversion group', ['Converting']);
    const campaign = `urn:li:sponsoredCampaign:${campaignIds[0]}`;
    const [seeded] = await new SandboxStore(service.services.storage.db, 'network').list(
      'conversion',
      accountId,
    );
    if (!seeded) throw new Error('the consented account has no seeded conversion');
    const conversion = `urn:lla:llaPartnerConversion:${seeded.id}`;
    const read = await client.get({
      resourcePath: '/conversions/{id}',
      pathKeys: { id: seeded.id },
      ...as(),
    });
    expect(read.data).toMatchObject({
      id: Number(seeded.id),
      account: `urn:li:sponsoredAccount:${accountId}`,
    });
    for (let i = 0; i < 2; i++) {
      const put = await client.update({
        resourcePath: '/campaignConversions/{key}',
        pathKeys: { key: { campaign, conversion } },
        entity: { campaign, conversion },
        ...as(),
      });
      expect(put.status).toBe(204);
    }
    const found = await client.finder({
      resourcePath: '/campaignConversions',
      finderName: 'campaigns',
      queryParams: { campaigns: [campaign] },
      ...as(),
    });
    expect(found.data.elements).toEqual([expect.objectContaining({ campaign, conversion })]);
  });

  it("refuses what LinkedIn refuses, with LinkedIn's error body as the client hands it over", async () => {
    const groups = '/adAccounts/{account}/adCampaignGroups';
    const unknownField = await refusal(
      client.create({
        resourcePath: groups,
        ...account(),
        entity: {
          account: `urn:li:sponsoredAccount:${accountId}`,
          name: 'Colourful',
          status: 'DRAFT',
          runSchedule: { start: Date.now() },
          colour: 'red',
        },
        ...as(),
      }),
    );
    expect(unknownField).toMatchObject({
      status: 422,
      body: { status: 422, message: 'ERROR :: /colour :: unrecognized field found but not allowed' },
    });

    const unknownParameter = await refusal(
      client.finder({
        resourcePath: groups,
        ...account(),
        finderName: 'search',
        queryParams: { colour: 'red' },
        ...as(),
      }),
    );
    expect(unknownParameter.status).toBe(400);
    expect(unknownParameter.body.message).toContain('Invalid query parameters passed to request');

    const wrongMethod = await refusal(
      client.update({
        resourcePath: `${groups}/{id}`,
        pathKeys: { account: accountId, id: '1' },
        entity: { name: 'Replaced' },
        ...as(),
      }),
    );
    expect(wrongMethod).toMatchObject({ status: 405, body: { status: 405 } });

    const sunset = await refusal(
      client.finder({
        resourcePath: groups,
        ...account(),
        finderName: 'search',
        accessToken,
        versionString: '202411',
      }),
    );
    expect(sunset).toEqual({
      status: 426,
      body: { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 20241101 is not active' },
    });

    const badToken = await refusal(
      client.finder({
        resourcePath: groups,
        ...account(),
        finderName: 'search',
        accessToken: 'nope',
        versionString: version,
      }),
    );
    expect(badToken.body).toEqual({
      message: 'Invalid access token',
      serviceErrorCode: 65600,
      status: 401,
      code: 'INVALID_ACCESS_TOKEN',
    });
  });

  it('reads ad analytics through the analytics finder, encoded by the client as the adapter encodes it', async () => {
    const store = new SandboxStore(service.services.storage.db, 'network');
    const running = (await store.list<Json>('campaign', accountId)).filter((c) => c.data.status === 'ACTIVE');
    expect(running.length).toBeGreaterThan(0);
    const day = (offset: number) => {
      const date = new Date(service.services.clock.now().getTime() + offset * 86_400_000);
      return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    };
    const iso = (d: { year: number; month: number; day: number }) =>
      `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
    const dateRange = { start: day(-14), end: day(-1) };
    const fields =
      'impressions,clicks,costInLocalCurrency,costInUsd,externalWebsiteConversions,dateRange,pivotValues';
    const campaigns = running.map((c) => `urn:li:sponsoredCampaign:${c.id}`);
    const daily = await client.finder({
      resourcePath: '/adAnalytics',
      finderName: 'analytics',
      queryParams: { pivot: 'CAMPAIGN', timeGranularity: 'DAILY', dateRange, campaigns, fields },
      ...as(),
    });
    // The network adapter sends the very query LinkedIn's client builds, byte for byte.
    const adapterUrl = new NetworkRequests(LINKEDIN_REST, accountId).analytics({
      facet: { campaigns },
      start: iso(dateRange.start),
      end: iso(dateRange.end),
      granularity: 'DAILY',
    }).url;
    expect(sent.at(-1)?.url?.split('?')[1]).toBe(adapterUrl.split('?')[1]);

    expect(daily.status).toBe(200);
    const elements = daily.data.elements as Json[];
    expect(elements.length).toBe(running.length * 14);
    for (const element of elements) {
      expect(campaigns).toContain(element.pivotValues[0]);
      expect(element.dateRange.start).toEqual(element.dateRange.end);
      expect(typeof element.costInLocalCurrency).toBe('string');
    }

    const whole = await client.finder({
      resourcePath: '/adAnalytics',
      finderName: 'analytics',
      queryParams: {
        pivot: 'CAMPAIGN',
        timeGranularity: 'ALL',
        dateRange,
        accounts: [`urn:li:sponsoredAccount:${accountId}`],
        fields,
      },
      ...as(),
    });
    for (const campaign of campaigns) {
      const days = elements.filter((e) => e.pivotValues[0] === campaign);
      const total = (whole.data.elements as Json[]).find((e) => e.pivotValues[0] === campaign);
      expect(total?.impressions).toBe(days.reduce((sum, e) => sum + e.impressions, 0));
      expect(total?.clicks).toBe(days.reduce((sum, e) => sum + e.clicks, 0));
    }

    // By creative, as the adapter asks at level ad: the creatives' parts add up to their campaigns'.
    const byCreative = await client.finder({
      resourcePath: '/adAnalytics',
      finderName: 'analytics',
      queryParams: { pivot: 'CREATIVE', timeGranularity: 'ALL', dateRange, campaigns, fields },
      ...as(),
    });
    const creativeUrl = new NetworkRequests(LINKEDIN_REST, accountId).analytics({
      facet: { campaigns },
      pivot: 'CREATIVE',
      start: iso(dateRange.start),
      end: iso(dateRange.end),
      granularity: 'ALL',
    }).url;
    expect(sent.at(-1)?.url?.split('?')[1]).toBe(creativeUrl.split('?')[1]);
    const parts = byCreative.data.elements as Json[];
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect(part.pivotValues[0]).toMatch(/^urn:li:sponsoredCreative:\d+$/);
    const served = new Set(
      (await store.list<Json>('creative', accountId))
        .filter((c) => parts.some((p) => p.pivotValues[0] === `urn:li:sponsoredCreative:${c.id}`))
        .map((c) => `urn:li:sponsoredCampaign:${c.parentId}`),
    );
    const wholeClicks = (whole.data.elements as Json[])
      .filter((e) => served.has(e.pivotValues[0]))
      .reduce((sum, e) => sum + e.clicks, 0);
    expect(parts.reduce((sum, e) => sum + e.clicks, 0)).toBe(wholeClicks);

    const refused = await refusal(
      client.finder({
        resourcePath: '/adAnalytics',
        finderName: 'analytics',
        queryParams: { pivot: 'CAMPAIGN', timeGranularity: 'DAILY', campaigns, fields },
        ...as(),
      }),
    );
    expect(refused).toMatchObject({ status: 400, body: { status: 400, serviceErrorCode: 100 } });
    expect(refused.body.message).toContain('dateRange');
  });

  it("finds the member's roles on company pages and reads the pages, encoded as the adapter encodes them", async () => {
    const requests = new NetworkRequests(LINKEDIN_REST, accountId);
    const acls = await client.finder({
      resourcePath: '/organizationAcls',
      finderName: 'roleAssignee',
      queryParams: { state: 'APPROVED', start: 0, count: 100 },
      ...as(),
    });
    expect(sent.at(-1)?.url?.split('?')[1]).toBe(
      requests.findOrganizationRoles('APPROVED', 0).url.split('?')[1],
    );
    const held = (acls.data.elements as Json[]).map((acl) => `${acl.organization} ${acl.role} ${acl.state}`);
    expect(held.sort()).toEqual([
      'urn:li:organization:2414183 ADMINISTRATOR APPROVED',
      'urn:li:organization:2414183 DIRECT_SPONSORED_CONTENT_POSTER APPROVED',
      'urn:li:organization:2414190 DIRECT_SPONSORED_CONTENT_POSTER APPROVED',
    ]);
    expect((acls.data as Json).paging).toMatchObject({ start: 0, count: 100, total: 3 });
    // Without a state, the pending request shows too; one role alone, page by page with start and count.
    const admins = await client.finder({
      resourcePath: '/organizationAcls',
      finderName: 'roleAssignee',
      queryParams: { role: 'ADMINISTRATOR', count: 1 },
      ...as(),
    });
    expect((admins.data.elements as Json[]).map((acl) => acl.state)).toEqual(['APPROVED']);
    expect((admins.data as Json).paging.total).toBe(2);

    const pages = await client.batchGet({
      resourcePath: '/organizations',
      ids: [2414183, 2414190, 999],
      ...as(),
    });
    expect(sent.at(-1)?.url?.split('?')[1]).toBe(
      requests.getOrganizations(['2414183', '2414190', '999']).url.split('?')[1],
    );
    expect(pages.data.results['2414183']).toMatchObject({ id: 2414183, localizedName: 'Acme Project Tools' });
    expect(pages.data.results['2414190']?.vanityName).toBe('acme-for-teams');
    expect(pages.data.errors['999']).toMatchObject({ status: 404 });

    const wrongFinder = await refusal(
      client.finder({ resourcePath: '/organizationAcls', finderName: 'organization', ...as() }),
    );
    expect(wrongFinder).toMatchObject({ status: 400, body: { status: 400, serviceErrorCode: 100 } });
    expect(wrongFinder.body.message).toContain('q=roleAssignee');
    const badRole = await refusal(
      client.finder({
        resourcePath: '/organizationAcls',
        finderName: 'roleAssignee',
        queryParams: { role: 'OWNER' },
        ...as(),
      }),
    );
    expect(badRole).toMatchObject({ status: 400 });
    expect(badRole.body.message).toContain('role must be one of ADMINISTRATOR');
  });

  it("finds the account's creatives by intended status, as the adapter asks for them", async () => {
    const requests = new NetworkRequests(LINKEDIN_REST, accountId);
    const found = await client.finder({
      resourcePath: '/adAccounts/{account}/creatives',
      ...account(),
      finderName: 'criteria',
      queryParams: { intendedStatuses: ['ACTIVE', 'PAUSED'], pageSize: 3 },
      ...as(),
    });
    expect(sent.at(-1)?.url?.split('?')[1]).toBe(
      requests.findCreatives({ intendedStatuses: ['ACTIVE', 'PAUSED'] }, undefined, 3).url.split('?')[1],
    );
    const creatives = found.data.elements as Json[];
    expect(creatives).toHaveLength(3);
    expect((found.data as Json).metadata.nextPageToken).toEqual(expect.any(String));
    for (const creative of creatives) {
      expect(['ACTIVE', 'PAUSED']).toContain(creative.intendedStatus);
      expect(typeof creative.isServing).toBe('boolean');
      expect(creative.review.status).toMatch(/^(APPROVED|PENDING)$/);
    }
  });

  it('answers each magic id with the fault it names', async () => {
    const campaign = (id: string, timeout?: number) =>
      client.get({
        resourcePath: '/adAccounts/{account}/adCampaigns/{id}',
        pathKeys: { account: accountId, id },
        ...as(),
        ...(timeout && { additionalConfig: { timeout } }),
      });
    const throttled = await refusal(campaign('sandbox_rate_limited'));
    expect(throttled).toMatchObject({ status: 429, body: { status: 429, serviceErrorCode: 101 } });
    expect(await refusal(campaign('sandbox_rate_limited_app'))).toMatchObject({
      status: 429,
      body: { code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('APPLICATION DAY limit') },
    });
    expect(await refusal(campaign('sandbox_rate_limited_user'))).toMatchObject({
      status: 429,
      body: { message: expect.stringContaining('APPLICATION_AND_MEMBER DAY limit') },
    });
    expect((await refusal(campaign('sandbox_server_error'))).status).toBe(500);
    const expired = await refusal(campaign('sandbox_token_expired'));
    expect(expired).toMatchObject({
      status: 401,
      body: { code: 'EXPIRED_ACCESS_TOKEN', serviceErrorCode: 65601 },
    });
    const started = Date.now();
    const slow = campaign('sandbox_slow', 300).then(
      () => 'answered',
      (error: AxiosError) => error.code,
    );
    expect(await slow).toBe('ECONNABORTED');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
