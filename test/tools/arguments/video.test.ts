import { describe, expect, it } from 'vitest';
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

  it('accepts a budget with its mode, and the sandbox magic ids as campaign_id', () => {
    expect(
      accept(updateVideoCampaign, {
        campaign_id: '18',
        budget: 50,
        budget_mode: 'BUDGET_MODE_TOTAL',
        advertiser_id: '7',
      }),
    ).toMatchObject({ budget: 50, budget_mode: 'BUDGET_MODE_TOTAL' });
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
      issue('', 'pass at least one of name, budget or budget_mode'),
    ]);
  });

  it('checks campaign_id, name, budget and budget_mode', () => {
    expect(reject(updateVideoCampaign, { campaign_id: 'abc', name: 'x' })).toContainEqual(
      issue('campaign_id', 'must be digits'),
    );
    expect(reject(updateVideoCampaign, { name: 'x' })).toContainEqual(issue('campaign_id', 'is required'));
    expect(reject(updateVideoCampaign, { campaign_id: '18', name: 'n'.repeat(513) })).toContainEqual(
      issue('name', 'at most 512 characters'),
    );
    expect(reject(updateVideoCampaign, { campaign_id: '18', budget: 0 })).toContainEqual(
      issue('budget', 'greater than 0'),
    );
    expect(
      reject(updateVideoCampaign, { campaign_id: '18', budget: 49, budget_mode: 'BUDGET_MODE_DAY' }),
    ).toEqual([issue('budget', 'must be at least 50 for BUDGET_MODE_DAY')]);
    expect(
      reject(updateVideoCampaign, { campaign_id: '18', budget_mode: 'BUDGET_MODE_INFINITE' }),
    ).toContainEqual(issue('budget_mode', 'must be one of BUDGET_MODE_DAY, BUDGET_MODE_TOTAL'));
  });

  it('leaves a small budget without a mode to the check against the campaign', () => {
    expect(accept(updateVideoCampaign, { campaign_id: '18', budget: 20 })).toMatchObject({ budget: 20 });
  });

  it('rejects an unknown field, listing the accepted ones', () => {
    expect(reject(updateVideoCampaign, { campaign_id: '18', status: 'ENABLE' })).toContainEqual(
      issue('status', 'accepted: campaign_id, name, budget, budget_mode, advertiser_id, dry_run'),
    );
  });
});
