/** The LinkedIn Marketing API's shapes the network tools send and read (REST, versioned). */

/** The call-to-action labels LinkedIn accepts on sponsored content. */
export const CALL_TO_ACTIONS = [
  'APPLY',
  'DOWNLOAD',
  'VIEW_QUOTE',
  'LEARN_MORE',
  'SIGN_UP',
  'SUBSCRIBE',
  'REGISTER',
  'JOIN',
  'ATTEND',
  'REQUEST_DEMO',
] as const;

export interface Money {
  /** LinkedIn takes amounts as decimal strings, like "25.00". */
  amount: string;
  currencyCode: string;
}

export interface RunSchedule {
  /** Epoch milliseconds, inclusive. */
  start: number;
  /** Epoch milliseconds, exclusive. */
  end?: number;
}

export interface TargetingCriteria {
  include: { and: Array<{ or: Record<string, string[]> }> };
}

export interface CampaignGroupBody {
  account: string;
  name: string;
  status: string;
  runSchedule: RunSchedule;
  objectiveType?: string;
}

export interface CampaignBody {
  account: string;
  campaignGroup: string;
  name: string;
  type: 'SPONSORED_UPDATES' | 'TEXT_AD';
  format: string;
  objectiveType: string;
  costType: string;
  optimizationTargetType: string;
  unitCost: Money;
  dailyBudget: Money;
  totalBudget?: Money;
  locale: { country: string; language: string };
  runSchedule: RunSchedule;
  status: 'PAUSED';
  targetingCriteria: TargetingCriteria;
  associatedEntity?: string;
  offsiteDeliveryEnabled: boolean;
  politicalIntent?: string;
}

export interface PostBody {
  author: string;
  commentary: string;
  visibility: 'PUBLIC';
  distribution: { feedDistribution: 'NONE'; targetEntities: []; thirdPartyDistributionChannels: [] };
  content:
    | { media: { id: string; title?: string } }
    | {
        carousel: {
          cards: Array<{ media: { id: string; title: string; altText?: string }; landingPage: string }>;
        };
      };
  contentLandingPage: string;
  contentCallToActionLabel: string;
  lifecycleState: 'PUBLISHED';
  isReshareDisabledByAuthor: boolean;
  adContext: { dscAdAccount: string; dscStatus: 'ACTIVE'; dscName?: string };
}

export interface TextAd {
  headline: string;
  description: string;
  landingPage: string;
  image?: string;
}

export interface CreativeBody {
  campaign: string;
  content: { reference: string } | { textAd: TextAd };
  intendedStatus: 'ACTIVE';
  name?: string;
}

export interface UploadInstruction {
  uploadUrl: string;
  firstByte: number;
  lastByte: number;
}
