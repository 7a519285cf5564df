import { z } from 'zod';
import { formatMicros, unitsToMicros } from '../../money.ts';
import type { VideoCampaign } from '../../platforms/video/answers.ts';
import { NO_BUDGET_LIMIT } from '../../platforms/video/campaign-rules.ts';
import { STATUS_FIELDS, statusFields } from '../status-vocabulary.ts';

const LIFETIME = 'BUDGET_MODE_TOTAL';
/** TikTok's daily budget types: fixed, and the dynamic one that may spend more some days, less others. */
export const DAILY_BUDGET_MODES: ReadonlySet<string> = new Set([
  'BUDGET_MODE_DAY',
  'BUDGET_MODE_DYNAMIC_DAILY_BUDGET',
]);
const DAILY = DAILY_BUDGET_MODES;
export const LIFETIME_BUDGET_MODE = LIFETIME;

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
