import { describe, expect, it } from 'vitest';
import { formatMoney, localeOf } from '../../src/web/format.ts';

describe('money as the owner reads it', () => {
  it('takes the browser’s first language it can format, else en-US', () => {
    expect(localeOf('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(localeOf('*, fr-CH;q=0.5')).toBe('fr-CH');
    expect(localeOf('not a tag!!, en-GB')).toBe('en-GB');
    expect(localeOf(undefined)).toBe('en-US');
  });

  it('groups thousands in that locale, with the currency’s own decimals, never split over lines', () => {
    const text = (micros: number, currency: string, locale: string) =>
      formatMoney(micros, currency, locale).text.replace(/<[^>]+>/g, '');
    expect(text(30_528_610_000, 'USD', 'en-US')).toBe('30,528.61 USD');
    expect(text(30_528_610_000, 'EUR', 'de-DE')).toBe('30.528,61 EUR');
    expect(text(1_234_000_000, 'JPY', 'en-US')).toBe('1,234 JPY');
    expect(formatMoney(5_000_000, 'USD', 'en-US').text).toBe(
      '<span class="money" data-micros="5000000">5.00 USD</span>',
    );
  });
});
