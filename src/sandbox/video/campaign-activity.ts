import type { Kysely } from 'kysely';
import { unitsToMicros } from '../../money.ts';
import type { Database } from '../../storage/schema.ts';
import { type Activity, recordActivity } from '../activity.ts';
import type { StoredCampaign } from './campaign.ts';

/** How a campaign runs in its current state: only a daily budget caps a day's spend. */
export function campaignActivity(campaign: StoredCampaign): Activity {
  return {
    active: campaign.operation_status === 'ENABLE' && campaign.deleted !== true,
    dailyBudgetMicros: campaign.budget_mode === 'BUDGET_MODE_DAY' ? unitsToMicros(campaign.budget) : null,
  };
}

/** Notes a campaign's new state from the instant `date` on, so reports follow it. */
export async function noteCampaignActivity(
  db: Kysely<Database>,
  campaignId: string,
  campaign: StoredCampaign,
  date: Date,
): Promise<void> {
  await recordActivity(db, 'video', campaignId, date, campaignActivity(campaign));
}
