import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import { recordActivity } from '../activity.ts';
import type { SandboxStore } from '../store.ts';
import type { StoredBudget, StoredCampaign } from './resources.ts';

/**
 * Notes from `now` on how each campaign on the budget runs, after a campaign on it was paused or enabled
 * or the budget's amount changed, so that reports follow: a shared budget is split evenly between the
 * campaigns running on it, as the seeded history splits it, so together they never spend more than it.
 */
export async function noteBudgetActivity(
  db: Kysely<Database>,
  store: SandboxStore,
  customerId: string,
  budgetId: string,
  now: Date,
): Promise<void> {
  const budget = await store.get<StoredBudget>('campaign_budget', budgetId);
  const amount = Number(budget?.data.amountMicros ?? 0);
  const campaigns = (await store.list<StoredCampaign>('campaign', customerId)).filter(
    (campaign) => campaign.data.budgetId === budgetId && campaign.data.status !== 'REMOVED',
  );
  const running = campaigns.filter((campaign) => campaign.data.status === 'ENABLED').length;
  for (const campaign of campaigns) {
    await recordActivity(db, 'search', campaign.id, now, {
      active: campaign.data.status === 'ENABLED',
      dailyBudgetMicros: Math.floor(amount / Math.max(1, running)),
    });
  }
}
