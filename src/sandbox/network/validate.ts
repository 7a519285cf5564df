import { Invalid } from './context.ts';

/** What LinkedIn accepts in the fields the emulator checks. */
export const GROUP_STATUSES = ['ACTIVE', 'PAUSED', 'DRAFT', 'ARCHIVED', 'CANCELED', 'PENDING_DELETION'];
export const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED', 'DRAFT', 'ARCHIVED', 'CANCELED', 'PENDING_DELETION'];
export const CREATIVE_STATUSES = ['ACTIVE', 'PAUSED', 'DRAFT', 'ARCHIVED', 'CANCELED', 'PENDING_DELETION'];
export const CLOSED_STATUSES = new Set(['ARCHIVED', 'CANCELED', 'PENDING_DELETION', 'REMOVED']);
export const OBJECTIVES = [
  'BRAND_AWARENESS',
  'ENGAGEMENT',
  'WEBSITE_VISIT',
  'WEBSITE_CONVERSION',
  'VIDEO_VIEW',
  'JOB_APPLICANT',
  'LEAD_GENERATION',
  'TALENT_LEAD',
];
export const CAMPAIGN_TYPES = ['SPONSORED_UPDATES', 'TEXT_AD', 'SPONSORED_INMAILS', 'DYNAMIC'];
export const COST_TYPES = ['CPM', 'CPC', 'CPV'];
/** The formats each campaign type takes. */
export const FORMATS: Record<string, string[]> = {
  SPONSORED_UPDATES: ['STANDARD_UPDATE', 'SINGLE_VIDEO', 'CAROUSEL'],
  TEXT_AD: ['TEXT'],
  SPONSORED_INMAILS: ['SPONSORED_MESSAGE'],
  DYNAMIC: ['SPOTLIGHT', 'FOLLOW_COMPANY', 'JOBS'],
};
/** LinkedIn's smallest daily budget (10 in the account currency, as for USD). */
export const MIN_DAILY_BUDGET = 10;
export const MAX_CAMPAIGNS_PER_ACCOUNT = 5000;
export const MAX_CREATIVES_PER_CAMPAIGN = 100;
export const MIN_CAROUSEL_CARDS = 2;
export const MAX_CAROUSEL_CARDS = 10;

export type Json = Record<string, unknown>;

export function object(value: unknown, field: string): Json {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Invalid(`${field} must be an object`, field);
  return value as Json;
}

export function string(body: Json, field: string, options: { max?: number; path?: string } = {}): string {
  const path = options.path ?? field;
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw new Invalid(`${path} is required`, path);
  if (options.max !== undefined && value.length > options.max)
    throw new Invalid(`${path} must be at most ${options.max} characters (got ${value.length})`, path);
  return value;
}

export function oneOf(body: Json, field: string, values: readonly string[], path = field): string {
  const value = body[field];
  if (typeof value !== 'string' || !values.includes(value)) {
    throw new Invalid(`${path} must be one of ${values.join(', ')} (got ${JSON.stringify(value)})`, path);
  }
  return value;
}

export function https(value: unknown, path: string): string {
  if (typeof value !== 'string' || !URL.canParse(value) || new URL(value).protocol !== 'https:')
    throw new Invalid(`${path} must be an https URL`, path);
  return value;
}

/** A money amount: LinkedIn takes the amount as a decimal string in the account's currency. */
export function amount(value: unknown, path: string, currency: string): number {
  const money = object(value, path);
  if (typeof money.amount !== 'string') {
    throw new Invalid(
      `${path}.amount must be a decimal string like "10.00", not a ${typeof money.amount}`,
      `${path}/amount`,
    );
  }
  if (!/^\d+(\.\d+)?$/.test(money.amount))
    throw new Invalid(`${path}.amount "${money.amount}" is not a decimal amount`, `${path}/amount`);
  if (money.currencyCode !== currency) {
    throw new Invalid(
      `${path}.currencyCode ${JSON.stringify(money.currencyCode)} does not match the ad account currency ${currency}`,
      `${path}/currencyCode`,
    );
  }
  return Number(money.amount);
}

