import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsFor } from '../../../src/platforms/endpoints.ts';
import { networkConnect } from '../../../src/platforms/network/connect.ts';
import { networkProtocol } from '../../../src/platforms/network/protocol.ts';
import { restliValue } from '../../../src/platforms/network/urns.ts';
import { finishConnect, startConnect } from '../../../src/platforms/oauth-flow.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { issueSandboxToken } from '../../../src/sandbox/tokens.ts';
import { listAdAccounts } from '../../../src/storage/accounts.ts';
import { consent, serveConsoleHere } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';

type Json = Record<string, any>;

const HEADERS = { 'linkedin-version': '202607', 'x-restli-protocol-version': '2.0.0' };

describe.each(TEST_DIALECTS)('the LinkedIn sandbox on the wire (%s)', (dialect) => {
  let service: TestService;
  let accountId: string;
  let token: string;
  let store: SandboxStore;
  let groupId: string;
  let campaignId: string;

  beforeAll(async () => {
    service = await TestService.start(dialect);
    serveConsoleHere(service);
    const owner = await service.createOwner('pro', ['network']);
    const [account] = await listAdAccounts(service.services.storage.db, owner.userId, 'network');
    accountId = account?.account_id ?? '';
    const { db } = service.services.storage;
    token = (
      await issueSandboxToken(
        db,
        'network',
        'access',
        { userId: owner.userId, accountIds: [accountId] },
        service.services.clock.now(),
      )
    ).token;
    store = new SandboxStore(db, 'network');
    const [group] = await store.list('campaign_group', accountId);
    const [campaign] = await store.list('campaign', accountId);
    groupId = group?.id ?? '';
    campaignId = campaign?.id ?? '';
  });
  afterAll(() => service.stop());

  async function rest(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string | undefined> = {},
  ): Promise<{ status: number; headers: Headers; body: Json }> {
    const merged = Object.fromEntries(
      Object.entries({
        ...HEADERS,
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const response = await fetch(`${service.url}/sandbox/network/rest${path}`, {
      method,
      headers: merged,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
  }

  const campaignBody = (overrides: Json = {}) => ({
    account: `urn:li:sponsoredAccount:${accountId}`,
    campaignGroup: `urn:li:sponsoredCampaignGroup:${groupId}`,
    name: 'Raw campaign',
    type: 'SPONSORED_UPDATES',
    format: 'STANDARD_UPDATE',
    objectiveType: 'WEBSITE_VISIT',
    costType: 'CPM',
    dailyBudget: { amount: '20.00', currencyCode: 'USD' },
    locale: { country: 'US', language: 'en' },
    runSchedule: { start: Date.now() },
    status: 'PAUSED',
    targetingCriteria: {
      include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] },
    },
    ...overrides,
  });

  it("refuses calls without LinkedIn's headers, as LinkedIn does", async () => {
    const path = `/adAccounts/${accountId}/adCampaigns/${campaignId}`;
    const noVersion = await rest('GET', path, undefined, { 'linkedin-version': undefined });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
    expect(noVersion.body.message).toContain('LinkedIn-Version');
    const oldVersion = await rest('GET', path, undefined, { 'linkedin-version': '202001' });
    expect(oldVersion.status).toBe(426);
    expect(oldVersion.body).toMatchObject({ status: 426, code: 'NONEXISTENT_VERSION' });
    const noProtocol = await rest('GET', path, undefined, { 'x-restli-protocol-version': undefined });
    expect(noProtocol.status).toBe(400);
    expect(noProtocol.body.message).toContain('X-Restli-Protocol-Version: 2.0.0');
    const noToken = await rest('GET', path, undefined, { authorization: undefined });
    expect(noToken.status).toBe(401);
    expect(noToken.body).toEqual({
      message: 'Invalid access token',
      serviceErrorCode: 65600,
      status: 401,
      code: 'INVALID_ACCESS_TOKEN',
    });
    const badToken = await rest('GET', path, undefined, { authorization: 'Bearer nope' });
    expect(badToken.status).toBe(401);
    const ok = await rest('GET', path);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-li-uuid')).toBeTruthy();
    expect(ok.body).toMatchObject({ id: Number(campaignId), format: 'CAROUSEL', status: 'PAUSED' });
  });

  it('answers 403 for an account the token does not cover, 404 for an unknown id', async () => {
    const other = await service.createOwner('pro', ['network']);
    const [theirs] = await listAdAccounts(service.services.storage.db, other.userId, 'network');
    const forbidden = await rest('GET', `/adAccounts/${theirs?.account_id}/adCampaigns/${campaignId}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    const missing = await rest('GET', `/adAccounts/${accountId}/adCampaigns/123`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`Campaign 123 does not exist in ad account ${accountId}`);
    const route = await rest('GET', '/adCampaignz');
    expect(route.status).toBe(404);
  });

  it('creates with 201 and x-restli-id, and validates budgets, currency and targeting', async () => {
    const created = await rest('POST', `/adAccounts/${accountId}/adCampaigns`, campaignBody());
    expect(created.status).toBe(201);
    const id = created.headers.get('x-restli-id') ?? '';
    expect(id).toMatch(/^\d+$/);
    expect((await store.get('campaign', id))?.parentId).toBe(groupId);

    const euro = await rest(
      'POST',
      `/adAccounts/${accountId}/adCampaigns`,
      campaignBody({ dailyBudget: { amount: '20.00', currencyCode: 'EUR' } }),
    );
    expect(euro.status).toBe(400);
    expect(euro.body.message).toContain('does not match the ad account currency USD');
    expect(euro.body.errorDetails.inputErrors[0].input.inputPath.fieldPath).toBe('dailyBudget/currencyCode');

    const number = await rest(
      'POST',
      `/adAccounts/${accountId}/adCampaigns`,
      campaignBody({ dailyBudget: { amount: 20, currencyCode: 'USD' } }),
    );
    expect(number.status).toBe(400);
    expect(number.body.message).toContain('must be a decimal string');

    const low = await rest(
      'POST',
      `/adAccounts/${accountId}/adCampaigns`,
      campaignBody({ dailyBudget: { amount: '5.00', currencyCode: 'USD' } }),
    );
    expect(low.status).toBe(400);
    expect(low.body.message).toContain('below the minimum of 10.00 USD');

    const nowhere = await rest(
      'POST',
      `/adAccounts/${accountId}/adCampaigns`,
      campaignBody({
        targetingCriteria: {
          include: { and: [{ or: { 'urn:li:adTargetingFacet:skills': ['urn:li:skill:1'] } }] },
        },
      }),
    );
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toContain('locations');

    const objective = await rest(
      'POST',
      `/adAccounts/${accountId}/adCampaigns`,
      campaignBody({ objectiveType: 'BRAND_AWARENESS' }),
    );
    expect(objective.status).toBe(400);
    expect(objective.body.message).toContain("must match the campaign group's objective WEBSITE_VISIT");
  });

  it('updates with PARTIAL_UPDATE, deletes only drafts, and completes PENDING_DELETION', async () => {
    const created = await rest(
      'POST',
      `/adAccounts/${accountId}/adCampaigns`,
      campaignBody({ name: 'To go' }),
    );
    const id = created.headers.get('x-restli-id') ?? '';
    const path = `/adAccounts/${accountId}/adCampaigns/${id}`;
    const withoutMethod = await rest('POST', path, { patch: { $set: { name: 'Renamed' } } });
    expect(withoutMethod.status).toBe(400);
    const renamed = await rest(
      'POST',
      path,
      { patch: { $set: { name: 'Renamed' } } },
      { 'x-restli-method': 'PARTIAL_UPDATE' },
    );
    expect(renamed.status).toBe(204);
    expect((await store.get<Json>('campaign', id))?.data.name).toBe('Renamed');
    const deleted = await rest('DELETE', path);
    expect(deleted.status).toBe(400);
    expect(deleted.body.message).toContain('Only DRAFT campaigns can be deleted');
    const removed = await rest(
      'POST',
      path,
      { patch: { $set: { status: 'PENDING_DELETION' } } },
      {
        'x-restli-method': 'PARTIAL_UPDATE',
      },
    );
    expect(removed.status).toBe(204);
    expect((await rest('GET', path)).status).toBe(404);
  });

  it('uploads images through the URL it hands out, and checks the bytes', async () => {
    const init = await rest('POST', '/images?action=initializeUpload', {
      initializeUploadRequest: { owner: 'urn:li:organization:2414183' },
    });
    expect(init.status).toBe(200);
    const { uploadUrl, image } = init.body.value;
    expect(image).toMatch(/^urn:li:image:D4E10AQ/);
    expect(uploadUrl.startsWith(`${service.url}/sandbox/network/dms-uploads/image/`)).toBe(true);
    expect((await rest('GET', `/images/${encodeURIComponent(image)}`)).body.status).toBe('WAITING_UPLOAD');
    const notImage = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: Buffer.from('<html>not an image</html>'),
    });
    expect(notImage.status).toBe(400);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: png,
    });
    expect(put.status).toBe(201);
    expect((await rest('GET', `/images/${encodeURIComponent(image)}`)).body.status).toBe('AVAILABLE');
  });

  it('holds carousels to 2 to 10 cards and campaigns to 100 creatives', async () => {
    const card = {
      media: { id: 'urn:li:image:C4E10AQF1', title: 'Card' },
      landingPage: 'https://example.com',
    };
    const post = (count: number) =>
      rest('POST', '/posts', {
        author: 'urn:li:organization:2414183',
        commentary: 'Cards',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
        content: { carousel: { cards: Array.from({ length: count }, () => card) } },
        contentLandingPage: 'https://example.com',
        contentCallToActionLabel: 'LEARN_MORE',
        lifecycleState: 'PUBLISHED',
        adContext: { dscAdAccount: `urn:li:sponsoredAccount:${accountId}`, dscStatus: 'ACTIVE' },
      });
    for (const count of [1, 11]) {
      const refused = await post(count);
      expect(refused.status, String(count)).toBe(400);
      expect(refused.body.message).toContain(`A carousel needs 2 to 10 cards (got ${count})`);
    }
    const accepted = await post(10);
    expect(accepted.status).toBe(201);
    const share = accepted.headers.get('x-restli-id') ?? '';
    expect(share).toMatch(/^urn:li:share:\d+$/);

    const existing = await store.count('creative', accountId, campaignId);
    const now = service.services.clock.now();
    for (let i = existing; i < 100; i++) {
      await store.put(
        {
          type: 'creative',
          id: `9${String(i).padStart(8, '0')}`,
          accountId,
          parentId: campaignId,
          data: { intendedStatus: 'PAUSED' },
        },
        now,
      );
    }
    const full = await rest('POST', `/adAccounts/${accountId}/creatives`, {
      campaign: `urn:li:sponsoredCampaign:${campaignId}`,
      content: { reference: share },
      intendedStatus: 'ACTIVE',
    });
    expect(full.status).toBe(400);
    expect(full.body.message).toContain('already has 100 creatives');
  });

  it('holds an account to 5,000 campaigns', async () => {
    const { db } = service.services.storage;
    const now = new Date().toISOString();
    const existing = await store.count('campaign', accountId);
    const rows = Array.from({ length: 5000 - existing }, (_, i) => ({
      platform: 'network',
      type: 'campaign',
      id: `8${String(i).padStart(8, '0')}`,
      account_id: accountId,
      parent_id: groupId,
      data: '{"status":"ARCHIVED"}',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('sandbox_objects')
        .values(rows.slice(i, i + 500))
        .execute();
    const refused = await rest(
      'POST',
      `/adAccounts/${accountId}/adCampaigns`,
      campaignBody({ name: 'One too many' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('already has 5000 campaigns');
    await db
      .deleteFrom('sandbox_objects')
      .where('id', 'like', '8%')
      .where('account_id', '=', accountId)
      .where('data', '=', '{"status":"ARCHIVED"}')
      .execute();
  });

  it('answers magic ids with the fault they name', async () => {
    const throttled = await rest('GET', `/adAccounts/${accountId}/adCampaigns/sandbox_rate_limited`);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeNull();
    expect(throttled.body).toMatchObject({ status: 429 });
    expect((await rest('GET', `/adAccounts/${accountId}/adCampaignGroups/sandbox_server_error`)).status).toBe(
      500,
    );
    expect((await rest('GET', '/conversions/sandbox_token_expired')).status).toBe(401);
    const post = await rest('POST', '/posts', { author: 'urn:li:organization:sandbox_server_error' });
    expect(post.status).toBe(500);
  });

  it('associates conversions with an idempotent PUT keyed by the pair', async () => {
    const [conversion] = await store.list('conversion', accountId);
    const campaign = `urn:li:sponsoredCampaign:${campaignId}`;
    const conversionUrn = `urn:lla:llaPartnerConversion:${conversion?.id}`;
    const key = `(campaign:${encodeURIComponent(campaign)},conversion:${encodeURIComponent(conversionUrn)})`;
    for (let i = 0; i < 2; i++) {
      const put = await rest('PUT', `/campaignConversions/${key}`, { campaign, conversion: conversionUrn });
      expect(put.status).toBe(204);
    }
    const found = await rest(
      'GET',
      `/campaignConversions?q=campaigns&campaigns=List(${encodeURIComponent(campaign)})`,
    );
    expect(found.body.elements).toEqual([expect.objectContaining({ campaign, conversion: conversionUrn })]);
    const missing = `urn:lla:llaPartnerConversion:1`;
    const unknown = await rest(
      'PUT',
      `/campaignConversions/(campaign:${encodeURIComponent(campaign)},conversion:${encodeURIComponent(missing)})`,
      {
        campaign,
        conversion: missing,
      },
    );
    expect(unknown.status).toBe(404);
  });

  it('connects through OAuth: consent, form-encoded code exchange, accounts by search, refresh', async () => {
    const owner = await service.createOwner('pro');
    const authorizeUrl = startConnect(service.services, owner.userId, 'network');
    const url = new URL(authorizeUrl);
    expect(url.pathname).toBe('/sandbox/network/oauth/authorize');
    expect(url.searchParams.get('scope')).toBe('r_ads rw_ads r_ads_reporting');
    expect(url.searchParams.get('response_type')).toBe('code');
    const back = await consent(service, owner.userId, authorizeUrl, 'approve', 'Connected account');
    const { accounts } = await finishConnect(service.services, owner.userId, 'network', {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? undefined,
    });
    expect(accounts).toEqual([expect.objectContaining({ name: 'Connected account', currency: 'USD' })]);

    const endpoints = endpointsFor(service.services, 'network', 'sandbox');
    const refresh = await issueSandboxToken(
      service.services.storage.db,
      'network',
      'refresh',
      { userId: owner.userId, accountIds: [accounts[0]?.account_id ?? ''] },
      service.services.clock.now(),
    );
    const grant = await networkProtocol.refresh?.(endpoints, refresh.token);
    expect(grant?.accessToken).toMatch(/^sbx_network_access_/);
    const listed = await networkConnect.listAccounts(endpoints, grant?.accessToken ?? '');
    expect(listed.map((a) => a.accountId)).toEqual([accounts[0]?.account_id]);
    await expect(networkProtocol.refresh?.(endpoints, 'not-a-token')).rejects.toMatchObject({
      name: 'UpstreamFailure',
      kind: 'auth',
    });
  });

  it('filters and pages the search finders by their criteria, with names holding Rest.li characters', async () => {
    const name = "Spring (EU), 2026: it's on";
    const group = await rest('POST', `/adAccounts/${accountId}/adCampaignGroups`, {
      account: `urn:li:sponsoredAccount:${accountId}`,
      name,
      status: 'PAUSED',
      runSchedule: { start: Date.now() },
    });
    expect(group.status).toBe(201);
    const newGroupId = group.headers.get('x-restli-id') ?? '';
    const groupUrn = `urn:li:sponsoredCampaignGroup:${newGroupId}`;
    for (const campaignName of ['One', 'Two', 'Three']) {
      const made = await rest(
        'POST',
        `/adAccounts/${accountId}/adCampaigns`,
        campaignBody({
          campaignGroup: groupUrn,
          name: campaignName,
        }),
      );
      expect(made.status).toBe(201);
    }
    const search = (criteria: string) => `q=search&search=${criteria}`;

    const byName = await rest(
      'GET',
      `/adAccounts/${accountId}/adCampaignGroups?${search(`(name:(values:List(${restliValue(name)})))`)}`,
    );
    expect(byName.status).toBe(200);
    expect(byName.body.elements.map((g: Json) => String(g.id))).toEqual([newGroupId]);
    expect(byName.body.elements[0].changeAuditStamps.created.time).toBeGreaterThan(0);

    const inGroup = `/adAccounts/${accountId}/adCampaigns?${search(`(campaignGroup:(values:List(${restliValue(groupUrn)})))`)}`;
    const all = await rest('GET', inGroup);
    expect(all.body.elements.map((c: Json) => c.name).sort()).toEqual(['One', 'Three', 'Two']);
    // From version 202401 the search finders page with a cursor: 100 a page unless pageSize says otherwise.
    expect(all.body.paging).toMatchObject({ start: 0, count: 100 });
    expect(all.body.metadata).toEqual({});
    const second = await rest('GET', `${inGroup}&start=1&count=1`);
    expect(second.body.elements).toHaveLength(1);
    expect(second.body.paging).toMatchObject({ start: 1, count: 1, total: 3 });
    const seededOnly = await rest(
      'GET',
      `/adAccounts/${accountId}/adCampaigns?${search(`(campaignGroup:(values:List(${restliValue(`urn:li:sponsoredCampaignGroup:${groupId}`)})),status:(values:List(PAUSED,ACTIVE)))`)}`,
    );
    expect(seededOnly.body.elements.map((c: Json) => String(c.id))).toContain(campaignId);
    for (const campaign of seededOnly.body.elements) {
      expect(campaign.campaignGroup).toBe(`urn:li:sponsoredCampaignGroup:${groupId}`);
      expect(['PAUSED', 'ACTIVE']).toContain(campaign.status);
    }
    const none = await rest(
      'GET',
      `/adAccounts/${accountId}/adCampaigns?${search('(status:(values:List(ARCHIVED)))')}`,
    );
    expect(none.body.elements).toEqual([]);

    const unknown = await rest(
      'GET',
      `/adAccounts/${accountId}/adCampaigns?${search('(colour:(values:List(red)))')}`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('colour');
    const badCount = await rest('GET', `${inGroup}&count=0`);
    expect(badCount.status).toBe(400);
  });
});
