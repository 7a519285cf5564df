import { z } from 'zod';
import type { Config } from '../../config.ts';
import { CONTROL_RANGES } from '../../control-characters.ts';
import { CALL_TO_ACTIONS } from '../../platforms/network/types.ts';
import { MAY_WAIT_FOR_APPROVAL } from '../approvals/approval-object.ts';
import {
  accountArgument,
  bannedWordIssues,
  digitsOrUrn,
  dryRun,
  exactlyOneOf,
  exactlyOneOfSchema,
  httpsUrl,
  imageUrl,
  text,
  urn,
} from '../arguments.ts';
import type { ChangeDeclaration } from '../changes/declaration.ts';
import { amountArgument } from '../money-arguments.ts';
import type { FieldIssue } from '../tool.ts';

export { CALL_TO_ACTIONS };
export const DEFAULT_CALL_TO_ACTION = 'LEARN_MORE';

/** The campaign part of the create tools' examples: a new group, the smallest useful budget, one location. */
export const EXAMPLE_CAMPAIGN = {
  campaign_name: 'Q4 launch',
  campaign_group_name: 'Q4 2026',
  organization_id: '2414183',
  daily_budget: 25,
  landing_page_url: 'https://example.com/q4',
  locations: ['urn:li:geo:103644278'],
};

export const SPONSORED_CONTENT_OBJECTIVES = [
  'BRAND_AWARENESS',
  'ENGAGEMENT',
  'WEBSITE_VISIT',
  'WEBSITE_CONVERSION',
] as const;
export const VIDEO_OBJECTIVES = [...SPONSORED_CONTENT_OBJECTIVES, 'VIDEO_VIEW', 'JOB_APPLICANT'] as const;
export const TEXT_OBJECTIVES = ['BRAND_AWARENESS', 'WEBSITE_VISIT', 'WEBSITE_CONVERSION'] as const;

export const CREATE_COST =
  'Creates a real campaign that can spend money; it is created PAUSED and spends nothing until someone ' +
  'activates it in the ad manager. Billable: one quota unit. Pass dry_run to see what would be sent first. ' +
  MAY_WAIT_FOR_APPROVAL;

const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
const DATE_MESSAGE = 'must be a calendar date written YYYY-MM-DD, like 2026-12-31';

/** A targeting facet: the URN type its values must have, so a title cannot land among the skills. */
function facet(type: string, example: string) {
  return z
    .array(
      z
        .string()
        .trim()
        .regex(new RegExp(`^urn:li:${type}:[^\\s${CONTROL_RANGES}]+$`), `must be a URN like ${example}`)
        .meta({ pattern: `^\\s*urn:li:${type}:[^\\s${CONTROL_RANGES}]+\\s*$` }),
    )
    .optional()
    .describe(`URNs, like ${example}.`);
}

export function objective<const Values extends readonly [string, ...string[]]>(
  values: Values,
  fallback: Values[number],
) {
  return z.enum(values).default(fallback).describe('Campaign objective.');
}

export const callToAction = z.enum(CALL_TO_ACTIONS).default(DEFAULT_CALL_TO_ACTION).describe('Button label.');

const TWO_LETTERS_PATTERN = '^\\s*[A-Za-z]{2}\\s*$';

/** The arguments every network campaign takes, except the group choice, objective and call to action. */
export const campaignArguments = {
  campaign_name: text(255).describe('Campaign name, not shown to members.'),
  organization_id: digitsOrUrn('organization').describe(
    'Company page posting the ad (digits or URN); list_network_organizations shows them.',
  ),
  daily_budget: amountArgument(10).describe('Daily budget in the account currency, at least 10.'),
  total_budget: amountArgument()
    .optional()
    .describe('Lifetime budget, at least daily_budget; not with a key that has budget ceilings.'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => CURRENCIES.has(code), 'must be an ISO 4217 currency code, like USD or EUR')
    .meta({ pattern: '^\\s*[A-Za-z]{3}\\s*$' })
    .optional()
    .describe("The budgets' currency: the account's, which is the default."),
  landing_page_url: httpsUrl().describe('https:// URL a click leads to.'),
  locations: z
    .array(
      z
        .string()
        .trim()
        .regex(/^urn:li:geo:\d+$/, 'must be a location URN like urn:li:geo:103644278')
        .meta({ pattern: '^\\s*urn:li:geo:\\d+\\s*$' }),
    )
    .min(1)
    .describe('Geo URNs, like urn:li:geo:103644278 (United States).'),
  start_date: z.iso.date(DATE_MESSAGE).optional().describe('First day (YYYY-MM-DD, UTC); default today.'),
  end_date: z.iso.date(DATE_MESSAGE).optional().describe('Last day (YYYY-MM-DD, UTC).'),
  locale_country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code, like US')
    // Checked after trimming and upper-casing, so `us` is accepted too.
    .meta({ pattern: TWO_LETTERS_PATTERN })
    .default('US')
    .describe('Locale country (ISO 3166-1 alpha-2).'),
  locale_language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'must be a two-letter language code, like en')
    .meta({ pattern: TWO_LETTERS_PATTERN })
    .default('en')
    .describe('Locale language (ISO 639-1).'),
  age_ranges: facet('ageRange', 'urn:li:ageRange:(25,34)'),
  genders: facet('gender', 'urn:li:gender:FEMALE'),
  company_sizes: facet('staffCountRange', 'urn:li:staffCountRange:(11,50)'),
  industries: facet('industry', 'urn:li:industry:4'),
  seniorities: facet('seniority', 'urn:li:seniority:4'),
  job_functions: facet('function', 'urn:li:function:8'),
  job_titles: facet('title', 'urn:li:title:100'),
  skills: facet('skill', 'urn:li:skill:17'),
  account_id: accountArgument('network'),
  dry_run: dryRun,
};

