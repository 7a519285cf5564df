import type { CampaignRecord, StoredCampaign } from './campaign.ts';
import { invalid, refuseUnknown } from './envelope.ts';
import {
  campaignNameLength,
  hasEmoji,
  MAX_CAMPAIGN_NAME_LENGTH,
  MIN_CAMPAIGN_BUDGET,
  NO_BUDGET_LIMIT,
} from './tiktok-rules.ts';
import { amount, text, textList } from './values.ts';

/**
 * What campaign/update takes (TikTok's CampaignUpdateBody). There is no budget_mode: TikTok fixes a
 * campaign's budget type when it is created ("you cannot switch between budget types once a campaign is
 * live"), so a budget always applies in the campaign's own type.
 */
export const UPDATE_FIELDS = [
  'advertiser_id',
  'campaign_id',
  'campaign_name',
  'budget',
  'po_number',
  'special_industries',
] as const;

const SPECIAL_INDUSTRIES = ['HOUSING', 'EMPLOYMENT', 'CREDIT'];

/** The body's fields checked in order, before anything is looked up; throws TikTok's refusal. */
export function checkUpdateBody(body: Record<string, unknown>): { campaignId: string } {
  refuseUnknown(Object.keys(body), UPDATE_FIELDS);
  if (body.campaign_id === undefined) throw invalid('campaign_id', 'Missing data for required field.');
  return { campaignId: text('campaign_id', body.campaign_id) };
}

/** The campaign after the update, or TikTok's refusal of it. */
export function applyUpdate(campaign: CampaignRecord, body: Record<string, unknown>): StoredCampaign {
  if (campaign.data.deleted)
    throw invalid('campaign_id', `Campaign ${campaign.id} has been deleted and cannot be modified.`);
  const next: StoredCampaign = { ...campaign.data };
  if (body.campaign_name !== undefined) next.campaign_name = campaignName(body.campaign_name);
  if (body.budget !== undefined) next.budget = budget(campaign.data.budget_mode, body.budget);
  if (body.po_number !== undefined) next.po_number = text('po_number', body.po_number);
  if (body.special_industries !== undefined) {
    // Categories can only be cleared after creation, and sandbox campaigns are created without any.
    const industries = textList(
      'special_industries',
      body.special_industries,
      { min: 0, max: 3 },
      SPECIAL_INDUSTRIES,
    );
    if (industries.length > 0)
      throw invalid(
        'special_industries',
        'Can only be cleared after the campaign is created; it cannot be set on a campaign created without it.',
      );
  }
  return next;
}

export function campaignName(value: unknown): string {
  const name = text('campaign_name', value);
  if (hasEmoji(name)) throw invalid('campaign_name', 'Emoji is not supported.');
  const length = campaignNameLength(name);
  if (length < 1 || length > MAX_CAMPAIGN_NAME_LENGTH)
    throw invalid('campaign_name', `Length must be between 1 and ${MAX_CAMPAIGN_NAME_LENGTH}.`);
  return name;
}

function budget(mode: string, value: unknown): number {
  const next = amount('budget', value);
  if (mode === NO_BUDGET_LIMIT)
    throw invalid(
      'budget',
      'The campaign has no budget limit (BUDGET_MODE_INFINITE), and its budget type cannot be changed after creation.',
    );
  if (next < MIN_CAMPAIGN_BUDGET)
    throw invalid('', `Budget must be greater than or equal to ${MIN_CAMPAIGN_BUDGET.toFixed(2)}.`);
  return next;
}
