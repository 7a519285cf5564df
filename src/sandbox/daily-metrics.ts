import { createHash } from 'node:crypto';
import { minorDigits } from '../money.ts';
import type { Platform } from '../platform-families.ts';
import type { CampaignMetrics } from '../platforms/performance.ts';
import { type ActivityEntry, activityOn } from './activity.ts';

/** Ranges a sandbox draws a campaign's day from, per platform: realistic for each kind of inventory. */
interface Profile {
  impressions: [number, number];
  ctr: [number, number];
  /** Cost per click in units of a two-decimal currency. */
  cpc: [number, number];
  conversionRate: [number, number];
}

const PROFILES: Record<Platform, Profile> = {
  search: { impressions: [800, 3000], ctr: [0.03, 0.07], cpc: [0.8, 2.5], conversionRate: [0.03, 0.08] },
  network: { impressions: [1500, 5000], ctr: [0.004, 0.009], cpc: [5, 12], conversionRate: [0.05, 0.12] },
  social: { impressions: [3000, 12000], ctr: [0.008, 0.016], cpc: [0.5, 1.5], conversionRate: [0.02, 0.05] },
  video: { impressions: [5000, 20000], ctr: [0.006, 0.014], cpc: [0.3, 1], conversionRate: [0.01, 0.03] },
};

/** People see fewer ads at the weekend: Sunday first, as `Date.getUTCDay` counts. */
const WEEKDAY_RHYTHM = [0.75, 1, 1.05, 1.05, 1, 0.9, 0.7];

/** Four numbers in [0, 1) that depend on nothing but the platform, the object and the day. */
function draws(platform: Platform, objectId: string, date: string): number[] {
  const digest = createHash('sha256').update(`${platform}\u0000${objectId}\u0000${date}`).digest();
  return [0, 4, 8, 12].map((offset) => digest.readUInt32BE(offset) / 2 ** 32);
}

function within([low, high]: [number, number], draw: number): number {
  return low + (high - low) * draw;
}

/**
 * What a sandbox campaign did on one day: a pure function of (platform, object id, date) and how it ran
 * that day, so every machine and every run reports the same. Nothing on a day it was not active; never
 * more spend than its daily budget (clicks are cut to fit, impressions with them).
 */
export function dailyMetrics(
  platform: Platform,
  objectId: string,
  date: string,
  history: ActivityEntry[],
  currency: string,
): CampaignMetrics {
  const activity = activityOn(history, date);
  if (!activity.active) return { impressions: 0, clicks: 0, spendMicros: 0, conversions: 0 };
  const profile = PROFILES[platform];
  const [reach = 0, interest = 0, price = 0, intent = 0] = draws(platform, objectId, date);
  const rhythm = WEEKDAY_RHYTHM[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? 1;
  // A currency without minor units (JPY, KRW) prices a click in hundreds, not in units.
  const scale = minorDigits(currency) === 0 ? 100 : 1;
  const cpcMicros = Math.round(within(profile.cpc, price) * scale * 100) * 10_000;
  let impressions = Math.round(within(profile.impressions, reach) * rhythm);
  let clicks = Math.round(impressions * within(profile.ctr, interest));
  const budget = activity.dailyBudgetMicros;
  if (budget !== null && clicks * cpcMicros > budget) {
    const affordable = Math.floor(budget / cpcMicros);
    impressions = clicks === 0 ? impressions : Math.round((impressions * affordable) / clicks);
    clicks = affordable;
  }
  const conversions = Math.floor(clicks * within(profile.conversionRate, intent));
  return { impressions, clicks, spendMicros: clicks * cpcMicros, conversions };
}

/** Every day from `start` to `end` (`YYYY-MM-DD`, both included). */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${start}T00:00:00Z`); day <= Date.parse(`${end}T00:00:00Z`); day += 86_400_000) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}
