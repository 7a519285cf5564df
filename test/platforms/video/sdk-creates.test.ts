import { createHash } from 'node:crypto';
import { AdApi } from 'tiktok-business-api-sdk-official/src/api/AdApi.js';
import { AdgroupApi } from 'tiktok-business-api-sdk-official/src/api/AdgroupApi.js';
import { CampaignCreationApi } from 'tiktok-business-api-sdk-official/src/api/CampaignCreationApi.js';
import { FileApi } from 'tiktok-business-api-sdk-official/src/api/FileApi.js';
import { IdentityApi } from 'tiktok-business-api-sdk-official/src/api/IdentityApi.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../support/clock.ts';
import { serveConsoleHere } from '../../support/consent.ts';
import { TEST_DIALECTS } from '../../support/dialects.ts';
import { TestService } from '../../support/service.ts';
import { connectWithSdk, type SdkConnection, sdk, sdkClient, sdkError, tiktokError } from './sdk-support.ts';

/** An MP4 as its bytes say (an `ftyp` box), padded with an `mdat` box. */
function mp4(size: number): Buffer {
  const ftyp = Buffer.from('000000186674797069736f6d0000000069736f6d6d703432', 'hex');
  const mdat = Buffer.alloc(size - ftyp.length);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

/**
 * The creates create_video_campaign sends, through TikTok's own client library
 * (tiktok-business-api-sdk-official 1.1.3) pointed at the sandbox: the SDK's bodies and its multipart
 * upload are taken, and its reading of TikTok's refusals holds.
 */
describe.each(TEST_DIALECTS)('TikTok sandbox creates through the official SDK 1.1.3 (%s)', (dialect) => {
  let service: TestService;
  let connection: SdkConnection;
  const clock = new TestClock('2026-11-22T12:00:00.000Z');

  beforeAll(async () => {
    service = await TestService.start(dialect, { clock });
    serveConsoleHere(service);
    connection = await connectWithSdk(service, 'SDK creates');
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('creates a campaign, uploads a video by file, creates an ad group and an ad, all disabled', async () => {
    const { token, advertiserId } = connection;
    const client = sdkClient(service);
    const campaign = await sdk((callback) =>
      new CampaignCreationApi(client).campaignCreate(
        token,
        {
          body: {
            advertiser_id: advertiserId,
            campaign_name: 'SDK video',
            objective_type: 'TRAFFIC',
            budget_mode: 'BUDGET_MODE_INFINITE',
            operation_status: 'DISABLE',
          },
        },
        callback,
      ),
    );
    const campaignId = campaign.data.campaign_id as string;
    expect(campaign.data).toMatchObject({ campaign_name: 'SDK video', operation_status: 'DISABLE' });

    const video = mp4(32_000);
    const uploaded = await sdk((callback) =>
      new FileApi(client).adVideoUpload(
        token,
        {
          advertiser_id: advertiserId,
          upload_type: 'UPLOAD_BY_FILE',
          video_file: video,
          video_signature: createHash('md5').update(video).digest('hex'),
          file_name: 'sdk.mp4',
        },
        callback,
      ),
    );
    const videoId = uploaded.data[0].video_id as string;
    expect(uploaded.data[0]).toMatchObject({ size: video.length, file_name: 'sdk.mp4' });

    const adGroup = await sdk((callback) =>
      new AdgroupApi(client).adgroupCreate(
        token,
        {
          body: {
            advertiser_id: advertiserId,
            campaign_id: campaignId,
            adgroup_name: 'SDK video',
            promotion_type: 'WEBSITE',
            placement_type: 'PLACEMENT_TYPE_AUTOMATIC',
            location_ids: ['6252001'],
            budget_mode: 'BUDGET_MODE_DAY',
            budget: 30,
            schedule_type: 'SCHEDULE_FROM_NOW',
            schedule_start_time: '2026-11-22 12:00:00',
            optimization_goal: 'CLICK',
            billing_event: 'CPC',
            bid_type: 'BID_TYPE_NO_BID',
            pacing: 'PACING_MODE_SMOOTH',
            operation_status: 'DISABLE',
          },
        },
        callback,
      ),
    );
    const adGroupId = adGroup.data.adgroup_id as string;
    expect(adGroup.data).toMatchObject({ campaign_id: campaignId, budget: 30, operation_status: 'DISABLE' });

    // v1.3 ads post as an identity the advertiser has (identity/get), not under a display_name.
    const identities = await sdk((callback) =>
      new IdentityApi(client).identityGet(
        advertiserId,
        token,
        { identity_type: 'CUSTOMIZED_USER' },
        callback,
      ),
    );
    const identity = identities.data.identity_list[0];
    expect(identity).toMatchObject({
      identity_type: 'CUSTOMIZED_USER',
      identity_id: expect.stringMatching(/^\d+$/),
    });
    expect(identities.data.page_info).toMatchObject({ page: 1, total_number: 1, total_page: 1 });

    const ad = await sdk((callback) =>
      new AdApi(client).adCreate(
        token,
        {
          body: {
            advertiser_id: advertiserId,
            adgroup_id: adGroupId,
            creatives: [
              {
                ad_name: 'SDK video',
                ad_format: 'SINGLE_VIDEO',
                ad_text: 'Made through the SDK.',
                identity_type: identity.identity_type,
                identity_id: identity.identity_id,
                call_to_action: 'LEARN_MORE',
                landing_page_url: 'https://example.com',
                video_id: videoId,
                operation_status: 'DISABLE',
              },
            ],
          },
        },
        callback,
      ),
    );
    expect(ad.data.ad_ids).toHaveLength(1);
    expect(ad.data.creatives[0]).toMatchObject({
      video_id: videoId,
      operation_status: 'DISABLE',
      identity_type: 'CUSTOMIZED_USER',
      identity_id: identity.identity_id,
    });
    const withoutIdentity = await sdkError((callback) =>
      new AdApi(client).adCreate(
        token,
        {
          body: {
            advertiser_id: advertiserId,
            adgroup_id: adGroupId,
            creatives: [
              {
                ad_name: 'SDK video 2',
                ad_format: 'SINGLE_VIDEO',
                ad_text: 'Made through the SDK.',
                display_name: 'SDK',
                call_to_action: 'LEARN_MORE',
                landing_page_url: 'https://example.com',
                video_id: videoId,
              },
            ],
          },
        },
        callback,
      ),
    );
    expect(tiktokError(withoutIdentity)).toMatchObject({ code: 40002 });
    expect(tiktokError(withoutIdentity).message).toContain('creatives.0.identity_type');
  });

  it('refuses what TikTok refuses, in its words, read by the SDK', async () => {
    const { token, advertiserId } = connection;
    const client = sdkClient(service);
    const video = mp4(4_000);
    const badSignature = await sdkError((callback) =>
      new FileApi(client).adVideoUpload(
        token,
        { advertiser_id: advertiserId, video_file: video, video_signature: '0'.repeat(32) },
        callback,
      ),
    );
    expect(tiktokError(badSignature)).toMatchObject({ code: 40002 });
    expect(tiktokError(badSignature).message).toContain('video_signature');
    const lowBudget = await sdkError((callback) =>
      new CampaignCreationApi(client).campaignCreate(
        token,
        {
          body: {
            advertiser_id: advertiserId,
            campaign_name: 'Too little',
            objective_type: 'TRAFFIC',
            budget_mode: 'BUDGET_MODE_DAY',
            budget: 10,
          },
        },
        callback,
      ),
    );
    expect(tiktokError(lowBudget)).toMatchObject({
      code: 40002,
      message: 'Budget must be greater than or equal to 50.00.',
    });
  });
});
