import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SandboxStore } from '../../../src/sandbox/store.ts';
import type { AdAccount } from '../../../src/storage/schema.ts';
import { createVideoCampaign } from '../../../src/tools/video/create-video-campaign.ts';
import { callTool, connectOverHttp } from '../../mcp/clients.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { FaultProxy } from '../../support/fault-proxy.ts';
import { type Owner, TestService } from '../../support/service.ts';
import { videoAccounts } from './read-support.ts';
import { reportedSpend, spendOwner } from './update-support.ts';

const SAMPLE_VIDEO = 'https://samples.adops.invalid/video-9x16.mp4';
const CREATES = ['campaign/create/', 'file/video/ad/upload/', 'adgroup/create/', 'ad/create/'].map(
  (path) => `POST /sandbox/video/open_api/v1.3/${path}`,
);

const args = (name: string, extra: Record<string, unknown> = {}) => ({
  campaign_name: name,
  daily_budget: 30,
  location_ids: ['6252001'],
  video_url: SAMPLE_VIDEO,
  ad_text: 'Spring sale: everything 20% off.',
  identity_id: '7100000000000000001',
  landing_page_url: 'https://example.com/spring',
  ...extra,
});

/**
 * create_video_campaign against the TikTok sandbox of a second service, through a proxy that lists every
 * request (so a test sees which writes reached TikTok) and can cut one.
 */
