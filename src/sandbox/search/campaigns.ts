import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import { recordActivity } from '../activity.ts';
import { type SandboxStore, sandboxId } from '../store.ts';
import type { StoredBudget, StoredCampaign } from './resources.ts';

/** A preferred id when no object of that type has it yet (the database's first account), else a fresh one. */
export async function freeId(
  store: SandboxStore,
  type: string,
  preferred: string,
  length: number,
): Promise<string> {
  return (await store.get(type, preferred)) ? sandboxId(length) : preferred;
}

export interface NewCampaign {
  name: string;
  status: 'ENABLED' | 'PAUSED';
  /** SEARCH unless said otherwise. */
  advertisingChannelType?: string;
  dailyBudgetMicros: number;
}

/**
 * A campaign with a budget of its own, made `now`: its activity starts then, so a campaign made paused
 * reports nothing and an enabled one spends from the moment it was made. Returns the campaign's id.
 */
export async function createSandboxCampaign(
  db: Kysely<Database>,
  store: SandboxStore,
  customerId: string,
  campaign: NewCampaign,
  now: Date,
): Promise<string> {
  const budgetId = sandboxId(11);
  const budget: StoredBudget = {
    name: `${campaign.name} budget`,
    amountMicros: String(campaign.dailyBudgetMicros),
    explicitlyShared: false,
    status: 'ENABLED',
  };
  await store.put({ type: 'campaign_budget', id: budgetId, accountId: customerId, data: budget }, now);
  const id = sandboxId(11);
  const data: StoredCampaign = {
    name: campaign.name,
    status: campaign.status,
    advertisingChannelType: campaign.advertisingChannelType ?? 'SEARCH',
    budgetId,
  };
  await store.put({ type: 'campaign', id, accountId: customerId, data }, now);
  await recordActivity(db, 'search', id, now, {
    active: campaign.status === 'ENABLED',
    dailyBudgetMicros: campaign.dailyBudgetMicros,
  });
  return id;
}
