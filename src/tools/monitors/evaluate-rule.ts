import { z } from 'zod';
import type { CampaignMetrics, PerformanceAnswer } from '../../platforms/performance.ts';
import { addMetrics, NO_METRICS } from '../../platforms/performance.ts';
import { shift } from '../reads/period.ts';
import {
  type Condition,
  METRICS,
  type Metric,
  type MonitorRule,
  OPERATORS,
  type Window,
} from './monitor-rule.ts';

/** Whole days in the account time zone, both ends included. */
export const daysSchema = z
  .object({
    start: z.string().describe('First day, YYYY-MM-DD in the account time zone.'),
    end: z.string().describe('Last day, included.'),
  })
  .describe('The days the metrics were read over.');
export type Days = z.infer<typeof daysSchema>;

/** Reads the account's campaign report for some days: one read per account and days, whatever asks. */
export type ReportOf = (days: Days) => Promise<PerformanceAnswer>;

/** A condition as one check saw it: the value, what it was compared with, and the verdict. */
export const conditionSeenSchema = z.object({
  metric: z.enum(METRICS).describe('The metric compared.'),
  operator: z.enum(OPERATORS).describe('The comparison.'),
  value: z
    .union([z.number(), z.literal('no conversions')])
    .nullable()
    .describe("Over the window; 'no conversions': spend that converted nothing; null: no data."),
  against: z
    .number()
    .nullable()
    .describe('The threshold, or factor × the trailing value; null: no history to compare.'),
  matched: z.boolean().describe('Whether this condition held.'),
});
export type ConditionSeen = z.infer<typeof conditionSeenSchema>;

export const campaignVerdictSchema = z.object({
  campaign_id: z.string().describe('The campaign evaluated.'),
  campaign_name: z.string().nullable().describe('Its name, when the report gave one.'),
  matched: z.boolean().describe('Whether the rule matched it (all or any of the conditions).'),
  conditions: z.array(conditionSeenSchema).describe("Each condition's value and verdict."),
});
export type CampaignVerdict = z.infer<typeof campaignVerdictSchema>;

export interface Evaluation {
  period: Days;
  campaigns: CampaignVerdict[];
  /** Ids the rule names that the account's report does not know. */
  not_found: string[];
}

const WINDOW_DAYS: Record<Window, { from: number; to: number }> = {
  today: { from: 0, to: 0 },
  yesterday: { from: -1, to: -1 },
  last_3_days: { from: -3, to: -1 },
  last_7_days: { from: -7, to: -1 },
};

export function windowDays(window: Window, today: string): Days {
  const { from, to } = WINDOW_DAYS[window];
  return { start: shift(today, from), end: shift(today, to) };
}

export function periodKey(days: Days): string {
  return `${days.start}..${days.end}`;
}

/** The days of a stored period key, as answers give them. */
export function daysOfKey(key: string): Days {
  const [start = key, end = key] = key.split('..');
  return { start, end };
}

function dayCount(days: Days): number {
  return Math.round((Date.parse(days.end) - Date.parse(days.start)) / 86_400_000) + 1;
}

const COUNTS: Partial<Record<Metric, (m: CampaignMetrics) => number>> = {
  spend: (m) => m.spendMicros / 1_000_000,
  impressions: (m) => m.impressions,
  clicks: (m) => m.clicks,
  conversions: (m) => m.conversions,
};

/** A metric of some days' sums; ratios from the sums. Infinity: spend without a conversion. */
function metricValue(metric: Metric, m: CampaignMetrics): number | null {
  const count = COUNTS[metric];
  if (count) return count(m);
  const spend = m.spendMicros / 1_000_000;
  if (metric === 'ctr') return m.impressions > 0 ? m.clicks / m.impressions : null;
  if (metric === 'cpc') return m.clicks > 0 ? spend / m.clicks : null;
  if (m.conversions > 0) return spend / m.conversions;
  return spend > 0 ? Number.POSITIVE_INFINITY : null;
}

/**
 * What a relative condition compares with: factor × the trailing days' value, a count scaled to the
 * window's length (its daily average × the window's days), a ratio as it is. Nothing when the trailing
 * days had nothing to compare (no spend, no clicks): a campaign without history never matches.
 */
function baselineOf(
  metric: Metric,
  trailing: CampaignMetrics,
  trailingDays: number,
  window: Days,
): number | null {
  const value = metricValue(metric, trailing);
  if (value === null || value === 0 || !Number.isFinite(value)) return null;
  return COUNTS[metric] ? (value / trailingDays) * dayCount(window) : value;
}

function compare(value: number, operator: Condition['operator'], against: number): boolean {
  switch (operator) {
    case '>':
      return value > against;
    case '>=':
      return value >= against;
    case '<':
      return value < against;
    case '<=':
      return value <= against;
  }
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function metricsById(answer: PerformanceAnswer): Map<string, CampaignMetrics> {
  const sums = new Map<string, CampaignMetrics>();
  for (const row of answer.rows)
    sums.set(row.campaignId, addMetrics(sums.get(row.campaignId) ?? NO_METRICS, row.metrics));
  return sums;
}

/** The trailing days a relative condition compares with: the days just before the window. */
export function trailingDays(window: Days, days: number): Days {
  return { start: shift(window.start, -days), end: shift(window.start, -1) };
}

/**
 * Evaluates a rule on the account's current reports: each campaign it watches, each condition's value and
 * what it was compared with, and whether the rule matched (all or any of the conditions).
 */
export async function evaluateRule(
  rule: MonitorRule,
  today: string,
  reportOf: ReportOf,
): Promise<Evaluation> {
  const period = windowDays(rule.window, today);
  const answer = await reportOf(period);
  const current = metricsById(answer);
  const names = new Map(answer.campaigns.map((c) => [c.id, c.name]));
  const trailing = new Map<number, Map<string, CampaignMetrics>>();
  for (const each of rule.conditions) {
    const days = each.relative_to?.trailing_days;
    if (days !== undefined && !trailing.has(days)) {
      trailing.set(days, metricsById(await reportOf(trailingDays(period, days))));
    }
  }
  const watched = rule.campaign_ids ?? answer.campaigns.map((c) => c.id);
  const campaigns: CampaignVerdict[] = [];
  for (const id of watched.filter((each) => names.has(each))) {
    const metrics = current.get(id) ?? NO_METRICS;
    const conditions = rule.conditions.map((each): ConditionSeen => {
      const value = metricValue(each.metric, metrics);
      const relative = each.relative_to;
      const against = relative
        ? baselineOf(
            each.metric,
            trailing.get(relative.trailing_days)?.get(id) ?? NO_METRICS,
            relative.trailing_days,
            period,
          )
        : (each.threshold ?? null);
      const scaled = relative && against !== null ? relative.factor * against : against;
      const matched = value !== null && scaled !== null && compare(value, each.operator, scaled);
      return {
        metric: each.metric,
        operator: each.operator,
        value: value === null ? null : Number.isFinite(value) ? round(value) : 'no conversions',
        against: scaled === null ? null : round(scaled),
        matched,
      };
    });
    const matched =
      rule.match === 'all' ? conditions.every((c) => c.matched) : conditions.some((c) => c.matched);
    campaigns.push({ campaign_id: id, campaign_name: names.get(id) ?? null, matched, conditions });
  }
  return { period, campaigns, not_found: watched.filter((each) => !names.has(each)) };
}
