import { minorDigits } from '../../money.ts';
import { type ActivityEntry, activityAt, entryStart } from '../activity.ts';
import { dailyMetrics } from '../daily-metrics.ts';
import type { StoredObject } from '../store.ts';
import type { SandboxAd, SandboxAdSet } from './ad-set-records.ts';

/** What an object did on one day, every count an integer, so any bucket of days sums exactly. */
export interface DayFacts {
  impressions: number;
  clicks: number;
  spendMicros: number;
  conversions: number;
  linkClicks: number;
  landingPageViews: number;
  engagements: number;
}

export const NOTHING: DayFacts = {
  impressions: 0,
  clicks: 0,
  spendMicros: 0,
  conversions: 0,
  linkClicks: 0,
  landingPageViews: 0,
  engagements: 0,
};

const FIELDS = Object.keys(NOTHING) as Array<keyof DayFacts>;
const DAY_MS = 86_400_000;

export function addFacts(a: DayFacts, b: DayFacts): DayFacts {
  const out = { ...NOTHING };
  for (const field of FIELDS) out[field] = a[field] + b[field];
  return out;
}

function subtract(a: DayFacts, b: DayFacts): DayFacts {
  const out = { ...NOTHING };
  for (const field of FIELDS) out[field] = a[field] - b[field];
  return out;
}

/** A campaign's day up to `now` (the whole day once it is over), with Meta's derived counts. */
export function dayFacts(
  campaignId: string,
  date: string,
  history: ActivityEntry[],
  currency: string,
  now: Date,
): DayFacts {
  const metrics = dailyMetrics('social', campaignId, date, history, currency, now);
  const linkClicks = Math.round(metrics.clicks * 0.82);
  return {
    ...metrics,
    linkClicks,
    landingPageViews: Math.round(linkClicks * 0.74),
    engagements: metrics.clicks + Math.round(metrics.impressions * 0.004),
  };
}

/** `total` shared by the weights, in integers that sum to it exactly (largest remainders first). */
function shares(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    out[index] = (out[index] ?? 0) + 1;
    left -= 1;
  }
  return out;
}

/**
 * Facts shared among objects: delivery (impressions, clicks, spend...) by `weights`, conversions by
 * `weights` times each one's conversion quality, so that their costs per conversion differ. Spend is
 * shared in the currency's minor unit, as Meta reports it, so the parts' reported spends sum to the
 * whole's; what is left below one unit goes to the first part that delivers.
 */
export function splitFacts(
  facts: DayFacts,
  weights: number[],
  qualities: number[],
  currency: string,
): DayFacts[] {
  const parts = weights.map(() => ({ ...NOTHING }));
  const unit = 10 ** (6 - minorDigits(currency));
  for (const field of FIELDS) {
    const by = field === 'conversions' ? weights.map((w, i) => w * (qualities[i] ?? 1)) : weights;
    const total = field === 'spendMicros' ? Math.floor(facts[field] / unit) : facts[field];
    shares(total, by).forEach((value, index) => {
      const part = parts[index];
      if (part) part[field] = field === 'spendMicros' ? value * unit : value;
    });
  }
  const rest = facts.spendMicros % unit;
  const first =
    parts[
      Math.max(
        0,
        weights.findIndex((w) => w > 0),
      )
    ];
  if (rest > 0 && first) first.spendMicros += rest;
  return parts;
}

/**
 * A campaign's day shared among its ad sets: between each change of an ad set's status (the instants its
 * activity notes), the campaign's delivery in that stretch goes to the ad sets active in it, by their
 * delivery weights (to all of them when none is, so the shares always sum to the campaign's figures). A
 * paused ad set so accrues nothing from the instant it is paused, and its siblings take its share.
 */
export function adSetDays(
  campaignId: string,
  date: string,
  campaignHistory: ActivityEntry[],
  adSets: Array<StoredObject<SandboxAdSet>>,
  histories: Map<string, ActivityEntry[]>,
  currency: string,
  now: Date,
): DayFacts[] {
  const dayStart = Date.parse(`${date}T00:00:00Z`);
  const dayEnd = Math.min(dayStart + DAY_MS, now.getTime());
  if (adSets.length === 0 || dayEnd <= dayStart) return adSets.map(() => ({ ...NOTHING }));
  const cuts = new Set<number>();
  for (const adSet of adSets) {
    for (const entry of histories.get(adSet.id) ?? []) {
      const at = entryStart(entry);
      if (at > dayStart && at < dayEnd) cuts.add(at);
    }
  }
  // A stretch of a past day is that day up to an instant: the surge of a runaway campaign is today's only.
  const today = date === now.toISOString().slice(0, 10);
  const history = today ? campaignHistory : campaignHistory.map(({ runaway: _, ...entry }) => entry);
  const upTo = (time: number) =>
    time >= dayEnd
      ? dayFacts(campaignId, date, campaignHistory, currency, now)
      : dayFacts(campaignId, date, history, currency, new Date(time));
  const totals = adSets.map(() => ({ ...NOTHING }));
  let start = dayStart;
  let before = NOTHING;
  for (const end of [...[...cuts].sort((a, b) => a - b), dayEnd]) {
    const reached = upTo(end);
    const stretch = subtract(reached, before);
    const active = adSets.map((adSet) => activityAt(histories.get(adSet.id) ?? [], start).active);
    const anyActive = active.some(Boolean);
    const weights = adSets.map((adSet, index) =>
      anyActive && !active[index] ? 0 : adSet.data.delivery_weight,
    );
    const qualities = adSets.map((adSet) => adSet.data.conversion_quality);
    const parts = splitFacts(stretch, weights, qualities, currency);
    parts.forEach((part, index) => {
      totals[index] = addFacts(totals[index] ?? NOTHING, part);
    });
    before = reached;
    start = end;
  }
  return totals;
}

/** An ad set's day shared among its active ads by their weights (among all when none is active). */
export function adDays(facts: DayFacts, ads: Array<StoredObject<SandboxAd>>, currency: string): DayFacts[] {
  const anyActive = ads.some((ad) => ad.data.status === 'ACTIVE');
  const weights = ads.map((ad) => (anyActive && ad.data.status !== 'ACTIVE' ? 0 : ad.data.delivery_weight));
  return splitFacts(
    facts,
    weights,
    ads.map(() => 1),
    currency,
  );
}
