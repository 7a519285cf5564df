import { describe, expect, it } from 'vitest';
import { getVideoCampaignPerformance } from '../../../src/tools/video/get-video-campaign-performance.ts';
import { listVideoCampaigns } from '../../../src/tools/video/list-video-campaigns.ts';
import { updateVideoCampaign } from '../../../src/tools/video/update-video-campaign.ts';
import { accept, issue, reject } from './validate.ts';

describe('update_video_campaign', () => {
  it('accepts a rename alone, dry_run off by default', () => {
    expect(accept(updateVideoCampaign, { campaign_id: '1800000000000001', name: ' Spring sale ' })).toEqual({
      campaign_id: '1800000000000001',
      name: 'Spring sale',
      dry_run: false,
    });
  });

  it('accepts a budget, and the sandbox magic ids as campaign_id', () => {
    expect(accept(updateVideoCampaign, { campaign_id: '18', budget: 50, advertiser_id: '7' })).toMatchObject({
      budget: 50,
    });
    for (const campaign_id of [
      'sandbox_rate_limited',
      'sandbox_server_error',
      'sandbox_slow',
      'sandbox_token_expired',
    ]) {
      expect(accept(updateVideoCampaign, { campaign_id, name: 'x' })).toMatchObject({ campaign_id });
    }
  });

  it('needs something to change', () => {
    expect(reject(updateVideoCampaign, { campaign_id: '18' })).toEqual([
      issue('', 'nothing to change: pass at least one of status, name, daily_budget or budget'),
    ]);
  });

  it('checks campaign_id, name and budget', () => {
    expect(reject(updateVideoCampaign, { campaign_id: 'abc', name: 'x' })).toContainEqual(
      issue('campaign_id', 'must be digits'),
    );
    expect(reject(updateVideoCampaign, { name: 'x' })).toContainEqual(issue('campaign_id', 'is required'));
    expect(reject(updateVideoCampaign, { campaign_id: '18', name: 'n'.repeat(513) })).toContainEqual(
      issue('name', 'at most 512 characters'),
    );
    expect(reject(updateVideoCampaign, { campaign_id: '18', budget: 49.99 })).toContainEqual(
      issue('budget', 'at least 50'),
    );
  });

  it("counts a name's length as TikTok does, and refuses emoji", () => {
    expect(accept(updateVideoCampaign, { campaign_id: '18', name: '春'.repeat(256) })).toMatchObject({
      name: '春'.repeat(256),
    });
    expect(reject(updateVideoCampaign, { campaign_id: '18', name: '春'.repeat(257) })).toEqual([
      issue('name', 'at most 512 characters, each Chinese or Japanese character counting as two (got 514)'),
    ]);
    expect(reject(updateVideoCampaign, { campaign_id: '18', name: 'Launch 🚀' })).toEqual([
      issue('name', 'must not contain emoji'),
    ]);
  });

  it('refuses budget_mode, saying why and what to do instead', () => {
    expect(
      reject(updateVideoCampaign, { campaign_id: '18', budget: 80, budget_mode: 'BUDGET_MODE_TOTAL' }),
    ).toEqual([
      issue(
        'budget_mode',
        "cannot be changed: TikTok fixes a campaign's budget type (daily, lifetime or no limit) when the campaign is created",
      ),
    ]);
    expect(
      reject(updateVideoCampaign, { campaign_id: '18', budget_mode: 'BUDGET_MODE_DAY' })[0]?.message,
    ).toContain('Pass budget alone to change the amount');
  });

  it('takes operation_status ENABLE or DISABLE, alone or with the rest', () => {
    expect(accept(updateVideoCampaign, { campaign_id: '18', operation_status: 'DISABLE' })).toEqual({
      campaign_id: '18',
      operation_status: 'DISABLE',
      dry_run: false,
    });
    expect(
      accept(updateVideoCampaign, { campaign_id: '18', operation_status: 'ENABLE', budget: 60, name: 'x' }),
    ).toMatchObject({ operation_status: 'ENABLE', budget: 60 });
    expect(reject(updateVideoCampaign, { campaign_id: '18', operation_status: 'DELETE' })).toContainEqual(
      issue('operation_status', 'ENABLE'),
    );
  });

  it("takes status in the common words or TikTok's, operation_status as its older name, not both", () => {
    for (const [given, taken] of [
      ['PAUSED', 'PAUSED'],
      ['DISABLE', 'PAUSED'],
      ['enable', 'ACTIVE'],
    ]) {
      expect(accept(updateVideoCampaign, { campaign_id: '18', status: given })).toMatchObject({
        status: taken,
      });
    }
    expect(reject(updateVideoCampaign, { campaign_id: '18', status: 'DELETE' })).toContainEqual(
      issue('status', 'ACTIVE'),
    );
    expect(
      reject(updateVideoCampaign, { campaign_id: '18', status: 'PAUSED', operation_status: 'DISABLE' }),
    ).toContainEqual(issue('operation_status', 'is the older name of status: pass status alone'));
    expect(reject(updateVideoCampaign, { campaign_id: '18', colour: 'red', name: 'x' })).toContainEqual(
      issue(
        'colour',
        'accepted: campaign_id, status, operation_status, name, daily_budget, budget, advertiser_id, dry_run',
      ),
    );
  });
});

describe('list_video_campaigns', () => {
  it('takes statuses, a limit of 1 to 500 (50 by default) and a cursor', () => {
    expect(accept(listVideoCampaigns, {})).toEqual({ limit: 50 });
    expect(accept(listVideoCampaigns, { status: ['DELETE'], limit: 500, cursor: 'abc' })).toEqual({
      status: ['REMOVED'],
      limit: 500,
      cursor: 'abc',
    });
    expect(reject(listVideoCampaigns, { limit: 501 })).toContainEqual(issue('limit', '500'));
    expect(accept(listVideoCampaigns, { status: ['ACTIVE', 'disable'] })).toMatchObject({
      status: ['ACTIVE', 'PAUSED'],
    });
    expect(reject(listVideoCampaigns, { status: ['RUNNING'] })).toContainEqual(issue('status[0]', 'ACTIVE'));
    expect(reject(listVideoCampaigns, { status: ['ENABLE', 'ENABLE'] })).toContainEqual(
      issue('status', 'must not repeat a status'),
    );
  });
});

describe('get_video_campaign_performance', () => {
  it('takes a named range or two dates, campaign ids as digits, and a breakdown', () => {
    expect(accept(getVideoCampaignPerformance, {})).toEqual({ level: 'campaign', breakdown: 'none' });
    expect(
      accept(getVideoCampaignPerformance, {
        start_date: '2026-11-01',
        end_date: '2026-11-21',
        campaign_ids: ['1800000000000002', 'sandbox_slow'],
        breakdown: 'day',
        advertiser_id: '7',
      }),
    ).toMatchObject({ campaign_ids: ['1800000000000002', 'sandbox_slow'], breakdown: 'day' });
    expect(reject(getVideoCampaignPerformance, { campaign_ids: ['act_1'] })).toContainEqual(
      issue('campaign_ids[0]', 'must be digits'),
    );
    expect(reject(getVideoCampaignPerformance, { campaign_ids: ['1', '1'] })).toContainEqual(
      issue('campaign_ids', 'must not repeat an id'),
    );
    expect(
      reject(getVideoCampaignPerformance, { start_date: '2025-01-01', end_date: '2026-11-21' }),
    ).toContainEqual(issue('end_date', 'at most 366'));
  });
});
