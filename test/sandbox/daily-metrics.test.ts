import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/sandbox/activity.ts';
import { dailyMetrics, daysBetween } from '../../src/sandbox/daily-metrics.ts';

const running: ActivityEntry[] = [{ from: '2026-08-01', active: true, dailyBudgetMicros: 500_000_000 }];
/** A time after every day these tests report: each is a whole day gone by. */
const LATER = new Date('2027-06-01T00:00:00Z');

describe('the sandboxes’ daily metrics', () => {
  it('are a pure function of the platform, the object and the day', () => {
    const first = dailyMetrics('search', '111', '2026-11-02', running, 'USD', LATER);
    expect(dailyMetrics('search', '111', '2026-11-02', running, 'USD', LATER)).toEqual(first);
    expect(dailyMetrics('search', '112', '2026-11-02', running, 'USD', LATER)).not.toEqual(first);
    expect(dailyMetrics('network', '111', '2026-11-02', running, 'USD', LATER)).not.toEqual(first);
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
        const m = dailyMetrics(platform as 'search', `c-${platform}`, date, running, 'USD', LATER);
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
    expect(dailyMetrics('network', '9', '2026-10-31', history, 'USD', LATER)).toEqual({
      impressions: 0,
      clicks: 0,
      spendMicros: 0,
      conversions: 0,
    });
    for (const date of ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']) {
      expect(dailyMetrics('network', '9', date, history, 'USD', LATER).spendMicros).toBeLessThanOrEqual(
        10_000_000,
      );
    }
    expect(dailyMetrics('network', '9', '2026-11-06', history, 'USD', LATER).impressions).toBe(0);
    expect(dailyMetrics('network', '9', '2026-11-09', history, 'USD', LATER).spendMicros).toBeGreaterThan(
      10_000_000,
    );
  });

  it('accrue through the UTC day: a pause keeps what was spent, a lowered budget caps from then on', () => {
    const day = '2026-11-03';
    const at = (time: string) => new Date(`${day}T${time}Z`);
    const full = dailyMetrics('search', '77', day, running, 'USD', LATER);
    const morning = dailyMetrics('search', '77', day, running, 'USD', at('06:00:00'));
    const noon = dailyMetrics('search', '77', day, running, 'USD', at('12:00:00'));
    expect(dailyMetrics('search', '77', day, running, 'USD', at('00:00:00')).spendMicros).toBe(0);
    expect(morning.clicks).toBe(Math.floor(full.clicks / 4));
    expect(noon.clicks).toBe(Math.floor(full.clicks / 2));
    expect(noon.spendMicros).toBeGreaterThan(morning.spendMicros);
    expect(dailyMetrics('search', '77', day, running, 'USD', at('23:59:59.999')).clicks).toBeLessThanOrEqual(
      full.clicks,
    );

    const pausedAtNoon: ActivityEntry[] = [
      ...running,
      { from: `${day}T12:00:00.000Z`, active: false, dailyBudgetMicros: 500_000_000 },
    ];
    for (const now of [at('12:00:00'), at('18:00:00'), LATER]) {
      expect(dailyMetrics('search', '77', day, pausedAtNoon, 'USD', now)).toEqual(noon);
    }
    // The next day it is paused from its start.
    expect(dailyMetrics('search', '77', '2026-11-04', pausedAtNoon, 'USD', LATER).spendMicros).toBe(0);

    // A budget lowered at noon below what the morning spent: nothing more accrues.
    const lowered: ActivityEntry[] = [
      ...running,
      { from: `${day}T12:00:00.000Z`, active: true, dailyBudgetMicros: 1_000_000 },
    ];
    expect(dailyMetrics('search', '77', day, lowered, 'USD', LATER)).toEqual(noon);
    // One lowered to three quarters of the full day: the afternoon accrues up to it, not past it.
    const threeQuarters = Math.floor((full.spendMicros * 3) / 4);
    const capped: ActivityEntry[] = [
      ...running,
      { from: `${day}T12:00:00.000Z`, active: true, dailyBudgetMicros: threeQuarters },
    ];
    const evening = dailyMetrics('search', '77', day, capped, 'USD', LATER).spendMicros;
    expect(evening).toBeLessThanOrEqual(threeQuarters);
    expect(evening).toBeGreaterThan(noon.spendMicros);
  });

  it('give a runaway campaign a surge on the current day alone, and an ordinary day none', () => {
    const runaway: ActivityEntry[] = [
      { from: '2026-08-01', active: true, dailyBudgetMicros: 20_000_000_000, runaway: true },
    ];
    const today = '2026-11-10';
    const now = new Date(`${today}T23:59:59.999Z`);
    const week = daysBetween('2026-11-03', '2026-11-09');
    const cpc = (m: { spendMicros: number; clicks: number }) => m.spendMicros / m.clicks;
    for (const platform of ['search', 'network', 'social', 'video'] as const) {
      for (let n = 0; n < 200; n++) {
        const id = `${platform}-${n}`;
        const surge = dailyMetrics(platform, id, today, runaway, 'USD', now);
        const past = week.map((date) => dailyMetrics(platform, id, date, runaway, 'USD', now));
        const spend = past.reduce((sum, m) => sum + m.spendMicros, 0);
        const clicks = past.reduce((sum, m) => sum + m.clicks, 0);
        expect(surge.spendMicros).toBeGreaterThan((14 * spend) / 7);
        expect(cpc(surge)).toBeGreaterThanOrEqual(2.5 * (spend / clicks));
        expect(surge.conversions).toBeGreaterThan(0);
        expect(surge.conversions).toBeLessThan(surge.clicks / 100);
        // The same days as any campaign's, seen from the day after: yesterday's surge is history.
        const tomorrow = new Date(now.getTime() + 86_400_000);
        expect(dailyMetrics(platform, id, today, runaway, 'USD', tomorrow)).toEqual(
          dailyMetrics(platform, id, today, running, 'USD', tomorrow),
        );

        const ordinary = dailyMetrics(platform, id, today, running, 'USD', now);
        const before = week.map((date) => dailyMetrics(platform, id, date, running, 'USD', now));
        const ordinarySpend = before.reduce((sum, m) => sum + m.spendMicros, 0);
        const ordinaryClicks = before.reduce((sum, m) => sum + m.clicks, 0);
        expect(ordinary.spendMicros).toBeLessThan((3 * ordinarySpend) / 7);
        expect(cpc(ordinary)).toBeLessThan(2 * (ordinarySpend / ordinaryClicks));
      }
    }
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
