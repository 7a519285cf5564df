/**
 * Google Ads API REST shapes (proto3 JSON: camelCase names, int64 values as strings), shared by the
 * adapter and the sandbox emulator.
 */

export interface AdTextAsset {
  text: string;
  pinnedField?: string;
}

export interface Asset {
  resourceName?: string;
  id?: string;
  name?: string;
  type?: string;
  finalUrls?: string[];
  imageAsset?: {
    fileSize?: string;
    mimeType?: string;
    fullSize?: { url?: string; widthPixels?: string; heightPixels?: string };
  };
  sitelinkAsset?: { linkText?: string; description1?: string; description2?: string };
  calloutAsset?: { calloutText?: string };
  structuredSnippetAsset?: { header?: string; values?: string[] };
  textAsset?: { text?: string };
}

export interface Ad {
  resourceName?: string;
  id?: string;
  type?: string;
  finalUrls?: string[];
  responsiveSearchAd?: { headlines?: AdTextAsset[]; descriptions?: AdTextAsset[] };
  expandedTextAd?: { headlinePart1?: string; headlinePart2?: string; description?: string };
}

export interface AdGroupAdRow {
  adGroup?: { resourceName?: string; id?: string; name?: string };
  adGroupAd?: { resourceName?: string; status?: string; adGroup?: string; ad?: Ad };
}

export interface CustomerRow {
  customer?: {
    resourceName?: string;
    id?: string;
    descriptiveName?: string;
    currencyCode?: string;
    manager?: boolean;
  };
}

export interface SearchResponse<Row> {
  results?: Row[];
  nextPageToken?: string;
  fieldMask?: string;
}

export interface AdOperation {
  update: { resourceName: string; responsiveSearchAd: { headlines: AdTextAsset[] } };
  updateMask: string;
}

export interface MutateAdsResponse {
  results?: Array<{ resourceName?: string }>;
  partialFailureError?: unknown;
}

/** Google's error `Status` body; `details` carries a GoogleAdsFailure for Google Ads errors. */
export interface GoogleStatusBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: Array<{
      '@type'?: string;
      errors?: GoogleAdsError[];
      requestId?: string;
    }>;
  };
}

export interface GoogleAdsError {
  errorCode?: Record<string, string>;
  message?: string;
  location?: { fieldPathElements?: Array<{ fieldName: string; index?: number }> };
  details?: { quotaErrorDetails?: { rateScope?: string; rateName?: string; retryDelay?: string } };
}

/** The `@type` of the failure inside a Google Ads error body. */
export function googleAdsFailureType(apiVersion: string): string {
  return `type.googleapis.com/google.ads.googleads.${apiVersion}.errors.GoogleAdsFailure`;
}
