import type { CampaignMetrics } from '../../platforms/performance.ts';
import type { ActivityEntry } from '../activity.ts';
import { stretches } from '../daily-metrics.ts';

const DAY_MS = 86_400_000;

/** One part's claim on a day: on its delivery (impressions, clicks, spend) and on its conversions. */
export interface Claim {
  delivery: number;
  conversions: number;
}

/** `total` split by `weights` into integers that add up to it: largest remainders first, ties in order. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * A campaign's (or an ad group's) day split among its parts, adding up exactly: impressions and clicks
 * by the delivery claims, spend at the day's one cost per click, conversions by the conversion claims,
 * so parts with the same delivery can differ in cost per conversion. Parts that claim nothing (none ran)
 * fall back to `fallback`, so the figures still add up.
 */
export function splitDay(total: CampaignMetrics, claims: Claim[], fallback: Claim[]): CampaignMetrics[] {
  const used = claims.some((claim) => claim.delivery > 0) ? claims : fallback;
  const delivery = used.map((claim) => claim.delivery);
  const clicks = apportion(total.clicks, delivery);
  const perClick = total.clicks > 0 ? total.spendMicros / total.clicks : 0;
  const spend =
    total.clicks > 0 ? clicks.map((count) => count * perClick) : apportion(total.spendMicros, delivery);
  const impressions = apportion(total.impressions, delivery);
  const conversions = apportion(
    total.conversions,
    used.map((claim) => (claim.delivery > 0 ? claim.conversions : 0)),
  );
  return used.map((_, index) => ({
    impressions: impressions[index] ?? 0,
    clicks: clicks[index] ?? 0,
    spendMicros: spend[index] ?? 0,
    conversions: conversions[index] ?? 0,
  }));
}

/**
 * An ad group's claim on a campaign's day: the share of the day it ran, weighed by its daily budget
 * when it holds one (in micros; a campaign's ad groups either all hold one or none does), by its
 * delivery weight otherwise. A disabled ad group claims nothing from the instant it was disabled.
 */
export function adGroupClaim(
  history: ActivityEntry[],
  date: string,
  now: Date,
  weights: { delivery: number; conversions: number },
): Claim {
  let delivery = 0;
  let ran = 0;
  for (const { start, end, activity } of stretches(history, date, now)) {
    if (!activity.active) continue;
    const share = (end - start) / DAY_MS;
    ran += share;
    delivery += share * (activity.dailyBudgetMicros ?? weights.delivery * 1_000_000);
  }
  return { delivery, conversions: ran * weights.conversions };
}