describe.each(TEST_DIALECTS)('create_video_campaign (%s)', (dialect) => {
  let platform: TestService;
  let proxy: FaultProxy;
  let service: TestService;
  let owner: Owner;
  let account: AdAccount;

  beforeAll(async () => {
    platform = await TestService.start(dialect);
    proxy = await FaultProxy.start(platform.url);
    service = await TestService.start(dialect, {
      database: platform.database,
      env: { ADOPS_SANDBOX_URL: proxy.url },
    });
    owner = await spendOwner(service);
    [account] = (await videoAccounts(service, owner)) as [AdAccount];
  });
  afterAll(async () => {
    await service?.stop();
    await proxy?.close();
    await platform?.stop();
  });
  beforeEach(() => {
    proxy.passed.length = 0;
    proxy.trap = undefined;
  });

  const call = (tool: string, input: Record<string, unknown>, key = owner.key, headers = {}) =>
    service.call(tool, input, { key, headers });
  const writes = () => proxy.passed.filter((request) => request.startsWith('POST '));
  const store = () => new SandboxStore(service.services.storage.db, 'video');
  const campaignsNamed = async (name: string) =>
    (await store().list<{ campaign_name: string }>('campaign', account.account_id)).filter(
      (campaign) => campaign.data.campaign_name === name,
    );

  it('creates the campaign, its ad group, the video and the ad, all PAUSED, and the list tools show them', async () => {
    const { status, body } = await call('create_video_campaign', args('Spring video'));
    expect(status).toBe(200);
    const structured = body.data.structured;
    expect(createVideoCampaign.output?.parse(structured)).toBeTruthy();
    expect(structured).toMatchObject({
      advertiser_id: account.account_id,
      name: 'Spring video',
      status: 'PAUSED',
      platform_status: 'DISABLE',
      daily_budget: '30.00',
      objective: 'TRAFFIC',
      dry_run: false,
    });
    expect(writes()).toEqual(CREATES);
    const {
      campaign_id: campaignId,
      adgroup_id: adGroupId,
      ad_id: adId,
      video_id: videoId,
    } = structured.created;
    expect(structured.campaign_id).toBe(campaignId);
    expect(campaignId).toMatch(/^\d{19}$/);

    const campaigns = await call('list_video_campaigns', {});
    const listed = campaigns.body.data.structured.campaigns.find((c: any) => c.campaign_id === campaignId);
    expect(listed).toMatchObject({ name: 'Spring video' });
    expect(JSON.stringify(listed)).toContain('DISABLE');
    const groups = await call('list_video_ad_groups', { campaign_ids: [campaignId] });
    expect(groups.status).toBe(200);
    expect(groups.body.data.structured.ad_groups).toEqual([
      // Ready under the disabled campaign, which alone keeps it from delivering.
      expect.objectContaining({ adgroup_id: adGroupId, status: 'ACTIVE', daily_budget: '30.00' }),
    ]);
    const ads = await call('list_video_ads', { adgroup_ids: [adGroupId] });
    expect(ads.status).toBe(200);
    expect(ads.body.data.structured.ads).toEqual([
      expect.objectContaining({ ad_id: adId, status: 'ACTIVE', video_id: videoId }),
    ]);
    const ad = await store().get<Record<string, unknown>>('ad', adId);
    expect(ad?.data).toMatchObject({
      ad_text: 'Spring sale: everything 20% off.',
      identity_id: '7100000000000000001',
      call_to_action: 'LEARN_MORE',
      landing_page_url: 'https://example.com/spring',
      operation_status: 'ENABLE',
    });
    // A PAUSED campaign spends nothing.
    const today = service.services.clock.now().toISOString().slice(0, 10);
    expect(['0', '0.00', 'no row']).toContain(await reportedSpend(service, account, campaignId, today));
    const audit = await service.auditRow(body.request_id);
    expect(audit?.details).toContain(campaignId);
  });

  it('shows the four requests on a dry run and makes nothing', async () => {
    const { status, body } = await call(
      'create_video_campaign',
      args('Dry video', { dry_run: true, objective: 'REACH' }),
    );
    expect(status).toBe(200);
    const structured = body.data.structured;
    expect(createVideoCampaign.output?.parse(structured)).toBeTruthy();
    expect(structured.dry_run).toBe(true);
    expect(structured.preview.map((entry: any) => entry.url)).toEqual([
      '/open_api/v1.3/campaign/create/',
      '/open_api/v1.3/file/video/ad/upload/',
      '/open_api/v1.3/adgroup/create/',
      '/open_api/v1.3/ad/create/',
    ]);
    expect(structured.preview[0].body).toMatchObject({
      objective_type: 'REACH',
      operation_status: 'DISABLE',
    });
    expect(structured.preview[1].body).toMatchObject({ upload_type: 'UPLOAD_BY_FILE' });
    expect(structured.preview[2].body).toMatchObject({
      budget_mode: 'BUDGET_MODE_DAY',
      budget: 30,
      optimization_goal: 'REACH',
      billing_event: 'CPM',
      placement_type: 'PLACEMENT_TYPE_AUTOMATIC',
      operation_status: 'ENABLE',
    });
    expect(writes()).toEqual([]);
    expect(await campaignsNamed('Dry video')).toEqual([]);
  });

  it('replays a retry with the same Idempotency-Key and makes nothing more', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const first = await call('create_video_campaign', args('Replayed video'), owner.key, headers);
    expect(first.status).toBe(200);
    proxy.passed.length = 0;
    const again = await call('create_video_campaign', args('Replayed video'), owner.key, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.structured).toEqual(first.body.data.structured);
    expect(writes()).toEqual([]);
    expect(await campaignsNamed('Replayed video')).toHaveLength(1);
  });

  it('refuses a read key, and a daily budget above the key ceiling, before anything reaches TikTok', async () => {
    const read = await service.createKeyFor(owner, { scope: 'read' });
    const refused = await call('create_video_campaign', args('Read video'), read);
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    const capped = await service.createKeyFor(owner, { scope: 'write', ceilings: { USD: 25_000_000 } });
    const above = await call('create_video_campaign', args('Capped video'), capped);
    expect([above.status, above.body.code]).toEqual([403, 'insufficient_scope']);
    expect(above.body.structured_content).toMatchObject({
      limit: 'ceiling',
      asked: '30.00',
      ceiling: '25.00',
    });
    expect(writes()).toEqual([]);
    const under = await call('create_video_campaign', args('Capped video', { daily_budget: 25 }), capped);
    expect(under.status).toBe(200);
  });

  it('answers a clear 400 for bad input, sending nothing', async () => {
    const low = await call('create_video_campaign', args('Low video', { daily_budget: 5 }));
    expect(low.status).toBe(400);
    expect(low.body.error).toContain('daily_budget');
    const emoji = await call('create_video_campaign', args('Sale 🎉'));
    expect(emoji.status).toBe(400);
    expect(emoji.body.error).toContain('emoji');
    const missing = await call(
      'create_video_campaign',
      args('No video', { video_url: 'https://samples.adops.invalid/nothing.mp4' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('video_url: could not be used');
    const taken = await call('create_video_campaign', args('Spring video'));
    expect(taken.body.error).toContain('Campaign name already exists');
    expect(writes()).toEqual([CREATES[0]]);
  });

  it('deletes the campaign it made when a later step fails, and says so', async () => {
    proxy.trap = {
      matches: (method, path) => method === 'POST' && path.endsWith('/ad/create/'),
      when: 'before',
      fire: () => {},
    };
    const { status, body } = await call('create_video_campaign', args('Cut video'));
    expect(status).toBeGreaterThanOrEqual(500);
    expect(body.error).toContain('Step "create the ad "Cut video"" failed.');
    expect(body.error).toContain('is deleted on TikTok, with its ad group and ad');
    const [campaign] = await campaignsNamed('Cut video');
    expect(campaign?.data).toMatchObject({ deleted: true });
    expect(body.structured_content).toMatchObject({ cleaned_up: [{ type: 'campaign', id: campaign?.id }] });
  });

  it('creates over MCP, its structured answer matching the output schema', async () => {
    const client = await connectOverHttp(service.url, owner.key);
    try {
      const result = await callTool(client, { name: 'create_video_campaign', arguments: args('MCP video') });
      expect(result.isError).toBeFalsy();
      const structured = result.structuredContent as Record<string, any>;
      expect(createVideoCampaign.output?.parse(structured)).toBeTruthy();
      expect(structured).toMatchObject({ status: 'PAUSED', name: 'MCP video' });
      expect(await campaignsNamed('MCP video')).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});
