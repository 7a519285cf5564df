import { createHash } from 'node:crypto';
import { minorDigits } from '../money.ts';
import type { Platform } from '../platform-families.ts';
import type { CampaignMetrics } from '../platforms/performance.ts';
import { type Activity, type ActivityEntry, activityAt, entryStart } from './activity.ts';

/** Ranges a sandbox draws a campaign's day from, per platform: realistic for each kind of inventory. */
interface Profile {
  impressions: [number, number];
  ctr: [number, number];
  /** Cost per click in units of a two-decimal currency. */
  cpc: [number, number];
  conversionRate: [number, number];
  /**
   * A day's fraction of a conversion is kept or dropped by a draw of the day rather than always dropped:
   * where dear clicks are few a day (LinkedIn), rounding down would report no conversion at all.
   */
  conversionsByDraw?: true;
}

const PROFILES: Record<Platform, Profile> = {
  search: { impressions: [800, 3000], ctr: [0.03, 0.07], cpc: [0.8, 2.5], conversionRate: [0.03, 0.08] },
  network: {
    impressions: [1500, 5000],
    ctr: [0.004, 0.009],
    cpc: [5, 12],
    conversionRate: [0.05, 0.12],
    conversionsByDraw: true,
  },
  social: { impressions: [3000, 12000], ctr: [0.008, 0.016], cpc: [0.5, 1.5], conversionRate: [0.02, 0.05] },
  video: { impressions: [5000, 20000], ctr: [0.006, 0.014], cpc: [0.3, 1], conversionRate: [0.01, 0.03] },
};

/**
 * A runaway campaign's current day against the top of its platform's ranges (each raised by up to a
 * fifth more from day to day): five times the most impressions, a fifth more clicks on them, two and a
 * half times the dearest click, and a tenth of the lowest conversion rate. Its day spends at least 14
 * times what any ordinary day of a campaign does, at a cost per click at least 2.5 times any ordinary
 * day's, for a handful of conversions.
 */
const RUNAWAY = { impressions: 5, ctr: 1.2, cpc: 2.5, conversionRate: 0.1 } as const;

/**
 * The daily budget a seeded runaway campaign has, in units of a two-decimal currency (priceScale): above
 * the most any platform's runaway day spends (about 14,000), so its budget does not stop the surge.
 */
export const RUNAWAY_DAILY_BUDGET = 20_000;

/** How the sandbox prices in a currency: a currency without minor units (JPY, KRW) in hundreds of units. */
export function priceScale(currency: string): number {
  return minorDigits(currency) === 0 ? 100 : 1;
}

/** People see fewer ads at the weekend: Sunday first, as `Date.getUTCDay` counts. */
const WEEKDAY_RHYTHM = [0.75, 1, 1.05, 1.05, 1, 0.9, 0.7];

const DAY_MS = 86_400_000;

/** Four numbers in [0, 1) that depend on nothing but the parts given. */
function draws(...parts: string[]): number[] {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  return [0, 4, 8, 12].map((offset) => digest.readUInt32BE(offset) / 2 ** 32);
}

function within([low, high]: [number, number], draw: number): number {
  return low + (high - low) * draw;
}

/** A full day of a campaign, before its budget and the time of day: what it would deliver running all day. */
interface FullDay {
  impressions: number;
  clicks: number;
  cpcMicros: number;
  conversionRate: number;
}

/**
 * Each campaign keeps its own level in its platform's ranges (drawn from the campaign alone), and a day
 * moves it by at most 15% of the range either way: an ordinary day's cost per click is never twice
 * another's, so that a monitor watching for a surge fires on the runaway alone.
 */
