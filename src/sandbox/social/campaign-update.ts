import { formatMicros, microsToMinor, minorDigits, minorToMicros } from '../../money.ts';
import type { CampaignStatus, SandboxCampaign } from './campaign-records.ts';
import type { GraphErrorBody } from './graph.ts';
import { MAX_CAMPAIGN_NAME_LENGTH } from './name-limits.ts';
import { CAMPAIGN_UPDATE_NOT_SERVED, listParameter, type Query } from './request.ts';

/** The statuses `POST /{campaign_id}` takes (Campaign.Status). */
export const CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'];

/** The values of `execution_options` on a campaign update, as its reference lists them. */
const EXECUTION_OPTIONS = ['validate_only', 'include_recommendations', 'synchronous_ad_review'];

/** Meta's subcode for a budget below the minimum ("Your Budget Is Too Low"). */
export const BUDGET_TOO_LOW = 1885272;
/** Meta's subcode for a budget set at the level that does not hold it (campaign versus ad sets). */
export const BUDGET_LEVEL_CONFLICT = 1885621;

/**
 * The smallest daily budget the sandbox takes, in micros: one unit of a currency with minor units
 * (1.00 USD, 1.00 EUR), a hundred of one without (100 JPY), about what Meta asks of an auction campaign.
 */
export function minimumDailyBudgetMicros(currency: string): number {
  return (minorDigits(currency) === 0 ? 100 : 1) * 1_000_000;
}

/** What an update asks, read and checked: the campaign as it would be, and whether only to validate. */
export interface CampaignUpdate {
  campaign: SandboxCampaign;
  validateOnly: boolean;
  /** Whether the status or the daily budget changes: how the campaign spends from that instant on. */
  changesSpend: boolean;
}

function invalid(message: string, extra: Partial<GraphErrorBody> = {}): { refusal: GraphErrorBody } {
  return { refusal: { message: `(#100) ${message}`, type: 'OAuthException', code: 100, ...extra } };
}

/**
 * `POST /{campaign_id}` as Graph checks it: the parameters' values, then what the campaign can take
 * (a deleted one nothing, an archived one only a name or its removal, a daily budget only where the
 * campaign holds one, at least the minimum). A parameter Meta documents that the sandbox does not apply
 * is said so rather than ignored.
 */
export function readCampaignUpdate(
  query: Query,
  stored: SandboxCampaign,
  currency: string,
  updatedTime: string,
): CampaignUpdate | { refusal: GraphErrorBody } {
  const notServed = CAMPAIGN_UPDATE_NOT_SERVED.find((name) => query[name] !== undefined);
  if (notServed) {
    return invalid(`The adops sandbox does not apply ${notServed} on a campaign update yet`, {
      error_user_title: 'Not served by the sandbox',
      error_user_msg:
        `The sandbox applies name, status and daily_budget to a campaign; ${notServed} is applied by ` +
        'Meta only, for now.',
    });
  }
  let validateOnly = false;
  if (query.execution_options !== undefined) {
    const options = listParameter(query.execution_options);
    if (!options) return invalid('Param execution_options must be an array of strings');
    const wrong = options.findIndex((option) => !EXECUTION_OPTIONS.includes(option));
    if (wrong >= 0) {
      return invalid(`Param execution_options[${wrong}] must be one of {${EXECUTION_OPTIONS.join(', ')}}`);
    }
    validateOnly = options.includes('validate_only');
  }
  const { status, name, daily_budget: budget } = query;
  if (status !== undefined && !(CAMPAIGN_STATUSES as readonly string[]).includes(status)) {
    return invalid(`Param status must be one of {${CAMPAIGN_STATUSES.join(', ')}}`);
  }
  if (name !== undefined && name.trim() === '') return invalid('Param name must be a non-empty string');
  if (name !== undefined && name.length > MAX_CAMPAIGN_NAME_LENGTH) {
    return invalid(`Param name must be at most ${MAX_CAMPAIGN_NAME_LENGTH} characters (got ${name.length})`);
  }
  if (budget !== undefined && !/^\d+$/.test(budget)) return invalid('Param daily_budget must be an integer');

  if (stored.status === 'DELETED') {
    return invalid('Cannot update a deleted campaign', {
      error_user_title: 'Campaign Deleted',
      error_user_msg: 'This campaign was deleted and cannot be changed. Create a new campaign instead.',
    });
  }
  const onlyRemoval = budget === undefined && (status === undefined || status === 'DELETED');
  if (stored.status === 'ARCHIVED' && !onlyRemoval) {
    return invalid('Cannot edit an archived campaign', {
      error_user_title: 'Campaign Archived',
      error_user_msg:
        'Archived campaigns can only be renamed or deleted. Create a new campaign, or duplicate this one ' +
        'in Ads Manager, to run it again.',
    });
  }
  if (budget !== undefined && stored.daily_budget === undefined) {
    return invalid('Invalid parameter', {
      error_subcode: BUDGET_LEVEL_CONFLICT,
      ...(stored.lifetime_budget !== undefined
        ? {
            error_user_title: "Budget Type Can't Be Changed",
            error_user_msg:
              "This campaign has a lifetime budget, and a campaign's budget type can't be changed after " +
              'it is published. Change its lifetime budget instead, or create a new campaign with a daily ' +
              'budget.',
          }
        : {
            error_user_title: 'Budget Is Set on the Ad Sets',
            error_user_msg:
              "This campaign doesn't use a campaign budget (Advantage campaign budget is off): its budgets " +
              'are set on its ad sets. Change the daily budget of each ad set instead.',
          }),
    });
  }
  if (budget !== undefined) {
    const minimum = minimumDailyBudgetMicros(currency);
    if (minorToMicros(Number(budget), currency) < minimum) {
      return invalid('Invalid parameter', {
        error_subcode: BUDGET_TOO_LOW,
        error_user_title: 'Your Budget Is Too Low',
        error_user_msg:
          `The minimum daily budget for this campaign is ${formatMicros(minimum, currency)} ${currency} ` +
          `(daily_budget ${microsToMinor(minimum, currency)} in the currency's minor unit). Please raise ` +
          'your budget.',
      });
    }
  }
  const campaign: SandboxCampaign = {
    ...stored,
    ...(name !== undefined && { name }),
    ...(status !== undefined && { status: status as CampaignStatus }),
    ...(budget !== undefined && { daily_budget: String(Number(budget)) }),
    updated_time: updatedTime,
  };
  const changesSpend = campaign.status !== stored.status || campaign.daily_budget !== stored.daily_budget;
  return { campaign, validateOnly, changesSpend };
}
