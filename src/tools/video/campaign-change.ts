import { z } from 'zod';
import { formatMicros, unitsToMicros } from '../../money.ts';
import type { VideoCampaign } from '../../platforms/video/answers.ts';
import { NO_BUDGET_LIMIT } from '../../platforms/video/campaign-rules.ts';
import type { CampaignChanges, OperationStatus } from '../../platforms/video/client.ts';
import { STATUS_FIELDS, statusFields } from '../status-vocabulary.ts';
import type { DeliveryBudgets, DeliveryState, SpendChange } from '../tool.ts';

const LIFETIME = 'BUDGET_MODE_TOTAL';
/** TikTok's daily budget types: fixed, and the dynamic one that may spend more some days, less others. */
export const DAILY_BUDGET_MODES: ReadonlySet<string> = new Set([
  'BUDGET_MODE_DAY',
  'BUDGET_MODE_DYNAMIC_DAILY_BUDGET',
]);
const DAILY = DAILY_BUDGET_MODES;

/** What the caller asked update_video_campaign for. */
export interface CampaignWish {
  name?: string | undefined;
  budget?: number | undefined;
  operation_status?: OperationStatus | undefined;
}

/**
 * The part of a wish that differs from the campaign as it is: only these fields are sent, and a wish
 * that changes nothing sends nothing.
 */
export interface CampaignChange {
  /** For campaign/update/: absent when neither the name nor the budget changes. */
  update: CampaignChanges | undefined;
  /** For campaign/status/update/: absent when the status stays. */
  status: OperationStatus | undefined;
  after: VideoCampaign;
}

export function changeOf(before: VideoCampaign, wish: CampaignWish): CampaignChange {
  const name = wish.name !== undefined && wish.name !== before.campaign_name ? wish.name : undefined;
  const budget =
    wish.budget !== undefined && unitsToMicros(wish.budget) !== unitsToMicros(before.budget)
      ? wish.budget
      : undefined;
  // A campaign read without its status (TikTok always answers it) is sent the status asked for.
  const status =
    wish.operation_status !== undefined && wish.operation_status !== before.operation_status
      ? wish.operation_status
      : undefined;
  const update =
    name !== undefined || budget !== undefined
      ? { ...(name !== undefined && { campaign_name: name }), ...(budget !== undefined && { budget }) }
      : undefined;
  return {
    update,
    status,
    after: {
      ...before,
      ...(name !== undefined && { campaign_name: name }),
      ...(budget !== undefined && { budget }),
      ...(status !== undefined && { operation_status: status }),
    },
  };
}

export function changesNothing(change: CampaignChange): boolean {
  return change.update === undefined && change.status === undefined;
}

/** A campaign's budget in words: `100.00 USD a day`, `3000.00 USD for its lifetime`, `no budget limit`. */
export function budgetText(campaign: VideoCampaign, currency: string): string {
  if (campaign.budget_mode === NO_BUDGET_LIMIT) return 'no budget limit';
  const amount = `${formatMicros(unitsToMicros(campaign.budget), currency)} ${currency}`;
  if (DAILY.has(campaign.budget_mode)) return `${amount} a day`;
  if (campaign.budget_mode === LIFETIME) return `${amount} for its lifetime`;
  return `${amount} (${campaign.budget_mode})`;
}

/**
 * TikTok's own status of a campaign: DELETE once deleted, its operation_status otherwise (read from the
 * secondary status when TikTok leaves it out).
 */
export function campaignStatus(campaign: VideoCampaign): 'ENABLE' | 'DISABLE' | 'DELETE' {
  if (campaign.secondary_status === 'CAMPAIGN_STATUS_DELETE') return 'DELETE';
  if (campaign.operation_status) return campaign.operation_status === 'DISABLE' ? 'DISABLE' : 'ENABLE';
  return campaign.secondary_status === 'CAMPAIGN_STATUS_DISABLE' ? 'DISABLE' : 'ENABLE';
}

/** A campaign's budget as answers give it: `daily_budget` for a daily one, `budget` for the others. */
export function campaignBudget(campaign: VideoCampaign, currency: string) {
  const amount =
    campaign.budget_mode === NO_BUDGET_LIMIT ? null : formatMicros(unitsToMicros(campaign.budget), currency);
  const daily = DAILY.has(campaign.budget_mode);
  return {
    daily_budget: daily ? amount : null,
    budget: daily ? null : amount,
    budget_mode: campaign.budget_mode,
  };
}

