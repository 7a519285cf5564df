import { amountErrors } from './budget-amounts.ts';
import { noteBudgetActivity } from './campaign-activity.ts';
import { type BudgetCreate, checkBudgetCreate } from './creates.ts';
import type { Answer, Call, SearchEmulator } from './emulator-context.ts';
import { adsError } from './google-errors.ts';
import { type CampaignBudgetOperationRead, MUTATE_CAMPAIGN_BUDGETS_REQUEST } from './messages.ts';
import { serveMutate } from './mutate-service.ts';
import type { ResourceKind } from './resource-mutate.ts';
import { customerOf, type StoredBudget, type StoredCampaign } from './resources.ts';
import type { GoogleAdsError } from './wire-types.ts';

const MAX_NAME_LENGTH = 255;
type BudgetFields = NonNullable<CampaignBudgetOperationRead['update']>;
/** What a budget update may set in the sandbox: its daily amount and its name. */
const CAMPAIGN_BUDGET: ResourceKind<StoredBudget, BudgetFields> = {
  type: 'campaign_budget',
  collection: 'campaignBudgets',
  label: 'campaign budget',
  updatable: ['amount_micros', 'name'],
  removed: (data) => data.status === 'REMOVED',
  async remove(store, stored, at) {
    const campaigns = await store.list<StoredCampaign>('campaign', stored.accountId);
    const users = campaigns.filter((c) => c.data.budgetId === stored.id && c.data.status !== 'REMOVED');
    if (users.length > 0) {
      const message = `The budget ${stored.id} is used by campaign ${users.map((c) => c.id).join(', ')}: remove those first.`;
      return { errors: [adsError({ campaignBudgetError: 'CAMPAIGN_BUDGET_IN_USE' }, message, at)] };
    }
    return { next: { ...stored.data, status: 'REMOVED' }, errors: [] };
  },
  async apply(store, stored, update, masks, at) {
    const errors: GoogleAdsError[] = [];
    const next: StoredBudget = { ...stored.data };
    if (masks.includes('amount_micros')) {
      const path = [...at, { fieldName: 'amount_micros' }];
      if (update.amountMicros === undefined) {
        errors.push(adsError({ fieldError: 'REQUIRED' }, 'A daily budget needs amount_micros.', path));
      } else {
        const currency = String((await customerOf(store, stored.accountId)).currencyCode ?? 'USD');
        errors.push(...amountErrors(Number(update.amountMicros), currency, path));
        next.amountMicros = update.amountMicros;
      }
    }
    if (masks.includes('name')) {
      const path = [...at, { fieldName: 'name' }];
      const name = update.name ?? '';
      if (name.trim() === '') {
        errors.push(adsError({ stringLengthError: 'EMPTY' }, 'The budget name is empty.', path));
      } else if (name.length > MAX_NAME_LENGTH) {
        const message = `The budget name is ${name.length} characters; the limit is ${MAX_NAME_LENGTH}.`;
        errors.push(adsError({ stringLengthError: 'TOO_LONG' }, message, path));
      }
      next.name = name;
    }
    return errors.length > 0 ? { errors } : { next, errors };
  },
};

/**
 * CampaignBudgetService
 * (https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.campaignBudgets): `mutate`,
 * update operations. A new amount caps the day's spend of the campaigns on the budget from that instant in the
 * sandbox's reports (split evenly between those running on a shared one).
 */
export function mutateCampaignBudgets(emulator: SearchEmulator, call: Call): Promise<Answer> {
  return serveMutate(emulator, call, {
    kind: CAMPAIGN_BUDGET,
    request: MUTATE_CAMPAIGN_BUDGETS_REQUEST,
    async noteChanges(emulator, customerId, changes, now) {
      for (const change of changes) {
        await noteBudgetActivity(emulator.services.storage.db, emulator.store, customerId, change.id, now);
      }
    },
    create: (scope, create, at) => checkBudgetCreate(scope, create as BudgetCreate, at),
    mutableResource: ({ resourceName, id, next }) => ({
      campaignBudget: {
        resourceName,
        id,
        name: next.name,
        amountMicros: next.amountMicros,
        explicitlyShared: next.explicitlyShared,
        status: next.status,
      },
    }),
  });
}
