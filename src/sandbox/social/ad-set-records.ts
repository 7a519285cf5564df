import type { Kysely } from 'kysely';
import { minorToMicros } from '../../money.ts';
import type { Database } from '../../storage/schema.ts';
import { recordActivity } from '../activity.ts';
import { SandboxStore, type StoredObject } from '../store.ts';
import { type CampaignStatus, dailyCapMicros, type SandboxCampaign } from './campaign-records.ts';

/**
 * An ad set as the social sandbox holds it, in Meta's fields (AdSet): budgets are strings of the
 * currency's minor unit, absent when the campaign holds the budget (Advantage campaign budget).
 * `delivery_weight` and `conversion_quality` are the sandbox's own, never served: the ad set's share of
 * its campaign's delivery, and how well that delivery converts against its siblings'.
 */
export interface SandboxAdSet {
  name: string;
  campaign_id: string;
  status: CampaignStatus;
  daily_budget?: string;
  lifetime_budget?: string;
  optimization_goal: string;
  billing_event: string;
  bid_strategy?: string;
  targeting: Record<string, unknown>;
  start_time: string;
  end_time?: string;
  created_time: string;
  updated_time: string;
  delivery_weight: number;
  conversion_quality: number;
}

/** An ad as the sandbox holds it (Ad), with the id of its creative; `delivery_weight` as an ad set's. */
export interface SandboxAd {
  name: string;
  adset_id: string;
  campaign_id: string;
  status: CampaignStatus;
  creative_id: string;
  created_time: string;
  updated_time: string;
  delivery_weight: number;
}

/**
 * An ad set's effective status: its own when it is deleted, archived or paused, else its campaign's
 * when that does not run (CAMPAIGN_PAUSED for a paused one, as Meta says it).
 */
export function adSetEffectiveStatus(adSet: SandboxAdSet, campaign: SandboxCampaign | undefined): string {
  if (adSet.status !== 'ACTIVE') return adSet.status;
  if (!campaign || campaign.status === 'ACTIVE') return 'ACTIVE';
  return campaign.status === 'PAUSED' ? 'CAMPAIGN_PAUSED' : campaign.status;
}

/** An ad's effective status: its own unless active, then its campaign's or its ad set's hold. */
export function adEffectiveStatus(
  ad: SandboxAd,
  adSet: SandboxAdSet | undefined,
  campaign: SandboxCampaign | undefined,
): string {
  if (ad.status !== 'ACTIVE') return ad.status;
  if (campaign && campaign.status !== 'ACTIVE')
    return campaign.status === 'PAUSED' ? 'CAMPAIGN_PAUSED' : campaign.status;
  if (adSet && adSet.status !== 'ACTIVE') return adSet.status === 'PAUSED' ? 'ADSET_PAUSED' : adSet.status;
  return 'ACTIVE';
}

/**
 * How a campaign delivers, given its ad sets: only while it is active and one of its ad sets is (a
 * campaign without ad sets, as the tests add them, delivers on its own), capped by its campaign budget
 * or, when its ad sets hold the budgets, by the sum of its active ad sets' daily budgets.
 */
export function campaignDelivery(
  campaign: SandboxCampaign,
  adSets: SandboxAdSet[],
  currency: string,
): { active: boolean; dailyBudgetMicros: number | null } {
  const running = adSets.filter((adSet) => adSet.status === 'ACTIVE');
  const active = campaign.status === 'ACTIVE' && (adSets.length === 0 || running.length > 0);
  const own = dailyCapMicros(campaign, currency);
  if (own !== null || campaign.lifetime_budget !== undefined || adSets.length === 0) {
    return { active, dailyBudgetMicros: own };
  }
  const budgets = running.map((adSet) => adSet.daily_budget);
  const daily = budgets.every((budget) => budget !== undefined)
    ? budgets.reduce((sum, budget) => sum + minorToMicros(Number(budget), currency), 0)
    : null;
  return { active, dailyBudgetMicros: daily };
}

/**
 * Notes how a campaign and its ad sets run from `from` on, as they now are: every change of a status or
 * budget (the campaign's or an ad set's) calls it, so the insights of each follow.
 */
export async function recordDelivery(
  db: Kysely<Database>,
  campaign: StoredObject<SandboxCampaign>,
  currency: string,
  from: string | Date,
  runaway?: boolean,
): Promise<void> {
  const adSets = await new SandboxStore(db, 'social').list<SandboxAdSet>(
    'adset',
    campaign.accountId,
    campaign.id,
  );
  const data = adSets.map((adSet) => adSet.data);
  await recordActivity(db, 'social', campaign.id, from, {
    ...campaignDelivery(campaign.data, data, currency),
    ...(runaway && { runaway }),
  });
  for (const adSet of adSets) {
    await recordActivity(db, 'social', adSet.id, from, {
      active: adSet.data.status === 'ACTIVE',
      dailyBudgetMicros:
        adSet.data.daily_budget === undefined
          ? null
          : minorToMicros(Number(adSet.data.daily_budget), currency),
    });
  }
}
