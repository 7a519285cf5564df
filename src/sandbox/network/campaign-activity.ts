import type { Kysely } from 'kysely';
import { decimalToMicros } from '../../money.ts';
import type { Database } from '../../storage/schema.ts';
import { recordActivity } from '../activity.ts';
import type { Json } from './validate.ts';

/** The day of a time in UTC, `YYYY-MM-DD`: LinkedIn's reporting days, and the sandbox accounts' zone. */
export function utcDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** A campaign's daily budget in micros; null when it has only a lifetime budget. */
function dailyBudgetMicros(campaign: Json): number | null {
  const budget = campaign.dailyBudget as { amount?: unknown } | undefined;
  return typeof budget?.amount === 'string' ? decimalToMicros(budget.amount) : null;
}

/**
 * Notes how a campaign runs from `now` on, so its reports follow: only an ACTIVE campaign in
 * an ACTIVE group spends (LinkedIn holds an active campaign whose group is paused or a draft), never more
 * than its daily budget. Called when a campaign is created, when its status or daily budget changes (a
 * campaign paused at noon keeps the morning's spend), and for each of its group's campaigns when the group's
 * status changes.
 */
export async function noteCampaignActivity(
  db: Kysely<Database>,
  campaignId: string,
  campaign: Json,
  groupStatus: unknown,
  now: Date,
): Promise<void> {
  await recordActivity(db, 'network', campaignId, now, {
    active: campaign.status === 'ACTIVE' && groupStatus === 'ACTIVE',
    dailyBudgetMicros: dailyBudgetMicros(campaign),
  });
}
