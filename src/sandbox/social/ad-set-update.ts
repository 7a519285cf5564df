import { formatMicros, microsToMinor, minorToMicros } from '../../money.ts';
import type { SandboxAdSet } from './ad-set-records.ts';
import type { CampaignStatus, SandboxCampaign } from './campaign-records.ts';
import { BUDGET_LEVEL_CONFLICT, BUDGET_TOO_LOW, minimumDailyBudgetMicros } from './campaign-update.ts';
import type { GraphErrorBody } from './graph.ts';
import { MAX_AD_SET_NAME_LENGTH } from './name-limits.ts';
import { listParameter, NODE_PARAMETERS, type Query } from './request.ts';

/** The statuses `POST /{adset_id}` takes (AdSet.Status). */
const AD_SET_STATUSES: readonly CampaignStatus[] = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'];

/** The values of `execution_options` on an ad set update, as its reference lists them. */
const EXECUTION_OPTIONS = ['validate_only', 'include_recommendations'];

/** What `POST /{adset_id}` takes in the sandbox: the fields it applies, `execution_options`, and `id`. */
export const AD_SET_UPDATE_PARAMETERS = [
  ...NODE_PARAMETERS,
  'id',
  'name',
  'status',
  'daily_budget',
  'execution_options',
] as const;

/** Ad set update parameters Meta's reference documents that the sandbox does not apply. */
export const AD_SET_UPDATE_NOT_SERVED = [
  'adlabels',
  'attribution_spec',
  'bid_adjustments',
  'bid_amount',
  'bid_constraints',
  'bid_strategy',
  'billing_event',
  'campaign_spec',
  'creative_sequence',
  'daily_min_spend_target',
  'daily_spend_cap',
  'end_time',
  'frequency_control_specs',
  'lifetime_budget',
  'lifetime_min_spend_target',
  'lifetime_spend_cap',
  'optimization_goal',
  'optimization_sub_event',
  'pacing_type',
  'promoted_object',
  'start_time',
  'targeting',
] as const;

export interface AdSetUpdate {
  adSet: SandboxAdSet;
  validateOnly: boolean;
  /** Whether the status or the daily budget changes: how the ad set delivers from that instant on. */
  changesSpend: boolean;
}

function invalid(message: string, extra: Partial<GraphErrorBody> = {}): { refusal: GraphErrorBody } {
  return { refusal: { message: `(#100) ${message}`, type: 'OAuthException', code: 100, ...extra } };
}

/**
 * `POST /{adset_id}` as Graph checks it: the parameters' values, then what the ad set can take (a
 * deleted one nothing, an archived one only a name or its removal, a daily budget only where the ad set
 * holds one, at least the minimum). A parameter Meta documents that the sandbox does not apply is said
 * so rather than ignored.
 */
export function readAdSetUpdate(
  query: Query,
  stored: SandboxAdSet,
  campaign: SandboxCampaign | undefined,
  currency: string,
  updatedTime: string,
): AdSetUpdate | { refusal: GraphErrorBody } {
  const notServed = AD_SET_UPDATE_NOT_SERVED.find((name) => query[name] !== undefined);
  if (notServed) {
    return invalid(`The adops sandbox does not apply ${notServed} on an ad set update yet`, {
      error_user_title: 'Not served by the sandbox',
      error_user_msg:
        `The sandbox applies name, status and daily_budget to an ad set; ${notServed} is applied by Meta ` +
        'only, for now.',
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
  if (status !== undefined && !(AD_SET_STATUSES as readonly string[]).includes(status)) {
    return invalid(`Param status must be one of {${AD_SET_STATUSES.join(', ')}}`);
  }
  if (name !== undefined && name.trim() === '') return invalid('Param name must be a non-empty string');
  if (name !== undefined && name.length > MAX_AD_SET_NAME_LENGTH) {
    return invalid(`Param name must be at most ${MAX_AD_SET_NAME_LENGTH} characters (got ${name.length})`);
  }
  if (budget !== undefined && !/^\d+$/.test(budget)) return invalid('Param daily_budget must be an integer');

  if (stored.status === 'DELETED') {
    return invalid('Cannot update a deleted ad set', {
      error_user_title: 'Ad Set Deleted',
      error_user_msg: 'This ad set was deleted and cannot be changed. Create a new ad set instead.',
    });
  }
  const onlyRemoval = budget === undefined && (status === undefined || status === 'DELETED');
  if ((stored.status === 'ARCHIVED' || campaign?.status === 'ARCHIVED') && !onlyRemoval) {
    return invalid('Cannot edit an archived ad set', {
      error_user_title: 'Ad Set Archived',
      error_user_msg:
        'Archived ad sets (and those of an archived campaign) can only be renamed or deleted. Duplicate ' +
        'the ad set in Ads Manager to run it again.',
    });
  }
  if (budget !== undefined && stored.daily_budget === undefined) {
    return invalid('Invalid parameter', {
      error_subcode: BUDGET_LEVEL_CONFLICT,
      ...(stored.lifetime_budget !== undefined
        ? {
            error_user_title: "Budget Type Can't Be Changed",
            error_user_msg:
              "This ad set has a lifetime budget, and an ad set's budget type can't be changed after it " +
              'is published. Change its lifetime budget instead.',
          }
        : {
            error_user_title: 'Budget Is Set on the Campaign',
            error_user_msg:
              'This ad set is part of a campaign that uses Advantage campaign budget: its budget is set on ' +
              'the campaign. Change the daily budget of the campaign instead.',
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
          `The minimum daily budget for this ad set is ${formatMicros(minimum, currency)} ${currency} ` +
          `(daily_budget ${microsToMinor(minimum, currency)} in the currency's minor unit). Please raise ` +
          'your budget.',
      });
    }
  }
  const adSet: SandboxAdSet = {
    ...stored,
    ...(name !== undefined && { name }),
    ...(status !== undefined && { status: status as CampaignStatus }),
    ...(budget !== undefined && { daily_budget: String(Number(budget)) }),
    updated_time: updatedTime,
  };
  const changesSpend = adSet.status !== stored.status || adSet.daily_budget !== stored.daily_budget;
  return { adSet, validateOnly, changesSpend };
}
