import { minorDigits } from '../../money.ts';
import type { GoogleAdsError } from '../../platforms/search/types.ts';
import { noteBudgetActivity } from './campaign-activity.ts';
import type { Answer, Call, SearchEmulator } from './emulator-context.ts';
import { adsError } from './google-errors.ts';
import { type CampaignBudgetOperationRead, MUTATE_CAMPAIGN_BUDGETS_REQUEST } from './messages.ts';
import { serveMutate } from './mutate-service.ts';
import type { ResourceKind } from './resource-mutate.ts';
import { customerOf, type StoredBudget } from './resources.ts';

const MAX_NAME_LENGTH = 255;
/**
 * The sandbox's largest daily budget: ten million units of the currency, under adops' own bound on
 * amounts (100 million), so a call can meet Google's refusal after adops let the amount through.
 */
const MAX_AMOUNT_MICROS = 10 ** 13;
type BudgetFields = NonNullable<CampaignBudgetOperationRead['update']>;

/** Google's checks of a daily amount: positive, at least the currency's smallest unit, a whole number of it. */
function amountErrors(
  micros: number,
  currency: string,
  path: Array<{ fieldName: string }>,
): GoogleAdsError[] {
  const step = 10 ** (6 - minorDigits(currency));
  if (micros < 0) {
    return [
      adsError({ campaignBudgetError: 'NEGATIVE_MONEY_AMOUNT' }, 'The budget amount is negative.', path),
    ];
  }
  if (micros < step) {
    const message = `The budget amount ${micros} micros is less than the smallest ${currency} amount (${step} micros).`;
    return [adsError({ campaignBudgetError: 'MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC' }, message, path)];
  }
  if (micros % step !== 0) {
    const message = `The budget amount ${micros} micros is not a multiple of ${step} micros, the smallest ${currency} unit.`;
    return [adsError({ campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' }, message, path)];
  }
  if (micros > MAX_AMOUNT_MICROS) {
    const message = `The budget amount ${micros} micros is too large.`;
    return [adsError({ campaignBudgetError: 'MONEY_AMOUNT_TOO_LARGE' }, message, path)];
  }
  return [];
}

/** What a budget update may set in the sandbox: its daily amount and its name. */
const CAMPAIGN_BUDGET: ResourceKind<StoredBudget, BudgetFields> = {
  type: 'campaign_budget',
  collection: 'campaignBudgets',
  label: 'campaign budget',
  updatable: ['amount_micros', 'name'],
  removed: (data) => data.status === 'REMOVED',
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