export function schedule(value: unknown, path: string): { start: number; end?: number } {
  const run = object(value, path);
  if (typeof run.start !== 'number' || !Number.isInteger(run.start))
    throw new Invalid(`${path}.start must be epoch milliseconds`, `${path}/start`);
  if (run.end !== undefined) {
    if (typeof run.end !== 'number' || !Number.isInteger(run.end))
      throw new Invalid(`${path}.end must be epoch milliseconds`, `${path}/end`);
    if (run.end <= run.start) throw new Invalid(`${path}.end must be after ${path}.start`, `${path}/end`);
    return { start: run.start, end: run.end };
  }
  return { start: run.start };
}

const FACET = /^urn:li:adTargetingFacet:[A-Za-z]+$/;

/** `{include:{and:[{or:{facet:[urns]}}]}}` with at least one location, and LinkedIn's facet rules. */
export function targeting(value: unknown): Record<string, string[]> {
  const criteria = object(value, 'targetingCriteria');
  const include = object(criteria.include, 'targetingCriteria.include');
  if (!Array.isArray(include.and) || include.and.length === 0)
    throw new Invalid(
      'targetingCriteria.include.and must list the targeting facets',
      'targetingCriteria/include/and',
    );
  const facets: Record<string, string[]> = {};
  for (const [index, clause] of include.and.entries()) {
    const or = object(
      object(clause, `targetingCriteria.include.and[${index}]`).or,
      `targetingCriteria.include.and[${index}].or`,
    );
    for (const [facet, values] of Object.entries(or)) {
      if (!FACET.test(facet)) throw new Invalid(`${facet} is not a targeting facet`, 'targetingCriteria');
      if (
        !Array.isArray(values) ||
        values.length === 0 ||
        values.some((v) => typeof v !== 'string' || !v.startsWith('urn:'))
      ) {
        throw new Invalid(`${facet} must list URNs`, 'targetingCriteria');
      }
      facets[facet.slice('urn:li:adTargetingFacet:'.length)] = values as string[];
    }
  }
  const locations = [...(facets.locations ?? []), ...(facets.profileLocations ?? [])];
  if (locations.length === 0)
    throw new Invalid('targetingCriteria must include locations or profileLocations', 'targetingCriteria');
  if (facets.titles && (facets.seniorities || facets.jobFunctions)) {
    throw new Invalid(
      'Job titles cannot be combined with seniorities or job functions in the same targeting',
      'targetingCriteria',
    );
  }
  return facets;
}

/**
 * Refuses a field LinkedIn does not know, with Rest.li's 422: a misspelt field is an error there, never
 * silently dropped. `path` is where the object sits in the body (`/initializeUploadRequest`).
 */
export function knownFields(body: Json, allowed: readonly string[], path = ''): void {
  for (const field of Object.keys(body)) {
    if (!allowed.includes(field)) {
      throw new Invalid(
        `ERROR :: ${path}/${field} :: unrecognized field found but not allowed`,
        `${path.slice(1)}${path ? '/' : ''}${field}`,
        422,
      );
    }
  }
}

/** The fields LinkedIn takes when it creates each entity (what the sandbox checks, and what it keeps as given). */
export const GROUP_FIELDS = [
  'account',
  'name',
  'status',
  'runSchedule',
  'objectiveType',
  'totalBudget',
  'dailyBudget',
  'test',
  'budgetOptimization',
] as const;
export const CAMPAIGN_FIELDS = [
  'account',
  'campaignGroup',
  'name',
  'type',
  'format',
  'objectiveType',
  'costType',
  'optimizationTargetType',
  'unitCost',
  'dailyBudget',
  'totalBudget',
  'locale',
  'runSchedule',
  'status',
  'targetingCriteria',
  'associatedEntity',
  'offsiteDeliveryEnabled',
  'offsitePreferences',
  'politicalIntent',
  'audienceExpansionEnabled',
  'creativeSelection',
  'pacingStrategy',
  'storyDeliveryEnabled',
  'test',
] as const;
export const POST_FIELDS = [
  'author',
  'commentary',
  'visibility',
  'distribution',
  'content',
  'contentLandingPage',
  'contentCallToActionLabel',
  'lifecycleState',
  'isReshareDisabledByAuthor',
  'adContext',
  'container',
  'reshareContext',
] as const;
export const CREATIVE_FIELDS = [
  'campaign',
  'content',
  'intendedStatus',
  'name',
  'leadgenCallToAction',
] as const;
