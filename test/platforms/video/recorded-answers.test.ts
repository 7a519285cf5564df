import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../../src/tools/registry.ts';
import { TestClock } from '../../support/clock.ts';
import { RecordedPlatformService, servedAt } from '../../support/recorded-service.ts';
import { type RecordedAnswer, recordedSources } from '../../support/replay-platform.ts';

// The live TikTok adapter against answers TikTok gave (test/platforms/video/recorded/, each file naming
// its source), replayed over HTTP: what the agent is answered for each. TikTok answers errors with
// HTTP 200 and a code in the body.
describe("the live TikTok adapter against TikTok's recorded answers", () => {
  const clock = new TestClock('2026-12-02T10:00:00.000Z');
  let tiktok: RecordedPlatformService;
  let advertisers = 0;

  beforeAll(async () => {
    tiktok = await RecordedPlatformService.start('video', 'sqlite', { clock });
  });
  afterAll(() => tiktok.stop());

  /** A new advertiser of the owner, under a connection of its own. */
  const advertiser = () => ({ id: `70000000000000${String(++advertisers).padStart(5, '0')}` });
  /** A recorded answer as TikTok's answer to campaign/get. */
  const atCampaignGet = (name: string): RecordedAnswer =>
    servedAt(tiktok.answer(name), 'GET', '/open_api/{version}/campaign/get/');
  const listCampaigns = (...served: RecordedAnswer[]) =>
    tiktok.call('list_video_campaigns', {}, advertiser(), ...served);

  it('keeps a source for every recorded answer', () => {
    const sources = recordedSources('video');
    for (const answer of tiktok.answers.values()) expect(sources).toContain(`\`${answer.file}\``);
    expect(tiktok.answers.size).toBeGreaterThanOrEqual(8);
  });

  it('lists the campaigns of a page TikTok answered, with the Access-Token header', async () => {
    const { status, body } = await listCampaigns(tiktok.answer('campaign-get-page'));
    expect(status).toBe(200);
    expect(body.data.structured.campaigns).toEqual([
      expect.objectContaining({
        campaign_id: '1866248311321778',
        name: 'Test Campaign Nango',
        budget: '100.00',
      }),
      expect.objectContaining({
        campaign_id: '1866248303272130',
        name: 'Test Campaign',
        daily_budget: '100.00',
      }),
    ]);
    const [request] = tiktok.replay.received;
    expect(request?.path).toBe('/open_api/v1.3/campaign/get/');
    expect(request?.headers['access-token']).toBe('recorded-answers-token');
  });

  it('reads ids TikTok sent as JSON numbers, exactly, even beyond 2^53', async () => {
    const numeric = tiktok.answer('campaign-get-v1.2-numeric-ids');
    const { status, body } = await listCampaigns(numeric);
    expect([status, body.error]).toEqual([200, undefined]);
    expect(body.data.structured.campaigns[0].campaign_id).toBe('1711095423090689');
    // The advertiser_id of that answer (6791983391823626245) is above 2^53: JSON.parse alone rounds it.
    const beyond = {
      ...numeric,
      response: {
        ...numeric.response,
        body: JSON.stringify(numeric.response.body).replace(
          '"campaign_id":1711095423090689',
          '"campaign_id":6791983391823626245',
        ),
      },
    };
    expect(beyond.response.body).toContain('"campaign_id":6791983391823626245');
    const exact = await listCampaigns(beyond);
    expect(exact.body.data.structured.campaigns.map((c: { campaign_id: string }) => c.campaign_id)).toContain(
      '6791983391823626245',
    );
  });

  it('lists the identities an advertiser may post as', async () => {
    const { status, body } = await tiktok.call(
      'list_video_identities',
      {},
      advertiser(),
      tiktok.answer('identity-get-customized-user'),
    );
    expect(status).toBe(200);
    expect(body.data.structured.identities).toHaveLength(6);
    expect(body.data.structured.identities[0]).toEqual({
      identity_id: '7644636757082292242',
      identity_type: 'CUSTOMIZED_USER',
      display_name: 'Nango Delete Test 2',
      username: null,
      available_status: null,
    });
    const tikTokUser = await tiktok.call(
      'list_video_identities',
      { identity_type: 'TT_USER' },
      advertiser(),
      tiktok.answer('identity-get-tt-user-doc-example'),
    );
    expect(tikTokUser.body.data.structured.identities[0]).toMatchObject({ identity_type: 'TT_USER' });
    expect(tiktok.replay.received[0]?.query.get('identity_type')).toBe('TT_USER');
  });

  it('refuses a create whose identity the advertiser does not have, before anything is made', async () => {
    const tool = ALL_TOOLS.find((t) => t.name === 'create_video_campaign');
    const { status, body } = await tiktok.call(
      'create_video_campaign',
      { ...(tool?.example as Record<string, unknown>), identity_id: '7000000000000000999' },
      advertiser(),
      tiktok.answer('campaign-get-page'),
      tiktok.answer('adgroup-get-one'),
      tiktok.answer('identity-get-customized-user'),
    );
    expect([status, body.code]).toEqual([400, 'invalid_arguments']);
    expect(body.error).toContain('identity_id 7000000000000000999 is not a CUSTOMIZED_USER identity');
    expect(body.error).toContain('7644636757082292242 ("Nango Delete Test 2")');
    expect(body.error).toContain('Nothing was created');
    expect(tiktok.replay.received.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('creates a campaign through the answers TikTok gave each step, the ad posting as the identity', async () => {
    const tool = ALL_TOOLS.find((t) => t.name === 'create_video_campaign');
    const { status, body } = await tiktok.call(
      'create_video_campaign',
      { ...(tool?.example as Record<string, unknown>), identity_id: '7644636757082292242' },
      advertiser(),
      tiktok.answer('campaign-get-page'),
      tiktok.answer('adgroup-get-one'),
      tiktok.answer('identity-get-customized-user'),
      tiktok.answer('campaign-create'),
      tiktok.answer('file-video-ad-upload'),
      tiktok.answer('adgroup-create'),
      tiktok.answer('ad-create-customized-user-doc-example'),
    );
    expect([status, body.error, tiktok.replay.unmatched]).toEqual([200, undefined, []]);
    const ids = (name: string, field: string) =>
      (tiktok.answer(name).response.body as { data: Record<string, string> }).data[field];
    expect(body.data.structured.created).toEqual({
      campaign_id: ids('campaign-create', 'campaign_id'),
      adgroup_id: ids('adgroup-create', 'adgroup_id'),
      video_id: 'v10033g50000d8ant27og65tjjk0ndbg',
      // TikTok's documentation writes its example ids as placeholders.
      ad_id: '{{ad_id}}',
    });
    const ad = tiktok.replay.received.find((r) => r.path.endsWith('/ad/create/'));
    const [creative] = JSON.parse(ad?.body ?? '{}').creatives;
    expect(creative).toMatchObject({ identity_type: 'CUSTOMIZED_USER', identity_id: '7644636757082292242' });
    expect(creative).not.toHaveProperty('display_name');
  });

  it('lists ad groups, and an empty page with total_page 0 as no ads', async () => {
    const groups = await tiktok.call(
      'list_video_ad_groups',
      {},
      advertiser(),
      tiktok.answer('adgroup-get-one'),
    );
    expect(groups.body.data.structured.ad_groups[0]).toMatchObject({
      adgroup_id: '1866248998099217',
      daily_budget: '50.00',
      optimization_goal: 'LEAD_GENERATION',
    });
    const ads = await tiktok.call(
      'list_video_ads',
      {},
      advertiser(),
      tiktok.answer('ad-get-empty-page'),
      tiktok.answer('adgroup-get-empty-page'),
    );
    expect([ads.status, ads.body.data.structured.ads]).toEqual([200, []]);
  });

  it('renames a campaign through campaign/update, reading the answer TikTok gave', async () => {
    const { status, body } = await tiktok.call(
      'update_video_campaign',
      { campaign_id: '1866248504518946', name: 'Renamed through adops' },
      advertiser(),
      tiktok.answer('campaign-get-filtered-one'),
      tiktok.answer('campaign-update'),
    );
    expect([status, body.error]).toEqual([200, undefined]);
    const update = tiktok.replay.received.find((r) => r.path.endsWith('/campaign/update/'));
    expect(JSON.parse(update?.body ?? '{}')).toMatchObject({
      campaign_id: '1866248504518946',
      campaign_name: 'Renamed through adops',
    });
  });

  it('refuses to read a report that lacks a metric it asked for, rather than count it as zero', async () => {
    const { status, body } = await tiktok.call(
      'get_video_campaign_performance',
      {},
      advertiser(),
      tiktok.answer('report-integrated-get-basic'),
      tiktok.answer('campaign-get-page'),
    );
    expect([status, body.code]).toEqual([500, 'upstream_error']);
    expect(body.error).toContain('data.list.0.metrics.clicks');
  });

  it("answers TikTok's HTTP 200 errors by their code", async () => {
    const cases: Array<[string, number, string, string]> = [
      ['param-error-40002', 400, 'upstream_rejected', 'Not a valid string'],
      [
        'permission-40001-report-scope',
        400,
        'upstream_rejected',
        'The access token lacks the required scope',
      ],
      ['report-too-large-40067', 400, 'upstream_rejected', 'Your query is too large'],
      ['server-error-50000', 500, 'upstream_error', 'System error.'],
      ['server-error-502-html', 500, 'upstream_error', 'HTTP 502'],
      [
        'token-invalid-40105-ad-get',
        400,
        'connection_expired',
        'Access token is incorrect or has been revoked.',
      ],
      [
        'token-invalid-40105-identity-get',
        400,
        'connection_expired',
        'Access token is incorrect or has been revoked.',
      ],
    ];
    for (const [answer, status, code, words] of cases) {
      const result = await listCampaigns(atCampaignGet(answer));
      expect([answer, result.status, result.body.code]).toEqual([answer, status, code]);
      expect(result.body.error).toContain(words);
    }
  });

  it("retries the advertiser's per-second limit, then says it is that advertiser's for a second", async () => {
    const { status, body, headers } = await listCampaigns(atCampaignGet('throttle-advertiser-qps-40133'));
    expect([status, headers.get('retry-after')]).toEqual([429, '1']);
    expect(body.error).toContain('is rate-limiting this ad account');
    // Safe to repeat: asked again after the second, then answered (ADOPS_UPSTREAM_RETRIES=0 here: once).
    expect(tiktok.replay.received).toHaveLength(1);
  });

  it("holds back every advertiser for five minutes on the app's limit, TikTok not asked meanwhile", async () => {
    const { status, body, headers } = await listCampaigns(atCampaignGet('throttle-app-qps-40100'));
    expect([status, headers.get('retry-after')]).toEqual([429, '300']);
    expect(body.error).toContain("this service's app");
    expect(body.error).toContain('until 2026-12-02 10:05 UTC');
    const other = await listCampaigns(tiktok.answer('campaign-get-page'));
    expect([other.status, tiktok.replay.received.length]).toEqual([429, 0]);
    clock.advanceSeconds(301);
    expect((await listCampaigns(tiktok.answer('campaign-get-page'))).status).toBe(200);
  });
});
