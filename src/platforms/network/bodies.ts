import { formatMicros, unitsToMicros } from '../../money.ts';
import type {
  CampaignBody,
  CampaignGroupBody,
  CreativeBody,
  Money,
  PostBody,
  TargetingCriteria,
} from './types.ts';
import { urn } from './urns.ts';

export type AdKind = 'image' | 'video' | 'carousel' | 'text';

/** The campaign format LinkedIn wants for each kind of first creative. */
export const CAMPAIGN_FORMAT: Record<AdKind, string> = {
  image: 'STANDARD_UPDATE',
  video: 'SINGLE_VIDEO',
  carousel: 'CAROUSEL',
  text: 'TEXT',
};

/** How each objective is bought with automated bidding (LinkedIn's objective and bidding matrix). */
const BIDDING: Record<string, { costType: string; optimizationTargetType: string }> = {
  BRAND_AWARENESS: { costType: 'CPM', optimizationTargetType: 'MAX_IMPRESSION' },
  ENGAGEMENT: { costType: 'CPM', optimizationTargetType: 'MAX_CLICK' },
  WEBSITE_VISIT: { costType: 'CPM', optimizationTargetType: 'MAX_CLICK' },
  WEBSITE_CONVERSION: { costType: 'CPM', optimizationTargetType: 'MAX_CONVERSION' },
  VIDEO_VIEW: { costType: 'CPV', optimizationTargetType: 'MAX_VIDEO_VIEW' },
  JOB_APPLICANT: { costType: 'CPM', optimizationTargetType: 'MAX_CLICK' },
};

/** The tool's targeting arguments and LinkedIn's facet for each. */
export const TARGETING_FACETS = {
  age_ranges: 'urn:li:adTargetingFacet:ageRanges',
  genders: 'urn:li:adTargetingFacet:genders',
  company_sizes: 'urn:li:adTargetingFacet:staffCountRanges',
  industries: 'urn:li:adTargetingFacet:industries',
  seniorities: 'urn:li:adTargetingFacet:seniorities',
  job_functions: 'urn:li:adTargetingFacet:jobFunctions',
  job_titles: 'urn:li:adTargetingFacet:titles',
  skills: 'urn:li:adTargetingFacet:skills',
} as const;
export const LOCATIONS_FACET = 'urn:li:adTargetingFacet:locations';

export type TargetingArgs = { locations: string[] } & {
  [Field in keyof typeof TARGETING_FACETS]?: string[] | undefined;
};

/** LinkedIn ANDs the facets and ORs the values inside each one. */
export function targetingCriteria(args: TargetingArgs): TargetingCriteria {
  const and: TargetingCriteria['include']['and'] = [{ or: { [LOCATIONS_FACET]: args.locations } }];
  for (const [field, facet] of Object.entries(TARGETING_FACETS)) {
    const values = args[field as keyof typeof TARGETING_FACETS];
    if (values && values.length > 0) and.push({ or: { [facet]: values } });
  }
  return { include: { and } };
}

/** An amount as LinkedIn takes it: a decimal string with the currency's usual digits ("25.00", "2500"). */
export function money(amount: number, currencyCode: string): Money {
  return { amount: formatMicros(unitsToMicros(amount), currencyCode), currencyCode };
}

const DAY_MS = 86_400_000;

/** Start today (now) or at the start of `start_date`; end after the whole of `end_date` (UTC). */
export function runSchedule(
  now: Date,
  startDate?: string,
  endDate?: string,
): { start: number; end?: number } {
  const start = Math.max(now.getTime(), startDate ? Date.parse(`${startDate}T00:00:00Z`) : 0);
  return endDate ? { start, end: Date.parse(`${endDate}T00:00:00Z`) + DAY_MS } : { start };
}

/**
 * Created PAUSED and activated by the call's last step, once its campaign and ad exist: a call cut short
 * (a crash, a failure nothing could clean up) never leaves an ACTIVE empty group behind.
 */
export function groupBody(fields: {
  accountId: string;
  name: string;
  start: number;
  objective: string;
}): CampaignGroupBody {
  return {
    account: urn.account(fields.accountId),
    name: fields.name,
    status: 'PAUSED',
    runSchedule: { start: fields.start },
    objectiveType: fields.objective,
  };
}

export interface CampaignFields {
  accountId: string;
  groupUrn: string;
  name: string;
  kind: AdKind;
  objective: string;
  dailyBudget: Money;
  totalBudget?: Money | undefined;
  locale: { country: string; language: string };
  schedule: { start: number; end?: number };
  targeting: TargetingCriteria;
  organizationUrn: string;
  apiVersion: string;
}

/** Always PAUSED: no tool starts spending; the marketer activates the campaign in Campaign Manager. */
export function campaignBody(fields: CampaignFields): CampaignBody {
  const bidding = BIDDING[fields.objective] ?? { costType: 'CPM', optimizationTargetType: 'MAX_CLICK' };
  const sponsored = fields.kind !== 'text';
  return {
    account: urn.account(fields.accountId),
    campaignGroup: fields.groupUrn,
    name: fields.name,
    type: sponsored ? 'SPONSORED_UPDATES' : 'TEXT_AD',
    format: CAMPAIGN_FORMAT[fields.kind],
    objectiveType: fields.objective,
    ...bidding,
    unitCost: { amount: '0', currencyCode: fields.dailyBudget.currencyCode },
    dailyBudget: fields.dailyBudget,
    ...(fields.totalBudget && { totalBudget: fields.totalBudget }),
    locale: fields.locale,
    runSchedule: fields.schedule,
    status: 'PAUSED',
    targetingCriteria: fields.targeting,
    ...(sponsored && { associatedEntity: fields.organizationUrn }),
    offsiteDeliveryEnabled: false,
    // Required from version 202508 on; older versions do not know the field.
    ...(fields.apiVersion >= '202508' && { politicalIntent: 'NOT_POLITICAL' }),
  };
}

/**
 * LinkedIn's "little text" format gives these characters a meaning in commentary; written as text
 * they must be escaped, or the post is cut short or refused.
 */
export function littleText(text: string): string {
  return text.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`);
}

export function postBody(fields: {
  organizationUrn: string;
  accountId: string;
  commentary: string;
  content: PostBody['content'];
  landingPage: string;
  callToAction: string;
  name?: string | undefined;
}): PostBody {
  return {
    author: fields.organizationUrn,
    commentary: littleText(fields.commentary),
    visibility: 'PUBLIC',
    // A "dark" post: it exists only as an ad and never appears on the page's feed.
    distribution: { feedDistribution: 'NONE', targetEntities: [], thirdPartyDistributionChannels: [] },
    content: fields.content,
    contentLandingPage: fields.landingPage,
    contentCallToActionLabel: fields.callToAction,
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    adContext: {
      dscAdAccount: urn.account(fields.accountId),
      dscStatus: 'ACTIVE',
      ...(fields.name && { dscName: fields.name }),
    },
  };
}

/** The creative serves whenever its campaign runs; the campaign itself is created PAUSED. */
export function creativeBody(
  campaignUrn: string,
  content: CreativeBody['content'],
  name?: string | undefined,
): CreativeBody {
  return { campaign: campaignUrn, content, intendedStatus: 'ACTIVE', ...(name && { name }) };
}
