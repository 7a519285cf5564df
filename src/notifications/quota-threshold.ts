import type { Config } from '../config.ts';
import { periodEnd, upgradeUrl } from '../quota.ts';
import { tellOwner } from './emit-event.ts';
import { eventIdOf } from './event-id.ts';
import type { NotificationServices } from './notification-services.ts';

/** The shares of a period's calls at which the owner is told, in percent. */
export const QUOTA_THRESHOLDS = [80, 100] as const;

/** The calls at which a threshold is reached: 80% of 1,000 is 800; of 5, 4 (rounded up). */
export function thresholdCalls(limit: number, percent: number): number {
  return Math.ceil((limit * percent) / 100);
}

/** The threshold that billing the `used`-th call of the period reached, if any. */
export function thresholdReached(limit: number, used: number): number | undefined {
  if (limit <= 0) return undefined;
  return [...QUOTA_THRESHOLDS].reverse().find((percent) => used === thresholdCalls(limit, percent));
}

export interface QuotaUse {
  userId: string;
  tier: string;
  /** `2026-11`. */
  period: string;
  limit: number;
  /** The period's billed calls, this one included. */
  used: number;
}

/**
 * After a call was billed: tells the owner when it was the one that reached 80% or 100% of the
 * period's calls. Billed calls are counted one by one in one row, so exactly one call reaches each
 * threshold; the event id (owner, period, threshold) keeps it one event even when that call's
 * settlement runs twice or on two instances.
 */
export async function noteQuotaUse(services: NotificationServices, use: QuotaUse): Promise<void> {
  const percent = thresholdReached(use.limit, use.used);
  if (percent === undefined) return;
  await tellOwner(services, {
    id: eventIdOf('quota.threshold', use.userId, use.period, String(percent)),
    userId: use.userId,
    type: 'quota.threshold',
    data: quotaData(services.config, use, percent),
    text:
      percent === 100
        ? `adops quota used up: ${use.used} of ${use.limit} calls this period (${use.tier} plan). Calls are refused until ${resetDay(use)}; upgrade at ${upgradeUrl(services.config)}.`
        : `adops quota at ${percent}%: ${use.used} of ${use.limit} calls this period (${use.tier} plan). It resets on ${resetDay(use)}.`,
  });
}

/** The first day of the next period: the reset. */
function resetDay(use: QuotaUse): string {
  return periodEnd(new Date(`${use.period}-01T00:00:00.000Z`));
}

function quotaData(config: Config, use: QuotaUse, percent: number) {
  return {
    threshold_percent: percent,
    period: use.period,
    used: use.used,
    limit: use.limit,
    tier: use.tier,
    period_end: resetDay(use),
    upgrade_url: upgradeUrl(config),
  };
}
