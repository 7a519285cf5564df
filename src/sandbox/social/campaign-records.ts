import type { Kysely } from 'kysely';
import { minorToMicros } from '../../money.ts';
import type { Database } from '../../storage/schema.ts';
import { recordActivity } from '../activity.ts';

/** Meta's campaign statuses (Campaign.Status), as a campaign holds them. */
export type CampaignStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'DELETED';

/**
 * A campaign as the social sandbox holds it, in Meta's fields: budgets are strings of the currency's
 * minor unit (`"5000"` is 50.00 USD), absent when the budget is set on the ad sets instead; times in
 * Graph's format.
 */
export interface SandboxCampaign {
  name: string;
  status: CampaignStatus;
  objective: string;
  buying_type: 'AUCTION';
  bid_strategy?: string;
  daily_budget?: string;
  lifetime_budget?: string;
  special_ad_categories: string[];
  start_time: string;
  stop_time?: string;
  created_time: string;
  updated_time: string;
}

/**
 * A campaign's effective status: its own, since the sandbox's campaigns have no review, billing issue
 * or parent that could override it.
 */
export function effectiveStatus(campaign: SandboxCampaign): CampaignStatus {
  return campaign.status;
}

/** Graph's datetime format: `2026-11-22T09:00:00+0000`. */
export function graphTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+0000`;
}

const DAY_MS = 86_400_000;

/**
 * The most a campaign spends in a day: its daily budget, or its lifetime budget spread evenly over its
 * schedule (Meta's standard pacing); null when the budgets are on its ad sets.
 */
export function dailyCapMicros(campaign: SandboxCampaign, currency: string): number | null {
  if (campaign.daily_budget !== undefined) return minorToMicros(Number(campaign.daily_budget), currency);
  if (campaign.lifetime_budget === undefined || campaign.stop_time === undefined) return null;
  const days = Math.max(
    1,
    Math.round((Date.parse(campaign.stop_time) - Date.parse(campaign.start_time)) / DAY_MS),
  );
  return Math.floor(minorToMicros(Number(campaign.lifetime_budget), currency) / days);
}

/**
 * Notes how the campaign runs from `from` on (a day, or the instant of a change), as it now is: every
 * change of status or budget calls it, so its insights follow (a campaign paused at noon keeps the
 * morning's spend and spends nothing after).
 */
export function recordCampaignActivity(
  db: Kysely<Database>,
  campaignId: string,
  campaign: SandboxCampaign,
  currency: string,
  from: string | Date,
  runaway?: boolean,
): Promise<void> {
  return recordActivity(db, 'social', campaignId, from, {
    active: effectiveStatus(campaign) === 'ACTIVE',
    dailyBudgetMicros: dailyCapMicros(campaign, currency),
    ...(runaway && { runaway }),
  });
}
