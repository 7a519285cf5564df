import type { Config, Tier } from './config.ts';

/** The quota as every answer reports it: units used this month, the tier's limit, when it resets. */
export interface QuotaBlock {
  used: number;
  limit: number;
  tier: string;
  period_end: string;
  upgrade_url?: string;
  /** A stop made once the quota was used up: never refused, and it used no unit (docs/approvals.md). */
  free_stop?: true;
}

/** The calendar month in UTC that a moment falls in: `2026-11`. */
export function quotaPeriod(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The first moment of the quota period a moment falls in, and of the next. */
export function periodBounds(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/** The day the counter resets: the first day of the next month, `2026-12-01` during November 2026. */
export function periodEnd(now: Date): string {
  return periodBounds(now).end.toISOString().slice(0, 10);
}

export function tierLimit(config: Config, tier: string): number {
  return config.tierLimits[tier as Tier] ?? 0;
}

export function quotaBlock(config: Config, tier: string, used: number, now: Date): QuotaBlock {
  return { used, limit: tierLimit(config, tier), tier, period_end: periodEnd(now) };
}

export function upgradeUrl(config: Config): string {
  return `${config.appUrl}/billing`;
}
