import type { SandboxStore } from '../store.ts';
import { criterionRows } from './criterion-rows.ts';
import {
  adRows,
  budgetsOf,
  campaignsOf,
  customerClientRows,
  customerOf,
  type Row,
  type StoredAsset,
  withoutLink,
} from './resources.ts';

/** Every row of a resource in the customer, in a stable order (the order the objects were made in). */
export async function rowsOf(store: SandboxStore, resource: string, customerId: string): Promise<Row[]> {
  const customer = await customerOf(store, customerId);
  switch (resource) {
    case 'customer':
      return [{ customer }];
    case 'customer_client':
      return customerClientRows(store, customerId, customer);
    case 'asset': {
      const assets = await store.list<StoredAsset>('asset', customerId);
      return assets.map((asset) => ({
        asset: { resourceName: `customers/${customerId}/assets/${asset.id}`, id: asset.id, ...asset.data },
        customer,
      }));
    }
    case 'campaign_budget':
      return [...(await budgetsOf(store, customerId)).values()].map((budget) => ({
        campaign_budget: budget,
        customer,
      }));
    case 'campaign':
      return [...(await campaignsOf(store, customerId)).values()].map((campaign) => ({
        campaign: withoutLink(campaign, 'budget') ?? {},
        campaign_budget: (campaign.budget as Record<string, unknown> | undefined) ?? {},
        customer,
      }));
    case 'ad_group_criterion':
    case 'keyword_view':
    case 'search_term_view':
    case 'campaign_criterion':
      return criterionRows(store, resource, customerId, customer);
    default:
      return adRows(store, resource, customerId, customer);
  }
}