/**
 * What the campaign arguments mean for spend, for every LinkedIn create's `changes`: the daily and the
 * total budget; the rest sets who sees the campaign, not what it may spend.
 */
export const CAMPAIGN_FIELD_MEANINGS = {
  daily_budget: 'daily_budget',
  total_budget: 'lifetime_budget',
  campaign_name: 'none',
  organization_id: 'none',
  currency: 'none',
  landing_page_url: 'none',
  locations: 'none',
  start_date: 'none',
  end_date: 'none',
  locale_country: 'none',
  locale_language: 'none',
  age_ranges: 'none',
  genders: 'none',
  company_sizes: 'none',
  industries: 'none',
  seniorities: 'none',
  job_functions: 'none',
  job_titles: 'none',
  skills: 'none',
  campaign_group_id: 'none',
  campaign_group_name: 'none',
  objective: 'none',
} as const;

/** A LinkedIn create's `changes`: a new PAUSED campaign, its budgets, and the ad fields it takes. */
export function campaignCreateChanges(adFields: readonly string[]): ChangeDeclaration {
  return {
    object: 'campaign',
    creates: true,
    fields: { ...CAMPAIGN_FIELD_MEANINGS, ...Object.fromEntries(adFields.map((field) => [field, 'none'])) },
  };
}

/** Where the campaign goes: an existing group, or a new one by name. */
export const campaignGroupChoice = {
  campaign_group_id: digitsOrUrn('sponsoredCampaignGroup')
    .optional()
    .describe('Existing campaign group; or campaign_group_name.'),
  campaign_group_name: text(100).optional().describe('Name of a new campaign group; or campaign_group_id.'),
};

export const CAMPAIGN_AUDIT_FIELDS = [
  'campaign_name',
  'campaign_group_id',
  'campaign_group_name',
  'organization_id',
  'objective',
  'daily_budget',
  'total_budget',
  'currency',
  'start_date',
  'end_date',
] as const;

export function checkTotalBudget(
  args: { daily_budget: number; total_budget?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (args.total_budget !== undefined && args.total_budget < args.daily_budget) {
    ctx.addIssue({
      code: 'custom',
      path: ['total_budget'],
      message: `must be at least daily_budget (${args.daily_budget}): raise it, or omit it for no lifetime cap`,
    });
  }
}

const checkGroupChoice = exactlyOneOf('campaign_group_id', 'campaign_group_name');
/** checkGroupChoice as the documents show it. */
export const GROUP_CHOICE_SCHEMA = exactlyOneOfSchema('campaign_group_id', 'campaign_group_name');

/** The object checks of the four create tools. */
export function checkCampaign(
  args: { daily_budget: number; total_budget?: number | undefined } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) {
  checkGroupChoice(args, ctx);
  checkTotalBudget(args, ctx);
}

interface Schedule {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

function scheduleIssues({ start_date, end_date }: Schedule, now: Date): FieldIssue[] {
  // Dates compare as text: both are YYYY-MM-DD, and the service counts days in UTC.
  const today = now.toISOString().slice(0, 10);
  const issues: FieldIssue[] = [];
  if (start_date !== undefined && start_date < today) {
    issues.push({
      field: 'start_date',
      message: `must not be in the past: pass ${today} (today, UTC) or later`,
    });
  }
  const start = start_date ?? today;
  if (end_date !== undefined && end_date <= start) {
    issues.push({
      field: 'end_date',
      message: `must be after ${start_date === undefined ? `today (${today}, UTC)` : `start_date (${start})`}`,
    });
  }
  return issues;
}

export type CopyFields = Array<[string, string | undefined]>;

/** The ad copy of carousel cards, by field path, for the brand-word check. */
export function cardCopy(
  cards: ReadonlyArray<{ headline: string; description?: string | undefined }> | undefined,
) {
  return (cards ?? []).flatMap(
    (card, index): CopyFields => [
      [`cards[${index}].headline`, card.headline],
      [`cards[${index}].description`, card.description],
    ],
  );
}

/** The rules of a campaign that need the time or the configuration: schedule and brand words in the copy. */
export function campaignRules(
  args: Schedule,
  copy: CopyFields,
  env: { config: Config; now: Date },
): FieldIssue[] {
  return [...scheduleIssues(args, env.now), ...bannedWordIssues(copy, env.config.networkBannedWords)];
}

const card = z
  .strictObject({
    image_urn: urn('image').optional().describe('Uploaded image; or image_url.'),
    image_url: imageUrl()
      .optional()
      .describe('https URL of a JPEG, PNG or GIF (10 MB at most); or image_urn.'),
    headline: text(45).describe('Card headline.'),
    landing_page_url: httpsUrl().describe('https:// URL a click on the card leads to.'),
    description: text(100).optional().describe('Card description.'),
  })
  .superRefine(exactlyOneOf('image_urn', 'image_url'))
  .meta(exactlyOneOfSchema('image_urn', 'image_url'));

export const carouselCards = z
  .array(card)
  .min(2)
  .max(10)
  .describe('2 to 10 cards, each with an image, a headline and a landing page.');
