import { KeyLimitsError, parseCeiling } from '../auth/key-limits-input.ts';
import { formatMicros } from '../money.ts';
import { OwnerError } from './owner-error.ts';

/**
 * `500:USD, 400 EUR` as amounts per currency (micros), for the workspace's settings that take one amount
 * a currency (two approvers above, a client's envelope); empty: null. `what` names the amount in errors.
 */
export function parseAmounts(text: string, what: string): Record<string, number> | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const amounts: Record<string, number> = {};
  for (const part of parts) {
    try {
      const { currency, micros } = parseCeiling(part);
      if (currency in amounts) throw new OwnerError(`Two amounts for ${currency}: give one.`);
      amounts[currency] = micros;
    } catch (error) {
      if (!(error instanceof KeyLimitsError)) throw error;
      throw new OwnerError(`"${part}" is not ${what}: write an amount and a currency, like 500:USD.`);
    }
  }
  return amounts;
}

/** The amounts as the forms show them: `500.00:USD, 400.00:EUR`. */
export function amountsText(json: string | null): string {
  if (!json) return '';
  return Object.entries(JSON.parse(json) as Record<string, number>)
    .map(([currency, micros]) => `${formatMicros(micros, currency)}:${currency}`)
    .join(', ');
}
