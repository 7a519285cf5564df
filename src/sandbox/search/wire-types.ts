/**
 * The Google Ads REST resources and errors the search sandbox writes, as Google's reference describes
 * them (GoogleAdsError, Asset, Ad, AdTextAsset): the sandbox's own, apart from the adapter's schemas, so
 * a field the adapter misreads is not misread here too.
 */

/** One error of a GoogleAdsFailure: its code by family, its message, where in the request, details. */
export interface GoogleAdsError {
  errorCode?: Record<string, string> | undefined;
  message?: string | undefined;
  location?:
    | { fieldPathElements?: Array<{ fieldName: string; index?: number | undefined }> | undefined }
    | undefined;
  details?:
    | {
        quotaErrorDetails?:
          | { rateScope?: string | undefined; rateName?: string | undefined; retryDelay?: string | undefined }
          | undefined;
      }
    | undefined;
}

/** The `@type` of the GoogleAdsFailure in an error Status's details, for the API version called. */
export function failureTypeOf(apiVersion: string): string {
  return `type.googleapis.com/google.ads.googleads.${apiVersion}.errors.GoogleAdsFailure`;
}

export interface AdTextAsset {
  text: string;
  pinnedField?: string | undefined;
}

export interface Asset {
  resourceName?: string | undefined;
  id?: string | undefined;
  name?: string | undefined;
  type?: string | undefined;
  finalUrls?: string[] | undefined;
  imageAsset?:
    | {
        fileSize?: string | undefined;
        mimeType?: string | undefined;
        fullSize?:
          | { url?: string | undefined; widthPixels?: string | undefined; heightPixels?: string | undefined }
          | undefined;
      }
    | undefined;
  sitelinkAsset?:
    | { linkText?: string | undefined; description1?: string | undefined; description2?: string | undefined }
    | undefined;
  calloutAsset?: { calloutText?: string | undefined } | undefined;
  structuredSnippetAsset?: { header?: string | undefined; values?: string[] | undefined } | undefined;
  textAsset?: { text?: string | undefined } | undefined;
}

export interface Ad {
  resourceName?: string | undefined;
  id?: string | undefined;
  type?: string | undefined;
  finalUrls?: string[] | undefined;
  responsiveSearchAd?:
    | { headlines?: AdTextAsset[] | undefined; descriptions?: AdTextAsset[] | undefined }
    | undefined;
  expandedTextAd?:
    | {
        headlinePart1?: string | undefined;
        headlinePart2?: string | undefined;
        description?: string | undefined;
      }
    | undefined;
}
