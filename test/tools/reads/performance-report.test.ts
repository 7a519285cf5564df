import { describe, expect, it } from 'vitest';
import { PERFORMANCE_OUTPUT, performanceReport } from '../../../src/tools/reads/performance-report.ts';

const m = (impressions: number, clicks: number, spendMicros: number, conversions: number) => ({
  impressions,
  clicks,
  spendMicros,
  conversions,
});

describe('a performance answer', () => {
  const report = performanceReport({
    platform: 'network',
    accountId: '500',
    period: { start: '2026-11-01', end: '2026-11-02', label: 'two days' },
    level: 'campaign',
    breakdown: 'day',
    requested: ['1', '2', '3', '404'],
    answer: {
      currency: 'USD',
      campaigns: [
        { id: '1', name: 'Small' },
        { id: '2', name: 'Big' },
        { id: '3', name: 'Paused' },
      ],
      rows: [
        { campaignId: '1', date: '2026-11-01', metrics: m(100, 2, 1_005_000, 0) },
        { campaignId: '2', date: '2026-11-01', metrics: m(1000, 30, 60_000_000, 3) },
        { campaignId: '2', date: '2026-11-02', metrics: m(500, 10, 20_000_000, 1) },
      ],
    },
  });
  const s = report.structured as any;

  it('sorts campaigns by spend, gives money as strings and ratios as numbers or null', () => {
    expect(s.campaigns.map((c: any) => c.name)).toEqual(['Big', 'Small', 'Paused']);
    expect(s.campaigns[0]).toMatchObject({
      impressions: 1500,
      clicks: 40,
      spend: '80.00',
      conversions: 4,
      ctr: 0.0267,
      average_cpc: '2.00',
      cost_per_conversion: '20.00',
    });
    expect(s.campaigns[1]).toMatchObject({ spend: '1.01', cost_per_conversion: null });
    expect(s.campaigns[2]).toMatchObject({
      impressions: 0,
      spend: '0.00',
      ctr: null,
      average_cpc: null,
      cost_per_conversion: null,
      days: [],
    });
  });

  it('makes totals the sums of the rows, and each campaign the sum of its days', () => {
    expect(s.totals).toMatchObject({ impressions: 1600, clicks: 42, spend: '81.01', conversions: 4 });
    for (const campaign of s.campaigns) {
      const clicks = campaign.days.reduce((sum: number, day: any) => sum + day.clicks, 0);
      expect(clicks).toBe(campaign.clicks);
    }
  });

  it('names the ids that do not exist, and writes a markdown table with a total', () => {
    expect(s.not_found).toEqual(['404']);
    expect(report.text).toContain('| Campaign | Id | Status | Impressions | Clicks | Spend (USD) |');
    expect(report.text).toContain('| **Total** |  |  | 1,600 | 42 | 81.01 | 4 | 2.63% | 1.93 | 20.25 |');
    expect(report.text).toContain('Not found in this account: 404.');
  });
});

describe('a performance answer below the campaign, by device', () => {
  const report = performanceReport({
    platform: 'search',
    accountId: '1234567890',
    period: { start: '2026-11-01', end: '2026-11-07', label: 'last 7 days' },
    level: 'ad_group',
    breakdown: 'device',
    answer: {
      currency: 'USD',
      campaigns: [{ id: '1', name: 'Brand', platformStatus: 'ENABLED', dailyBudgetMicros: 50_000_000 }],
      adGroups: [
        { id: '11', name: 'Exact', campaignId: '1', platformStatus: 'ENABLED' },
        { id: '12', name: 'Broad', campaignId: '1', platformStatus: 'PAUSED' },
      ],
      rows: [
        { campaignId: '1', adGroupId: '11', device: 'MOBILE', metrics: m(100, 10, 5_000_000, 1) },
        { campaignId: '1', adGroupId: '11', device: 'DESKTOP', metrics: m(50, 5, 2_500_000, 1) },
        { campaignId: '1', adGroupId: '12', device: 'MOBILE', metrics: m(300, 20, 30_000_000, 0) },
      ],
    },
  });
  const s = report.structured as any;

  it('names each ad group with its campaign, its status beside the platform value, and its devices', () => {
    expect(s.campaigns).toBeUndefined();
    expect(s.ad_groups.map((g: any) => [g.ad_group_id, g.status, g.platform_status])).toEqual([
      ['12', 'PAUSED', 'PAUSED'],
      ['11', 'ACTIVE', 'ENABLED'],
    ]);
    expect(s.ad_groups[1]).toMatchObject({ campaign_id: '1', campaign_name: 'Brand', daily_budget: null });
    expect(s.ad_groups[1].devices.map((d: any) => [d.device, d.spend])).toEqual([
      ['MOBILE', '5.00'],
      ['DESKTOP', '2.50'],
    ]);
    expect(s.ad_groups[0].cost_per_conversion).toBeNull();
  });

  it('is what the output schema says', () => {
    expect(() => PERFORMANCE_OUTPUT.parse(s)).not.toThrow();
    expect(report.text).toContain('By device');
  });

  it('gives a campaign its daily budget and status', () => {
    const campaigns = performanceReport({
      platform: 'video',
      accountId: '7',
      period: { start: '2026-11-01', end: '2026-11-01', label: 'today' },
      level: 'campaign',
      breakdown: 'none',
      answer: {
        currency: 'USD',
        campaigns: [{ id: '1', name: 'A', platformStatus: 'DISABLE', dailyBudgetMicros: 70_000_000 }],
        rows: [],
      },
    }).structured as any;
    expect(campaigns.campaigns[0]).toMatchObject({
      status: 'PAUSED',
      platform_status: 'DISABLE',
      daily_budget: '70.00',
    });
    expect(() => PERFORMANCE_OUTPUT.parse(campaigns)).not.toThrow();
  });
});
