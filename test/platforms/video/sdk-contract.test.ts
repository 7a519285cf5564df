import type { SdkCallback } from 'tiktok-business-api-sdk-official/src/ApiClient.js';
import { AccountManagementApi } from 'tiktok-business-api-sdk-official/src/api/AccountManagementApi.js';
import { AuthenticationApi } from 'tiktok-business-api-sdk-official/src/api/AuthenticationApi.js';
import { CampaignCreationApi } from 'tiktok-business-api-sdk-official/src/api/CampaignCreationApi.js';
import { ReportingApi } from 'tiktok-business-api-sdk-official/src/api/ReportingApi.js';
import { CampaignStatusUpdateBody } from 'tiktok-business-api-sdk-official/src/model/CampaignStatusUpdateBody.js';
import { CampaignUpdateBody } from 'tiktok-business-api-sdk-official/src/model/CampaignUpdateBody.js';
import { FilteringCampaignGet } from 'tiktok-business-api-sdk-official/src/model/FilteringCampaignGet.js';
import { InlineResponse200 } from 'tiktok-business-api-sdk-official/src/model/InlineResponse200.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT } from '../../../src/platforms/endpoints.ts';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import { TestClock } from '../../support/clock.ts';
import { serveConsoleHere } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import {
  addCampaigns,
  connectWithSdk,
  type SdkConnection,
  sdk,
  sdkCall,
  sdkClient,
  sdkError,
  tiktokError,
} from './sdk-support.ts';

/**
 * The contract of the TikTok sandbox, proven with TikTok's own client library
 * (tiktok-business-api-sdk-official 1.1.3) pointed at it: every call adops's video adapter makes, and the
 * calls a developer using the SDK would make next to it. When the SDK and the sandbox disagree, the
 * sandbox is wrong.
 */
