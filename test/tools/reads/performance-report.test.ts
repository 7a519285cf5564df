import { describe, expect, it } from 'vitest';
import { performanceReport } from '../../../src/tools/reads/performance-report.ts';

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
    expect(report.text).toContain('| Campaign | Id | Impressions | Clicks | Spend (USD) |');
    expect(report.text).toContain('| **Total** |  | 1,600 | 42 | 81.01 | 4 | 2.63% | 1.93 | 20.25 |');
    expect(report.text).toContain('Not found in this account: 404.');
  });
});
