import { AppError } from '../../errors.ts';
import { PLATFORM_INFO } from '../../platform-families.ts';
import type { SearchClient } from './client.ts';
import { adAnywhereQuery, adInAdGroupQuery } from './queries.ts';
import { type AdOperation, type AdTextAsset, adGroupAdRowSchema } from './types.ts';

const LABEL = PLATFORM_INFO.search.label;

export interface FoundAd {
  resourceName: string;
  adGroupName: string | undefined;
  /** The ad group ad's status (ENABLED or PAUSED: a removed ad is refused). */
  status: string;
  headlines: AdTextAsset[];
}

function rejected(message: string): AppError {
  return new AppError('upstream_rejected', `${LABEL} rejected the change: ${message}`);
}

/**
 * Looks the ad up in its ad group with GAQL and checks it can take new headlines: it must be there, be a
 * responsive search ad, and not be removed. Each refusal says what Google holds instead.
 */
export async function findResponsiveSearchAd(
  client: SearchClient,
  customerId: string,
  adGroupId: string,
  adId: string,
): Promise<FoundAd> {
  const [row] = await client.search(customerId, adInAdGroupQuery(adGroupId, adId), adGroupAdRowSchema);
  if (!row) {
    const [elsewhere] = await client.search(customerId, adAnywhereQuery(adId), adGroupAdRowSchema);
    const actual = elsewhere?.adGroup;
    if (actual?.id) {
      throw rejected(
        `ad ${adId} is in ad group ${actual.id}${actual.name ? ` ("${actual.name}")` : ''}, not in ad group ` +
          `${adGroupId}. Call again with ad_group_id ${actual.id}.`,
      );
    }
    throw rejected(
      `customer ${customerId} has no ad ${adId} in ad group ${adGroupId}. Check both ids in Google Ads ` +
        '(Ads & assets), or the customer_id when several accounts are connected.',
    );
  }
  const ad = row.adGroupAd?.ad;
  if (ad?.type !== 'RESPONSIVE_SEARCH_AD') {
    throw rejected(
      `ad ${adId} is of type ${ad?.type ?? 'UNKNOWN'}, not a responsive search ad (RESPONSIVE_SEARCH_AD); only ` +
        'responsive search ads have replaceable headlines.',
    );
  }
  if (row.adGroupAd?.status === 'REMOVED') {
    throw rejected(`ad ${adId} was removed, so it can no longer be changed.`);
  }
  return {
    resourceName: ad.resourceName ?? `customers/${customerId}/ads/${adId}`,
    adGroupName: row.adGroup?.name,
    status: row.adGroupAd?.status ?? 'UNKNOWN',
    headlines: ad.responsiveSearchAd?.headlines ?? [],
  };
}

/** The new headlines; one whose text was pinned before keeps its pin, so the ad keeps its layout. */
export function withKeptPins(texts: string[], before: AdTextAsset[]): AdTextAsset[] {
  const pins = new Map(before.filter((h) => h.pinnedField).map((h) => [h.text, h.pinnedField]));
  return texts.map((text) => {
    const pinnedField = pins.get(text);
    return pinnedField ? { text, pinnedField } : { text };
  });
}

/** The update of the headlines alone; the mask in proto3 JSON's FieldMask form, lowerCamel paths. */
export function headlinesUpdate(resourceName: string, headlines: AdTextAsset[]): AdOperation {
  return {
    update: { resourceName, responsiveSearchAd: { headlines } },
    updateMask: 'responsiveSearchAd.headlines',
  };
}
