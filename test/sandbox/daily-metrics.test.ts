import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/sandbox/activity.ts';
import { dailyMetrics, daysBetween } from '../../src/sandbox/daily-metrics.ts';

const running: ActivityEntry[] = [{ from: '2026-08-01', active: true, dailyBudgetMicros: 500_000_000 }];

describe('the sandboxes’ daily metrics', () => {
  it('are a pure function of the platform, the object and the day', () => {
    const first = dailyMetrics('search', '111', '2026-11-02', running, 'USD');
    expect(dailyMetrics('search', '111', '2026-11-02', running, 'USD')).toEqual(first);
    expect(dailyMetrics('search', '112', '2026-11-02', running, 'USD')).not.toEqual(first);
    expect(dailyMetrics('network', '111', '2026-11-02', running, 'USD')).not.toEqual(first);
    expect(first.impressions).toBeGreaterThan(0);
    expect(first.spendMicros % 10_000).toBe(0);
  });

  it('keep each platform in its realistic range of click-through rate and cost per click', () => {
    const ranges = {
      search: [0.03, 0.07, 0.8, 2.5],
      network: [0.004, 0.009, 5, 12],
      social: [0.008, 0.016, 0.5, 1.5],
      video: [0.006, 0.014, 0.3, 1],
    } as const;
    for (const [platform, [ctrLow, ctrHigh, cpcLow, cpcHigh]] of Object.entries(ranges)) {
      for (const date of daysBetween('2026-10-01', '2026-10-31')) {
        const m = dailyMetrics(platform as 'search', `c-${platform}`, date, running, 'USD');
        const ctr = m.clicks / m.impressions;
        expect(ctr).toBeGreaterThanOrEqual(ctrLow - 0.002);
        expect(ctr).toBeLessThanOrEqual(ctrHigh + 0.002);
        if (m.clicks > 0) {
          const cpc = m.spendMicros / m.clicks / 1_000_000;
          expect(cpc).toBeGreaterThanOrEqual(cpcLow - 0.01);
          expect(cpc).toBeLessThanOrEqual(cpcHigh + 0.01);
        }
      }
    }
  });

  it('show nothing on days a campaign was not active, and never spend past the daily budget', () => {
    const history: ActivityEntry[] = [
      { from: '2026-11-01', active: true, dailyBudgetMicros: 10_000_000 },
      { from: '2026-11-05', active: false, dailyBudgetMicros: 10_000_000 },
      { from: '2026-11-08', active: true, dailyBudgetMicros: null },
    ];
    expect(dailyMetrics('network', '9', '2026-10-31', history, 'USD')).toEqual({
      impressions: 0,
      clicks: 0,
      spendMicros: 0,
      conversions: 0,
    });
    for (const date of ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']) {
      expect(dailyMetrics('network', '9', date, history, 'USD').spendMicros).toBeLessThanOrEqual(10_000_000);
    }
    expect(dailyMetrics('network', '9', '2026-11-06', history, 'USD').impressions).toBe(0);
    expect(dailyMetrics('network', '9', '2026-11-09', history, 'USD').spendMicros).toBeGreaterThan(
      10_000_000,
    );
  });

  it('count the days of a period, both ends included', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});