/** The output schema of those three fields. */
export const CAMPAIGN_BUDGET_FIELDS = {
  daily_budget: z.string().nullable().describe('Its daily budget; null when its budget is not a daily one.'),
  budget: z.string().nullable().describe('Its lifetime budget; null when daily or without a limit.'),
  budget_mode: z.string().describe("TikTok's budget type (BUDGET_MODE_DAY, BUDGET_MODE_TOTAL…)."),
};

/** The fields the answer and the audit row show before and after, money as a decimal string. */
export function campaignFields(campaign: VideoCampaign, currency: string) {
  return {
    name: campaign.campaign_name,
    ...statusFields('video', campaignStatus(campaign)),
    ...campaignBudget(campaign, currency),
  };
}

/** The output schema of a campaign's fields before and after a change. */
export const CAMPAIGN_FIELDS_SCHEMA = z.object({
  name: z.string().describe('The campaign name.'),
  ...STATUS_FIELDS,
  ...CAMPAIGN_BUDGET_FIELDS,
});

export function campaignSummary(campaign: VideoCampaign, currency: string): string {
  const status = campaign.operation_status === 'ENABLE' ? 'enabled' : 'disabled';
  return `"${campaign.campaign_name}", ${status}, ${budgetText(campaign, currency)}`;
}

function deliveryState(campaign: VideoCampaign): DeliveryState {
  return {
    active: campaign.operation_status === 'ENABLE',
    dailyMicros: DAILY.has(campaign.budget_mode) ? unitsToMicros(campaign.budget) : undefined,
  };
}

/** What bounds an enabled campaign's spend: its daily or lifetime budget, or its ad groups alone. */
function deliveryBudgets(campaign: VideoCampaign, currency: string): DeliveryBudgets {
  const micros = unitsToMicros(campaign.budget);
  if (DAILY.has(campaign.budget_mode)) return { currency, dailyMicros: micros };
  if (campaign.budget_mode === LIFETIME) return { currency, lifetimeMicros: micros };
  if (campaign.budget_mode === NO_BUDGET_LIMIT) {
    return { currency, elsewhere: 'only by its ad groups (the campaign has no budget limit)' };
  }
  return { currency, elsewhere: `by a ${campaign.budget_mode} budget` };
}

/**
 * What the calling key must allow (pipeline/key-checks.ts): enabling and raising a budget start or raise
 * spend; a daily budget is checked against the key's ceiling; a lifetime one cannot be, so a key with
 * ceilings refuses it, and enabling is judged by the budget the campaign then runs on. Renaming,
 * disabling and lowering need the write scope only.
 */
export function spendChangeOf(
  campaignId: string,
  before: VideoCampaign,
  change: CampaignChange,
  currency: string,
): SpendChange {
  const doing: string[] = [];
  const enables = change.status === 'ENABLE';
  if (change.status) doing.push(`${enables ? 'enable' : 'disable'} campaign ${campaignId}`);
  const budget = change.update?.budget;
  const micros = budget === undefined ? undefined : unitsToMicros(budget);
  const raises = micros !== undefined && micros > unitsToMicros(before.budget);
  if (micros !== undefined) {
    const kind = DAILY.has(before.budget_mode) ? 'daily' : 'lifetime';
    const amount = `${formatMicros(micros, currency)} ${currency}`;
    doing.push(`${raises ? 'raise' : 'lower'} the ${kind} budget of campaign ${campaignId} to ${amount}`);
  }
  if (change.update?.campaign_name !== undefined) doing.push(`rename campaign ${campaignId}`);
  return {
    what: doing.join(' and '),
    startsOrRaisesSpend: enables || raises,
    target: {
      campaignId,
      currency,
      before: deliveryState(before),
      after: deliveryState(change.after),
      shown: { before: campaignFields(before, currency), after: campaignFields(change.after, currency) },
    },
    ...(enables && { startsDelivery: deliveryBudgets(change.after, currency) }),
    ...(micros !== undefined &&
      (DAILY.has(before.budget_mode)
        ? { dailyBudget: { micros, currency } }
        : { lifetimeBudget: { micros, currency } })),
  };
}
