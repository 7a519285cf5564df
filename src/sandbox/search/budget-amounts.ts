import { minorDigits } from '../../money.ts';
import { adsError } from './google-errors.ts';
import type { GoogleAdsError } from './wire-types.ts';

/**
 * The sandbox's largest daily budget: ten million units of the currency, under adops' own bound on
 * amounts (100 million), so a call can meet Google's refusal after adops let the amount through.
 */
const MAX_AMOUNT_MICROS = 10 ** 13;

/** Google's checks of a daily amount: positive, at least the currency's smallest unit, a whole number of it. */
export function amountErrors(
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
