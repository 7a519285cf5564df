import { noteBudgetActivity } from './campaign-activity.ts';
import { type CampaignCreate, checkCampaignCreate } from './creates.ts';
import type { Answer, Call, SearchEmulator } from './emulator-context.ts';
import { adsError } from './google-errors.ts';
import { type CampaignOperationRead, MUTATE_CAMPAIGNS_REQUEST } from './messages.ts';
import { serveMutate } from './mutate-service.ts';
import type { ResourceKind } from './resource-mutate.ts';
import type { StoredCampaign } from './resources.ts';
import type { GoogleAdsError } from './wire-types.ts';

const MAX_NAME_LENGTH = 255;
type CampaignFields = NonNullable<CampaignOperationRead['update']>;

/** What a campaign update may set in the sandbox: its status (not REMOVED: that is a remove) and its name. */
const CAMPAIGN: ResourceKind<StoredCampaign, CampaignFields> = {
  type: 'campaign',
  collection: 'campaigns',
  label: 'campaign',
  updatable: ['status', 'name'],
  removed: (data) => data.status === 'REMOVED',
  // Google keeps a removed campaign (status REMOVED) with its ad groups; it no longer serves.
  remove: async (_store, stored) => ({ next: { ...stored.data, status: 'REMOVED' }, errors: [] }),
  async apply(store, stored, update, masks, at) {
    const errors: GoogleAdsError[] = [];
    const next: StoredCampaign = { ...stored.data };
    if (masks.includes('status')) {
      const path = [...at, { fieldName: 'status' }];
      if (update.status === 'ENABLED' || update.status === 'PAUSED') {
        next.status = update.status;
      } else if (update.status === 'REMOVED') {
        const message =
          'A campaign is removed with a remove operation, not by setting its status to REMOVED.';
        errors.push(adsError({ campaignError: 'INVALID_STATUS_CHANGE' }, message, path));
      } else {
        const message = `The status ${update.status ?? 'UNSPECIFIED'} cannot be set: use ENABLED or PAUSED.`;
        errors.push(adsError({ requestError: 'INVALID_ENUM_VALUE' }, message, path));
      }
    }
    if (masks.includes('name')) {
      const path = [...at, { fieldName: 'name' }];
      const name = update.name ?? '';
      if (name.trim() === '') {
        errors.push(adsError({ stringLengthError: 'EMPTY' }, 'The campaign name is empty.', path));
      } else if (name.length > MAX_NAME_LENGTH) {
        const message = `The campaign name is ${name.length} characters; the limit is ${MAX_NAME_LENGTH}.`;
        errors.push(adsError({ stringLengthError: 'TOO_LONG' }, message, path));
      } else {
        const campaigns = await store.list<StoredCampaign>('campaign', stored.accountId);
        const other = campaigns.find(
          (campaign) =>
            campaign.id !== stored.id && campaign.data.name === name && campaign.data.status !== 'REMOVED',
        );
        if (other) {
          const message = `Campaign ${other.id} of customer ${stored.accountId} already has the name "${name}".`;
          errors.push(adsError({ campaignError: 'DUPLICATE_CAMPAIGN_NAME' }, message, path));
        }
        next.name = name;
      }
    }
    return errors.length > 0 ? { errors } : { next, errors };
  },
};

/**
 * CampaignService (https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.campaigns):
 * `mutate`, update operations. A campaign paused or enabled runs so from that instant in the sandbox's reports,
 * with the campaigns sharing its budget.
 */
export function mutateCampaigns(emulator: SearchEmulator, call: Call): Promise<Answer> {
  return serveMutate(emulator, call, {
    kind: CAMPAIGN,
    request: MUTATE_CAMPAIGNS_REQUEST,
    async noteChanges(emulator, customerId, changes, now) {
      for (const budgetId of new Set(changes.map((change) => change.next.budgetId))) {
        await noteBudgetActivity(emulator.services.storage.db, emulator.store, customerId, budgetId, now);
      }
    },
    create: (scope, create, at) => checkCampaignCreate(scope, create as CampaignCreate, at),
    mutableResource: ({ resourceName, id, next }, customerId) => ({
      campaign: {
        resourceName,
        id,
        name: next.name,
        status: next.status,
        advertisingChannelType: next.advertisingChannelType,
        campaignBudget: `customers/${customerId}/campaignBudgets/${next.budgetId}`,
      },
    }),
  });
}