describe.each(TEST_DIALECTS)('the TikTok sandbox through the official SDK 1.1.3 (%s)', (dialect) => {
  let service: TestService;
  let connection: SdkConnection;
  let campaigns: CampaignCreationApi;
  let spring: string;
  let summer: string;
  let alwaysOn: string;
  let bulk: string[];
  /** The campaigns a new advertiser is seeded with, "Spring launch" first. */
  let seeded: string[];
  // Noon: a day's spend accrues through the day, and a test moves within it.
  const clock = new TestClock('2026-11-22T12:00:00.000Z');

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    serveConsoleHere(service);
    connection = await connectWithSdk(service, 'SDK advertiser');
    seeded = (
      await new SandboxStore(service.services.storage.db, 'video').list('campaign', connection.advertiserId)
    ).map((campaign) => campaign.id);
    spring = seeded[0] ?? '';
    [summer = '', alwaysOn = ''] = await addCampaigns(service, connection.advertiserId, [
      {
        campaign_name: 'Summer sale',
        budget_mode: 'BUDGET_MODE_TOTAL',
        budget: 1500,
        operation_status: 'ENABLE',
      },
      {
        campaign_name: 'Always on',
        budget_mode: 'BUDGET_MODE_INFINITE',
        budget: 0,
        operation_status: 'ENABLE',
      },
    ]);
    bulk = await addCampaigns(
      service,
      connection.advertiserId,
      Array.from({ length: 11 }, (_, i) => ({
        campaign_name: `Bulk ${i + 1}`,
        budget_mode: 'BUDGET_MODE_DAY',
        budget: 60,
        operation_status: 'DISABLE',
        objective_type: 'REACH',
      })),
    );
    campaigns = new CampaignCreationApi(sdkClient(service));
  });
  afterAll(() => service.stop());

  const get = (opts: Parameters<CampaignCreationApi['campaignGet']>[2]) =>
    sdk((callback) => campaigns.campaignGet(connection.advertiserId, connection.token, opts, callback));
  const refusal = async (start: (callback: SdkCallback) => unknown) => tiktokError(await sdkError(start));
  const refusedGet = (opts: Parameters<CampaignCreationApi['campaignGet']>[2]) =>
    refusal((callback) => campaigns.campaignGet(connection.advertiserId, connection.token, opts, callback));
  const update = (body: Record<string, unknown>) =>
    sdk((callback) =>
      campaigns.campaignUpdate(
        connection.token,
        { body: { advertiser_id: connection.advertiserId, ...body } },
        callback,
      ),
    );
  const refusedUpdate = (body: Record<string, unknown>) =>
    refusal((callback) =>
      campaigns.campaignUpdate(
        connection.token,
        { body: { advertiser_id: connection.advertiserId, ...body } },
        callback,
      ),
    );
  const setStatus = (body: Record<string, unknown>) =>
    sdk((callback) =>
      campaigns.campaignStatusUpdate(
        connection.token,
        {
          body: CampaignStatusUpdateBody.constructFromObject({
            advertiser_id: connection.advertiserId,
            ...body,
          }),
        },
        callback,
      ),
    );
  const refusedStatus = (body: Record<string, unknown>) =>
    refusal((callback) =>
      campaigns.campaignStatusUpdate(
        connection.token,
        { body: { advertiser_id: connection.advertiserId, ...body } },
        callback,
      ),
    );
  const campaign = async (id: string) =>
    (await get({ filtering: { campaign_ids: [id], primary_status: 'STATUS_ALL' } })).data.list[0];
  type ReportOptions = Parameters<ReportingApi['reportIntegratedGet']>[2];
  const report = (opts: ReportOptions) =>
    sdk((callback) =>
      new ReportingApi(sdkClient(service)).reportIntegratedGet(
        'BASIC',
        connection.token,
        { advertiser_id: connection.advertiserId, data_level: 'AUCTION_CAMPAIGN', ...opts },
        callback,
      ),
    );
  const refusedReport = (opts: ReportOptions, reportType = 'BASIC') =>
    refusal((callback) =>
      new ReportingApi(sdkClient(service)).reportIntegratedGet(
        reportType,
        connection.token,
        { advertiser_id: connection.advertiserId, data_level: 'AUCTION_CAMPAIGN', ...opts },
        callback,
      ),
    );
  /** The service clock's day, `offset` days later (sandbox advertisers keep UTC days). */
  const day = (offset = 0) =>
    new Date(service.services.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const byCampaignAndDay = ['campaign_id', 'stat_time_day'];
  const basics = ['spend', 'impressions', 'clicks', 'conversion'];
  const idsIn = (ids: string[]) => ({
    field_name: 'campaign_ids',
    filter_type: 'IN',
    filter_value: JSON.stringify(ids),
  });

  describe('OAuth and the advertiser', () => {
    it('exchanges the auth code from the consent page with the SDK, once', async () => {
      expect(connection.token).toMatch(/^sbx_video_access_/);
      expect(connection.advertiserId).toMatch(/^\d+$/);
      const again = await refusal((callback) =>
        new AuthenticationApi(sdkClient(service)).oauth2AccessToken(
          {
            body: { app_id: SANDBOX_CLIENT.clientId, secret: SANDBOX_CLIENT.clientSecret, auth_code: 'used' },
          },
          callback,
        ),
      );
      expect(again.code).toBe(40002);
    });

    it('lists the advertisers the token covers, with the app id and secret', async () => {
      const auth = new AuthenticationApi(sdkClient(service));
      const listed = await sdk((callback) =>
        auth.oauth2AdvertiserGet(
          SANDBOX_CLIENT.clientId,
          SANDBOX_CLIENT.clientSecret,
          connection.token,
          callback,
        ),
      );
      expect(listed.data.list).toEqual([
        { advertiser_id: connection.advertiserId, advertiser_name: 'SDK advertiser' },
      ]);
      const wrongSecret = await refusal((callback) =>
        auth.oauth2AdvertiserGet(SANDBOX_CLIENT.clientId, 'not-the-secret', connection.token, callback),
      );
      expect(wrongSecret).toMatchObject({ code: 40001, message: 'app_id or secret is invalid.' });
    });

    it('reads the advertiser info, only the fields asked for', async () => {
      const accounts = new AccountManagementApi(sdkClient(service));
      const all = await sdk((callback) =>
        accounts.advertiserInfo([connection.advertiserId], connection.token, {}, callback),
      );
      expect(all.data.list).toEqual([
        expect.objectContaining({
          advertiser_id: connection.advertiserId,
          name: 'SDK advertiser',
          currency: 'USD',
          status: 'STATUS_ENABLE',
        }),
      ]);
      const some = await sdk((callback) =>
        accounts.advertiserInfo(
          [connection.advertiserId],
          connection.token,
          { fields: ['name', 'currency'] },
          callback,
        ),
      );
      expect(some.data.list).toEqual([{ name: 'SDK advertiser', currency: 'USD' }]);
      const unknown = await refusal((callback) =>
        accounts.advertiserInfo(
          [connection.advertiserId],
          connection.token,
          { fields: ['colour'] },
          callback,
        ),
      );
      expect(unknown.code).toBe(40002);
      expect(unknown.message).toContain('colour');
    });
  });

  describe('campaign/get', () => {
    it('honours every filter the adapter and the SDK send', async () => {
      const byId = await get({
        filtering: FilteringCampaignGet.constructFromObject({ campaign_ids: [summer] }),
      });
      expect(byId.data.list).toHaveLength(1);
      expect(byId.data.list[0]).toMatchObject({
        campaign_id: summer,
        advertiser_id: connection.advertiserId,
        campaign_name: 'Summer sale',
        budget_mode: 'BUDGET_MODE_TOTAL',
        budget: 1500,
        operation_status: 'ENABLE',
        secondary_status: 'CAMPAIGN_STATUS_ENABLE',
      });
      expect(byId.data.page_info).toEqual({ page: 1, page_size: 10, total_number: 1, total_page: 1 });

      const names = async (filtering: Record<string, unknown>) =>
        (await get({ filtering, page_size: 100 })).data.list.map((c: any) => c.campaign_name).sort();
      expect(await names({ campaign_name: 'SALE' })).toEqual(['Summer sale', 'Winter sale (draft)']);
      expect(await names({ campaign_ids: [spring, alwaysOn] })).toEqual(['Always on', 'Spring launch']);
      expect(await names({ primary_status: 'STATUS_DELIVERY_OK' })).toEqual([
        'Always on',
        'Always on: prospecting',
        'Holiday teaser',
        'Retargeting: site visitors',
        'Runaway: spark ads',
        'Summer sale',
      ]);
      expect(await names({ secondary_status: 'CAMPAIGN_STATUS_DISABLE', objective_type: 'TRAFFIC' })).toEqual(
        ['Spring launch', 'Winter sale (draft)'],
      );
      expect(await names({ objective_type: 'REACH' })).toHaveLength(11);
      expect(await names({ campaign_type: 'IOS14_CAMPAIGN' })).toEqual([]);
    });

    it("refuses filters TikTok does not have, and values outside TikTok's lists", async () => {
      const unknownKey = await refusedGet({ filtering: { status: 'CAMPAIGN_STATUS_ENABLE' } });
      expect(unknownKey).toMatchObject({ code: 40002, message: 'filtering.status: Unknown field.' });
      const badStatus = await refusedGet({ filtering: { primary_status: 'STATUS_SLEEPING' } });
      expect(badStatus.code).toBe(40002);
      expect(badStatus.message).toContain('filtering.primary_status');
      const tooMany = await refusedGet({
        filtering: { campaign_ids: Array.from({ length: 101 }, (_, i) => String(1000 + i)) },
      });
      expect(tooMany).toMatchObject({
        code: 40002,
        message: 'filtering.campaign_ids: Length must be between 1 and 100.',
      });
    });

    it('pages with page and page_size, answering a true page_info', async () => {
      // Seven seeded, two and eleven added: 20.
      expect(seeded).toHaveLength(7);
      const first = await get({});
      expect(first.data.list).toHaveLength(10);
      expect(first.data.page_info).toEqual({ page: 1, page_size: 10, total_number: 20, total_page: 2 });
      const fourth = await get({ page: 4, page_size: 5 });
      expect(fourth.data.list).toHaveLength(5);
      expect(fourth.data.page_info).toEqual({ page: 4, page_size: 5, total_number: 20, total_page: 4 });
      const past = await get({ page: 9, page_size: 5 });
      expect(past.data.list).toEqual([]);
      expect(past.data.page_info).toMatchObject({ page: 9, total_number: 20 });

      // Reading every page as an SDK user does gives each campaign exactly once, in a stable order.
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await get({ page, page_size: 4 });
        seen.push(...answer.data.list.map((c: any) => c.campaign_id));
        if (page >= answer.data.page_info.total_page) break;
      }
      expect(seen).toEqual([...seeded, summer, alwaysOn, ...bulk]);

      expect(await refusedGet({ page_size: 1001 })).toMatchObject({
        code: 40002,
        message: 'page_size: Must be greater than or equal to 1 and less than or equal to 1000.',
      });
      expect(await refusedGet({ page: 0 })).toMatchObject({
        code: 40002,
        message: 'page: Must be greater than or equal to 1.',
      });
    });

    it('returns only the fields asked for, and refuses unknown ones', async () => {
      const some = await get({ fields: ['campaign_id', 'campaign_name', 'budget'], page_size: 1 });
      expect(some.data.list).toEqual([{ campaign_id: spring, campaign_name: 'Spring launch', budget: 100 }]);
      const all = await get({ page_size: 1 });
      expect(Object.keys(all.data.list[0])).toEqual(
        expect.arrayContaining([
          'campaign_id',
          'budget_mode',
          'create_time',
          'modify_time',
          'secondary_status',
        ]),
      );
      expect(all.data.list[0].po_number).toBeNull();
      const noNulls = await get({ page_size: 1, exclude_field_types_in_response: ['NULL_FIELD'] });
      expect(Object.keys(noNulls.data.list[0])).not.toContain('po_number');
      expect(all.data.list[0].create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const unknown = await refusedGet({ fields: ['campaign_id', 'colour'] });
      expect(unknown.code).toBe(40002);
      expect(unknown.message).toContain('colour');
    });

    it('refuses query parameters campaign/get does not take', async () => {
      const client = sdkClient(service);
      const { error } = await sdkCall((callback) =>
        client.callApi(
          '/open_api/v1.3/campaign/get/',
          'GET',
          {},
          { advertiser_id: connection.advertiserId, campaign_ids: JSON.stringify([spring]) },
          { 'Access-Token': connection.token },
          {},
          null,
          [],
          [],
          ['application/json'],
          InlineResponse200,
          callback,
        ),
      );
      expect(error && tiktokError(error)).toMatchObject({
        code: 40002,
        message: 'campaign_ids: Unknown field.',
      });
    });
  });

  describe('campaign/update', () => {
    it('renames and re-budgets through CampaignUpdateBody, the budget type untouched', async () => {
      const body = CampaignUpdateBody.constructFromObject({
        advertiser_id: connection.advertiserId,
        campaign_id: summer,
        campaign_name: 'Summer sale 2',
        budget: 2000,
        budget_mode: 'BUDGET_MODE_DAY',
      });
      // The SDK, generated from TikTok's specification, has no budget_mode to send on an update.
      expect(Object.keys(body).sort()).toEqual(['advertiser_id', 'budget', 'campaign_id', 'campaign_name']);
      const answer = await sdk((callback) => campaigns.campaignUpdate(connection.token, { body }, callback));
      expect(answer.data.campaign_id).toBe(summer);
      expect(typeof answer.request_id).toBe('string');
      expect(await campaign(summer)).toMatchObject({
        campaign_name: 'Summer sale 2',
        budget: 2000,
        budget_mode: 'BUDGET_MODE_TOTAL',
      });
      await update({ campaign_id: summer, po_number: 'PO-2026-7', special_industries: [] });
      expect((await get({ filtering: { campaign_ids: [summer] }, fields: ['po_number'] })).data.list).toEqual(
        [{ po_number: 'PO-2026-7' }],
      );
    });

    it('refuses budget_mode and every other field the update does not take, changing nothing', async () => {
      const before = await campaign(spring);
      expect(
        await refusedUpdate({ campaign_id: spring, budget_mode: 'BUDGET_MODE_TOTAL', budget: 500 }),
      ).toMatchObject({ code: 40002, message: 'budget_mode: Unknown field.' });
      expect(await refusedUpdate({ campaign_id: spring, operation_status: 'ENABLE' })).toMatchObject({
        code: 40002,
        message: 'operation_status: Unknown field.',
      });
      expect(await campaign(spring)).toEqual(before);
    });

    it("keeps TikTok's budget, name and category rules", async () => {
      expect(await refusedUpdate({ campaign_id: spring, budget: 49.99 })).toMatchObject({
        code: 40002,
        message: 'Budget must be greater than or equal to 50.00.',
      });
      const infinite = await refusedUpdate({ campaign_id: alwaysOn, budget: 500 });
      expect(infinite.code).toBe(40002);
      expect(infinite.message).toContain('BUDGET_MODE_INFINITE');
      expect(await refusedUpdate({ campaign_id: spring, campaign_name: '' })).toMatchObject({ code: 40002 });
      expect(await refusedUpdate({ campaign_id: spring, campaign_name: 'n'.repeat(513) })).toMatchObject({
        code: 40002,
      });
      // TikTok counts each Chinese or Japanese character as two.
      expect(await refusedUpdate({ campaign_id: spring, campaign_name: '春'.repeat(257) })).toMatchObject({
        code: 40002,
      });
      expect(await refusedUpdate({ campaign_id: spring, campaign_name: 'Launch 🚀' })).toMatchObject({
        code: 40002,
      });
      expect(await refusedUpdate({ campaign_id: spring, special_industries: ['HOUSING'] })).toMatchObject({
        code: 40002,
      });
      expect(await refusedUpdate({ budget: 100 })).toMatchObject({
        code: 40002,
        message: 'campaign_id: Missing data for required field.',
      });
      const missing = await refusedUpdate({ campaign_id: '1800000000000000001', budget: 100 });
      expect(missing.code).toBe(40002);
      expect(missing.message).toContain('does not exist');
      await update({ campaign_id: spring, campaign_name: '春'.repeat(256) });
      await update({ campaign_id: spring, campaign_name: 'Spring launch', budget: 100 });
    });
  });

  describe('campaign/status/update', () => {
    it('enables and disables campaigns, answering what it did', async () => {
      const enabled = await setStatus({ campaign_ids: [spring, bulk[0]], operation_status: 'ENABLE' });
      expect(enabled.data).toEqual({
        campaign_ids: [spring, bulk[0]],
        status: 'ENABLE',
        campaign_list: [
          { campaign_id: spring, status: 'ENABLE' },
          { campaign_id: bulk[0], status: 'ENABLE' },
        ],
      });
      expect(await campaign(spring)).toMatchObject({
        operation_status: 'ENABLE',
        secondary_status: 'CAMPAIGN_STATUS_ENABLE',
      });
      await setStatus({ campaign_ids: [spring, bulk[0]], operation_status: 'DISABLE' });
      expect(await campaign(spring)).toMatchObject({ operation_status: 'DISABLE' });
    });

    it("refuses what TikTok refuses: unknown statuses, 1 to 20 ids, others' campaigns, unknown fields", async () => {
      expect((await refusedStatus({ campaign_ids: [spring], operation_status: 'PAUSE' })).code).toBe(40002);
      expect(await refusedStatus({ campaign_ids: [], operation_status: 'DISABLE' })).toMatchObject({
        code: 40002,
        message: 'campaign_ids: Length must be between 1 and 20.',
      });
      const many = Array.from({ length: 21 }, () => spring);
      expect((await refusedStatus({ campaign_ids: many, operation_status: 'DISABLE' })).code).toBe(40002);
      const foreign = await refusedStatus({
        campaign_ids: ['1800000000000000001'],
        operation_status: 'ENABLE',
      });
      expect(foreign.message).toContain('does not exist');
      expect(
        await refusedStatus({
          campaign_ids: [spring],
          operation_status: 'ENABLE',
          postback_window_mode: 'POSTBACK_WINDOW_MODE1',
        }),
      ).toMatchObject({ code: 40002 });
      expect(
        await refusedStatus({ campaign_ids: [spring], operation_status: 'ENABLE', status: 'x' }),
      ).toMatchObject({
        code: 40002,
        message: 'status: Unknown field.',
      });
      expect(await campaign(spring)).toMatchObject({ operation_status: 'DISABLE' });
    });

    it('deletes for good: hidden from campaign/get by default, and no longer changeable', async () => {
      const gone = bulk[10] ?? '';
      await setStatus({ campaign_ids: [gone], operation_status: 'DELETE' });
      const listed = await get({ page_size: 100 });
      expect(listed.data.page_info.total_number).toBe(19);
      expect(listed.data.list.map((c: any) => c.campaign_id)).not.toContain(gone);
      const deleted = await get({ filtering: { primary_status: 'STATUS_DELETE' } });
      expect(deleted.data.list).toEqual([
        expect.objectContaining({ campaign_id: gone, secondary_status: 'CAMPAIGN_STATUS_DELETE' }),
      ]);
      expect((await refusedStatus({ campaign_ids: [gone], operation_status: 'ENABLE' })).code).toBe(40002);
      expect((await refusedUpdate({ campaign_id: gone, budget: 80 })).code).toBe(40002);
    });
  });

  describe('report/integrated/get', () => {
    it("answers a daily campaign report in TikTok's shape, leaving out days with nothing", async () => {
      const answer = await report({
        dimensions: byCampaignAndDay,
        metrics: basics,
        start_date: day(-7),
        end_date: day(-1),
        page_size: 1000,
      });
      const rows: any[] = answer.data.list;
      expect(answer.data.page_info).toEqual({
        page: 1,
        page_size: 1000,
        total_number: rows.length,
        total_page: 1,
      });
      for (const row of rows) {
        expect(Object.keys(row.dimensions).sort()).toEqual(['campaign_id', 'stat_time_day']);
        expect(row.dimensions.stat_time_day).toMatch(/^\d{4}-\d\d-\d\d 00:00:00$/);
        expect(row.metrics.spend).toMatch(/^\d+\.\d\d$/);
        for (const count of ['impressions', 'clicks', 'conversion'])
          expect(row.metrics[count]).toMatch(/^\d+$/);
        expect(Number(row.metrics.impressions)).toBeGreaterThan(0);
      }
      // Running all week: always on, retargeting, the runaway, the holiday teaser; Spring launch stopped
      // three weeks ago, App installs two months ago, and the winter draft never ran.
      const running = new Set(rows.map((row) => row.dimensions.campaign_id));
      expect([...running].sort()).toEqual([seeded[1], seeded[2], seeded[4], seeded[5]].sort());
      expect(rows).toHaveLength(28);
      // A daily budget caps each day's spend: retargeting runs on 80 a day.
      const retargeting = rows.filter((row) => row.dimensions.campaign_id === seeded[2]);
      for (const row of retargeting) expect(Number(row.metrics.spend)).toBeLessThanOrEqual(80);
    });

    it('groups by campaign alone with a row for every campaign, equal to the sum of its days', async () => {
      const period = { start_date: day(-30), end_date: day(-1) };
      const totals = await report({
        dimensions: ['campaign_id'],
        metrics: basics,
        ...period,
        page_size: 100,
      });
      const daily = await report({
        dimensions: byCampaignAndDay,
        metrics: basics,
        ...period,
        page_size: 1000,
      });
      const rows: any[] = totals.data.list;
      // Deleted campaigns are left out unless campaign_status asks for them; zeros are rows too.
      expect(rows.map((row) => row.dimensions.campaign_id).sort()).toEqual(
        [...seeded, summer, alwaysOn, ...bulk.slice(0, 10)].sort(),
      );
      const winter = rows.find((row) => row.dimensions.campaign_id === seeded[6]);
      expect(winter.metrics).toEqual({ spend: '0.00', impressions: '0', clicks: '0', conversion: '0' });
      for (const row of rows) {
        const days = daily.data.list.filter(
          (d: any) => d.dimensions.campaign_id === row.dimensions.campaign_id,
        );
        const cents = days.reduce(
          (sum: number, d: any) => sum + Math.round(Number(d.metrics.spend) * 100),
          0,
        );
        expect(Math.round(Number(row.metrics.spend) * 100)).toBe(cents);
        const clicks = days.reduce((sum: number, d: any) => sum + Number(d.metrics.clicks), 0);
        expect(Number(row.metrics.clicks)).toBe(clicks);
      }
    });

    it('is the same report on every call: a pure function of the campaign, the day and its history', async () => {
      const ask = () =>
        report({ dimensions: byCampaignAndDay, metrics: basics, start_date: day(-20), end_date: day(-10) });
      const first = await ask();
      const second = await ask();
      expect(second.data).toEqual(first.data);
    });

    it('pages with page and page_size, totals over every page with enable_total_metrics', async () => {
      const period = { start_date: day(-10), end_date: day(-1) };
      const all: any[] = [];
      let totals: any;
      for (let page = 1; ; page++) {
        const answer = await report({
          dimensions: byCampaignAndDay,
          metrics: ['spend', 'clicks'],
          ...period,
          page,
          page_size: 7,
          enable_total_metrics: true,
        });
        all.push(...answer.data.list);
        totals = answer.data.total_metrics;
        expect(answer.data.page_info).toMatchObject({ page, page_size: 7, total_number: 40, total_page: 6 });
        if (page >= answer.data.page_info.total_page) break;
      }
      expect(all).toHaveLength(40);
      const keys = all.map((row) => `${row.dimensions.campaign_id} ${row.dimensions.stat_time_day}`);
      expect(new Set(keys).size).toBe(40);
      const cents = all.reduce((sum, row) => sum + Math.round(Number(row.metrics.spend) * 100), 0);
      expect(Math.round(Number(totals.spend) * 100)).toBe(cents);
      expect(Number(totals.clicks)).toBe(all.reduce((sum, row) => sum + Number(row.metrics.clicks), 0));
    });

    it('filters by campaign ids, name, objective and status, deleted campaigns included on request', async () => {
      const period = { start_date: day(-30), end_date: day(-1), dimensions: ['campaign_id'] };
      const ids = async (filtering: Array<Record<string, unknown>>) =>
        (await report({ ...period, filtering, page_size: 100 })).data.list
          .map((row: any) => row.dimensions.campaign_id)
          .sort();
      expect(await ids([idsIn([seeded[1] ?? '', seeded[2] ?? ''])])).toEqual([seeded[1], seeded[2]].sort());
      expect(
        await ids([{ field_name: 'campaign_name', filter_type: 'MATCH', filter_value: 'retarget' }]),
      ).toEqual([seeded[2]]);
      expect(
        await ids([{ field_name: 'objective_type', filter_type: 'IN', filter_value: '["VIDEO_VIEWS"]' }]),
      ).toEqual([seeded[5]]);
      const gone = bulk[10] ?? '';
      expect(await ids([idsIn([gone])])).toEqual([]);
      expect(
        await ids([
          idsIn([gone]),
          { field_name: 'campaign_status', filter_type: 'IN', filter_value: '["STATUS_ALL"]' },
        ]),
      ).toEqual([gone]);
    });

    it('reads the metrics and ratios asked for, sorted by order_field, with attribute metrics', async () => {
      const answer = await report({
        dimensions: ['campaign_id'],
        metrics: ['campaign_name', 'spend', 'ctr', 'cpc', 'cpm', 'cost_per_conversion', 'conversion_rate'],
        start_date: day(-14),
        end_date: day(-1),
        order_field: 'spend',
        order_type: 'DESC',
        filtering: [idsIn(seeded)],
      });
      const rows: any[] = answer.data.list;
      expect(rows[0].metrics).toEqual({
        campaign_name: expect.any(String),
        spend: expect.stringMatching(/^\d+\.\d\d$/),
        ctr: expect.stringMatching(/^\d+\.\d\d$/),
        cpc: expect.stringMatching(/^\d+\.\d\d$/),
        cpm: expect.stringMatching(/^\d+\.\d\d$/),
        cost_per_conversion: expect.stringMatching(/^\d+\.\d\d$/),
        conversion_rate: expect.stringMatching(/^\d+\.\d\d$/),
      });
      const spends = rows.map((row) => Number(row.metrics.spend));
      expect(spends).toEqual([...spends].sort((a, b) => b - a));
      expect(rows.find((row) => row.dimensions.campaign_id === seeded[2]).metrics.campaign_name).toBe(
        'Retargeting: site visitors',
      );
    });

    it('answers the advertiser level, and ad groups and ads whose figures add up to it', async () => {
      const period = { start_date: day(-7), end_date: day(-1), metrics: basics };
      const advertiser = await report({
        ...period,
        data_level: 'AUCTION_ADVERTISER',
        dimensions: ['advertiser_id'],
      });
      expect(advertiser.data.list).toHaveLength(1);
      expect(advertiser.data.list[0].dimensions).toEqual({ advertiser_id: connection.advertiserId });
      const campaigns = await report({ ...period, dimensions: ['campaign_id'], page_size: 100 });
      const cents = campaigns.data.list.reduce(
        (sum: number, row: any) => sum + Math.round(Number(row.metrics.spend) * 100),
        0,
      );
      expect(Math.round(Number(advertiser.data.list[0].metrics.spend) * 100)).toBe(cents);
      for (const [level, id] of [
        ['AUCTION_ADGROUP', 'adgroup_id'],
        ['AUCTION_AD', 'ad_id'],
      ] as const) {
        const rows = await report({
          ...period,
          data_level: level,
          dimensions: [id, 'stat_time_day'],
          page_size: 1000,
        });
        expect(rows.data.list.length).toBeGreaterThan(7);
        expect(rows.data.list.every((row: any) => /^\d+$/.test(row.dimensions[id]))).toBe(true);
        const spent = rows.data.list.reduce(
          (sum: number, row: any) => sum + Math.round(Number(row.metrics.spend) * 100),
          0,
        );
        expect(spent).toBe(cents);
      }
    });

    it("names each ad group's campaign and name by attribute metrics, as the performance reader asks", async () => {
      const answer = await report({
        data_level: 'AUCTION_ADGROUP',
        dimensions: ['adgroup_id'],
        metrics: [...basics, 'campaign_id', 'adgroup_name'],
        start_date: day(-7),
        end_date: day(-1),
        filtering: [
          { field_name: 'campaign_status', filter_type: 'IN', filter_value: JSON.stringify(['STATUS_ALL']) },
        ],
        page_size: 1000,
      });
      const stored = await new SandboxStore(service.services.storage.db, 'video').list<any>(
        'adgroup',
        connection.advertiserId,
      );
      expect(answer.data.list.length).toBeGreaterThan(1);
      for (const row of answer.data.list) {
        const adGroup = stored.find((a) => a.id === row.dimensions.adgroup_id);
        expect(row.metrics).toMatchObject({
          campaign_id: adGroup?.data.campaign_id,
          adgroup_name: adGroup?.data.adgroup_name,
        });
      }
      // An attribute of the ad group is refused at the campaign level.
      expect(
        await refusedReport({
          dimensions: ['campaign_id'],
          metrics: ['spend', 'adgroup_name'],
          start_date: day(-7),
          end_date: day(-1),
        }),
      ).toMatchObject({
        code: 40002,
        message: expect.stringContaining('adgroup_name is an attribute metric'),
      });
    });

    it('refuses what TikTok refuses: its limits, names and types', async () => {
      const base = { dimensions: byCampaignAndDay, metrics: basics, start_date: day(-7), end_date: day(-1) };
      expect(await refusedReport({ ...base, start_date: day(-31) })).toMatchObject({
        code: 40002,
        message: expect.stringContaining('cannot exceed 30 days'),
      });
      expect((await report({ ...base, start_date: day(-30) })).data.page_info.total_number).toBeGreaterThan(
        0,
      );
      expect(
        await refusedReport({ ...base, dimensions: ['campaign_id'], start_date: day(-366) }),
      ).toMatchObject({ code: 40002, message: expect.stringContaining('cannot exceed 365 days') });
      expect(await refusedReport({ ...base, start_date: '2026-13-01' })).toMatchObject({
        code: 40002,
        message: 'start_date: Not a valid date (YYYY-MM-DD).',
      });
      expect(await refusedReport({ ...base, start_date: day(-1), end_date: day(-2) })).toMatchObject({
        code: 40002,
      });
      expect(await refusedReport({ ...base, end_date: undefined })).toMatchObject({
        code: 40002,
        message: 'end_date: Missing data for required field.',
      });
      expect(await refusedReport({ ...base, data_level: 'CAMPAIGN' })).toMatchObject({ code: 40002 });
      expect(await refusedReport({ ...base, dimensions: ['adgroup_id'] })).toMatchObject({ code: 40002 });
      expect(await refusedReport({ ...base, metrics: ['spend', 'colour'] })).toMatchObject({
        code: 40002,
        message: expect.stringContaining('colour'),
      });
      expect(await refusedReport({ ...base, page_size: 1001 })).toMatchObject({
        code: 40002,
        message: 'page_size: Must be greater than or equal to 1 and less than or equal to 1000.',
      });
      expect(
        await refusedReport({
          ...base,
          filtering: [{ field_name: 'campaign_ids', filter_type: 'IN', filter_value: '12' }],
        }),
      ).toMatchObject({ code: 40002, message: expect.stringContaining('filtering.0.filter_value') });
      expect(
        await refusedReport({
          ...base,
          filtering: [{ field_name: 'campaign_ids', filter_type: 'MATCH', filter_value: '[]' }],
        }),
      ).toMatchObject({ code: 40002, message: expect.stringContaining('filtering.0.filter_type') });
      expect(
        await refusedReport({ ...base, filtering: [idsIn(Array.from({ length: 101 }, (_, i) => `${i}`))] }),
      ).toMatchObject({
        code: 40002,
        message: 'filtering.0.filter_value: Length must be between 1 and 100.',
      });
      expect(await refusedReport({ ...base, query_lifetime: true })).toMatchObject({ code: 40002 });
      expect(await refusedReport(base, 'AUDIENCE')).toMatchObject({ code: 40002 });
    });

    it('refuses query parameters the report does not take', async () => {
      const client = sdkClient(service);
      const { error } = await sdkCall((callback) =>
        client.callApi(
          '/open_api/v1.3/report/integrated/get/',
          'GET',
          {},
          {
            advertiser_id: connection.advertiserId,
            report_type: 'BASIC',
            data_level: 'AUCTION_CAMPAIGN',
            dimensions: JSON.stringify(['campaign_id']),
            start_date: day(-2),
            end_date: day(-1),
            lifetime: 'true',
          },
          { 'Access-Token': connection.token },
          {},
          null,
          [],
          [],
          ['application/json'],
          InlineResponse200,
          callback,
        ),
      );
      expect(error && tiktokError(error)).toMatchObject({ code: 40002, message: 'lifetime: Unknown field.' });
    });

    it('follows status and budget changes from the instant they are made', async () => {
      const winter = seeded[6] ?? '';
      const today = () =>
        report({
          dimensions: byCampaignAndDay,
          metrics: basics,
          start_date: day(),
          end_date: day(),
          filtering: [idsIn([winter])],
        });
      expect((await today()).data.list).toEqual([]);
      await setStatus({ campaign_ids: [winter], operation_status: 'ENABLE' });
      // Today accrues from the instant it is enabled (moves of minutes: the SDK's token lasts an hour).
      expect((await today()).data.list).toEqual([]);
      clock.advanceSeconds(15 * 60);
      const running = (await today()).data.list;
      expect(running).toHaveLength(1);
      const before = Number(running[0].metrics.spend);
      expect(before).toBeLessThanOrEqual(120);
      // A lower budget caps the day from then on: never past it, nor below what was spent before it.
      await update({ campaign_id: winter, budget: 50 });
      clock.advanceSeconds(15 * 60);
      const capped = Number((await today()).data.list[0].metrics.spend);
      expect(capped).toBeGreaterThanOrEqual(before);
      expect(capped).toBeLessThanOrEqual(Math.max(50, before));
      // Disabled, it keeps what it spent and accrues nothing more.
      await setStatus({ campaign_ids: [winter], operation_status: 'DISABLE' });
      const stopped = (await today()).data.list;
      clock.advanceSeconds(15 * 60);
      expect((await today()).data.list).toEqual(stopped);
      // Yesterday is history: a change today leaves it as it was.
      const yesterday = await report({
        dimensions: ['campaign_id'],
        metrics: basics,
        start_date: day(-1),
        end_date: day(-1),
        filtering: [idsIn([winter])],
      });
      expect(yesterday.data.list[0].metrics.spend).toBe('0.00');
    });
  });

  describe("TikTok's error envelope and the magic values", () => {
    it('answers HTTP 200 with code, message and request_id, which the SDK turns into its error', async () => {
      const outcome = await sdkCall((callback) =>
        campaigns.campaignGet(connection.advertiserId, 'sbx_video_access_nope', {}, callback),
      );
      expect(outcome.response?.status).toBe(200);
      expect(outcome.response?.body).toMatchObject({
        code: 40105,
        message: 'Access token is invalid or has expired.',
        request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(tiktokError(outcome.error ?? new Error('no error'))).toEqual({
        requestId: outcome.response?.body.request_id,
        message: 'Access token is invalid or has expired.',
        code: 40105,
      });
    });

    it('throttles, fails and expires the token on the magic ids, through every campaign call', async () => {
      expect(await refusedGet({ filtering: { campaign_ids: ['sandbox_rate_limited'] } })).toMatchObject({
        code: 40133,
        message: expect.stringMatching(
          /^Advertiser \(\d+\)'s QPS \(21\) reaches QPS limit 20 for current path/,
        ),
      });
      expect(await refusedGet({ filtering: { campaign_ids: ['sandbox_rate_limited_app'] } })).toMatchObject({
        code: 40100,
        message: 'Too many requests. Please retry in some time.',
      });
      expect(await refusedUpdate({ campaign_id: 'sandbox_server_error', budget: 100 })).toMatchObject({
        code: 50000,
      });
      expect(
        await refusedStatus({ campaign_ids: ['sandbox_token_expired'], operation_status: 'DISABLE' }),
      ).toMatchObject({ code: 40105 });
      expect(
        await refusedReport({
          dimensions: ['campaign_id'],
          start_date: day(-1),
          end_date: day(-1),
          filtering: [idsIn(['sandbox_rate_limited'])],
        }),
      ).toMatchObject({ code: 40133 });
    });

    it('keeps sandbox_slow waiting past a short client timeout', async () => {
      const started = Date.now();
      const quick = new CampaignCreationApi(sdkClient(service, 300));
      const error = await sdkError((callback) =>
        quick.campaignGet(
          connection.advertiserId,
          connection.token,
          { filtering: { campaign_ids: ['sandbox_slow'] } },
          callback,
        ),
      );
      expect(error.timeout).toBe(300);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });
});