function fullDay(
  platform: Platform,
  objectId: string,
  date: string,
  currency: string,
  runsAway: boolean,
): FullDay {
  const profile = PROFILES[platform];
  const level = draws(platform, objectId);
  const day = draws(platform, objectId, date);
  const at = (index: number) => 0.15 + 0.7 * (level[index] ?? 0) + 0.3 * ((day[index] ?? 0) - 0.5);
  const raised = (index: number) => 1 + 0.2 * (day[index] ?? 0);
  const scale = priceScale(currency);
  const rhythm = WEEKDAY_RHYTHM[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? 1;
  const impressions = Math.round(
    runsAway
      ? profile.impressions[1] * RUNAWAY.impressions * raised(0)
      : within(profile.impressions, at(0)) * rhythm,
  );
  const ctr = runsAway ? profile.ctr[1] * RUNAWAY.ctr * raised(1) : within(profile.ctr, at(1));
  const cpc = runsAway ? profile.cpc[1] * RUNAWAY.cpc * raised(2) : within(profile.cpc, at(2));
  return {
    impressions,
    clicks: Math.round(impressions * ctr),
    cpcMicros: Math.round(cpc * scale * 100) * 10_000,
    conversionRate: runsAway
      ? profile.conversionRate[0] * RUNAWAY.conversionRate * raised(3)
      : within(profile.conversionRate, at(3)),
  };
}

/** The stretches of `date` up to `now`, in milliseconds, each with the activity that held over it. */
export function stretches(
  history: ActivityEntry[],
  date: string,
  now: Date,
): Array<{ start: number; end: number; activity: Activity }> {
  const dayStart = Date.parse(`${date}T00:00:00Z`);
  const dayEnd = Math.min(dayStart + DAY_MS, now.getTime());
  const out: Array<{ start: number; end: number; activity: Activity }> = [];
  let start = dayStart;
  let activity = activityAt(history, dayStart);
  for (const entry of history) {
    const from = entryStart(entry);
    if (from <= dayStart) continue;
    if (from >= dayEnd) break;
    out.push({ start, end: from, activity });
    start = from;
    activity = entry;
  }
  if (start < dayEnd) out.push({ start, end: dayEnd, activity });
  return out;
}

/**
 * What a sandbox campaign did on one day: a pure function of (platform, object id, date), how it ran
 * that day and the time `now`, so every machine and every run reports the same. A day's figures accrue
 * evenly through the UTC day while the campaign runs: today's are the full day's times the share of the
 * day gone by, a campaign paused at noon keeps the morning's, and nothing accrues past the daily budget
 * in force (a budget lowered during the day caps from then on what the day has spent in all). A runaway
 * campaign's current day is a surge (RUNAWAY); its other days are ordinary.
 */
export function dailyMetrics(
  platform: Platform,
  objectId: string,
  date: string,
  history: ActivityEntry[],
  currency: string,
  now: Date,
): CampaignMetrics {
  const runsAway = date === now.toISOString().slice(0, 10) && history.some((entry) => entry.runaway);
  const day = fullDay(platform, objectId, date, currency, runsAway);
  let clicks = 0;
  let ranShare = 0;
  for (const { start, end, activity } of stretches(history, date, now)) {
    if (!activity.active) continue;
    const share = (end - start) / DAY_MS;
    ranShare += share;
    const affordable =
      activity.dailyBudgetMicros === null
        ? Number.POSITIVE_INFINITY
        : activity.dailyBudgetMicros / day.cpcMicros;
    clicks = Math.max(clicks, Math.min(clicks + day.clicks * share, affordable));
  }
  // Shares of a day summed in floating point may fall a hair short of a whole click.
  const delivered = Math.floor(clicks + 1e-9);
  // Impressions accrue with the share of the day's delivery, ahead of the clicks they bring.
  const impressions = Math.round(day.impressions * (day.clicks === 0 ? ranShare : clicks / day.clicks));
  return {
    impressions,
    clicks: delivered,
    spendMicros: delivered * day.cpcMicros,
    conversions: Math.floor(delivered * day.conversionRate + conversionDraw(platform, objectId, date)),
  };
}

/** What a day adds to its fraction of a conversion before it is rounded down: nothing, or a draw. */
function conversionDraw(platform: Platform, objectId: string, date: string): number {
  return PROFILES[platform].conversionsByDraw ? (draws(platform, objectId, date, 'conversions')[0] ?? 0) : 0;
}

/** Every day from `start` to `end` (`YYYY-MM-DD`, both included). */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${start}T00:00:00Z`); day <= Date.parse(`${end}T00:00:00Z`); day += 86_400_000) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}
