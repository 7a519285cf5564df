import { AppError } from '../../errors.ts';
import type { SearchClient } from './client.ts';
import { type AdGroupFilter, adGroupForUpdateQuery, adGroupsQuery } from './keyword-queries.ts';
import {
  type AdGroupOperation,
  type AdGroupRow,
  adGroupRowSchema,
  type SettableCampaignStatus,
} from './types.ts';

export interface SearchAdGroup {
  id: string;
  name: string;
  status: string;
  type: string;
  campaignId: string;
  campaignName: string;
  /** Its default max CPC in micros; null when its bidding sets none. */
  cpcBidMicros: number | null;
}

function adGroupOf(row: AdGroupRow): SearchAdGroup {
  const group = row.adGroup;
  return {
    id: group?.id ?? '',
    name: group?.name ?? '',
    status: group?.status ?? 'UNKNOWN',
    type: group?.type ?? 'UNKNOWN',
    campaignId: row.campaign?.id ?? '',
    campaignName: row.campaign?.name ?? '',
    cpcBidMicros: group?.cpcBidMicros === undefined ? null : Number(group.cpcBidMicros),
  };
}

/** The `limit` ad groups after the first `offset`, in id order, and whether more follow. */
export async function listAdGroups(
  client: SearchClient,
  customerId: string,
  options: { filter: AdGroupFilter; offset: number; limit: number },
) {
  const rows = await client.search(
    customerId,
    adGroupsQuery(options.filter, options.offset + options.limit + 1),
    adGroupRowSchema,
  );
  return {
    adGroups: rows.slice(options.offset, options.offset + options.limit).map(adGroupOf),
    currency: rows[0]?.customer?.currencyCode,
    more: rows.length > options.offset + options.limit,
  };
}

export interface AdGroupToUpdate extends SearchAdGroup {
  resourceName: string;
  campaignStatus: string;
  currency: string | undefined;
}

/** The ad group as an update reads it first; an unknown or removed one is refused in words naming the customer. */
export async function findAdGroupToUpdate(
  client: SearchClient,
  customerId: string,
  adGroupId: string,
): Promise<AdGroupToUpdate> {
  const [row] = await client.search(customerId, adGroupForUpdateQuery(adGroupId), adGroupRowSchema);
  if (!row?.adGroup) {
    throw new AppError(
      'upstream_rejected',
      `Google Ads rejected the change: customer ${customerId} has no ad group ${adGroupId}. Check the id with ` +
        'list_search_ad_groups, or the customer_id when several Google Ads accounts are connected.',
    );
  }
  const group = adGroupOf(row);
  if (group.status === 'REMOVED') {
    throw new AppError(
      'upstream_rejected',
      `Google Ads rejected the change: ad group ${adGroupId} ("${group.name}") of customer ${customerId} is ` +
        'removed, and Google Ads does not change removed ad groups.',
    );
  }
  return {
    ...group,
    resourceName: row.adGroup.resourceName ?? `customers/${customerId}/adGroups/${adGroupId}`,
    campaignStatus: row.campaign?.status ?? 'UNKNOWN',
    currency: row.customer?.currencyCode,
  };
}

/** An update of the masked fields alone: the status, the default max CPC (int64 micros as a string), or both. */
export function adGroupUpdate(
  resourceName: string,
  change: { status?: SettableCampaignStatus | undefined; cpcBidMicros?: number | undefined },
): AdGroupOperation {
  const masks = [
    ...(change.status !== undefined ? ['status'] : []),
    ...(change.cpcBidMicros !== undefined ? ['cpcBidMicros'] : []),
  ];
  return {
    update: {
      resourceName,
      ...(change.status !== undefined && { status: change.status }),
      ...(change.cpcBidMicros !== undefined && { cpcBidMicros: String(change.cpcBidMicros) }),
    },
    updateMask: masks.join(','),
  };
}
