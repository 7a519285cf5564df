/**
 * Campaign performance as every platform adapter reports it, whatever its own report looks like: money
 * in micros (see src/money.ts), counts as integers (conversions may be fractional on Google Ads).
 */
export interface CampaignMetrics {
  impressions: number;
  clicks: number;
  spendMicros: number;
  conversions: number;
}

/** A period of whole days in the account's time zone, both ends included (`YYYY-MM-DD`). */
export interface PerformanceQuery {
  start: string;
  end: string;
  /** Only these campaigns; all of the account's otherwise. */
  campaignIds?: string[] | undefined;
  /** One row per campaign and day, instead of one per campaign for the period. */
  byDay: boolean;
}

export interface CampaignPerformanceRow {
  campaignId: string;
  /** Set when the report is by day. */
  date?: string | undefined;
  metrics: CampaignMetrics;
}

export interface PerformanceAnswer {
  /** The account's currency, which every amount is in. */
  currency: string;
  /**
   * The campaigns the report covers, with their names: those asked for that exist, or every campaign of
   * the account. Platforms leave out rows with nothing to report; a campaign here without a row had none.
   */
  campaigns: Array<{ id: string; name: string }>;
  rows: CampaignPerformanceRow[];
}

export const NO_METRICS: CampaignMetrics = { impressions: 0, clicks: 0, spendMicros: 0, conversions: 0 };

export function addMetrics(a: CampaignMetrics, b: CampaignMetrics): CampaignMetrics {
  return {
    impressions: a.impressions + b.impressions,
    clicks: a.clicks + b.clicks,
    spendMicros: a.spendMicros + b.spendMicros,
    conversions: a.conversions + b.conversions,
  };
}
