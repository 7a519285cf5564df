import { unitsToMicros } from '../../money.ts';
import { type Activity, recordActivity } from '../activity.ts';
import type { SandboxStore } from '../store.ts';
import type { StoredAdGroup } from './adgroup.ts';
import type { CampaignRecord, StoredCampaign } from './campaign.ts';

const DAY = 'BUDGET_MODE_DAY';

function runs(adGroup: StoredAdGroup): boolean {
  return adGroup.operation_status === 'ENABLE' && adGroup.deleted !== true;
}

/**
 * How a campaign runs in its current state. Only a daily budget caps a day's spend: the campaign's own,
 * or, for a campaign without a budget limit, the sum of its running ad groups' daily budgets. A campaign
 * whose ad groups are all disabled does not deliver (one without ad groups is taken as delivering, as
 * the sandbox's older campaigns had none).
 */
export function campaignActivity(campaign: StoredCampaign, adGroups: StoredAdGroup[] = []): Activity {
  const running = adGroups.filter(runs);
  const adGroupBudgets = running.filter((adGroup) => adGroup.budget_mode === DAY);
  return {
    active:
      campaign.operation_status === 'ENABLE' &&
      campaign.deleted !== true &&
      (adGroups.length === 0 || running.length > 0),
    dailyBudgetMicros:
      campaign.budget_mode === DAY
        ? unitsToMicros(campaign.budget)
        : adGroupBudgets.length > 0 && adGroupBudgets.length === running.length
          ? adGroupBudgets.reduce((sum, adGroup) => sum + unitsToMicros(adGroup.budget), 0)
          : null,
  };
}

/** How an ad group runs: its own status, and its daily budget when it holds one. */
export function adGroupActivity(adGroup: StoredAdGroup): Activity {
  return {
    active: runs(adGroup),
    dailyBudgetMicros: adGroup.budget_mode === DAY ? unitsToMicros(adGroup.budget) : null,
  };
}

/** Notes a campaign's new state from the instant `date` on, with its ad groups', so reports follow it. */
export async function noteCampaignActivity(
  store: SandboxStore,
  campaign: CampaignRecord,
  data: StoredCampaign,
  date: Date,
): Promise<void> {
  const adGroups = await store.list<StoredAdGroup>('adgroup', campaign.accountId, campaign.id);
  await recordActivity(
    store.db,
    'video',
    campaign.id,
    date,
    campaignActivity(
      data,
      adGroups.map((adGroup) => adGroup.data),
    ),
  );
}
