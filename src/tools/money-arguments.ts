import { z } from 'zod';
import { formatMicros, minorDigits, unitsToMicros } from '../money.ts';
import { invalidArguments } from './invalid-arguments.ts';

/**
 * The largest amount any money argument takes, in the account currency: above every platform's own
 * budget limit, and far below where a double stops holding every micro (2^53 micros is about 9 billion).
 */
export const MAX_AMOUNT = 100_000_000;

/** A money argument: a finite positive number, at least `min`, at most MAX_AMOUNT. */
export function amountArgument(min?: number) {
  const base = z.number().max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT}`);
  return min === undefined ? base.positive('must be more than 0') : base.min(min);
}

/**
 * An amount the caller gave, as micros, once the account's currency is known: an amount with more
 * decimals than the currency has (25.555 USD, 3000.5 JPY) is refused rather than rounded, so what goes
 * upstream is exactly what was asked for.
 */
export function amountInCurrency(tool: string, field: string, amount: number, currency: string): number {
  const micros = unitsToMicros(amount);
  const digits = minorDigits(currency);
  if (micros % 10 ** (6 - digits) !== 0 || Math.abs(micros / 1_000_000 - amount) > 1e-9 * amount) {
    throw invalidArguments(tool, [
      {
        field,
        message:
          `${currency} has ${digits === 0 ? 'no decimals' : `${digits} decimals`}, and ${amount} has more: ` +
          `pass ${formatMicros(micros, currency)} for example`,
      },
    ]);
  }
  return micros;
}
