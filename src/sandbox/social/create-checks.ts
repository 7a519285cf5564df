import { formatMicros, microsToMinor, minorToMicros } from '../../money.ts';
import { BUDGET_LEVEL_CONFLICT, BUDGET_TOO_LOW, minimumDailyBudgetMicros } from './campaign-update.ts';
import type { GraphErrorBody } from './graph.ts';
import { MAX_CAMPAIGN_NAME_LENGTH } from './name-limits.ts';
import { listParameter, type Query } from './request.ts';

/** The objectives a new campaign takes (Campaign.Objective): the outcome-driven ones, since v17.0. */
export const OBJECTIVES = [
  'OUTCOME_APP_PROMOTION',
  'OUTCOME_AWARENESS',
  'OUTCOME_ENGAGEMENT',
  'OUTCOME_LEADS',
  'OUTCOME_SALES',
  'OUTCOME_TRAFFIC',
] as const;

/** The optimization goals an ad set of each objective may take, as far as the sandbox serves them. */
export const GOALS_BY_OBJECTIVE: Record<string, readonly string[]> = {
  OUTCOME_APP_PROMOTION: ['APP_INSTALLS', 'LINK_CLICKS'],
  OUTCOME_AWARENESS: ['REACH', 'IMPRESSIONS', 'AD_RECALL_LIFT', 'THRUPLAY'],
  OUTCOME_ENGAGEMENT: ['POST_ENGAGEMENT', 'PAGE_LIKES', 'THRUPLAY', 'LINK_CLICKS', 'CONVERSATIONS'],
  OUTCOME_LEADS: [
    'LEAD_GENERATION',
    'QUALITY_LEAD',
    'OFFSITE_CONVERSIONS',
    'LINK_CLICKS',
    'LANDING_PAGE_VIEWS',
  ],
  OUTCOME_SALES: ['OFFSITE_CONVERSIONS', 'VALUE', 'LINK_CLICKS', 'LANDING_PAGE_VIEWS'],
  OUTCOME_TRAFFIC: ['LINK_CLICKS', 'LANDING_PAGE_VIEWS', 'REACH', 'IMPRESSIONS', 'CONVERSATIONS'],
};

/** AdSet.BillingEvent, as far as the sandbox serves it. */
export const BILLING_EVENTS = ['IMPRESSIONS', 'LINK_CLICKS', 'THRUPLAY', 'POST_ENGAGEMENT', 'PAGE_LIKES'];

export const CREATE_STATUSES = ['ACTIVE', 'PAUSED'];
const EXECUTION_OPTIONS = ['validate_only', 'include_recommendations'];

type Refusal = { refusal: GraphErrorBody };

export function invalid(message: string, extra: Partial<GraphErrorBody> = {}): Refusal {
  return { refusal: { message: `(#100) ${message}`, type: 'OAuthException', code: 100, ...extra } };
}

/** The first required parameter missing, as Graph names it. */
export function missing(query: Query, required: readonly string[]): Refusal | undefined {
  const name = required.find((field) => query[field] === undefined || query[field] === '');
  return name === undefined ? undefined : invalid(`The parameter ${name} is required`);
}

/** `execution_options`: whether the write only validates, or Meta's error. */
export function validateOnlyOf(query: Query): boolean | Refusal {
  if (query.execution_options === undefined) return false;
  const options = listParameter(query.execution_options);
  if (!options) return invalid('Param execution_options must be an array of strings');
  const wrong = options.findIndex((option) => !EXECUTION_OPTIONS.includes(option));
  if (wrong >= 0) {
    return invalid(`Param execution_options[${wrong}] must be one of {${EXECUTION_OPTIONS.join(', ')}}`);
  }
  return options.includes('validate_only');
}

export function oneOf(query: Query, name: string, values: readonly string[]): Refusal | undefined {
  const value = query[name];
  if (value === undefined || values.includes(value)) return undefined;
  return invalid(`Param ${name} must be one of {${values.join(', ')}}`);
}

export function checkName(name: string | undefined): Refusal | undefined {
  if (name === undefined) return undefined;
  if (name.trim() === '') return invalid('Param name must be a non-empty string');
  if (name.length > MAX_CAMPAIGN_NAME_LENGTH) {
    return invalid(`Param name must be at most ${MAX_CAMPAIGN_NAME_LENGTH} characters (got ${name.length})`);
  }
  return undefined;
}

