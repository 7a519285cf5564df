/**
 * Money, the one way every platform and tool writes it: amounts are integers of micros (1,000,000 = one
 * unit of the currency, Google's unit; exact for every currency's minor unit), and leave the service as
 * decimal strings with exactly the currency's minor digits ("1234.50", "1235" for JPY), never a float
 * and never exponent notation.
 */

const MICROS_PER_UNIT = 1_000_000;

/** Each currency's digits, once: building an Intl.NumberFormat costs more than a whole report row. */
const MINOR_DIGITS = new Map<string, number>();

/** How many digits a currency has after the decimal point: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  let digits = MINOR_DIGITS.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    MINOR_DIGITS.set(currency, digits);
  }
  return digits;
}

/** Micros as the currency's decimal string, rounded half away from zero to its minor unit. */
export function formatMicros(micros: number, currency: string): string {
  const digits = minorDigits(currency);
  const step = 10 ** (6 - digits);
  const sign = micros < 0 ? '-' : '';
  const minor = Math.floor((Math.abs(micros) + step / 2) / step);
  if (digits === 0) return `${sign}${minor}`;
  const text = String(minor).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Micros as an exact decimal string without trailing zeros ("12.5", "7", "0.000001"): the form of a
 * wire format that keeps every digit (LinkedIn's `costInLocalCurrency`), not the form of an answer.
 */
export function microsToDecimal(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(micros));
  const whole = Math.floor(absolute / MICROS_PER_UNIT);
  const fraction = String(absolute % MICROS_PER_UNIT)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A platform's decimal string ("12.34", "0.005", "7") as micros, exactly (digits past the sixth are rounded). */
export function decimalToMicros(text: string): number {
  const match = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new Error(`"${text}" is not a decimal amount`);
  }
  const whole = Number(match[2] || '0');
  const fraction = (match[3] ?? '').padEnd(7, '0');
  const micros = whole * MICROS_PER_UNIT + Number(fraction.slice(0, 6)) + (Number(fraction[6]) >= 5 ? 1 : 0);
  return match[1] ? -micros : micros;
}

/** An amount in the currency's minor unit (Meta's cents) as micros. */
export function minorToMicros(minor: number, currency: string): number {
  return minor * 10 ** (6 - minorDigits(currency));
}

/** Micros as an amount in the currency's minor unit, rounded half away from zero. */
export function microsToMinor(micros: number, currency: string): number {
  const step = 10 ** (6 - minorDigits(currency));
  return Math.sign(micros) * Math.floor((Math.abs(micros) + step / 2) / step);
}

/** A number of units (as arguments give them) as micros, rounded to the micro. */
export function unitsToMicros(units: number): number {
  return Math.round(units * MICROS_PER_UNIT);
}
