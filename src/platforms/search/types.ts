import { z } from 'zod';
import { schemaPerItem } from '../schema-per-item.ts';

/**
 * Google Ads API REST shapes (proto3 JSON: camelCase names, int64 values as strings), shared by the
 * adapter and the sandbox emulator. The answers the adapter reads are zod schemas of the fields it uses,
 * read through `readAnswer`: anything else Google adds is left out, and a field of another type is an
 * `upstream_error` naming it.
 */

const optionalString = z.string().optional();
/** An int64 as proto3 JSON writes it: digits in a string. */
const optionalInt64 = z
  .string()
  .regex(/^-?\d+$/, 'must be an int64 written as a string of digits')
  .optional();

export const adTextAssetSchema = z.object({ text: z.string(), pinnedField: optionalString });
export type AdTextAsset = z.infer<typeof adTextAssetSchema>;

export const assetSchema = z.object({
  resourceName: optionalString,
  id: optionalString,
  name: optionalString,
  type: optionalString,
  finalUrls: z.array(z.string()).optional(),
  imageAsset: z
    .object({
      fileSize: optionalString,
      mimeType: optionalString,
      fullSize: z
        .object({ url: optionalString, widthPixels: optionalString, heightPixels: optionalString })
        .optional(),
    })
    .optional(),
  sitelinkAsset: z
    .object({ linkText: optionalString, description1: optionalString, description2: optionalString })
    .optional(),
  calloutAsset: z.object({ calloutText: optionalString }).optional(),
  structuredSnippetAsset: z
    .object({ header: optionalString, values: z.array(z.string()).optional() })
    .optional(),
  textAsset: z.object({ text: optionalString }).optional(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetRowSchema = z.object({ asset: assetSchema.optional() });

export const adSchema = z.object({
  resourceName: optionalString,
  id: optionalString,
  type: optionalString,
  finalUrls: z.array(z.string()).optional(),
  responsiveSearchAd: z
    .object({
      headlines: z.array(adTextAssetSchema).optional(),
      descriptions: z.array(adTextAssetSchema).optional(),
    })
    .optional(),
  expandedTextAd: z
    .object({ headlinePart1: optionalString, headlinePart2: optionalString, description: optionalString })
    .optional(),
});
export type Ad = z.infer<typeof adSchema>;

export const adGroupAdRowSchema = z.object({
  campaign: z.object({ id: optionalString, name: optionalString }).optional(),
  adGroup: z
    .object({
      resourceName: optionalString,
      id: optionalString,
      name: optionalString,
      status: optionalString,
    })
    .optional(),
  adGroupAd: z
    .object({
      resourceName: optionalString,
      status: optionalString,
      adGroup: optionalString,
      ad: adSchema.optional(),
    })
    .optional(),
});
export type AdGroupAdRow = z.infer<typeof adGroupAdRowSchema>;

export const customerRowSchema = z.object({
  customer: z
    .object({
      resourceName: optionalString,
      id: optionalString,
      descriptiveName: optionalString,
      currencyCode: optionalString,
      timeZone: optionalString,
      manager: z.boolean().optional(),
    })
    .optional(),
});

export const customerClientRowSchema = z.object({
  customerClient: z
    .object({
      clientCustomer: optionalString,
      id: optionalString,
      descriptiveName: optionalString,
      currencyCode: optionalString,
      timeZone: optionalString,
      manager: z.boolean().optional(),
      level: optionalString,
      status: optionalString,
    })
    .optional(),
});

const campaignSchema = z.object({
  resourceName: optionalString,
  id: optionalString,
  name: optionalString,
  status: optionalString,
  advertisingChannelType: optionalString,
  campaignBudget: optionalString,
});

export const campaignRowSchema = z.object({
  campaign: campaignSchema.optional(),
  campaignBudget: z
    .object({
      resourceName: optionalString,
      id: optionalString,
      amountMicros: optionalInt64,
      explicitlyShared: z.boolean().optional(),
    })
    .optional(),
  customer: z.object({ currencyCode: optionalString }).optional(),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

/** Metrics as Google's JSON gives them: int64 counts and micros as strings, conversions a number. */
export const metricsSchema = z.object({
  impressions: optionalInt64,
  clicks: optionalInt64,
  costMicros: optionalInt64,
  conversions: z.number().optional(),
});

export const performanceRowSchema = z.object({
  campaign: campaignSchema.optional(),
  campaignBudget: z.object({ amountMicros: optionalInt64 }).optional(),
  adGroup: z.object({ id: optionalString, name: optionalString, status: optionalString }).optional(),
  adGroupAd: z
    .object({
      status: optionalString,
      ad: z.object({ id: optionalString, name: optionalString, type: optionalString }).optional(),
    })
    .optional(),
  metrics: metricsSchema.optional(),
  segments: z.object({ date: optionalString, device: optionalString }).optional(),
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;

/** One page of googleAds:search; Google leaves `results` out of a page with no rows. */
export const searchPageSchema = schemaPerItem(<Row extends z.ZodType>(row: Row) =>
  z.object({ results: z.array(row).optional(), nextPageToken: optionalString }),
);

/** The answer of every `:mutate` method: a resource name per operation, and a partial failure if asked for. */
export const mutateResponseSchema = z.object({
  results: z.array(z.object({ resourceName: optionalString })).optional(),
  partialFailureError: z.unknown().optional(),
});
export type MutateResponse = z.infer<typeof mutateResponseSchema>;

export const accessibleCustomersSchema = z.object({ resourceNames: z.array(z.string()).optional() });

export interface AdOperation {
  update: { resourceName: string; responsiveSearchAd: { headlines: AdTextAsset[] } };
  updateMask: string;
}

/** The statuses a campaign update may set; REMOVED takes a remove operation. */
export type SettableCampaignStatus = 'ENABLED' | 'PAUSED';

export interface CampaignOperation {
  update: { resourceName: string; status: SettableCampaignStatus };
  updateMask: string;
}

export interface CampaignBudgetOperation {
  /** int64 in proto3 JSON: a string of digits. */
  update: { resourceName: string; amountMicros: string };
  updateMask: string;
}

const idName = z.object({ id: optionalString, name: optionalString, status: optionalString }).optional();
const keywordInfoSchema = z.object({ text: optionalString, matchType: optionalString });

export const adGroupRowSchema = z.object({
  adGroup: z
    .object({
      resourceName: optionalString,
      id: optionalString,
      name: optionalString,
      status: optionalString,
      type: optionalString,
      cpcBidMicros: optionalInt64,
    })
    .optional(),
  campaign: idName,
  customer: z.object({ currencyCode: optionalString }).optional(),
});
export type AdGroupRow = z.infer<typeof adGroupRowSchema>;

/** A row FROM keyword_view or ad_group_criterion: the criterion, its ad group and campaign, metrics if asked. */
export const keywordRowSchema = z.object({
  adGroupCriterion: z
    .object({
      resourceName: optionalString,
      criterionId: optionalString,
      status: optionalString,
      type: optionalString,
      negative: z.boolean().optional(),
      keyword: keywordInfoSchema.optional(),
    })
    .optional(),
  adGroup: idName,
  campaign: idName,
  metrics: metricsSchema.optional(),
  customer: z.object({ currencyCode: optionalString }).optional(),
});
export type KeywordRow = z.infer<typeof keywordRowSchema>;

export const searchTermRowSchema = z.object({
  searchTermView: z.object({ searchTerm: optionalString, status: optionalString }).optional(),
  segments: z
    .object({
      keyword: z.object({ adGroupCriterion: optionalString, info: keywordInfoSchema.optional() }).optional(),
    })
    .optional(),
  adGroup: idName,
  campaign: idName,
  metrics: metricsSchema.optional(),
  customer: z.object({ currencyCode: optionalString }).optional(),
});
export type SearchTermRow = z.infer<typeof searchTermRowSchema>;

export const campaignCriterionRowSchema = z.object({
  campaignCriterion: z
    .object({
      criterionId: optionalString,
      negative: z.boolean().optional(),
      keyword: keywordInfoSchema.optional(),
    })
    .optional(),
  campaign: idName,
});

export type MatchType = 'EXACT' | 'PHRASE' | 'BROAD';
export interface KeywordInfo {
  text: string;
  matchType: MatchType;
}

export interface AdGroupOperation {
  /** int64 micros as a string, as proto3 JSON writes them. */
  update: { resourceName: string; status?: SettableCampaignStatus; cpcBidMicros?: string };
  updateMask: string;
}

/** A keyword's status update, or a negative keyword created in an ad group. */
export type AdGroupCriterionOperation =
  | { update: { resourceName: string; status: SettableCampaignStatus }; updateMask: string }
  | { create: { adGroup: string; negative: true; keyword: KeywordInfo } };

export interface CampaignCriterionOperation {
  create: { campaign: string; negative: true; keyword: KeywordInfo };
}

export const googleAdsErrorSchema = z.object({
  errorCode: z.record(z.string(), z.string()).optional(),
  message: optionalString,
  location: z
    .object({
      fieldPathElements: z
        .array(z.object({ fieldName: z.string(), index: z.number().optional() }))
        .optional(),
    })
    .optional(),
  details: z
    .object({
      quotaErrorDetails: z
        .object({ rateScope: optionalString, rateName: optionalString, retryDelay: optionalString })
        .optional(),
    })
    .optional(),
});
export type GoogleAdsError = z.infer<typeof googleAdsErrorSchema>;

/** Google's error `Status` body; `details` carries a GoogleAdsFailure for Google Ads errors. */
export const googleStatusBodySchema = z.object({
  error: z
    .object({
      code: z.number().optional(),
      message: optionalString,
      status: optionalString,
      details: z
        .array(
          z.object({
            '@type': optionalString,
            errors: z.array(googleAdsErrorSchema).optional(),
            requestId: optionalString,
          }),
        )
        .optional(),
    })
    .optional(),
});

/** The `@type` of the failure inside a Google Ads error body. */
export function googleAdsFailureType(apiVersion: string): string {
  return `type.googleapis.com/google.ads.googleads.${apiVersion}.errors.GoogleAdsFailure`;
}
