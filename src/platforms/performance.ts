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
  /**
   * The object each row is about (default campaign): its ad groups (Meta's ad sets) or its ads (LinkedIn's
   * creatives). A platform without the level is refused by the tool before the adapter is asked.
   */
  level?: PerformanceLevel | undefined;
  /** One row per object and device, instead of one per object (never with byDay). */
  byDevice?: boolean | undefined;
}

export const PERFORMANCE_LEVELS = ['campaign', 'ad_group', 'ad'] as const;
export type PerformanceLevel = (typeof PERFORMANCE_LEVELS)[number];

/** The devices a report by device names, the same on every platform; each platform's own names map to them. */
export const DEVICES = ['MOBILE', 'DESKTOP', 'TABLET', 'CONNECTED_TV', 'OTHER'] as const;
export type Device = (typeof DEVICES)[number];

export interface CampaignPerformanceRow {
  campaignId: string;
  /** At level ad_group and ad: the ad group (ad set) the row is about, or the ad's. */
  adGroupId?: string | undefined;
  /** At level ad: the ad (LinkedIn: the creative). */
  adId?: string | undefined;
  /** Set when the report is by day. */
  date?: string | undefined;
  /** Set when the report is by device. */
  device?: Device | undefined;
  metrics: CampaignMetrics;
}

/** An object a report covers, as it stands now: what an agent needs to act on it without another read. */
export interface ReportedObject {
  id: string;
  name: string;
  /** The platform's own status value (`ENABLED`, `DISABLE`…); the tool shows the common one beside it. */
  platformStatus?: string | undefined;
  /** Its own daily budget in micros, when it holds one; null when its budget lives elsewhere or is total. */
  dailyBudgetMicros?: number | null | undefined;
}

export interface PerformanceAnswer {
  /** The account's currency, which every amount is in. */
  currency: string;
  /**
   * The campaigns the report covers, with their names: those asked for that exist, or every campaign of
   * the account. Platforms leave out rows with nothing to report; a campaign here without a row had none.
   */
  campaigns: ReportedObject[];
  /** At level ad_group and ad: the ad groups the rows name, with their campaign. */
  adGroups?: Array<ReportedObject & { campaignId: string }> | undefined;
  /** At level ad: the ads the rows name, with their ad group (when the platform has one) and campaign. */
  ads?: Array<ReportedObject & { campaignId: string; adGroupId?: string | undefined }> | undefined;
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
