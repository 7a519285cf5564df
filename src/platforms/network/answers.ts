import { z } from 'zod';
import { schemaPerItem } from '../schema-per-item.ts';

/**
 * What the network adapter reads from LinkedIn's answers, as zod schemas: only the fields it uses, each
 * optional where LinkedIn may leave it out. Every answer goes through `readAnswer` with one of these, so
 * a surprising answer becomes a clear upstream_error naming the field, never a crash inside a tool.
 */

/** LinkedIn writes numeric ids as JSON numbers; an id too long for one comes as a string. */
const id = z.union([z.number(), z.string()]);

const changeAuditStamps = z
  .object({
    created: z.object({ time: z.number().optional() }).optional(),
    lastModified: z.object({ time: z.number().optional() }).optional(),
  })
  .optional();

/** An amount as LinkedIn writes it: a decimal string in a currency. */
const money = z.object({ amount: z.string(), currencyCode: z.string() });

export const groupAnswer = z.object({
  id,
  name: z.string().optional(),
  status: z.string().optional(),
  objectiveType: z.string().optional(),
  totalBudget: money.optional(),
  changeAuditStamps,
});
export type NetworkCampaignGroup = z.output<typeof groupAnswer>;

export const campaignAnswer = z.object({
  id,
  name: z.string().optional(),
  status: z.string().optional(),
  type: z.string().optional(),
  format: z.string().optional(),
  objectiveType: z.string().optional(),
  campaignGroup: z.string().optional(),
  dailyBudget: money.optional(),
  totalBudget: money.optional(),
  changeAuditStamps,
});
export type NetworkCampaign = z.output<typeof campaignAnswer>;

/** A creative's content is a post reference or a text ad; other kinds (spotlight, ...) carry neither. */
export const creativeAnswer = z.object({
  id: z.string(),
  campaign: z.string().optional(),
  name: z.string().optional(),
  intendedStatus: z.string().optional(),
  isServing: z.boolean().optional(),
  review: z.object({ status: z.string().optional() }).optional(),
  createdAt: z.number().optional(),
  content: z
    .object({
      reference: z.string().optional(),
      textAd: z.object({ headline: z.string().optional(), description: z.string().optional() }).optional(),
    })
    .optional(),
});
export type NetworkCreative = z.output<typeof creativeAnswer>;

export const mediaAnswer = z.object({
  id: z.string(),
  status: z.string().optional(),
  owner: z.string().optional(),
});
export type NetworkMedia = z.output<typeof mediaAnswer>;

export const conversionAnswer = z.object({
  id,
  name: z.string().optional(),
  account: z.string().optional(),
  type: z.string().optional(),
});
export type NetworkConversion = z.output<typeof conversionAnswer>;

export const campaignConversionAnswer = z.object({ campaign: z.string(), conversion: z.string() });

export const adAccountAnswer = z.object({
  id,
  name: z.string().optional(),
  currency: z.string().optional(),
  status: z.string().optional(),
});

/** A page of a finder: its elements, the cursor to the next page (search finders), or the index paging. */
export const pageAnswer = schemaPerItem(<Element extends z.ZodType>(element: Element) =>
  z.object({
    elements: z.array(element),
    metadata: z.object({ nextPageToken: z.string().nullish() }).optional(),
    paging: z.object({ start: z.number().optional(), count: z.number().optional() }).optional(),
  }),
);

export const imageUploadAnswer = z.object({
  value: z.object({ uploadUrl: z.string(), image: z.string() }),
});

export const videoUploadAnswer = z.object({
  value: z.object({
    video: z.string(),
    uploadToken: z.string().optional(),
    uploadInstructions: z
      .array(z.object({ uploadUrl: z.string(), firstByte: z.number(), lastByte: z.number() }))
      .min(1),
  }),
});

const analyticsDate = z.object({ year: z.number().int(), month: z.number().int(), day: z.number().int() });

/**
 * One element of an adAnalytics answer, pivoted by campaign: the campaign's URN, the days it covers
 * (one day with DAILY granularity), and the metrics asked for. LinkedIn leaves out a metric that is
 * zero and writes money as a decimal string in the account's currency.
 */
export const analyticsElement = z.object({
  pivotValues: z.array(z.string()).min(1),
  dateRange: z.object({ start: analyticsDate, end: analyticsDate.optional() }),
  impressions: z.number().optional(),
  clicks: z.number().optional(),
  costInLocalCurrency: z.union([z.string(), z.number()]).optional(),
  costInUsd: z.union([z.string(), z.number()]).optional(),
  externalWebsiteConversions: z.number().optional(),
});
export type NetworkAnalyticsElement = z.output<typeof analyticsElement>;

/** adAnalytics does not page: every element comes in one answer (at most 15,000 of them). */
export const analyticsAnswer = z.object({ elements: z.array(analyticsElement) });

/** A role of the member on a company page (organizationAcls' roleAssignee finder). */
export const organizationAclAnswer = z.object({
  organization: z.string(),
  role: z.string(),
  state: z.string().optional(),
});
export type NetworkOrganizationAcl = z.output<typeof organizationAclAnswer>;

export const organizationAnswer = z.object({
  id,
  localizedName: z.string().optional(),
  vanityName: z.string().optional(),
});
export type NetworkOrganization = z.output<typeof organizationAnswer>;

/** A BATCH_GET answer: the entities found, by key; the keys not found are under `errors`. */
export const batchAnswer = schemaPerItem(<Element extends z.ZodType>(element: Element) =>
  z.object({ results: z.record(z.string(), element) }),
);
