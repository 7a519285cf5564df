import type { Kysely } from 'kysely';
import { addMetrics, type CampaignMetrics } from '../../platforms/performance.ts';
import type { Database } from '../../storage/schema.ts';
import { activityHistories, firstDay } from '../activity.ts';
import { dailyMetrics, daysBetween } from '../daily-metrics.ts';
import { type Breakdown, splitDay } from './breakdown.ts';

/** The devices the sandbox's rows by `segments.device` name (Google's DeviceEnum values). */
const DEVICES = ['MOBILE', 'DESKTOP', 'TABLET'] as const;

import type { DaySelection } from './dates.ts';
import { customerToday, type Row } from './resources.ts';

const NONE: CampaignMetrics = { impressions: 0, clicks: 0, spendMicros: 0, conversions: 0 };

/** Metrics as Google's rows carry them (proto3 JSON: int64 as strings; ratios only where defined). */
export function metricsResource(metrics: CampaignMetrics): Record<string, unknown> {
  const { impressions, clicks, spendMicros, conversions } = metrics;
  return {
    impressions: String(impressions),
    clicks: String(clicks),
    costMicros: String(spendMicros),
    conversions,
    ...(impressions > 0 && { ctr: clicks / impressions }),
    ...(clicks > 0 && { averageCpc: spendMicros / clicks }),
  };
}

/** Sums rows' metrics back into numbers, for a summary row. */
export function summedMetrics(rows: Row[]): CampaignMetrics {
  return rows.reduce<CampaignMetrics>(
    (sum, row) => ({
      impressions: sum.impressions + Number(row.metrics?.impressions ?? 0),
      clicks: sum.clicks + Number(row.metrics?.clicks ?? 0),
      spendMicros: sum.spendMicros + Number(row.metrics?.costMicros ?? 0),
      conversions: sum.conversions + Number(row.metrics?.conversions ?? 0),
    }),
    NONE,
  );
}

function isZero(metrics: CampaignMetrics, selected: string[]): boolean {
  const values: Record<string, number> = {
    'metrics.impressions': metrics.impressions,
    'metrics.clicks': metrics.clicks,
    'metrics.cost_micros': metrics.spendMicros,
    'metrics.conversions': metrics.conversions,
    'metrics.ctr': metrics.clicks,
    'metrics.average_cpc': metrics.spendMicros,
  };
  const asked = selected.filter((field) => field in values);
  return (asked.length > 0 ? asked : Object.keys(values)).every((field) => values[field] === 0);
}

/**
 * Campaign rows with their metrics, from each campaign's activity history and the sandbox's daily metrics
 * (a pure function of campaign and day): by day, one row per campaign and day, days whose selected metrics
 * are all zero left out as Google leaves them out; otherwise one row per campaign summing the days, zero
 * or not. Without a date filter a report covers all time, from the first day any campaign ran. No day
 * after the customer's today (of `now`) has happened yet, and today's figures accrue up to `now`.
 */
export async function withMetrics(
  db: Kysely<Database>,
  rows: Row[],
  options: {
    days: DaySelection;
    byDay: boolean;
    selected: string[];
    now: Date;
    currency: string;
    /** Below the campaign: the resource in FROM and how a campaign's day splits down to its rows. */
    below?: { resource: string; breakdown: Breakdown } | undefined;
  },
): Promise<Row[]> {
  const ids = rows.map((row) => String(row.campaign?.id));
  const histories = await activityHistories(db, 'search', ids);
  const today = customerToday(options.now);
  const start = options.days.start ?? firstDay(histories.values()) ?? today;
  const end = options.days.end === undefined || options.days.end > today ? today : options.days.end;
  const days = start > end ? [] : daysBetween(start, end).filter((day) => options.days.includes(day));
  // segments.device splits each row's day among the devices, as Google's rows by device add up to it.
  const byDevice = options.selected.includes('segments.device');
  const out: Row[] = [];
  for (const row of rows) {
    const id = String(row.campaign?.id);
    const history = histories.get(id) ?? [];
    const totals = new Map<string, CampaignMetrics>();
    for (const date of days) {
      const campaignDay = dailyMetrics('search', id, date, history, options.currency, options.now);
      const day = options.below
        ? options.below.breakdown.of(options.below.resource, row, campaignDay, date)
        : campaignDay;
      const parts = byDevice
        ? splitDay(
            day,
            DEVICES.map((device) => ({ id: `${id}\u0000${device}`, converts: true })),
            date,
          ).map((metrics, index) => ({ device: DEVICES[index], metrics }))
        : [{ device: undefined, metrics: day }];
      for (const { device, metrics } of parts) {
        const segments = { ...row.segments, ...(device && { device }) };
        if (options.byDay) {
          if (!isZero(metrics, options.selected))
            out.push({ ...row, metrics: metricsResource(metrics), segments: { ...segments, date } });
        } else {
          totals.set(device ?? '', addMetrics(totals.get(device ?? '') ?? NONE, metrics));
        }
      }
    }
    if (options.byDay) continue;
    if (!byDevice) out.push({ ...row, metrics: metricsResource(totals.get('') ?? NONE) });
    for (const device of byDevice ? DEVICES : []) {
      const metrics = totals.get(device) ?? NONE;
      if (!isZero(metrics, options.selected))
        out.push({ ...row, metrics: metricsResource(metrics), segments: { ...row.segments, device } });
    }
  }
  return out;
}
