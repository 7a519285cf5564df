import type { StoredObject } from '../store.ts';
import type { StoredAdGroup } from './adgroup.ts';
import type { StoredCampaign } from './campaign.ts';
import { formatUtcTime } from './values.ts';

/** A TikTok ad as the sandbox keeps it (its parent is its ad group): a single video. */
export interface StoredAd {
  campaign_id: string;
  adgroup_id: string;
  ad_name: string;
  ad_text: string;
  call_to_action: string;
  video_id: string;
  landing_page_url: string;
  /** The identity the ad posts as, and its name shown above the ad (ads made through ad/create/). */
  identity_type?: string;
  identity_id?: string;
  display_name?: string;
  operation_status: string;
  deleted?: boolean;
  /** Its part of its ad group's delivery in the reports. */
  delivery_weight: number;
}

export type AdRecord = StoredObject<StoredAd>;

/** The fields an ad/get answer may hold that the sandbox serves, which `fields` may name. */
export const AD_FIELDS = [
  'advertiser_id',
  'campaign_id',
  'campaign_name',
  'adgroup_id',
  'adgroup_name',
  'ad_id',
  'ad_name',
  'ad_format',
  'ad_text',
  'call_to_action',
  'video_id',
  'image_ids',
  'landing_page_url',
  'identity_type',
  'identity_id',
  'display_name',
  'operation_status',
  'secondary_status',
  'create_time',
  'modify_time',
] as const;

export interface AdParents {
  campaign: StoredCampaign | undefined;
  adGroup: StoredAdGroup | undefined;
}

export function adView(ad: AdRecord, parents: AdParents) {
  const { data } = ad;
  return {
    advertiser_id: ad.accountId,
    campaign_id: data.campaign_id,
    campaign_name: parents.campaign?.campaign_name ?? '',
    adgroup_id: data.adgroup_id,
    adgroup_name: parents.adGroup?.adgroup_name ?? '',
    ad_id: ad.id,
    ad_name: data.ad_name,
    ad_format: 'SINGLE_VIDEO',
    ad_text: data.ad_text,
    call_to_action: data.call_to_action,
    video_id: data.video_id,
    image_ids: [],
    landing_page_url: data.landing_page_url,
    // TikTok echoes the identity, and an empty display_name for an identity's ad.
    identity_type: data.identity_type ?? null,
    identity_id: data.identity_id ?? null,
    display_name: data.identity_id ? '' : (data.display_name ?? ''),
    operation_status: data.operation_status,
    secondary_status: adSecondaryStatus(data, parents),
    create_time: formatUtcTime(ad.createdAt),
    modify_time: formatUtcTime(ad.updatedAt),
  };
}

export function adSecondaryStatus(data: StoredAd, { campaign, adGroup }: AdParents): string {
  if (data.deleted) return 'AD_STATUS_DELETE';
  if (data.operation_status !== 'ENABLE') return 'AD_STATUS_DISABLE';
  if (!adGroup || adGroup.deleted || adGroup.operation_status !== 'ENABLE')
    return 'AD_STATUS_ADGROUP_DISABLE';
  if (!campaign || campaign.deleted || campaign.operation_status !== 'ENABLE')
    return 'AD_STATUS_CAMPAIGN_DISABLE';
  return 'AD_STATUS_DELIVERY_OK';
}

export function adPrimaryStatus(data: StoredAd, parents: AdParents): string {
  const secondary = adSecondaryStatus(data, parents);
  if (secondary === 'AD_STATUS_DELETE') return 'STATUS_DELETE';
  if (secondary === 'AD_STATUS_DISABLE') return 'STATUS_DISABLE';
  if (secondary === 'AD_STATUS_DELIVERY_OK') return 'STATUS_DELIVERY_OK';
  return 'STATUS_NOT_DELIVERY';
}