/** A daily budget in minor units: an integer at least the minimum, or Meta's error. */
export function checkDailyBudget(value: string | undefined, currency: string): Refusal | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) return invalid('Param daily_budget must be an integer');
  const minimum = minimumDailyBudgetMicros(currency);
  if (minorToMicros(Number(value), currency) >= minimum) return undefined;
  return invalid('Invalid parameter', {
    error_subcode: BUDGET_TOO_LOW,
    error_user_title: 'Your Budget Is Too Low',
    error_user_msg:
      `The minimum daily budget is ${formatMicros(minimum, currency)} ${currency} (daily_budget ` +
      `${microsToMinor(minimum, currency)} in the currency's minor unit). Please raise your budget.`,
  });
}

/** A budget on an ad set whose campaign holds one, or none on either. */
export function budgetLevelConflict(
  campaignHasBudget: boolean,
  adSetHasBudget: boolean,
): Refusal | undefined {
  if (campaignHasBudget && adSetHasBudget) {
    return invalid('Invalid parameter', {
      error_subcode: BUDGET_LEVEL_CONFLICT,
      error_user_title: 'Budget Is Set on the Campaign',
      error_user_msg:
        'This campaign uses a campaign budget (Advantage campaign budget), so its ad sets cannot have budgets ' +
        'of their own. Remove daily_budget and lifetime_budget from the ad set.',
    });
  }
  if (!campaignHasBudget && !adSetHasBudget) {
    return invalid('Invalid parameter', {
      error_subcode: BUDGET_LEVEL_CONFLICT,
      error_user_title: 'Budget Required',
      error_user_msg:
        'This campaign has no campaign budget, so the ad set needs one: pass daily_budget or lifetime_budget.',
    });
  }
  return undefined;
}

/** A JSON object parameter (targeting, object_story_spec, creative), or Meta's error. */
export function jsonObject(query: Query, name: string): Record<string, unknown> | Refusal {
  const text = query[name] ?? '';
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  return invalid(`Param ${name} must be a JSON object`);
}

const COUNTRY = /^[A-Z]{2}$/;

/**
 * The targeting spec as far as the sandbox reads it: countries (ISO 3166-1 alpha-2), ages 13 to 65 with
 * the minimum not above the maximum, genders 1 (men) and 2 (women).
 */
export function checkTargeting(targeting: Record<string, unknown>): Refusal | undefined {
  const geo = targeting.geo_locations as { countries?: unknown } | undefined;
  const countries = geo?.countries;
  if (!Array.isArray(countries) || countries.length === 0) {
    return invalid('Invalid parameter', {
      error_user_title: 'Location Required',
      error_user_msg: 'Your audience needs a location: set targeting.geo_locations.countries.',
    });
  }
  const wrong = countries.find((c) => typeof c !== 'string' || !COUNTRY.test(c));
  if (wrong !== undefined) {
    return invalid(`Invalid country code ${JSON.stringify(wrong)} in targeting.geo_locations.countries`, {
      error_user_title: 'Invalid Location',
      error_user_msg: 'Countries are two-letter ISO 3166-1 codes, like US or DE.',
    });
  }
  const ageMin = targeting.age_min ?? 18;
  const ageMax = targeting.age_max ?? 65;
  const age = (value: unknown) =>
    Number.isInteger(value) && (value as number) >= 13 && (value as number) <= 65;
  if (!age(ageMin) || !age(ageMax) || (ageMin as number) > (ageMax as number)) {
    return invalid('Invalid parameter', {
      error_user_title: 'Invalid Age Range',
      error_user_msg: 'age_min and age_max are whole years from 13 to 65, and age_min is not above age_max.',
    });
  }
  const genders = targeting.genders;
  if (genders !== undefined && (!Array.isArray(genders) || genders.some((g) => g !== 1 && g !== 2))) {
    return invalid('Param targeting[genders] must be an array of 1 (men) and 2 (women)');
  }
  return undefined;
}

/** What the bytes are, by their signature: the image formats Meta takes for ads. */
export function imageType(bytes: Buffer): 'jpg' | 'png' | 'gif' | undefined {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  return undefined;
}
